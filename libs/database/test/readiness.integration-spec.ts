import type { DynamicModule } from '@nestjs/common';
import { AuthModule } from '@maco/auth';
import { PlatformModule } from '@maco/platform';
import {
  createTestDatabase,
  startTestService,
  type TestDatabase,
  testServerUrl,
  type TestService,
  withClient,
} from '@maco/testing';
import { DatabaseModule } from '../src';

const serviceModule: DynamicModule = {
  module: class {},
  imports: [PlatformModule.forService({ role: 'LF', groups: [] }), DatabaseModule.forRoot(), AuthModule],
};

/** Readiness follows the database: an outage of the service's own database (never the shared server) and pending migrations. */
describe('GET /health/ready', () => {
  let database: TestDatabase;
  let service: TestService;
  const name = () => new URL(database.url).pathname.slice(1);
  const admin = (sql: string) => withClient(testServerUrl(), (client) => client.query(sql));
  const ready = async () => {
    const response = await fetch(`${service.baseUrl}/health/ready`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const eventually = async (status: number) => {
    let last = await ready();
    for (let waited = 0; last.status !== status && waited < 15_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await ready();
    }
    return last;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(serviceModule, database.url);
  });

  afterAll(async () => {
    await admin(`ALTER DATABASE ${name()} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await service?.close();
    await database?.drop();
  });

  it('should answer 200 without a token when the database is reachable and migrated', async () => {
    expect(await ready()).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) });
    expect((await fetch(`${service.baseUrl}/health/live`)).status).toBe(200);
  });

  it('should answer 503 while the database is unreachable and 200 again once it is back, without a restart', async () => {
    await admin(`ALTER DATABASE ${name()} ALLOW_CONNECTIONS false`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name()}'`);

    const down = await eventually(503);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'SERVER.UNAVAILABLE', checks: { database: { status: 'down' } } });
    // Liveness does not depend on the database.
    expect((await fetch(`${service.baseUrl}/health/live`)).status).toBe(200);

    await admin(`ALTER DATABASE ${name()} ALLOW_CONNECTIONS true`);
    expect((await eventually(200)).status).toBe(200);
  }, 60_000);

  it('should answer 503 while a migration this build knows is not applied', async () => {
    const [latest] = (
      await withClient(database.url, (client) => client.query('SELECT * FROM migrations ORDER BY id DESC LIMIT 1'))
    ).rows;
    await withClient(database.url, (client) => client.query('DELETE FROM migrations WHERE id = $1', [latest.id]));
    try {
      expect(await ready()).toMatchObject({ status: 503, body: { checks: { migrations: { status: 'down' } } } });
    } finally {
      await withClient(database.url, (client) =>
        client.query('INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [
          latest.id,
          latest.timestamp,
          latest.name,
        ]),
      );
    }
    expect((await ready()).status).toBe(200);
  });
});
