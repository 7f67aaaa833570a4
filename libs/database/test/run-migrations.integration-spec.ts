import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase, withClient } from '@maco/testing';
import { MIGRATIONS } from '../src/migrations';
import { runMigrationsLocked } from '../src/run-migrations';

describe(runMigrationsLocked.name, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  const dataSource = () => new DataSource({ type: 'postgres', url: database.url, migrations: MIGRATIONS }).initialize();

  it('should apply every migration exactly once when several instances start together', async () => {
    const instances = await Promise.all([dataSource(), dataSource(), dataSource()]);
    try {
      await Promise.all(instances.map(runMigrationsLocked));
      await runMigrationsLocked(instances[0]);
    } finally {
      await Promise.all(instances.map((instance) => instance.destroy()));
    }

    const rows = await withClient(
      database.url,
      async (client) => (await client.query('SELECT name FROM migrations')).rows,
    );
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    const tables = await withClient(database.url, async (client) =>
      (
        await client.query(
          `SELECT tablename FROM pg_tables t WHERE schemaname = 'public'
             AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = format('%I.%I', t.schemaname, t.tablename)::regclass) ORDER BY 1`,
        )
      ).rows.map((r) => r.tablename),
    );
    // Partitions of process_revision (process_revision_YYYY_MM) are left out: migration PartitionRevisionsByMonth.
    expect(tables).toEqual([
      'business_object',
      'malo_ident_request',
      'migrations',
      'process_deadline',
      'process_key',
      'process_record',
      'process_revision',
      'process_update_body',
      'refused_message',
      'trigger_delivery',
    ]);
  });

  it('should leave the latest-version lookup of the read model one full index to take: (role, kind, object_id, id)', async () => {
    // Any other full btree led by (role, kind) competes for "latest version of (role, kind, object_id)" and, with
    // statistics lagging, wins and filters every version of the kind (migration PartialPostcodeIndex).
    const indexes = await withClient(
      database.url,
      async (client) =>
        (
          await client.query(
            `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'business_object' ORDER BY 1`,
          )
        ).rows,
    );
    const competing = indexes.filter(
      (index) => /USING btree \(role, kind\b/.test(index.indexdef) && !/ WHERE /.test(index.indexdef),
    );
    expect(competing.map((index) => index.indexname)).toEqual(['idx_business_object_identity']);
    expect(indexes.map((index) => index.indexname)).toEqual(
      expect.arrayContaining(['idx_business_object_postcode', 'idx_business_object_meter_postcode']),
    );
  });

  it('should refuse a second record with the same role and business key', async () => {
    await withClient(database.url, async (client) => {
      const insert = `INSERT INTO process_record (id, role, business_key, release, current, revision) VALUES (gen_random_uuid(), $1, 'k', '10/25', '{}', 1)`;
      await client.query(insert, ['LF']);
      await client.query(insert, ['NB']);
      await expect(client.query(insert, ['LF'])).rejects.toThrow(/uq_process_record_role_business_key/);
    });
  });

  it('should leave the record of a revision and of an update hash to the booking statements: no foreign key checks them', async () => {
    // Migration RevisionsWithoutForeignKeys: the statements write a revision only with its record; the reliability
    // suites prove it (expectNoOrphanRows). The rarely written tables keep theirs.
    const foreignKeys = await withClient(
      database.url,
      async (client) =>
        (
          await client.query(
            `SELECT conrelid::regclass::text AS "table", conname FROM pg_constraint WHERE contype = 'f' ORDER BY 1, 2`,
          )
        ).rows,
    );
    expect(foreignKeys).toEqual([
      { table: 'process_key', conname: 'fk_process_key_record' },
      { table: 'trigger_delivery', conname: 'fk_trigger_delivery_record' },
    ]);
  });
});
