import { createTestDatabase, type TestDatabase, testServerUrl, withClient } from '@maco/testing';
import { ServicePool, usableHostUrl } from '../src';

/**
 * Host lists in DATABASE_URL (docs/operations.md, failover): the pool skips a host that refuses and, with
 * target_session_attrs=read-write, one whose sessions are read-only (a standby; here the test database made read-only),
 * and follows when that changes, without a restart. The cluster drill (tools/ha/drill.js) shows the same with a real
 * promotion.
 */
describe('host lists', () => {
  let database: TestDatabase;
  const name = () => new URL(database.url).pathname.slice(1);
  const admin = (sql: string) => withClient(testServerUrl(), (client) => client.query(sql));
  /** The test database behind `hosts` (user and password of the test server). */
  const listUrl = (hosts: string[], query = '?target_session_attrs=read-write') => {
    const url = new URL(database.url);
    const userInfo = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
    return `postgres://${userInfo}${hosts.join(',')}/${name()}${query}`;
  };
  const server = () => {
    const url = new URL(database.url);
    return `${url.hostname}:${url.port || 5432}`;
  };
  // Nothing listens on port 1: connecting is refused at once.
  const refused = '127.0.0.1:1';

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await admin(`ALTER DATABASE ${name()} RESET default_transaction_read_only`).catch(() => undefined);
    await database?.drop();
  });

  it('should connect to the first host that takes the session, past one that refuses', async () => {
    const pool = new ServicePool({ connectionString: listUrl([refused, server()]), connectionTimeoutMillis: 2000 });
    try {
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      // Callback checkouts (pg's own pool.query with a callback, cursors) go the same way.
      await new Promise<void>((resolve, reject) =>
        pool.connect((error, client, done) => {
          done();
          return error ? reject(error) : client ? resolve() : reject(new Error('no client'));
        }),
      );
    } finally {
      await pool.end();
    }
    expect(await usableHostUrl(listUrl([refused, server()]))).toBe(listUrl([server()], ''));
  });

  it('should answer 08001 while no host is writable, and connect once one is, without a restart', async () => {
    // The same server under two names: two hosts, both read-only while the database is.
    const [host, port] = server().split(':');
    const twoNames = listUrl([
      refused,
      `${host}:${port}`,
      `${host === 'localhost' ? '127.0.0.1' : 'localhost'}:${port}`,
    ]);
    await admin(`ALTER DATABASE ${name()} SET default_transaction_read_only = on`);
    const pool = new ServicePool({ connectionString: twoNames, connectionTimeoutMillis: 2000 });
    try {
      await expect(pool.query('SELECT 1')).rejects.toMatchObject({
        code: '08001',
        message: expect.stringMatching(/^no writable database server among 127\.0\.0\.1:1: .*read-only/),
      });
      await expect(usableHostUrl(twoNames)).rejects.toMatchObject({ code: '08001' });
      // Without read-write a read-only server will do.
      const anyPool = new ServicePool({ connectionString: listUrl([refused, server()], '?target_session_attrs=any') });
      await expect(anyPool.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
      await anyPool.end();

      await admin(`ALTER DATABASE ${name()} RESET default_transaction_read_only`);
      expect((await pool.query('SHOW transaction_read_only')).rows).toEqual([{ transaction_read_only: 'off' }]);
    } finally {
      await pool.end();
    }
  });
});
