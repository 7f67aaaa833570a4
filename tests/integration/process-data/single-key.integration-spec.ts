import { randomUUID } from 'node:crypto';
import type { DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { releaseInForceAt, triggerEvent } from '@maco/domain';
import { LOCKING_COUNTERPARTS } from '@maco/process-store';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  FAST_RETRIES,
  type JsonResponse,
  loadSamples,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  startTestService,
  type TestDatabase,
  type TestService,
  triggerBodyFor,
  waitFor,
  withBusinessKey,
  withClient,
} from '@maco/testing';
import { describeProcessDataContract } from './contract';
import {
  DISTRIBUTION,
  EXEMPT,
  judgePlan,
  literal,
  type Reach,
  StatementRecorder,
  type StatementVerdict,
} from './single-key-checker';

/**
 * The proof of docs/scaling.md: every statement the booking path sends (creates, updates by every kind of key,
 * replays, MaloIdent answers, triggers and their delivery) reaches its rows by a key under the Citus layout there
 * (`DISTRIBUTION`). The LF service runs with its pool recorded, through the booking contract suite and a workload of
 * chains; then each distinct statement is planned as the pool runs it (generic plan) and every scan of a distributed
 * table must be constrained by an equality on its distribution column (or a co-located join, or a lookup key).
 */
const recorder = new StatementRecorder();

/** The LF service whose pg pool is recorded from its first connection on (the migrations run on a pool of their own). */
function recordedLfService(): DynamicModule {
  return {
    module: class RecordedLfService {},
    imports: [composeService(LF_SERVICE)],
    providers: [
      { provide: 'STATEMENT_RECORDER', inject: [PG_POOL], useFactory: (pool: Pool) => recorder.attach(pool) },
    ],
  };
}

/**
 * Statements that knowingly reach more than one shard, each with the reason it may (reviewed: an entry the workload
 * never sends fails the test, so the list cannot rot). Matched by the prepared statement's name.
 */
const ALLOWED: Record<string, { reach: Reach; reason: string }> = {
  claim_trigger_deliveries: {
    reach: 'cross-key',
    reason:
      'The outbox poll: due deliveries of the role, wherever they are. One statement per poll interval and instance, not per booking; on Citus it runs on every shard of the process group (index idx_trigger_delivery_due, partial: only open deliveries), which stays cheap while the backlog is small.',
  },
  count_open_trigger_deliveries: {
    reach: 'cross-key',
    reason:
      'The open-deliveries gauge after each poll: a count over the partial due index of every shard, once per poll, not per booking.',
  },
  mark_deadlines_missed: {
    reach: 'cross-key',
    reason:
      "The deadline sweep: the role's open deadlines past due, wherever they are. Once a minute per instance, not per booking; on Citus it runs on every shard of the process group along idx_process_deadline_due (role, state, due), which holds only what is open now.",
  },
  select_trigger_process: {
    reach: 'cross-key',
    reason:
      "A replayed trigger's stored answer reads the middleware's business key from process_key by record_id; process_key is distributed by key, so this probes every shard. Rare (replays of triggers only). Fix with the migration in docs/scaling.md: keep the trigger business key on trigger_delivery (co-located).",
  },
};

/** The statements that resolve a process by (role, business_key) or (role, prozess_id) of process_record. */
const LOOKUP_ROUTED = [
  'insert_records_with_revisions',
  'insert_records_with_revisions_and_deadlines',
  'insert_trigger_process',
  'lock_candidates',
  'lock_record',
  'read_candidates',
  'read_record',
  'same_as_create',
  'same_trigger',
  // An answer reaches the deadlines of the process its targetBusinessKey names (docs/deadlines.md).
  'update_record_with_revision_and_answers',
];

const token = mintTestToken({ roles: ['LF'] });

// 1. The booking contract suite, on the recorded service.
describeProcessDataContract('LF', recordedLfService());

// 2. Chains the contract does not cover, then the check of every statement recorded by both.
describe('LF booking path: every statement reaches its rows by a key (docs/scaling.md)', () => {
  let middleware: ScriptedMiddleware;
  let database: TestDatabase;
  let service: TestService;
  const send = (path: string, body: unknown): Promise<JsonResponse> =>
    postJson(`${service.baseUrl}${path}`, body, { token });
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const updateSample = () => {
    const sample = loadSamples({ role: 'LF', operation: 'update' })[0];
    if (!sample) throw new Error('no LF update sample');
    return structuredClone(sample.body);
  };

  beforeAll(async () => {
    middleware = await startScriptedMiddleware();
    database = await createTestDatabase();
    service = await startTestService(recordedLfService(), database.url, {
      ...middleware.env,
      ...FAST_RETRIES,
      TRIGGER_MAX_ATTEMPTS: '5',
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
    await middleware?.close();
  });

  it('should book chains: triggers (delivered, retried, rejected, replayed), answers by every key, MaloIdent answers', async () => {
    const release = releaseInForceAt(new Date()) ?? '10/26';
    const lieferbeginn = triggerEvent(release, 'LF', 'START_LIEFERBEGINN');
    const maloIdent = triggerEvent(release, 'LF', 'START_MALOIDENT');
    if (!lieferbeginn || !maloIdent)
      throw new Error(`the ${release} catalogue lacks START_LIEFERBEGINN or START_MALOIDENT`);

    // A trigger the middleware refuses first: retried by the request's schedule and delivered by the worker.
    middleware.failNext(1, 'unavailable');
    const switchTrigger = await send('/triggers/START_LIEFERBEGINN', triggerBodyFor(lieferbeginn));
    expect(switchTrigger.body['status']).toBe('pending');
    const switchId = switchTrigger.body['prozessId'] as string;
    const switchKey = await waitFor('the worker to deliver the trigger', async () => {
      const [row] = await sql<{ key: string }>(
        `SELECT k.key FROM process_key k JOIN process_record r ON r.id = k.record_id WHERE r.business_key = $1 AND k.kind = 'triggerBusinessKey'`,
        [switchId],
      );
      return row?.key;
    });

    // A trigger the middleware rejects, and a replay of a trigger with its own prozessId.
    middleware.failNext(1, { eventFail: { errorCode: 'EVENT_FAIL', message: 'scripted' } });
    expect((await send('/triggers/START_LIEFERBEGINN', triggerBodyFor(lieferbeginn))).status).toBeGreaterThanOrEqual(
      400,
    );
    const chosen = { ...triggerBodyFor(lieferbeginn), zusatzdaten: { prozessId: randomUUID() } };
    expect((await send('/triggers/START_LIEFERBEGINN', chosen)).body['status']).toBe('sent');
    expect((await send('/triggers/START_LIEFERBEGINN', chosen)).body['status']).toBe('sent');

    // Answers: by targetBusinessKey with a new sub-process key (two keys), replayed, then by the sub-process key alone.
    const sub = randomUUID();
    const answer = { ...updateSample(), zusatzdaten: { businessKey: sub, targetBusinessKey: switchKey } };
    expect((await send('/updateProcessData', answer)).body).toMatchObject({
      processBusinessKey: switchId,
      matchedBy: 'targetBusinessKey',
      replayed: false,
    });
    expect((await send('/updateProcessData', answer)).body).toMatchObject({ replayed: true });
    expect(
      (await send('/updateProcessData', { ...updateSample(), zusatzdaten: { businessKey: sub } })).body,
    ).toMatchObject({
      processBusinessKey: switchId,
      matchedBy: 'businessKey',
    });
    // Keys naming two processes: refused as ambiguous.
    const other = withBusinessKey(loadSamples({ role: 'LF', operation: 'create' })[0].body);
    expect((await send('/createProcessData', other)).status).toBe(200);
    expect((await send('/createProcessData', other)).body).toMatchObject({ replayed: true });
    const otherKey = (other['zusatzdaten'] as { businessKey: string }).businessKey;
    expect(
      (
        await send('/updateProcessData', {
          ...updateSample(),
          zusatzdaten: { businessKey: otherKey, targetBusinessKey: switchKey },
        })
      ).body,
    ).toMatchObject({ code: 'PROCESS_DATA.KEYS_AMBIGUOUS' });

    // The MaLo identification: answers by prozessId, by referenzProzessId in the `data` form, replayed.
    const identTrigger = await send('/triggers/START_MALOIDENT', triggerBodyFor(maloIdent));
    const identId = identTrigger.body['prozessId'] as string;
    const identKey = identTrigger.body['businessKey'] as string;
    const maloIdentAnswer = (pruefidentifikator: string, zusatzdaten: Record<string, unknown>) => ({
      ...(pruefidentifikator === '03002'
        ? {
            stammdaten: {
              MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192' }],
            },
          }
        : {}),
      transaktionsdaten: {
        vorgangsnummer: randomUUID(),
        pruefidentifikator,
        absender: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000010' },
        empfaenger: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000003' },
      },
      zusatzdaten,
    });
    expect(
      (await send('/updateProcessData', maloIdentAnswer('03002', { prozessId: identId, targetBusinessKey: identKey })))
        .status,
    ).toBe(201);
    const negative = { data: maloIdentAnswer('03003', { referenzProzessId: identId, targetBusinessKey: identKey }) };
    expect((await send('/updateProcessData', negative)).status).toBe(201);
    expect((await send('/updateProcessData', negative)).body).toMatchObject({ replayed: true });
  });

  it('should reach every row of the booking path by a key: no statement scans a distributed table without one', async () => {
    const judged = await withClient(database.url, async (client) => {
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      const arbiters = Object.fromEntries(
        (
          await client.query<{ name: string; columns: string[] }>(`
          SELECT i.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns
          FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
          CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
          WHERE x.indisunique GROUP BY i.relname`)
        ).rows.map((row) => [row.name, row.columns]),
      );
      const results: { name: string; text: string; count: number; verdict: StatementVerdict }[] = [];
      // An update takes the row lock only after lost races: its lock statements are judged with the values of the
      // optimistic reads they stand in for, whether this run lost a race or not.
      for (const statement of [...recorder.statements.values()]) {
        const counterpart = statement.name ? LOCKING_COUNTERPARTS[statement.name] : undefined;
        if (counterpart && !recorder.statements.has(counterpart.text))
          recorder.statements.set(counterpart.text, { ...counterpart, values: statement.values, count: 0 });
      }
      for (const statement of recorder.statements.values()) {
        if (EXEMPT.test(statement.text)) continue;
        // As the pool runs it: prepared without parameter types, generic plan; the recorded values are only typed.
        await client.query(`PREPARE checked AS ${statement.text}`);
        try {
          const args = statement.values.map((value) => literal(value, (text) => client.escapeLiteral(text)));
          const { rows } = await client.query(
            `EXPLAIN (FORMAT JSON, VERBOSE) EXECUTE checked${args.length > 0 ? `(${args.join(', ')})` : ''}`,
          );
          const [{ Plan }] = rows[0]['QUERY PLAN'];
          results.push({
            name: statement.name ?? /^\/\* (\w+) \*\//.exec(statement.text)?.[1] ?? oneLine(statement.text),
            text: statement.text,
            count: statement.count,
            verdict: judgePlan(Plan, arbiters),
          });
        } finally {
          await client.query(`DEALLOCATE checked`);
        }
      }
      return results;
    });

    const report = judged
      .map(
        ({ name, count, verdict }) =>
          `${verdict.reach.padEnd(12)} ${String(count).padStart(5)}× ${name}\n${verdict.scans.map((scan) => `               ${scan.table} ${scan.alias}: ${scan.reach} (${scan.why})`).join('\n')}`,
      )
      .join('\n');
    process.stdout.write(
      `single-key check: ${judged.length} distinct statements (${[...recorder.statements.values()].reduce((n, s) => n + s.count, 0)} executions)\n${report}\n`,
    );

    const refused = judged.filter(
      ({ name, verdict }) => verdict.reach === 'cross-key' && ALLOWED[name]?.reach !== 'cross-key',
    );
    expect(
      refused.map(({ name, verdict }) => ({ name, scans: verdict.scans.filter((scan) => scan.reach === 'cross-key') })),
    ).toEqual([]);
    // Statements that find a process by its business key or prozessId on process_record: on Citus each becomes a probe of
    // process_key first (docs/scaling.md, "Statements"). Reviewed like the allow-list: a new one must be added here.
    expect(
      judged
        .filter(({ verdict }) => verdict.reach === 'lookup')
        .map(({ name }) => name)
        .sort(),
    ).toEqual(LOOKUP_ROUTED);
    // The allow-list is reviewed: each entry is sent by the workload and still needs its place.
    const seen = new Map(judged.map((entry) => [entry.name, entry.verdict.reach]));
    expect(Object.keys(ALLOWED).filter((name) => seen.get(name) !== ALLOWED[name].reach)).toEqual([]);
    // The workload reached what it is meant to: creates, both key lookups (and their lock statements), updates, triggers, delivery, projection.
    for (const name of [
      'insert_records_with_revisions',
      'same_as_create',
      'read_record',
      'read_candidates',
      'lock_record',
      'lock_candidates',
      'update_record_with_revision',
      'select_replayed_revision',
      'insert_trigger_process',
      'same_trigger',
      'insert_trigger_delivery',
      'mark_trigger_sent',
      'mark_trigger_delivered',
      'mark_trigger_failed',
      'mark_trigger_delivery_failed',
      'schedule_trigger_retry',
    ]) {
      expect([name, seen.has(name)]).toEqual([name, true]);
    }
  });

  it('should hold no constraint the layout cannot enforce per shard, but the reviewed ones the Citus migration replaces', async () => {
    // A unique index is enforced per shard: it must hold the distribution column. A foreign key between distributed
    // tables must join their co-located distribution columns. What does not is listed in docs/scaling.md ("Migrations").
    const violations = await withClient(database.url, async (client) => {
      const uniques = await client.query<{ table: string; name: string; columns: string[] }>(
        `
        SELECT t.relname AS table, i.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
        CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
        WHERE x.indisunique AND t.relname = ANY($1::text[]) GROUP BY t.relname, i.relname`,
        [Object.keys(DISTRIBUTION)],
      );
      const keys = await client.query<{
        table: string;
        name: string;
        columns: string[];
        referenced: string;
        referenced_columns: string[];
      }>(
        `
        SELECT t.relname AS table, c.conname AS name, r.relname AS referenced,
          ARRAY(SELECT a.attname::text FROM unnest(c.conkey) n JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = n) AS columns,
          ARRAY(SELECT a.attname::text FROM unnest(c.confkey) n JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = n) AS referenced_columns
        FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
        WHERE c.contype = 'f' AND t.relname = ANY($1::text[])`,
        [Object.keys(DISTRIBUTION)],
      );
      return [
        ...uniques.rows
          .filter((row) => !row.columns.includes(DISTRIBUTION[row.table].column))
          .map((row) => `${row.table}.${row.name} (${row.columns.join(', ')})`),
        ...keys.rows
          .filter((row) => {
            const [from, to] = [DISTRIBUTION[row.table], DISTRIBUTION[row.referenced]];
            return (
              !to ||
              from.colocation !== to.colocation ||
              row.columns[0] !== from.column ||
              row.referenced_columns[0] !== to.column
            );
          })
          .map(
            (row) =>
              `${row.table}.${row.name} (${row.columns.join(', ')}) -> ${row.referenced} (${row.referenced_columns.join(', ')})`,
          ),
      ].sort();
    });

    expect(violations).toEqual([
      // business_object: primary key (object_id, id) on Citus.
      'business_object.pk_business_object (id)',
      // malo_ident_request: primary key (idempotency_key, id) on Citus; (role, idempotency_key) already holds the key.
      'malo_ident_request.malo_ident_request_pkey (id)',
      // process_key is distributed by key: the reference to its record is kept by the statements, not a foreign key.
      'process_key.fk_process_key_record (record_id) -> process_record (id)',
      // The business key's uniqueness moves to process_key (a row of kind businessKey per process).
      'process_record.uq_process_record_role_business_key (role, business_key)',
    ]);
  });

  it('should reject cross-key statements (self-check of the checker)', async () => {
    const judge = (text: string, values: unknown[] = []) =>
      withClient(database.url, async (client) => {
        await client.query(`SET plan_cache_mode = force_generic_plan`);
        await client.query(`PREPARE probe AS ${text}`);
        const args = values.map((value) => literal(value, (t) => client.escapeLiteral(t)));
        const { rows } = await client.query(
          `EXPLAIN (FORMAT JSON, VERBOSE) EXECUTE probe${args.length ? `(${args.join(', ')})` : ''}`,
        );
        return judgePlan(rows[0]['QUERY PLAN'][0].Plan, {
          uq_process_record_role_business_key: ['role', 'business_key'],
        }).reach;
      });
    const id = randomUUID();

    expect(await judge(`SELECT count(*) FROM process_record`)).toBe('cross-key');
    expect(
      await judge(`SELECT id FROM process_record WHERE role = $1 AND pruefidentifikator = $2`, ['LF', '55001']),
    ).toBe('cross-key');
    expect(await judge(`SELECT * FROM process_revision WHERE revision = 1`)).toBe('cross-key');
    // Two unkeyed scans joined on their co-located key do not key each other.
    expect(await judge(`SELECT count(*) FROM process_record r JOIN process_revision v ON v.record_id = r.id`)).toBe(
      'cross-key',
    );
    expect(await judge(`SELECT key FROM process_key WHERE record_id = $1`, [id])).toBe('cross-key');
    expect(await judge(`SELECT * FROM business_object WHERE role = $1 AND kind = $2`, ['LF', 'MARKTLOKATION'])).toBe(
      'cross-key',
    );
    // And accepts what is keyed.
    expect(await judge(`SELECT * FROM process_revision WHERE record_id = $1`, [id])).toBe('single-shard');
    expect(
      await judge(`SELECT v.body FROM process_record r JOIN process_revision v ON v.record_id = r.id WHERE r.id = $1`, [
        id,
      ]),
    ).toBe('single-shard');
    expect(
      await judge(`SELECT record_id FROM process_key WHERE role = $1 AND key = ANY($2::text[])`, ['LF', ['a', 'b']]),
    ).toBe('key-set');
    expect(await judge(`SELECT id FROM process_record WHERE role = $1 AND business_key = $2`, ['LF', 'x'])).toBe(
      'lookup',
    );
    expect(Object.keys(DISTRIBUTION)).toEqual(
      expect.arrayContaining(['process_record', 'process_revision', 'process_key', 'business_object']),
    );
  });
});

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 120);
}
