import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase, withClient } from '@maco/testing';
import { verifyArchive } from '../src/archive/verify-archive';
import { MIGRATIONS } from '../src/migrations';
import { PartitionRevisionsByMonth1764600000000 } from '../src/migrations/1764600000000-PartitionRevisionsByMonth';
import { applyRetention, ensureRevisionPartitions, revisionPartitions } from '../src/partitions/partition-maintenance';
import {
  addMonths,
  type Month,
  monthOf,
  monthsBetween,
  PARTITION_MONTHS_AHEAD,
  revisionPartitionName,
} from '../src/partitions/revision-partitions';
import { migrateDatabase } from '../src/run-migrations';

/** Where the migration under test stands among all of them (later ones run after it here too). */
const PARTITIONING = MIGRATIONS.indexOf(PartitionRevisionsByMonth1764600000000);

const current = monthOf(new Date());
const monthText = ({ year, month }: Month) => `${year}-${String(month).padStart(2, '0')}-15 12:00:00+00`;

/**
 * What process_revision holds, row by row: the count and a checksum over the columns as the partitioning found them
 * (the hash chain's migration, after it, adds `chain_hash` and the hash of each create's body).
 */
const REVISION_CHECKSUM = `
  SELECT count(*)::int AS count, md5(string_agg(
    (v.record_id, v.revision, v.operation, v.pruefidentifikator, v.release, v.body, CASE WHEN v.operation <> 'create' THEN v.body_sha256 END,
     v.token_subject, v.request_id, v.received_at, v.findings, v.matched_by)::text, E'\\n' ORDER BY record_id, revision)) AS checksum
  FROM process_revision v`;

describe('migration PartitionRevisionsByMonth', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('should convert a filled table to monthly partitions without losing or changing a row', async () => {
    await migrateDatabase(database.url, MIGRATIONS.slice(0, PARTITIONING));
    const before = await withClient(database.url, async (client) => {
      // 3 000 processes created over 30 months; every third with two updates (hashed), every seventh with findings,
      // every eleventh a trigger.
      await client.query(`
        INSERT INTO process_record (id, role, business_key, release, current, revision, created_at, updated_at)
        SELECT md5('r' || g)::uuid, 'LF', 'bk-' || g, '04/26', CASE WHEN g % 3 = 0 THEN jsonb_build_object('state', g) END,
          CASE WHEN g % 3 = 0 THEN 3 ELSE 1 END, now() - (g % 900) * interval '1 day', now() - (g % 900) * interval '1 day'
        FROM generate_series(1, 3000) g`);
      await client.query(`
        INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject,
          request_id, received_at, findings, matched_by)
        SELECT md5('r' || g)::uuid, n, CASE WHEN n > 1 THEN 'update' WHEN g % 11 = 0 THEN 'trigger' ELSE 'create' END, '55001', '04/26',
          jsonb_build_object('g', g, 'n', n, 'text', repeat('x', g % 50)),
          CASE WHEN n > 1 OR g % 11 = 0 THEN sha256(convert_to(jsonb_build_object('g', g, 'n', n, 'text', repeat('x', g % 50))::text, 'UTF8')) END,
          'sub-' || (g % 5), 'req-' || g || '-' || n, now() - (g % 900) * interval '1 day' + (n - 1) * interval '20 days',
          CASE WHEN g % 7 = 0 THEN jsonb_build_array(jsonb_build_object('code', 'AHB.MISSING', 'pointer', '#/x')) ELSE '[]'::jsonb END,
          CASE WHEN n > 1 THEN 'businessKey' END
        FROM generate_series(1, 3000) g, generate_series(1, CASE WHEN g % 3 = 0 THEN 3 ELSE 1 END) n
        WHERE now() - (g % 900) * interval '1 day' + (n - 1) * interval '20 days' < now()`);
      return (await client.query(REVISION_CHECKSUM)).rows[0];
    });
    expect(before.count).toBeGreaterThan(4000);

    const started = Date.now();
    await migrateDatabase(database.url, MIGRATIONS);
    const tookMs = Date.now() - started;

    await withClient(database.url, async (client) => {
      expect((await client.query(REVISION_CHECKSUM)).rows[0]).toEqual(before);
      // ... and the hash chain's migration chained every one of them. (The fixture's records claim revisions it left out
      // where they would lie in the future: those tails are reported missing, rightly.)
      expect((await verifyArchive(client)).breaks.filter((found) => found.kind !== 'missing-revision')).toEqual([]);
      // Every row in the partition of its UTC month.
      const misplaced = await client.query(
        `SELECT count(*)::int AS n FROM process_revision WHERE tableoid::regclass::text <> 'process_revision_' || to_char(received_at AT TIME ZONE 'UTC', 'YYYY_MM')`,
      );
      expect(misplaced.rows[0].n).toBe(0);
      const [{ oldest }] = (await client.query(`SELECT min(received_at) AS oldest FROM process_revision`)).rows;
      const expected = monthsBetween(monthOf(oldest), addMonths(current, PARTITION_MONTHS_AHEAD)).map(
        revisionPartitionName,
      );
      expect(await revisionPartitions(client)).toEqual(expected);

      // (Its foreign key to process_record left with migration RevisionsWithoutForeignKeys.) PostgreSQL 18 lists NOT NULL
      // as constraints of their own (contype 'n'), 15 does not: the columns' nullability is not what this compares.
      const constraints = await client.query(
        `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
          WHERE conrelid = 'process_revision'::regclass AND contype <> 'n' ORDER BY 1`,
      );
      expect(constraints.rows).toEqual([
        { conname: 'ck_process_revision_operation', definition: expect.stringContaining("'trigger'") },
        { conname: 'ck_process_revision_update_hash', definition: expect.stringContaining('body_sha256 IS NOT NULL') },
        { conname: 'pk_process_revision', definition: 'PRIMARY KEY (record_id, revision, received_at)' },
      ]);
      const indexes = (
        await client.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'process_revision' ORDER BY 1`)
      ).rows;
      // The BRIN index of the bookings summary came with migration RevisionReceivedAtBrin, after this one.
      expect(indexes.map((row) => row.indexname)).toEqual([
        'idx_process_revision_findings_received',
        'idx_process_revision_received_brin',
        'pk_process_revision',
      ]);
      // The replay guarantee moved: one row per update, with its revision.
      const bodies = await client.query(`
        SELECT (SELECT count(*)::int FROM process_update_body) AS bodies,
               (SELECT count(*)::int FROM process_revision v JOIN process_update_body b
                  ON b.record_id = v.record_id AND b.body_sha256 = v.body_sha256 AND b.revision = v.revision
                WHERE v.operation = 'update') AS matching,
               (SELECT count(*)::int FROM process_revision WHERE operation = 'update') AS updates`);
      expect(bodies.rows[0].bodies).toBe(bodies.rows[0].updates);
      expect(bodies.rows[0].matching).toBe(bodies.rows[0].updates);
      // The view resolves every process's state as before.
      const state = await client.query(
        `SELECT count(*)::int AS n, count(current)::int AS with_state FROM process_state`,
      );
      expect(state.rows[0]).toEqual({ n: 3000, with_state: 3000 });
      // A lookup by (record, revision) stays an index scan.
      await client.query('SET enable_seqscan = off');
      const plan = (
        await client.query(
          `EXPLAIN SELECT body FROM process_revision WHERE record_id = md5('r3')::uuid AND revision = 1`,
        )
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index Scan using process_revision_\d{4}_\d{2}_pkey/);
    });
    // Informational: the conversion's time on this fill (docs/reliability.md has a measurement at scale).
    expect(tookMs).toBeLessThan(60_000);
  });

  it('should refuse a revision in a month that has no partition (there is no DEFAULT partition)', async () => {
    await withClient(database.url, async (client) => {
      await expect(
        client.query(
          `INSERT INTO process_revision (record_id, revision, operation, release, body, received_at)
           SELECT id, 9, 'create', '04/26', '{}', now() + interval '20 years' FROM process_record LIMIT 1`,
        ),
      ).rejects.toThrow(/no partition of relation "process_revision" found for row/);
    });
  });
});

describe('migration PartitionRevisionsByMonth, reverted', () => {
  it('should turn the partitions back into one table with every row and the unique index of update hashes', async () => {
    const database = await createTestDatabase();
    try {
      await migrateDatabase(database.url, MIGRATIONS);
      await withClient(database.url, async (client) => {
        await client.query(
          `INSERT INTO process_record (id, role, business_key, release, current, revision) VALUES ('00000000-0000-0000-0000-0000000000bb', 'LF', 'k', '04/26', '{}', 2)`,
        );
        await client.query(`INSERT INTO process_revision (record_id, revision, operation, release, body, body_sha256) VALUES
          ('00000000-0000-0000-0000-0000000000bb', 1, 'create', '04/26', '{}', NULL), ('00000000-0000-0000-0000-0000000000bb', 2, 'update', '04/26', '{"a":1}', '\\x01')`);
      });
      const dataSource = await new DataSource({
        type: 'postgres',
        url: database.url,
        migrations: MIGRATIONS,
      }).initialize();
      try {
        // The later migrations first, then PartitionRevisionsByMonth itself.
        for (let undone = MIGRATIONS.length; undone > PARTITIONING; undone--)
          await dataSource.undoLastMigration({ transaction: 'each' });
      } finally {
        await dataSource.destroy();
      }
      await withClient(database.url, async (client) => {
        expect((await client.query(`SELECT relkind FROM pg_class WHERE relname = 'process_revision'`)).rows).toEqual([
          { relkind: 'r' },
        ]);
        expect((await client.query(`SELECT revision FROM process_revision ORDER BY 1`)).rows).toEqual([
          { revision: 1 },
          { revision: 2 },
        ]);
        expect(
          (await client.query(`SELECT to_regclass('uq_process_revision_update_body') IS NOT NULL AS present`)).rows,
        ).toEqual([{ present: true }]);
        expect((await client.query(`SELECT count(*)::int AS n FROM process_state`)).rows).toEqual([{ n: 1 }]);
      });
      await migrateDatabase(database.url, MIGRATIONS);
    } finally {
      await database.drop();
    }
  });
});

describe(ensureRevisionPartitions.name, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateDatabase(database.url, MIGRATIONS);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('should create the months ahead once when several instances run it at the same moment', async () => {
    const later = new Date(Date.UTC(current.year + 5, current.month - 1, 10));
    const clients = await Promise.all(
      [0, 1, 2].map(async () => {
        const client = new Client({ connectionString: database.url });
        await client.connect();
        return client;
      }),
    );
    try {
      const created = await Promise.all(clients.map((client) => ensureRevisionPartitions(client, { now: later })));
      const wanted = monthsBetween(monthOf(later), addMonths(monthOf(later), PARTITION_MONTHS_AHEAD)).map(
        revisionPartitionName,
      );
      expect(created.flat().sort()).toEqual(wanted);
      expect(await ensureRevisionPartitions(clients[0], { now: later })).toEqual([]);
      expect(await revisionPartitions(clients[0])).toEqual(expect.arrayContaining(wanted));
      // The partition of a month takes its rows, and bookings of the month after it go to their own.
      await clients[0].query(`
        INSERT INTO process_record (id, role, business_key, release, current, revision) VALUES ('00000000-0000-0000-0000-0000000000aa', 'LF', 'later', '04/26', NULL, 1)`);
      for (const [revision, month] of [
        [1, monthOf(later)],
        [2, addMonths(monthOf(later), 1)],
      ] as const) {
        await clients[0].query(
          `INSERT INTO process_revision (record_id, revision, operation, release, body, body_sha256, received_at)
           VALUES ('00000000-0000-0000-0000-0000000000aa', $1, $2, '04/26', '{}', $3, $4)`,
          [
            revision,
            revision === 1 ? 'create' : 'update',
            revision === 1 ? null : Buffer.from('00', 'hex'),
            monthText(month),
          ],
        );
      }
      const placed = await clients[0].query(
        `SELECT revision, tableoid::regclass::text AS partition FROM process_revision WHERE record_id = '00000000-0000-0000-0000-0000000000aa' ORDER BY 1`,
      );
      expect(placed.rows).toEqual([
        { revision: 1, partition: revisionPartitionName(monthOf(later)) },
        { revision: 2, partition: revisionPartitionName(addMonths(monthOf(later), 1)) },
      ]);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});

describe(applyRetention.name, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateDatabase(database.url, MIGRATIONS);
  });
  afterAll(async () => {
    await database.drop();
  });

  const id = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

  it('should export and drop exactly the partitions past the retention and delete only the old processes left without revisions', async () => {
    const exportDir = mkdtempSync(join(tmpdir(), 'maco-retention-'));
    await withClient(database.url, async (client) => {
      await ensureRevisionPartitions(client, { from: addMonths(current, -6) });
      const at = (monthsBack: number) => monthText(addMonths(current, -monthsBack));
      // 1 old and inactive; 2 created old, updated now (active); 3 old with an open trigger delivery; 4 old with a
      // delivered one; 5 old with keys and an update; 6 of last month.
      const records: [number, number, number][] = [
        [1, 5, 5],
        [2, 5, 0],
        [3, 5, 5],
        [4, 5, 5],
        [5, 5, 4],
        [6, 1, 1],
      ];
      for (const [n, createdBack, updatedBack] of records) {
        await client.query(
          `INSERT INTO process_record (id, role, business_key, release, current, revision, created_at, updated_at, status)
           VALUES ($1, 'LF', $2, '04/26', $3, $4, $5, $6, $7)`,
          [
            id(n),
            `key-${n}`,
            createdBack === updatedBack ? null : JSON.stringify({ state: n }),
            createdBack === updatedBack ? 1 : 2,
            at(createdBack),
            updatedBack === 0 ? new Date() : at(updatedBack),
            n === 3 || n === 4 ? 'sent' : null,
          ],
        );
        await client.query(
          `INSERT INTO process_revision (record_id, revision, operation, release, body, body_sha256, received_at, findings)
           VALUES ($1, 1, $2, '04/26', $3, $4, $5, $6)`,
          [
            id(n),
            n === 3 || n === 4 ? 'trigger' : 'create',
            JSON.stringify({ create: n, text: 'ä\n"quoted"' }),
            n === 3 || n === 4 ? Buffer.from('aa', 'hex') : null,
            at(createdBack),
            n === 1 ? '[{"code":"X"}]' : '[]',
          ],
        );
        if (createdBack !== updatedBack) {
          await client.query(
            `WITH revision AS (
               INSERT INTO process_revision (record_id, revision, operation, release, body, body_sha256, received_at)
               VALUES ($1, 2, 'update', '04/26', $2, sha256(convert_to($2::jsonb::text, 'UTF8')), $3) RETURNING record_id, body_sha256, revision)
             INSERT INTO process_update_body SELECT record_id, body_sha256, revision FROM revision`,
            [id(n), JSON.stringify({ update: n }), updatedBack === 0 ? new Date() : at(updatedBack)],
          );
        }
      }
      await client.query(
        `INSERT INTO process_key (role, key, record_id, kind, first_revision) VALUES ('LF', 'sub-5', $1, 'subProcessBusinessKey', 2), ('LF', 'sub-2', $2, 'subProcessBusinessKey', 2)`,
        [id(5), id(2)],
      );
      await client.query(`INSERT INTO trigger_delivery (record_id, role, eventname) VALUES ($1, 'LF', 'E1')`, [id(3)]);
      await client.query(
        `INSERT INTO trigger_delivery (record_id, role, eventname, delivered_at) VALUES ($1, 'LF', 'E1', now())`,
        [id(4)],
      );
      // The quarantine: one refused write from before the cutoff (goes, exported), one from this month (stays).
      for (const [n, received] of [
        [90, at(5)],
        [91, new Date()],
      ] as const) {
        await client.query(
          `INSERT INTO refused_message (id, role, operation, path, body, body_size, status, code, problem, received_at)
           VALUES ($1, 'LF', 'update', '/updateProcessData', '\\x7b7d', 2, 422, 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN', '{}', $2)`,
          [id(n), received],
        );
      }
    });
    const expiredMonths = [6, 5, 4].map((back) => addMonths(current, -back));
    const rowsOf = (partition: string) =>
      withClient(database.url, async (client) =>
        (await client.query(`SELECT row_to_json(v)::text AS line FROM ${partition} v`)).rows.map((row) =>
          JSON.parse(row.line),
        ),
      );
    const expiredRows = await Promise.all(expiredMonths.map((month) => rowsOf(revisionPartitionName(month))));
    expect(expiredRows.map((rows) => rows.length)).toEqual([0, 5, 1]);

    const outcome = await withClient(database.url, (client) =>
      applyRetention(client, { months: 3, exportDir, batchSize: 2, exportBatchSize: 2 }),
    );

    expect(outcome.dropped).toEqual(expiredMonths.map(revisionPartitionName));
    expect(outcome.exported.map((e) => e.rows)).toEqual([0, 5, 1]);
    expect(outcome.deletedProcesses).toBe(3);
    expect(outcome.deletedRefusals).toBe(1);
    const refusalsFile = `refused_message_before_${revisionPartitionName(addMonths(current, -3)).replace('process_revision_', '')}.ndjson.gz`;
    expect(readdirSync(exportDir).sort()).toEqual(
      [...expiredMonths.map((month) => `${revisionPartitionName(month)}.ndjson.gz`), refusalsFile].sort(),
    );
    const exportedRefusals = gunzipSync(readFileSync(join(exportDir, refusalsFile)))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(exportedRefusals.map((row) => [row.id, row.body])).toEqual([[id(90), '\\x7b7d']]);
    for (const [index, month] of expiredMonths.entries()) {
      const text = gunzipSync(readFileSync(join(exportDir, `${revisionPartitionName(month)}.ndjson.gz`))).toString(
        'utf8',
      );
      const lines = text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line));
      expect(lines).toEqual(expect.arrayContaining(expiredRows[index]));
      expect(lines).toHaveLength(expiredRows[index].length);
    }
    await withClient(database.url, async (client) => {
      expect(await revisionPartitions(client)).toEqual(
        monthsBetween(addMonths(current, -3), addMonths(current, PARTITION_MONTHS_AHEAD)).map(revisionPartitionName),
      );
      const left = await client.query(`SELECT business_key FROM process_record ORDER BY 1`);
      expect(left.rows.map((row) => row.business_key)).toEqual(['key-2', 'key-3', 'key-6']);
      expect((await client.query(`SELECT key FROM process_key`)).rows).toEqual([{ key: 'sub-2' }]);
      expect((await client.query(`SELECT record_id FROM trigger_delivery`)).rows).toEqual([{ record_id: id(3) }]);
      expect((await client.query(`SELECT record_id, revision FROM process_update_body`)).rows).toEqual([
        { record_id: id(2), revision: 2 },
      ]);
      expect((await client.query(`SELECT id FROM refused_message`)).rows).toEqual([{ id: id(91) }]);
      // The active process keeps its state and its update.
      expect((await client.query(`SELECT current FROM process_state WHERE business_key = 'key-2'`)).rows).toEqual([
        { current: { state: 2 } },
      ]);
    });

    // Idempotent: a second run (two at once) finds nothing left to do.
    const again = await Promise.all(
      [0, 1].map(() => withClient(database.url, (client) => applyRetention(client, { months: 3, exportDir }))),
    );
    expect(again.map((o) => [o.dropped, o.exported, o.deletedProcesses, o.deletedRefusals])).toEqual([
      [[], [], 0, 0],
      [[], [], 0, 0],
    ]);
  });
});
