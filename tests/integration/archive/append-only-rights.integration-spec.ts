/**
 * Append-only by the database's rights: the LF service's own pool (what every request uses) books and reads, but
 * PostgreSQL refuses it any UPDATE, DELETE or TRUNCATE of revisions and their bodies, any DDL, and any direct write to
 * a revision partition; the owner (the URL the service migrated with) still may. (A session may leave a role it
 * entered with SET ROLE: only a restricted login as DATABASE_URL, with the owner as DATABASE_MIGRATION_URL, closes
 * that too — docs/operations.md.)
 */
import { Client, type Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  postJson,
  startTestService,
  type TestDatabase,
  testServerUrl,
  type TestService,
  withBusinessKey,
  withClient,
} from '@maco/testing';

const INSUFFICIENT_PRIVILEGE = '42501';

describe('the service pool’s rights', () => {
  let database: TestDatabase;
  let service: TestService;
  let pool: Pool;
  let businessKey: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(composeService(LF_SERVICE), database.url);
    pool = service.app.get<Pool>(PG_POOL);
    const sample = loadSamples({ role: 'LF', operation: 'create' })[0];
    businessKey = `rights-${Date.now()}`;
    const booked = await postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(sample.body, businessKey), {
      token: mintTestToken(),
    });
    expect(booked.status).toBe(200);
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should run requests as maco_service, which reads and adds revisions', async () => {
    const { rows } = await pool.query<{ role: string; revisions: number }>(
      `SELECT current_user AS role, (SELECT count(*)::int FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1) AS revisions`,
      [businessKey],
    );
    expect(rows).toEqual([{ role: 'maco_service', revisions: 1 }]);
  });

  it.each([
    ['UPDATE a revision', `UPDATE process_revision SET body = '{}'::jsonb`],
    ['DELETE revisions', `DELETE FROM process_revision`],
    ['TRUNCATE revisions', `TRUNCATE process_revision`],
    ['UPDATE an update body hash', `UPDATE process_update_body SET revision = revision`],
    ['DELETE update body hashes', `DELETE FROM process_update_body`],
    ['TRUNCATE update body hashes', `TRUNCATE process_update_body`],
    ['create a table', `CREATE TABLE sneaky (id int)`],
    ['drop the revisions', `DROP TABLE process_revision`],
    ['alter the revisions', `ALTER TABLE process_revision DISABLE TRIGGER ALL`],
  ])('should be refused by PostgreSQL: %s', async (_what, statement) => {
    await expect(pool.query(statement)).rejects.toMatchObject({ code: INSUFFICIENT_PRIVILEGE });
  });

  it('should refuse writes to a revision partition addressed directly', async () => {
    const { rows } = await pool.query<{ partition: string }>(
      `SELECT tableoid::regclass::text AS partition FROM process_revision LIMIT 1`,
    );
    expect(rows).toHaveLength(1);
    await expect(pool.query(`UPDATE ${rows[0].partition} SET body = '{}'::jsonb`)).rejects.toMatchObject({
      code: INSUFFICIENT_PRIVILEGE,
    });
    await expect(pool.query(`DELETE FROM ${rows[0].partition}`)).rejects.toMatchObject({
      code: INSUFFICIENT_PRIVILEGE,
    });
  });

  it('should leave the revisions untouched, and the owner’s rights as they were', async () => {
    const owner = new Client({ connectionString: database.url });
    await owner.connect();
    try {
      const { rows } = await owner.query<{ body: unknown }>(
        `SELECT v.body FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1`,
        [businessKey],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].body).not.toEqual({});
      const updated = await owner.query(
        `UPDATE process_revision v SET findings = findings FROM process_record r WHERE r.id = v.record_id AND r.business_key = $1`,
        [businessKey],
      );
      expect(updated.rowCount).toBe(1);
    } finally {
      await owner.end();
    }
  });
});

describe('a restricted login as DATABASE_URL, the owner as DATABASE_MIGRATION_URL', () => {
  let database: TestDatabase;
  let service: TestService;
  const login = `maco_login_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    await withClient(database.url, async (owner) => {
      await owner.query(
        `DO $$ BEGIN CREATE ROLE maco_service NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
      );
      await owner.query(`CREATE ROLE ${login} LOGIN IN ROLE maco_service`);
    });
    const restricted = new URL(database.url);
    restricted.username = login;
    service = await startTestService(composeService(LF_SERVICE), restricted.toString(), {
      DATABASE_MIGRATION_URL: database.url,
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
    await withClient(testServerUrl(), (owner) => owner.query(`DROP ROLE IF EXISTS ${login}`));
  });

  it('should migrate as the owner, book as the login, and keep the archive out of the login’s reach even without its role', async () => {
    const sample = loadSamples({ role: 'LF', operation: 'create' })[0];
    const booked = await postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(sample.body), {
      token: mintTestToken(),
    });
    expect(booked.status).toBe(200);
    const pool = service.app.get<Pool>(PG_POOL);
    const client = await pool.connect();
    try {
      expect((await client.query(`SELECT session_user AS login, current_user AS role`)).rows).toEqual([
        { login, role: 'maco_service' },
      ]);
      await client.query('RESET ROLE');
      await expect(client.query(`UPDATE process_revision SET body = '{}'::jsonb`)).rejects.toMatchObject({
        code: INSUFFICIENT_PRIVILEGE,
      });
      await expect(client.query(`DELETE FROM process_revision`)).rejects.toMatchObject({
        code: INSUFFICIENT_PRIVILEGE,
      });
    } finally {
      client.release(true);
    }
  });
});
