import { randomUUID } from 'node:crypto';
import { bdewCheckDigit } from '@maco/domain';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  postJson,
  startTestService,
  type TestDatabase,
  type TestService,
  withClient,
} from '@maco/testing';

/**
 * Bytes per booking on one PostgreSQL node (docs/scaling.md, "What one node holds"): books PROCESSES processes through
 * the LF service (its real create samples, every process at its own locations: ids varied, check digits valid) with
 * 1–3 revisions each (0, 1 or 2 updates from the update samples), then divides the size of every table the booking
 * path writes (`pg_total_relation_size`: heap, indexes, TOAST) by the bookings. Not part of the suites; run with
 *   DATABASE_URL=… PROCESSES=10000 npx jest --config tests/integration/jest.integration.config.cjs --testMatch '**\/booking-bytes.measure-spec.ts'
 */
const PROCESSES = Number(process.env['PROCESSES'] ?? 10_000);
const CONCURRENCY = 16;
const TABLES = ['process_record', 'process_revision', 'process_key', 'trigger_delivery', 'business_object'];
// Fields holding an object's own id or a reference to a location: varied per process, so each process books its own objects.
const ID_FIELDS = new Set([
  'marktlokationsId',
  'messlokationsId',
  'netzlokationsId',
  'ressourcenId',
  'technischeRessourceId',
  'steuerbareRessourceId',
  'tranchenId',
  'trancheId',
  'zaehlernummer',
  'geraetenummer',
  'lokationsbuendelId',
  'vertragsnummer',
  'referenzMarktlokationsId',
  'lokationsId',
  'avisNummer',
  'preisblattId',
]);

function idsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const element of value) idsOf(element, into);
  else if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (ID_FIELDS.has(key) && typeof member === 'string') into.add(member);
      else idsOf(member, into);
    }
  }
  return into;
}

/** The id of process `n` in the format of `id` (MaLo-ID, MeLo-ID, NeLo/TR/SR-ID with valid check digits, else suffixed). */
function varied(id: string, n: number): string {
  const digits = String(n).padStart(9, '0');
  if (/^[1-9]\d{10}$/.test(id)) {
    const base = `${id[0]}${digits}`;
    return `${base}${bdewCheckDigit(base, 10)}`;
  }
  if (/^DE[A-Z0-9]{31}$/.test(id)) return `${id.slice(0, 24)}${digits}`;
  if (/^[CDE][A-Z0-9]{9}\d$/.test(id)) {
    const base = `${id[0]}${digits}`;
    return `${base}${bdewCheckDigit(base, 10)}`;
  }
  return `${id}-${n}`;
}

function forProcess(body: Record<string, unknown>, n: number, businessKey: string): Record<string, unknown> {
  let text = JSON.stringify({ ...body, zusatzdaten: { ...(body['zusatzdaten'] as object), businessKey } });
  for (const id of idsOf(body['stammdaten'])) text = text.split(JSON.stringify(id)).join(JSON.stringify(varied(id, n)));
  return JSON.parse(text) as Record<string, unknown>;
}

describe('bytes per booking (measurement)', () => {
  let database: TestDatabase;
  let service: TestService;
  const token = mintTestToken({ roles: ['LF'] });

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(composeService(LF_SERVICE), database.url, {
      LOG_LEVEL: 'error',
      RATE_LIMIT: '10000000',
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it(`should book ${PROCESSES} processes with 1–3 revisions and report the bytes per booking`, async () => {
    const creates = loadSamples({ role: 'LF', operation: 'create' });
    const updates = loadSamples({ role: 'LF', operation: 'update' });
    const refused: string[] = [];
    let bookings = 0;
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      for (let n = next++; n < PROCESSES; n = next++) {
        const businessKey = randomUUID();
        const created = await postJson(
          `${service.baseUrl}/createProcessData`,
          forProcess(creates[n % creates.length].body, n, businessKey),
          { token },
        );
        if (created.status !== 200) {
          refused.push(
            `create ${creates[n % creates.length].file}: ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`,
          );
          continue;
        }
        bookings++;
        for (let u = 0; u < n % 3; u++) {
          const sample = updates[(n + u) % updates.length];
          const updated = await postJson(
            `${service.baseUrl}/updateProcessData`,
            forProcess(sample.body, n, businessKey),
            { token },
          );
          if (updated.status === 200) bookings++;
          else refused.push(`update ${sample.file}: ${updated.status} ${JSON.stringify(updated.body).slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;

    const sizes = await withClient(database.url, async (client) => {
      const measure = async () =>
        (
          await client.query<{
            table: string;
            rows: string;
            total: string;
            heap: string;
            indexes: string;
            toast: string;
          }>(
            `SELECT c.relname AS table, c.reltuples::bigint AS rows, pg_total_relation_size(c.oid) AS total, pg_relation_size(c.oid) AS heap,
               pg_indexes_size(c.oid) AS indexes, COALESCE(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0) AS toast
             FROM pg_class c WHERE c.relname = ANY($1::text[]) ORDER BY c.relname`,
            [TABLES],
          )
        ).rows;
      await client.query('ANALYZE');
      const asBooked = await measure();
      await client.query('VACUUM');
      return { asBooked, vacuumed: await measure() };
    });
    const counts = await withClient(
      database.url,
      async (client) =>
        (
          await client.query<{
            processes: string;
            revisions: string;
            objects: string;
            keys: string;
            body_bytes: string;
          }>(
            `SELECT (SELECT count(*) FROM process_record) AS processes, (SELECT count(*) FROM process_revision) AS revisions,
             (SELECT count(*) FROM business_object) AS objects, (SELECT count(*) FROM process_key) AS keys,
             (SELECT avg(octet_length(body::text))::int FROM process_revision) AS body_bytes`,
          )
        ).rows[0],
    );
    const total = (rows: { total: string }[]) => rows.reduce((sum, row) => sum + Number(row.total), 0);
    const lines = [
      `${counts.processes} processes, ${counts.revisions} revisions (= bookings ${bookings}), ${counts.objects} business object versions, ${counts.keys} keys; avg body ${counts.body_bytes} B (jsonb text); ${seconds.toFixed(1)} s`,
      ...sizes.asBooked.map(
        (row) =>
          `  ${row.table.padEnd(17)} total ${row.total.padStart(10)}  heap ${row.heap.padStart(10)}  indexes ${row.indexes.padStart(10)}  toast ${row.toast.padStart(9)}`,
      ),
      `as booked: ${total(sizes.asBooked)} B = ${Math.round(total(sizes.asBooked) / bookings)} B per booking, ${Math.round(total(sizes.asBooked) / Number(counts.processes))} B per process`,
      `after VACUUM: ${total(sizes.vacuumed)} B = ${Math.round(total(sizes.vacuumed) / bookings)} B per booking`,
      `refused: ${refused.length}${refused.length ? `\n  ${[...new Set(refused)].slice(0, 5).join('\n  ')}` : ''}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    expect(refused).toEqual([]);
  }, 1_800_000);
});
