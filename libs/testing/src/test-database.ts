import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The server the tests use: DATABASE_URL (CI), or the embedded one the jest global setup started. */
export function testServerUrl(): string {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set: the jest global setup should have provided a server');
  return url;
}

/** A fresh, empty database on the test server, so each suite starts from nothing and can run beside others. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = new URL(testServerUrl());
  const name = `maco_test_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl.toString(), (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(serverUrl.toString(), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/** Runs one function with a short-lived client. */
export async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
