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
      withClient(serverUrl.toString(), async (client) => {
        await closingSessionsEnded(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * Waits up to two seconds for the database's sessions to end. A pool's `end()` resolves before its sockets have closed:
 * forced, such a session's client gets FATAL 57P01 while it ends, an unhandled error in whichever test runs next.
 */
async function closingSessionsEnded(client: Client, name: string): Promise<void> {
  for (const deadline = Date.now() + 2000; Date.now() < deadline;) {
    const { rows } = await client.query<{ sessions: number }>(
      'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0].sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
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

/**
 * The generic plan of a statement (EXPLAIN VERBOSE, every expression spelled out) as the service runs it: prepared,
 * its parameters unknown. Lets a test see which expressions a statement computes, and how often.
 */
export async function genericPlanOf(url: string, text: string): Promise<string> {
  const parameters = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  return withClient(url, async (client) => {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE planned AS ${text}`);
    const nulls = Array.from({ length: parameters }, () => 'NULL').join(', ');
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (VERBOSE, COSTS OFF) EXECUTE planned${parameters ? `(${nulls})` : ''}`,
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/**
 * How often a booking statement's plan computes a body hash (jsonb's text, then SHA-256) and a chain hash (SHA-256 over
 * previous hash ‖ body hash ‖ columns, `maco_revision_hash` inlined).
 */
export function hashesInPlan(plan: string): { body: number; chain: number } {
  return {
    body: plan.match(/sha256\(convert_to\(/g)?.length ?? 0,
    chain: plan.match(/sha256\(\(\(/g)?.length ?? 0,
  };
}
