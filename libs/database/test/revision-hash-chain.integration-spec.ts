import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase, withClient } from '@maco/testing';
import { verifyArchive } from '../src/archive/verify-archive';
import { MIGRATIONS } from '../src/migrations';
import { RevisionHashChain1765200000000 } from '../src/migrations/1765200000000-RevisionHashChain';

const migrate = async (url: string, migrations: typeof MIGRATIONS) => {
  const source = await new DataSource({ type: 'postgres', url, migrations: [...migrations] }).initialize();
  try {
    await source.runMigrations();
  } finally {
    await source.destroy();
  }
};

/** The revisions booked before the chain existed are chained by its migration, in revision order per process. */
describe('migration RevisionHashChain', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('should chain the revisions already there so that the archive verifies', async () => {
    const before = MIGRATIONS.filter((migration) => migration !== RevisionHashChain1765200000000);
    expect(before).toHaveLength(MIGRATIONS.length - 1);
    await migrate(database.url, before);
    const records = [randomUUID(), randomUUID()];
    await withClient(database.url, async (client) => {
      for (const [index, id] of records.entries()) {
        await client.query(
          `INSERT INTO process_record (id, role, business_key, release, revision) VALUES ($1, 'LF', $2, '04/26', 3)`,
          [id, `old-${index}`],
        );
        for (const revision of [1, 2, 3]) {
          const operation = revision === 1 ? 'create' : 'update';
          await client.query(
            `INSERT INTO process_revision (record_id, revision, operation, release, body, body_sha256, findings)
             VALUES ($1, $2, $3::text, '04/26', $4::jsonb, CASE WHEN $3::text = 'update' THEN sha256(convert_to($4::jsonb::text, 'UTF8')) END, '[]')`,
            [id, revision, operation, JSON.stringify({ n: revision, record: index })],
          );
        }
      }
    });

    await migrate(database.url, MIGRATIONS);

    const outcome = await withClient(database.url, (client) => verifyArchive(client));
    expect(outcome).toMatchObject({ revisions: 6, processes: 2, breaks: [] });
    const heads = await withClient(
      database.url,
      async (client) =>
        (await client.query(`SELECT count(*)::int AS chained FROM process_record WHERE chain_hash IS NOT NULL`)).rows,
    );
    expect(heads).toEqual([{ chained: 2 }]);
  });
});
