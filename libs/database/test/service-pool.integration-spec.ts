import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@maco/testing';
import { ServicePool } from '../src/service-pool';

/** A statement error must not cost the pool its connection (and every prepared statement on it); a lost one must. */
describe('ServicePool', () => {
  let database: TestDatabase;
  // Typed as the service injects it (PG_POOL is a pg Pool).
  let pool: Pool;

  const backend = async () => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new ServicePool({ connectionString: database.url, max: 1 });
    await pool.query('CREATE TABLE once (key text PRIMARY KEY)');
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('should keep the connection and its prepared statements after a statement error', async () => {
    const before = await backend();
    await pool.query({ name: 'insert_once', text: 'INSERT INTO once (key) VALUES ($1)', values: ['a'] });
    await expect(
      pool.query({ name: 'insert_once', text: 'INSERT INTO once (key) VALUES ($1)', values: ['a'] }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(pool.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect(await backend()).toBe(before);
    // The named statement is still prepared on the connection: the server lists it.
    const prepared = await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    expect(prepared.rows.map((row) => row.name)).toContain('insert_once');
    expect(pool.totalCount).toBe(1);
  });

  it('should drop a connection the server ended and answer the next statement on a new one', async () => {
    const before = await backend();
    await expect(pool.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toBeDefined();
    const after = await backend();
    expect(after).not.toBe(before);
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('should still answer callback-style calls as pg does', async () => {
    const rows = await new Promise<unknown[]>((resolve, reject) =>
      pool.query('SELECT 2 AS two', (error, result) => (error ? reject(error) : resolve(result.rows))),
    );
    expect(rows).toEqual([{ two: 2 }]);
  });
});
