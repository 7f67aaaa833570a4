import type { Client } from 'pg';
import { migrateDatabase } from '@maco/database';
import {
  INSERT_RECORDS_WITH_REVISIONS_AND_ANSWERS,
  INSERT_RECORDS_WITH_REVISIONS_AND_DEADLINES,
  UPDATE_RECORD_WITH_REVISION_AND_ANSWERS,
  UPDATE_RECORD_WITH_REVISION_AND_DEADLINES,
} from '@maco/process-store';
import { createTestDatabase, type TestDatabase, withClient } from '@maco/testing';

/** A literal of each parameter type the statements infer (EXPLAIN without ANALYZE runs nothing: it only must parse). */
const LITERALS: Record<string, string> = {
  uuid: `'00000000-0000-0000-0000-000000000001'`,
  jsonb: `'[]'`,
  'text[]': `'{}'`,
  'character varying[]': `'{}'`,
  text: `'x'`,
  'character varying': `'LF'`,
  integer: `1`,
  'timestamp with time zone': `'2026-11-28T12:00:00Z'`,
};

/**
 * The booking statements with deadlines as the service runs them: generic plans, made once per connection — often
 * while process_deadline is still empty, and kept while it grows (until an ANALYZE invalidates them). A plan made then
 * must still reach the deadlines by their record id: an answer statement that joined the chain with process_deadline
 * was planned as a scan of the whole table per booking, which cut creates to a fifth
 * (docs/performance/2026-11-28-answer-deadlines.md).
 */
describe('deadline statements planned on an empty table', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateDatabase(database.url);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it.each([
    ['insert_records_with_revisions_and_deadlines', INSERT_RECORDS_WITH_REVISIONS_AND_DEADLINES],
    ['update_record_with_revision_and_deadlines', UPDATE_RECORD_WITH_REVISION_AND_DEADLINES],
  ])('%s (prepared once) should not scan process_deadline once it has grown', async (name, text) => {
    await withClient(database.url, async (client) => {
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      const plan = await prepared(client, name, text);
      // The generic plan is made now, on the empty table, and kept.
      await plan();
      await grown(client, async () => expect(await plan()).not.toMatch(/Seq Scan on process_deadline/));
    });
  });

  it.each([
    ['insert_records_with_revisions_and_answers', INSERT_RECORDS_WITH_REVISIONS_AND_ANSWERS],
    ['update_record_with_revision_and_answers', UPDATE_RECORD_WITH_REVISION_AND_ANSWERS],
  ])('%s (planned each time) should read the deadlines by their key once the table has grown', async (name, text) => {
    await withClient(database.url, async (client) => {
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      // A fresh statement per execution, as an unnamed one is: planned with the table as it is then.
      await grown(client, async () => {
        const plan = await prepared(client, name, text);
        expect(await plan()).toMatch(/Index Scan on pk_process_deadline|Index Scan using pk_process_deadline/);
      });
      // The failure this guards against: the same text prepared on the empty table and kept scans it whole.
      const kept = await prepared(client, `${name}_kept`, text);
      await kept();
      await grown(client, async () => expect(await kept()).toMatch(/Seq Scan on process_deadline/));
    });
  });
});

/** Prepares `text` as `name`; answers a function that explains its execution with a literal per parameter. */
async function prepared(client: Client, name: string, text: string): Promise<() => Promise<string>> {
  await client.query(`PREPARE ${name} AS ${text}`);
  const { rows } = await client.query<{ types: string[] }>(
    `SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = $1`,
    [name],
  );
  const literals = rows[0].types.map((type) => {
    const literal = LITERALS[type];
    if (!literal) throw new Error(`no literal for parameter type ${type}`);
    return literal;
  });
  return async () =>
    (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${name}(${literals.join(', ')})`)).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
}

/** Runs `check` with 20 000 deadlines in the table (not analyzed: the statistics of the empty table stand), then empties it. */
async function grown(client: Client, check: () => Promise<void>): Promise<void> {
  await client.query(`
    INSERT INTO process_deadline (record_id, rule, request_revision, role, transmitted_at, due)
    SELECT gen_random_uuid(), 'GPKE_KUENDIGUNG_ANTWORT', 1, 'LF', now(), now() + interval '1 day'
    FROM generate_series(1, 20000)`);
  try {
    await check();
  } finally {
    await client.query(`TRUNCATE process_deadline`);
  }
}
