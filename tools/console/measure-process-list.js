#!/usr/bin/env node
// Fills a database with N booked LF processes and times the operator console's `GET /processes` against the built
// service (apps/lf/dist/main.js, which must serve the operator group):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node tools/console/measure-process-list.js \
//     [--processes 1000000] [--keep-database NAME] [--requests 50] [--explain]
// `--keep-database NAME` fills NAME once and reuses it on later runs (a fill of 1 000 000 takes minutes); without it a
// fresh database is created and dropped. `--explain` prints the plan of each measured query (the repository's own SQL).
'use strict';
require('../ts-require');
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { sign } = require('jsonwebtoken');
const { Client } = require('pg');
const { keptDatabase } = require('../bench/kept-database');
const { ensureRevisionPartitionsSince, fillWithIndexesRebuilt } = require('../bench/bulk-fill');
const { waitForLive } = require('../bench/wait-for-live');

const ROOT = join(__dirname, '..', '..');
const JWT_SECRET = 'measurement-secret-that-is-long-enough-for-hs256';
const PORT = 3917;
const TARGET_MS = 200;
const PIS = ['55001', '55010', '55126', '55003', '55017', '55078'];
const DAYS = 365;

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '1000000' },
    'keep-database': { type: 'string' },
    requests: { type: 'string', default: '50' },
    explain: { type: 'boolean', default: false },
  },
  strict: true,
});
const processes = Number(args.processes);
const requests = Number(args.requests);
if (!Number.isInteger(processes) || processes < 10) throw new Error('--processes takes a whole number of at least 10');

/** @param {string} message */
const log = (message) => process.stderr.write(`${message}\n`);

/** The MaLo-ID of process g: about three processes share one (a MaLo changes supplier, is read, …). */
const maloOf = (/** @type {number} */ g) => `5${String(Math.floor(g / 3)).padStart(9, '0')}${g % 10}`;
const MALO_SQL = `'5' || lpad((g / 3)::text, 9, '0') || (g % 10)::text`;
const businessKeyOf = (/** @type {number} */ g) => `bench-${String(g).padStart(9, '0')}`;

/**
 * The fill, set-based: process g (1…N) is created `DAYS` days × (N − g) / N ago, so the newest is g = N. 1–3
 * revisions (every 3rd has a second, every 7th a third, an hour apart); findings on the latest revision of every 12th
 * (missing-mandatory-field) and every 50th (unlisted-pi); every 1000th is a trigger process with an outbox row; every
 * 20th collected a sub-process key.
 * @param {import('pg').Client} client
 */
async function fill(client) {
  const step = `(${DAYS} * 86400.0 / ${processes})`;
  await client.query(`
    INSERT INTO process_record (id, role, business_key, target_business_key, prozess_id, pruefidentifikator, release, marktlokations_ids, current,
      revision, created_at, updated_at, status)
    SELECT md5('record' || g)::uuid, 'LF', 'bench-' || lpad(g::text, 9, '0'), NULL,
      CASE WHEN g % 10 = 0 THEN 'prz-' || g END,
      (ARRAY[${PIS.map((pi) => `'${pi}'`).join(', ')}])[1 + g % ${PIS.length}],
      CASE WHEN g % 5 = 0 THEN '10/25' ELSE '04/26' END,
      ARRAY[${MALO_SQL}],
      CASE WHEN revisions > 1 THEN jsonb_build_object('stammdaten', jsonb_build_object('MARKTLOKATION', jsonb_build_array(jsonb_build_object('marktlokationsId', ${MALO_SQL})))) END,
      revisions, created, created + (revisions - 1) * interval '1 hour',
      CASE WHEN g % 1000 = 0 THEN (ARRAY['pending', 'sent', 'failed'])[1 + (g / 1000) % 3] END
    FROM generate_series(1, ${processes}) g,
      LATERAL (SELECT 1 + (g % 3 = 0)::int + (g % 7 = 0)::int AS revisions, now() - (${processes} - g) * ${step} * interval '1 second' AS created) f`);
  log('  records written');
  await client.query(`
    INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, findings, received_at)
    SELECT r.id, n, CASE WHEN n = 1 THEN 'create' ELSE 'update' END, r.pruefidentifikator, r.release,
      jsonb_build_object('stammdaten', jsonb_build_object('MARKTLOKATION', jsonb_build_array(jsonb_build_object('marktlokationsId', r.marktlokations_ids[1]))),
        'transaktionsdaten', jsonb_build_object('pruefidentifikator', r.pruefidentifikator), 'zusatzdaten', jsonb_build_object('businessKey', r.business_key)),
      CASE WHEN n > 1 THEN sha256(convert_to(r.business_key || n, 'UTF8')) END,
      CASE
        WHEN n < r.revision THEN '[]'::jsonb
        WHEN g % 50 = 0 THEN '[{"code": "unlisted-pi", "pointer": "#/transaktionsdaten/pruefidentifikator", "message": "not in the role''s catalogue"}]'::jsonb
        WHEN g % 12 = 0 THEN '[{"code": "missing-mandatory-field", "pointer": "#/transaktionsdaten/absender", "message": "is mandatory"}]'::jsonb
        ELSE '[]'::jsonb
      END,
      r.created_at + (n - 1) * interval '1 hour'
    FROM process_record r, LATERAL (SELECT substr(r.business_key, 7)::int AS g) k, generate_series(1, r.revision) n
    WHERE r.role = 'LF' AND r.business_key LIKE 'bench-%'`);
  log('  revisions written');
  await client.query(`
    INSERT INTO process_key (role, key, record_id, kind, first_revision)
    SELECT 'LF', 'sub-' || g, md5('record' || g)::uuid, 'subProcessBusinessKey', 2 FROM generate_series(20, ${processes}, 20) g`);
  await client.query(`
    INSERT INTO trigger_delivery (record_id, role, eventname, attempts, next_attempt_at, delivered_at, failed_at, created_at)
    SELECT id, role, 'START_MALOIDENT', 1, created_at + interval '1 minute',
      CASE WHEN status = 'sent' THEN created_at END, CASE WHEN status = 'failed' THEN created_at END, created_at
    FROM process_record WHERE status IS NOT NULL AND business_key LIKE 'bench-%'`);
}

/** Creates (or reuses) the database; the service migrates it on start, the fill runs once per size. */
async function openDatabase() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the measurement creates its own database)');
  const name = args['keep-database'] ?? `maco_console_${Date.now()}`;
  const { url } = await keptDatabase(adminUrl, name);
  const drop = async () => {
    if (args['keep-database']) return;
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  return { name, url, drop };
}

/** @param {string} databaseUrl */
async function startService(databaseUrl) {
  const child = spawn(process.execPath, [join(ROOT, 'apps', 'lf', 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      RATE_LIMIT: '10000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was live`))),
  );
  await Promise.race([waitForLive(`http://127.0.0.1:${PORT}/health/live`, 60_000), exited]);
  return child;
}

/** @param {import('node:child_process').ChildProcess} child */
async function stopService(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exit;
}

/**
 * @param {string} path
 * @param {string} token
 * @returns {Promise<{ ms: number, body: { items?: { businessKey: string }[], nextCursor?: string | null } }>}
 */
async function timedGet(path, token) {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = /** @type {{ items?: { businessKey: string }[], nextCursor?: string | null }} */ (await response.json());
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

/** @param {number[]} values @param {number} share */
const percentile = (values, share) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)];

/** A random process number, the same sequence every run. */
function randomProcess() {
  let state = 42;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 1 + (state % processes);
  };
}

async function main() {
  const database = await openDatabase();
  log(`database ${database.name}; starting the service (it migrates)`);
  let child = await startService(database.url);
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS console_measure_fill (processes int, filled_at timestamptz)`);
    const filled = (await client.query(`SELECT 1 FROM console_measure_fill WHERE processes = $1`, [processes]))
      .rowCount;
    if (!filled) {
      log(`filling ${processes} processes`);
      const started = Date.now();
      // The service must not hold locks on the tables while indexes are dropped.
      await stopService(child);
      await client.query(
        `TRUNCATE trigger_delivery, process_key, process_revision, process_record, console_measure_fill CASCADE`,
      );
      await ensureRevisionPartitionsSince(client, `now() - interval '${DAYS + 1} days'`);
      await fillWithIndexesRebuilt(client, log, () => fill(client), [
        'process_record',
        'process_revision',
        'process_key',
        'trigger_delivery',
      ]);
      await client.query(`VACUUM (ANALYZE) process_record, process_revision`);
      await client.query(`INSERT INTO console_measure_fill VALUES ($1, now())`, [processes]);
      log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      child = await startService(database.url);
    } else {
      log(`reusing the fill of ${processes} processes`);
    }
    const token = sign({ roles: ['OPERATOR'] }, JWT_SECRET, {
      algorithm: 'HS256',
      subject: 'measure',
      expiresIn: 3600,
    });
    const next = randomProcess();
    const first = await timedGet('/processes', token);
    const cursor = first.body.nextCursor;
    if (!cursor) throw new Error('the first page has no next cursor');
    const day = 86_400_000;
    /** @type {[string, () => string][]} */
    const cases = [
      ['default (newest 50)', () => '/processes'],
      ['PI filter', () => `/processes?pruefidentifikator=${PIS[next() % PIS.length]}`],
      ['MaLo filter', () => `/processes?maloId=${maloOf(next())}`],
      [
        'date range (7 days)',
        () => {
          const from = Date.now() - (7 + (next() % 300)) * day;
          return `/processes?from=${new Date(from).toISOString()}&to=${new Date(from + 7 * day).toISOString()}`;
        },
      ],
      ['findings=any', () => '/processes?findings=any'],
      ['findings=unlisted-pi', () => '/processes?findings=unlisted-pi'],
      ['page 2 via cursor', () => `/processes?cursor=${cursor}`],
      ['key lookup', () => `/processes?key=${businessKeyOf(next())}`],
    ];
    const rows = [];
    for (const [name, path] of cases) {
      for (let i = 0; i < 3; i++) await timedGet(path(), token);
      /** @type {number[]} */
      const times = [];
      let found = 0;
      for (let i = 0; i < requests; i++) {
        const { ms, body } = await timedGet(path(), token);
        times.push(ms);
        found += body.items?.length ?? 0;
      }
      rows.push({
        name,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        max: Math.max(...times),
        items: found / requests,
      });
    }
    const table = [
      `GET /processes on ${processes.toLocaleString('en')} processes, ${requests} requests each (sequential, after 3 warm-up requests):`,
      '',
      '| query | p50 ms | p95 ms | max ms | items/page | ≤ 200 ms |',
      '|---|---:|---:|---:|---:|:---:|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} | ${row.items.toFixed(1)} | ${row.max <= TARGET_MS ? 'yes' : 'NO'} |`,
      ),
      '',
    ];
    process.stdout.write(table.join('\n') + '\n');
    if (args.explain) await explain(database.url, cursor);
  } finally {
    await client.end();
    await stopService(child);
    await database.drop();
  }
}

/**
 * The plans of the measured queries, from the repository's own SQL: its pool is a stand-in that explains instead.
 * @param {string} databaseUrl
 * @param {string} cursor
 */
async function explain(databaseUrl, cursor) {
  const { ProcessListRepository } = require('../../libs/operator/src/processes/process-list.repository.ts');
  const { decodeCursor } = require('../../libs/platform/src/http/keyset-cursor.ts');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  /** @type {string[]} */
  let plan = [];
  const explaining = {
    /** @param {string} text @param {unknown[]} params */
    query: async (text, params) => {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params);
      plan = rows.map((row) => row['QUERY PLAN']);
      return { rows: [] };
    },
  };
  const repository = new ProcessListRepository(/** @type {import('pg').Pool} */ (/** @type {unknown} */ (explaining)));
  const from = new Date(Date.now() - 100 * 86_400_000);
  /** @typedef {import('../../libs/operator/src/processes/process-list.repository.ts').ProcessListFilter} Filter */
  /** @typedef {import('../../libs/operator/src/processes/process-list.repository.ts').ProcessListPosition} Position */
  /** @type {[string, Filter, Position?][]} */
  const cases = [
    ['default', {}],
    ['PI filter', { pruefidentifikator: '55126' }],
    ['MaLo filter', { maloId: maloOf(Math.floor(processes / 2)) }],
    ['date range', { from, to: new Date(from.getTime() + 7 * 86_400_000) }],
    ['findings=any', { findings: 'any' }],
    ['page 2', {}, decodeCursor(cursor, /** @type {const} */ (['timestamp', 'text']))],
    ['key lookup', { key: businessKeyOf(Math.floor(processes / 2)) }],
  ];
  for (const [name, filter, after] of cases) {
    await repository.page('LF', filter, 50, after);
    process.stdout.write(`\n### ${name}\n${plan.join('\n')}\n`);
  }
  await client.end();
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
