#!/usr/bin/env node
// `GET /bookings/summary`'s statement at volume (docs/performance/2026-11-28-bookings-summary.md), on a database kept
// between steps (created when absent, never dropped: drop it yourself at the end):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node tools/bench/bookings-summary.js --database summary_vol \
//     [--migrate] [--fill 4000000] [--explain [--statement-from REV] [--to ISO] [--runs 5]] [--insert-cost [--rounds 6]]
// --migrate     builds the LF service and starts it once on the database (it migrates, as in production)
// --fill N      N revisions (every 4th a create, the others updates of earlier processes, skewed to recent ones) from
//               the first of the previous UTC month to now, received_at growing with insertion as bookings write it;
//               every 33rd process NB, the others LF; small bodies (≈ 650 B per heap row)
// --explain     EXPLAIN (ANALYZE, BUFFERS) and `--runs` timed executions of COUNT_BOOKINGS (libs/operator bookings
//               repository, as in the work tree or at git revision REV) for 24 h hourly, 7 d and 30 d daily up to
//               `--to`, in the service's session: generic plans, no JIT (poolOptions in libs/database)
// --insert-cost without and with the BRIN index, alternately, `--rounds` times: a bulk insert of 200 000 revisions
//               (time and WAL) and single-row inserts by 4 clients for 15 s (rows/s); deleted again after each step
'use strict';
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { Client } = require('pg');
const { ensureRevisionPartitionsSince } = require('./bulk-fill');
const { keptDatabase } = require('./kept-database');
const { log } = require('./report');
const { migrateWithService } = require('./service');
const { medianOf } = require('./statistics');

const ROOT = join(__dirname, '..', '..');
const REPOSITORY = 'libs/operator/src/bookings/bookings.repository.ts';
/** As migration RevisionReceivedAtBrin creates it. */
const BRIN =
  'CREATE INDEX IF NOT EXISTS idx_process_revision_received_brin ON process_revision USING brin (received_at)';
const PIS_CREATE = `ARRAY['55001','55001','55001','55002','55010','55016','55017','55126']`;
const PIS_UPDATE = `ARRAY['55003','55004','55005','55007','55011','55012']`;

/**
 * A revision's columns as bookings fill them, for process `k` (SQL) received at `received` with PI `pi`.
 * @param {string} k
 * @param {string} pi
 * @param {string} received
 */
const body = (k, pi, received) => `jsonb_build_object(
    'transaktionsdaten', jsonb_build_object('pruefidentifikator', ${pi}, 'absender', '9900000000003', 'empfaenger', '9900000000010',
      'nachrichtendatum', to_char(${received} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    'zusatzdaten', jsonb_build_object('businessKey', 'vol-' || lpad(${k}::text, 9, '0')),
    'stammdaten', jsonb_build_object('MARKTLOKATION', jsonb_build_array(jsonb_build_object(
      'marktlokationsId', '5' || lpad((${k} % 999999999)::text, 9, '0') || (${k} % 10)::text,
      'lokationsadresse', jsonb_build_object('postleitzahl', lpad((10000 + ${k} % 89999)::text, 5, '0'), 'ort', 'Berlin',
        'strasse', 'Hauptstrasse', 'hausnummer', (${k} % 200)::text)))))`;

/**
 * Fills `revisions` revisions over the previous and the current UTC month (see the header).
 * @param {Client} client
 * @param {number} revisions
 */
async function fill(client, revisions) {
  const started = Date.now();
  const since = `date_trunc('month', now() AT TIME ZONE 'UTC' - interval '1 month') AT TIME ZONE 'UTC'`;
  await ensureRevisionPartitionsSince(client, since);
  await client.query(`SET work_mem = '512MB'`);
  await client.query('SET synchronous_commit = off');
  // Events in arrival order: every 4th creates process (g + 3) / 4, the others update one created before.
  await client.query(
    `
    CREATE TEMP TABLE vol_event AS
    WITH e AS (
      SELECT g, CASE WHEN g % 4 = 1 THEN (g + 3) / 4
                     ELSE greatest(1, (g + 3) / 4 - floor(((g + 3) / 4) * power(random(), 3))::int) END AS k,
        g % 4 = 1 AS is_create,
        ${since} + ((g - 0.5) / $1::int::float8) * (now() - ${since}) AS received_at
      FROM generate_series(1, $1::int) g
    )
    SELECT g, k, is_create, received_at, row_number() OVER (PARTITION BY k ORDER BY g)::int AS revision FROM e`,
    [revisions],
  );
  await client.query(`
    INSERT INTO process_record (id, role, business_key, pruefidentifikator, release, marktlokations_ids, current, revision,
      created_at, updated_at, chain_hash)
    SELECT md5('vol' || k)::uuid, CASE WHEN k % 33 = 0 THEN 'NB' ELSE 'LF' END, 'vol-' || lpad(k::text, 9, '0'),
      (${PIS_CREATE})[1 + k % 8], '04/26', ARRAY['5' || lpad((k % 999999999)::text, 9, '0') || (k % 10)::text],
      CASE WHEN max(revision) > 1 THEN jsonb_build_object('state', k) END, max(revision), min(received_at), max(received_at),
      sha256(('chain' || k)::bytea)
    FROM vol_event GROUP BY k ORDER BY k`);
  log(`  processes written (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  await client.query(`
    INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject,
      request_id, received_at, findings, matched_by, chain_hash, dialect)
    SELECT md5('vol' || e.k)::uuid, e.revision, CASE WHEN e.is_create THEN 'create' ELSE 'update' END, p.pi, '04/26', b.body,
      sha256(convert_to(b.body::text, 'UTF8')), 'client-' || (e.k % 7), md5('req' || e.g)::uuid::text, e.received_at,
      CASE WHEN e.g % 50 = 0 THEN '[{"code":"unlisted-pi","pointer":"#/transaktionsdaten/pruefidentifikator"}]'::jsonb ELSE '[]'::jsonb END,
      CASE WHEN NOT e.is_create THEN 'businessKey' END, sha256(('rev' || e.g)::bytea), 'de'
    FROM vol_event e,
      LATERAL (SELECT CASE WHEN e.is_create THEN (${PIS_CREATE})[1 + e.k % 8] ELSE (${PIS_UPDATE})[1 + e.g % 6] END AS pi) p,
      LATERAL (SELECT ${body('e.k', 'p.pi', 'e.received_at')} AS body) b
    ORDER BY e.g`);
  log(`  revisions written (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  await client.query(`
    INSERT INTO process_update_body (record_id, body_sha256, revision)
    SELECT record_id, body_sha256, revision FROM process_revision WHERE operation = 'update' ON CONFLICT DO NOTHING`);
  await client.query('DROP TABLE vol_event');
  await client.query('VACUUM ANALYZE process_record');
  await client.query('VACUUM ANALYZE process_revision');
  const { rows } = await client.query(`
    SELECT c.relname AS table, c.reltuples::bigint AS rows, pg_size_pretty(pg_relation_size(c.oid)) AS heap,
      pg_size_pretty(pg_total_relation_size(c.oid)) AS total
    FROM pg_class c WHERE c.relname = 'process_record' OR (c.relname LIKE 'process_revision_%' AND c.relkind = 'r' AND c.reltuples > 0)
    ORDER BY 1`);
  log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.table(rows);
}

/**
 * COUNT_BOOKINGS of the repository in the work tree, or at git revision `revision`.
 * @param {string | undefined} revision
 */
function countBookingsStatement(revision) {
  const source = revision
    ? execFileSync('git', ['show', `${revision}:${REPOSITORY}`], { cwd: ROOT, encoding: 'utf8' })
    : readFileSync(join(ROOT, REPOSITORY), 'utf8');
  const match = /const COUNT_BOOKINGS = `([^`]*)`/.exec(source);
  if (!match) throw new Error(`no COUNT_BOOKINGS in ${REPOSITORY}${revision ? ` at ${revision}` : ''}`);
  return match[1];
}

/**
 * Plans and times of the statement for the summary's windows, in the service's session.
 * @param {Client} client
 * @param {{ statement: string, to: Date, runs: number }} options
 */
async function explain(client, { statement, to, runs }) {
  await client.query('SET plan_cache_mode = force_generic_plan');
  await client.query('SET jit = off');
  await client.query(`PREPARE summary AS ${statement}`);
  // The statement before date_bin took the bucket's name, since then its width.
  const width = /\$2::interval/.test(statement);
  for (const [bucket, days] of /** @type {const} */ ([
    ['hour', 1],
    ['day', 7],
    ['day', 30],
  ])) {
    // EXECUTE takes no bind parameters: the values (our own) as literals.
    const values = ['LF', width ? `1 ${bucket}` : bucket, new Date(to.getTime() - days * 86_400_000), to];
    const execute = `EXECUTE summary(${values.map((value) => `'${value instanceof Date ? value.toISOString() : value}'`).join(', ')})`;
    await client.query(execute);
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`);
    const times = [];
    for (let run = 0; run < runs; run++) {
      const started = process.hrtime.bigint();
      await client.query(execute);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    console.log(`\n### ${bucket} over ${days} d (to ${to.toISOString()})\n`);
    console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
    console.log(`\nruns (ms): ${times.map((ms) => ms.toFixed(0)).join(', ')}; median ${medianOf(times).toFixed(0)}`);
  }
  await client.query('DEALLOCATE summary');
}

/**
 * Bulk and single-row insert cost without and with the BRIN index (see the header). Leaves the index in place.
 * @param {Client} client
 * @param {string} url
 * @param {number} rounds
 */
async function insertCost(client, url, rounds) {
  const { rows } = await client.query(`SELECT max(received_at) AS last FROM process_revision`);
  const after = /** @type {Date} */ (rows[0].last);
  const cleanup = async () => {
    await client.query(`DELETE FROM process_revision WHERE received_at > $1`, [after]);
    await client.query('VACUUM process_revision');
    await client.query('CHECKPOINT');
  };
  const bulk = `
    EXPLAIN (ANALYZE, WAL, COSTS OFF)
    INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject,
      request_id, received_at, findings, matched_by, chain_hash, dialect)
    SELECT md5('vol' || k)::uuid, 100000 + g, 'update', '55003', '04/26', b.body, sha256(convert_to(b.body::text, 'UTF8')),
      'client-1', 'ins-' || g, $1::timestamptz + g * interval '1 millisecond', '[]', 'businessKey', sha256(('ins' || g)::bytea), 'de'
    FROM generate_series(1, 200000) g, LATERAL (SELECT 1 + (g * 7919) % 1000000 AS k) kk,
      LATERAL (SELECT ${body('kk.k', `'55003'`, '$1::timestamptz')} AS body) b`;
  const single = `
    INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject,
      request_id, received_at, findings, matched_by, chain_hash, dialect)
    SELECT md5('vol' || $1::int)::uuid, 200000 + $2::int, 'update', '55003', '04/26', b, sha256(convert_to(b::text, 'UTF8')), 'client-1',
      'ins-single', greatest(clock_timestamp(), $3::timestamptz + interval '1 second'), '[]', 'businessKey', sha256(('c' || $1::int)::bytea), 'de'
    FROM (SELECT ${body('$1::int', `'55003'`, 'clock_timestamp()')} AS b) x`;
  /** @type {Record<string, { bulkMs: number[], walMB: number[], singlePerSecond: number[] }>} */
  const results = {};
  for (let round = 1; round <= rounds; round++) {
    for (const mode of ['without', 'with']) {
      await client.query(mode === 'with' ? BRIN : 'DROP INDEX IF EXISTS idx_process_revision_received_brin');
      await cleanup();
      const { rows: plan } = await client.query(bulk, [new Date(after.getTime() + 1000)]);
      const lines = plan.map((row) => String(row['QUERY PLAN']));
      const bulkMs = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]);
      const walMB = Number(/WAL: .*bytes=(\d+)/.exec(lines.join('\n'))?.[1]) / 1e6;
      await cleanup();
      const singlePerSecond = await singleInserts(url, single, after, 4, 15_000);
      await cleanup();
      const result = (results[mode] ??= { bulkMs: [], walMB: [], singlePerSecond: [] });
      result.bulkMs.push(bulkMs);
      result.walMB.push(walMB);
      result.singlePerSecond.push(singlePerSecond);
      log(
        `round ${round} ${mode} the index: bulk ${bulkMs.toFixed(0)} ms, WAL ${walMB.toFixed(1)} MB; single ${singlePerSecond.toFixed(0)} rows/s`,
      );
    }
  }
  await client.query(BRIN);
  console.log('\n| BRIN index | bulk 200k: median ms | WAL MB | single-row inserts/s (4 clients): median |');
  console.log('|---|---:|---:|---:|');
  for (const [mode, result] of Object.entries(results)) {
    console.log(
      `| ${mode} | ${medianOf(result.bulkMs).toFixed(0)} | ${medianOf(result.walMB).toFixed(1)} | ${medianOf(result.singlePerSecond).toFixed(0)} |`,
    );
  }
}

/**
 * Rows per second that `clients` connections insert one at a time (autocommit) for `durationMs`.
 * @param {string} url
 * @param {string} statement
 * @param {Date} after
 * @param {number} clients
 * @param {number} durationMs
 */
async function singleInserts(url, statement, after, clients, durationMs) {
  const connected = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const started = Date.now();
  let rows = 0;
  await Promise.all(
    connected.map(async (client, index) => {
      for (let n = 0; Date.now() - started < durationMs; n++) {
        await client.query({
          name: 'single',
          text: statement,
          values: [1 + ((n * 7919 + index) % 1_000_000), index, after],
        });
        rows++;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(connected.map((client) => client.end()));
  return rows / seconds;
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      database: { type: 'string' },
      migrate: { type: 'boolean', default: false },
      fill: { type: 'string' },
      explain: { type: 'boolean', default: false },
      'statement-from': { type: 'string' },
      to: { type: 'string' },
      runs: { type: 'string', default: '5' },
      'insert-cost': { type: 'boolean', default: false },
      rounds: { type: 'string', default: '6' },
    },
  });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl || !args.database) throw new Error('set DATABASE_URL (any database of the server) and --database NAME');
  const database = await keptDatabase(adminUrl, args.database);
  if (args.migrate) {
    log('building and starting the LF service once: it migrates the database');
    execFileSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'run', 'lf:build', '--output-style=static'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    // startService reads only the app and its node arguments.
    const options = /** @type {import('./options').BenchOptions} */ (
      /** @type {unknown} */ ({ app: 'lf', args: { 'service-node-args': '' } })
    );
    await migrateWithService(options, database.url, 23131, ROOT);
  }
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    if (args.fill) await fill(client, Number(args.fill));
    if (args.explain) {
      const to = args.to ? new Date(args.to) : new Date();
      const statement = countBookingsStatement(args['statement-from']);
      await explain(client, { statement, to, runs: Number(args.runs) });
    }
    if (args['insert-cost']) await insertCost(client, database.url, Number(args.rounds));
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
