import { Pool } from 'pg';
import {
  addMonths,
  ensureRevisionPartitions,
  migrateDatabase,
  monthOf,
  monthStart,
  poolOptions,
  revisionPartitionName,
} from '@maco/database';
import { type BookingCountRow, BookingsRepository } from '@maco/operator';
import { createTestDatabase, type TestDatabase, withClient } from '@maco/testing';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The start of the current UTC month: the revisions lie on both sides of it, in two month partitions. */
const base = monthStart(monthOf(new Date())).getTime();
const at = (ms: number) => new Date(base + ms);
const iso = (ms: number) => at(ms).toISOString();

// LF processes A (55001) and B (55010), their updates (55003) on both sides of the month's start; one revision exactly
// at the start of the hourly window (counted) and one exactly at its end (not counted).
const LF_REVISIONS: [process: string, revision: number, pi: string, receivedMs: number][] = [
  ['a', 1, '55001', -2 * HOUR_MS],
  ['b', 1, '55010', -90 * 60_000],
  ['b', 2, '55003', -30 * 60_000],
  ['a', 2, '55003', 10 * 60_000],
  ['b', 3, '55003', 70 * 60_000],
  ['a', 3, '55003', 2 * HOUR_MS],
];
const recordId = (process: string) => `00000000-0000-0000-0000-0000000000${process.padStart(2, '0')}`;
const day = (ms: number) => new Date(Math.floor((base + ms) / DAY_MS) * DAY_MS).toISOString();

const HOURLY: BookingCountRow[] = [
  { bucketStart: iso(-2 * HOUR_MS), pruefidentifikator: '55001', count: 1 },
  { bucketStart: iso(-2 * HOUR_MS), pruefidentifikator: '55010', count: 1 },
  { bucketStart: iso(-HOUR_MS), pruefidentifikator: '55003', count: 1 },
  { bucketStart: iso(0), pruefidentifikator: '55003', count: 1 },
  { bucketStart: iso(HOUR_MS), pruefidentifikator: '55003', count: 1 },
];
const DAILY: BookingCountRow[] = [
  { bucketStart: day(-HOUR_MS), pruefidentifikator: '55001', count: 1 },
  { bucketStart: day(-HOUR_MS), pruefidentifikator: '55003', count: 1 },
  { bucketStart: day(-HOUR_MS), pruefidentifikator: '55010', count: 1 },
  { bucketStart: day(0), pruefidentifikator: '55003', count: 3 },
];

/**
 * `GET /bookings/summary`'s statement (BookingsRepository) at the database, with the service's session (generic plans,
 * no JIT, the service role): the counts in a database that holds one role (revisions counted alone) and in one shared
 * with another role (each revision joined to its record), and the BRIN index on received_at it reads by.
 */
describe('bookings summary at the database', () => {
  let database: TestDatabase;
  let pool: Pool;
  const statements: string[] = [];
  let bookings: BookingsRepository;

  const insertProcess = async (process: string, role: string, revisions: [number, string, number][]) =>
    withClient(database.url, async (client) => {
      const last = revisions[revisions.length - 1];
      await client.query(
        `INSERT INTO process_record (id, role, business_key, pruefidentifikator, release, revision, created_at, updated_at)
         VALUES ($1, $2, $3, $4, '04/26', $5, $6, $7)`,
        [recordId(process), role, `bk-${process}`, revisions[0][1], last[0], at(revisions[0][2]), at(last[2])],
      );
      for (const [revision, pi, receivedMs] of revisions) {
        await client.query(
          `INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, received_at)
           VALUES ($1, $2, $3, $4, '04/26', '{}', '\\x01', $5)`,
          [recordId(process), revision, revision === 1 ? 'create' : 'update', pi, at(receivedMs)],
        );
      }
    });

  /** The plan of the summary's statement as the service runs it (generic), executed: EXPLAIN ANALYZE. */
  const executedPlan = async (values: [role: string, width: string, from: Date, to: Date]) =>
    withClient(database.url, async (client) => {
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      await client.query(`PREPARE summary AS ${statements[0]}`);
      // EXECUTE takes no bind parameters: the values (the test's own) as literals.
      const literals = values.map((value) => `'${value instanceof Date ? value.toISOString() : value}'`).join(', ');
      const explained = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE summary(${literals})`,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateDatabase(database.url);
    await withClient(database.url, (client) =>
      ensureRevisionPartitions(client, { from: addMonths(monthOf(new Date()), -1) }),
    );
    pool = new Pool({
      connectionString: database.url,
      ...poolOptions({ databasePoolSize: 2, databaseConnectTimeoutMs: 5_000, databaseStatementTimeoutMs: 15_000 }),
    });
    // The repository's statement text, kept as it goes by for the plans below.
    const recording = {
      query: (text: string, values: unknown[]) => {
        statements.push(text);
        return pool.query(text, values);
      },
    };
    bookings = new BookingsRepository(recording as unknown as Pool);
    const byProcess = new Map<string, [number, string, number][]>();
    for (const [process, revision, pi, receivedMs] of LF_REVISIONS)
      byProcess.set(process, [...(byProcess.get(process) ?? []), [revision, pi, receivedMs]]);
    for (const [process, revisions] of byProcess) await insertProcess(process, 'LF', revisions);
    // 40 000 more creates outside every window the tests ask for, 27 to 2 days before and 2 to 25 days after the month's
    // start: partitions of some size, so the planner weighs the BRIN index against the primary key as at volume.
    await withClient(database.url, async (client) => {
      const filler = `
        SELECT g, md5('filler' || g)::uuid AS id, CASE WHEN g <= 20000 THEN $1::timestamptz - interval '27 days' + g * interval '108 seconds'
          ELSE $1::timestamptz + interval '2 days' + (g - 20000) * interval '99 seconds' END AS received_at
        FROM generate_series(1, 40000) g`;
      await client.query(
        `INSERT INTO process_record (id, role, business_key, pruefidentifikator, release, revision, created_at, updated_at)
         SELECT id, 'LF', 'filler-' || g, '55001', '04/26', 1, received_at, received_at FROM (${filler}) f`,
        [at(0)],
      );
      await client.query(
        `INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, received_at)
         SELECT id, 1, 'create', '55001', '04/26', '{}', '\\x01', received_at FROM (${filler}) f ORDER BY g`,
        [at(0)],
      );
      await client.query('ANALYZE process_record');
      await client.query('ANALYZE process_revision');
    });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('should count every revision of the role per UTC hour or day and PI when the database holds that role alone', async () => {
    expect(await bookings.summary('LF', 'hour', at(-2 * HOUR_MS), at(2 * HOUR_MS))).toEqual(HOURLY);
    expect(await bookings.summary('LF', 'day', at(-DAY_MS), at(DAY_MS))).toEqual(DAILY);
    expect(await bookings.summary('LF', 'hour', at(-2 * HOUR_MS + 1), at(2 * HOUR_MS + 1))).toEqual([
      ...HOURLY.slice(1),
      { bucketStart: iso(2 * HOUR_MS), pruefidentifikator: '55003', count: 1 },
    ]);
    expect(await bookings.summary('NB', 'hour', at(-2 * HOUR_MS), at(2 * HOUR_MS))).toEqual([]);
    expect(await bookings.summary('LF', 'day', at(-40 * DAY_MS), at(-35 * DAY_MS))).toEqual([]);

    // Both month partitions by their BRIN index; the revisions counted without their records (the join never ran).
    const plan = await executedPlan(['LF', '1 hour', at(-2 * HOUR_MS), at(2 * HOUR_MS)]);
    expect(plan.match(/Bitmap Index Scan on process_revision_\d{4}_\d{2}_received_at_idx \(actual/g)).toHaveLength(2);
    expect(plan).not.toMatch(/on process_record r .*\(actual rows=[1-9]/);
  });

  it('should count only the role’s revisions when the database holds other roles’ processes too', async () => {
    await insertProcess('c', 'NB', [
      [1, '55001', -HOUR_MS],
      [2, '55003', 10 * 60_000],
    ]);
    expect(await bookings.summary('LF', 'hour', at(-2 * HOUR_MS), at(2 * HOUR_MS))).toEqual(HOURLY);
    expect(await bookings.summary('LF', 'day', at(-DAY_MS), at(DAY_MS))).toEqual(DAILY);
    expect(await bookings.summary('NB', 'hour', at(-2 * HOUR_MS), at(2 * HOUR_MS))).toEqual([
      { bucketStart: iso(-HOUR_MS), pruefidentifikator: '55001', count: 1 },
      { bucketStart: iso(0), pruefidentifikator: '55003', count: 1 },
    ]);
    expect(await bookings.summary('MSB', 'day', at(-DAY_MS), at(DAY_MS))).toEqual([]);
    const plan = await executedPlan(['NB', '1 hour', at(-2 * HOUR_MS), at(2 * HOUR_MS)]);
    expect(plan).toMatch(/on process_record r .*\(actual rows=[1-9]/);
  });

  it('should give a month partition created later the BRIN index of received_at', async () => {
    const later = monthOf(new Date(base + 5 * 366 * DAY_MS));
    await withClient(database.url, async (client) => {
      await ensureRevisionPartitions(client, { now: monthStart(later) });
      const { rows } = await client.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE tablename = $1`,
        [revisionPartitionName(later)],
      );
      expect(rows.map((row) => row.indexdef)).toContainEqual(expect.stringMatching(/USING brin \(received_at\)$/));
    });
  });
});
