import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createBatcher, type CreateRow, uuidV7 } from '@maco/process-store';
import { describeBusinessObjects } from '@maco/read-model';
import {
  createTestDatabase,
  expectNoOrphanRows,
  loadSamples,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
} from '@maco/testing';
import { serviceModule } from '../service-module';

type Body = Record<string, unknown> & { stammdaten?: Record<string, unknown> };

/**
 * Creates booked in batches (`createBatcher`, one statement for many creates) on a real PostgreSQL: each create gets
 * exactly what a create booked alone gets — its record, its revision 1 holding its body, its projection — and an
 * object that two creates of one batch touch is versioned as if they had been booked one after the other.
 */
describe('Creates booked in batches', () => {
  let database: TestDatabase;
  let service: TestService;
  let pool: Pool;
  let statements: number;
  /** The pool, counting the statements sent through it. */
  const counted = () =>
    ({
      query: (config: unknown) => {
        statements++;
        return pool.query(config as string);
      },
    }) as unknown as Pool;
  const sample = loadSamples({ role: 'LF', operation: 'create' }).find(
    ({ body }) => (body as Body).stammdaten?.['MARKTLOKATION'],
  )?.body as Body;

  const rowOf = (body: Body): CreateRow => {
    const zusatzdaten = body['zusatzdaten'] as { businessKey: string };
    return {
      id: uuidV7(),
      businessKey: zusatzdaten.businessKey,
      targetBusinessKey: null,
      prozessId: null,
      pruefidentifikator: '55001',
      release: '04/26',
      marktlokationsIds: [],
      currentJson: null,
      bodyJson: JSON.stringify(body),
      tokenSubject: 'batch-test',
      requestId: randomUUID(),
      findingsJson: '[]',
      objectsJson: JSON.stringify(describeBusinessObjects(body.stammdaten)),
    };
  };
  /** The sample with its own business key and the MaLo-ID given, the MaLo's `zusatz` field set to `note`. */
  const bodyWith = (maloId: string, note: string): Body => {
    const body = withBusinessKey(structuredClone(sample)) as Body;
    const malo = (body.stammdaten?.['MARKTLOKATION'] as Record<string, unknown>[])[0];
    malo['marktlokationsId'] = maloId;
    malo['bemerkung'] = note;
    return body;
  };
  const maloVersions = (maloId: string) =>
    pool
      .query<{ effective_from: string; note: string; business_key: string }>(
        `SELECT b.effective_from::text, b.body ->> 'bemerkung' AS note, r.business_key FROM business_object b
         JOIN process_record r ON r.id = b.record_id WHERE b.kind = 'MARKTLOKATION' AND b.object_id = $1 ORDER BY b.id`,
        [maloId],
      )
      .then((result) => result.rows);

  beforeAll(async () => {
    database = await createTestDatabase();
    // The service migrates the database; the batches below go through their own pool on it.
    service = await startTestService(serviceModule('LF'), database.url, { LOG_LEVEL: 'error' });
    pool = new Pool({ connectionString: database.url, max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await service?.close();
    await database?.drop();
  });
  beforeEach(() => (statements = 0));

  it('should book the creates that wait for a running batch in one statement, each with its record, revision and projection', async () => {
    const batcher = createBatcher(counted(), 'LF', { concurrency: 1, size: 64 });
    const bodies = Array.from({ length: 21 }, (_, n) =>
      bodyWith(`5${String(1_000_000_000 + n).slice(1)}0`, `batch ${n}`),
    );

    const booked = await Promise.all(bodies.map((body) => batcher.submit(rowOf(body))));

    expect(booked).toEqual(bodies.map(() => true));
    // The first went alone, the twenty that waited for it in one statement.
    expect(statements).toBe(2);
    const keys = bodies.map((body) => (body['zusatzdaten'] as { businessKey: string }).businessKey);
    const { rows } = await pool.query<{ business_key: string; revisions: number; same: boolean; objects: number }>(
      `SELECT r.business_key, count(v.*)::int AS revisions, bool_and(v.body = (
         SELECT b FROM jsonb_array_elements($2::jsonb) b WHERE b #>> '{zusatzdaten,businessKey}' = r.business_key)) AS same,
         (SELECT count(*)::int FROM business_object o WHERE o.record_id = r.id) AS objects
       FROM process_record r JOIN process_revision v ON v.record_id = r.id AND v.revision = 1
       WHERE r.business_key = ANY($1) GROUP BY r.id, r.business_key`,
      [keys, JSON.stringify(bodies)],
    );
    expect(rows).toHaveLength(21);
    for (const row of rows) expect(row).toMatchObject({ revisions: 1, same: true });
    // Each create projected its own objects (its MaLo among them).
    expect(rows.every((row) => row.objects >= 1)).toBe(true);
  });

  it('should book one of two creates of one business key and answer the other as not booked', async () => {
    const batcher = createBatcher(pool, 'LF', { concurrency: 1, size: 64 });
    const body = bodyWith('51238696781', 'twice');

    const answers = await Promise.all([
      batcher.submit(rowOf(body)),
      batcher.submit(rowOf(body)),
      batcher.submit(rowOf(body)),
    ]);

    expect(answers.filter(Boolean)).toHaveLength(1);
    const key = (body['zusatzdaten'] as { businessKey: string }).businessKey;
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM process_record WHERE business_key = $1`, [key]);
    expect(rows[0].n).toBe(1);
  });

  it('should fail only the create PostgreSQL refuses and book the others of its batch', async () => {
    const batcher = createBatcher(counted(), 'LF', { concurrency: 1, size: 64 });
    const blocker = batcher.submit(rowOf(bodyWith('51238696781', 'first')));
    const good = [bodyWith('51238696781', 'good 1'), bodyWith('51238696781', 'good 2')];
    // jsonb refuses a NUL character in a string.
    const bad = {
      ...rowOf(bodyWith('51238696781', 'bad')),
      bodyJson: JSON.stringify(bodyWith('51238696781', 'bad\u0000')),
    };

    const answers = await Promise.allSettled([
      blocker,
      batcher.submit(rowOf(good[0])),
      batcher.submit(bad),
      batcher.submit(rowOf(good[1])),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((answers[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22P05' });
    // The blocker, the batch of three that failed, then each of the three alone.
    expect(statements).toBe(5);
    const keyOf = (body: Body) => (body['zusatzdaten'] as { businessKey: string }).businessKey;
    const booked = await pool.query(`SELECT business_key FROM process_record WHERE business_key = ANY($1)`, [
      [...good.map(keyOf), bad.businessKey],
    ]);
    expect(booked.rows.map((row) => row.business_key).sort()).toEqual(good.map(keyOf).sort());
  });

  it('should version an object two creates of one batch touch as if they were booked one after the other', async () => {
    const batcher = createBatcher(counted(), 'LF', { concurrency: 1, size: 64 });
    const changed = '51238696700';
    const repeated = '51238696718';
    const blocker = batcher.submit(rowOf(bodyWith('51238696781', 'blocker')));
    // One batch: a new MaLo twice with different data, another new MaLo twice with the same data.
    const batch = [
      bodyWith(changed, 'one'),
      bodyWith(repeated, 'same'),
      bodyWith(changed, 'two'),
      bodyWith(repeated, 'same'),
    ];

    await Promise.all([blocker, ...batch.map((body) => batcher.submit(rowOf(body)))]);
    expect(statements).toBe(2);

    const changedVersions = await maloVersions(changed);
    expect(changedVersions.map((version) => version.note)).toEqual(['one', 'two']);
    // The first version of a new object holds from the beginning, the later one supersedes it from its booking.
    expect(changedVersions[0].effective_from).toBe('-infinity');
    expect(changedVersions[1].effective_from).not.toBe('-infinity');
    // An object booked again unchanged adds no version.
    const repeatedVersions = await maloVersions(repeated);
    expect(repeatedVersions.map((version) => version.note)).toEqual(['same']);
    expect(repeatedVersions[0].business_key).toBe((batch[1]['zusatzdaten'] as { businessKey: string }).businessKey);
  });

  it('should leave no revision or update hash without its record (no foreign key checks it: the statements do)', async () => {
    await expectNoOrphanRows(database.url);
  });
});
