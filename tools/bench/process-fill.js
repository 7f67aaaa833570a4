#!/usr/bin/env node
// Preloads a migrated database with N booked processes for the booking benchmark at scale, set-based in PostgreSQL:
// the role's real create samples as templates (ids varied per process), 1–3 revisions each, spread over two years,
// every 5th with a sub-process key. Rows are shaped as the booking statements write them (revision 1 holds the create
// body, `current` only once an update merged into it, update hashes set).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<migrated db> node tools/bench/process-fill.js --processes 1000000 [--role LF]
//   (or --revisions N: the fewest processes that make N stored revisions, as `--preload N` does)
// Used by `npm run bench -- --preload N` (tools/bench/run.js); see tools/bench/README.md.
'use strict';
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const {
  ensureRevisionPartitionsSince,
  fillUpdateBodies,
  fillWithIndexesRebuilt,
  totalRelationSizeSql,
} = require('./bulk-fill');

const SAMPLES = join(__dirname, '..', '..', 'reference', 'samples');
const BATCH = 250_000;
const TABLES = ['process_record', 'process_revision', 'process_key'];

/**
 * The role's create samples (real ones first, then synthetic), as template bodies.
 * @param {string} role
 * @returns {{ pruefidentifikator: string, body: string }[]}
 */
function templatesOf(role) {
  const prefix = `${role.toLowerCase()}-create-`;
  const files = ['', 'upstream', 'synth'].flatMap((folder) => {
    const dir = join(SAMPLES, folder);
    try {
      return readdirSync(dir)
        .filter((file) => file.startsWith(prefix) && file.endsWith('.json'))
        .map((file) => join(dir, file));
    } catch {
      return [];
    }
  });
  if (files.length === 0) throw new Error(`no ${prefix}*.json sample under ${SAMPLES}`);
  return files.map((file) => {
    const body = JSON.parse(readFileSync(file, 'utf8'));
    return { pruefidentifikator: String(body.transaktionsdaten?.pruefidentifikator ?? ''), body: JSON.stringify(body) };
  });
}

/**
 * Writes processes `from`…`to` of `role` (already-preloaded ones are left alone: the fill is reusable).
 * @param {import('pg').Client} client
 * @param {{ role: string, from: number, to: number, total: number, templates: number }} range
 */
async function fillBatch(client, { role, from, to, total, templates }) {
  // g → its business key, MaLo-ID, revision count and creation time (two years back, oldest first).
  const facts = `
    SELECT g, md5('preload' || g)::uuid AS id, 'preload-' || lpad(g::text, 10, '0') AS business_key,
      '5' || lpad((g % 999999999)::text, 9, '0') || (g % 10)::text AS malo,
      1 + (g % 3 = 0)::int + (g % 7 = 0)::int AS revisions,
      now() - interval '730 days' + (g::float8 / $3) * interval '730 days' AS created,
      t.pruefidentifikator, t.body AS template
    FROM generate_series($1::int, $2::int) g
    JOIN bench_process_template t ON t.n = g % ${templates}`;
  const createBody = `jsonb_set(jsonb_set(f.template, '{zusatzdaten}', jsonb_build_object('businessKey', f.business_key)),
      '{stammdaten,MARKTLOKATION,0,marktlokationsId}', to_jsonb(f.malo), false)`;
  const updateBody = (/** @type {string} */ n) =>
    `jsonb_set(${createBody}, '{transaktionsdaten,nachrichtendatum}', to_jsonb(to_char((f.created + (${n} - 1) * interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))`;
  await client.query(
    `INSERT INTO process_record (id, role, business_key, pruefidentifikator, release, marktlokations_ids, current, revision, created_at, updated_at)
     SELECT f.id, '${role}', f.business_key, f.pruefidentifikator, '04/26', ARRAY[f.malo],
       CASE WHEN f.revisions > 1 THEN ${updateBody('f.revisions')} END, f.revisions, f.created, f.created + (f.revisions - 1) * interval '1 day'
     FROM (${facts}) f
     ON CONFLICT DO NOTHING`,
    [from, to, total],
  );
  await client.query(
    `INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, received_at, request_id)
     SELECT f.id, n, CASE WHEN n = 1 THEN 'create' ELSE 'update' END, f.pruefidentifikator, '04/26', b.body,
       CASE WHEN n > 1 THEN sha256(convert_to(b.body::text, 'UTF8')) END, f.created + (n - 1) * interval '1 day', 'preload'
     FROM (${facts}) f, generate_series(1, f.revisions) n,
       LATERAL (SELECT CASE WHEN n = 1 THEN ${createBody} ELSE ${updateBody('n')} END AS body) b
     ON CONFLICT DO NOTHING`,
    [from, to, total],
  );
  await client.query(
    `INSERT INTO process_key (role, key, record_id, kind, first_revision)
     SELECT '${role}', 'preload-sub-' || g, md5('preload' || g)::uuid, 'subProcessBusinessKey', 1
     FROM generate_series($1::int, $2::int) g WHERE g % 5 = 0
     ON CONFLICT DO NOTHING`,
    [from, to],
  );
}

/**
 * Revisions the first `processes` processes of the fill have (see `facts`: 1 each, +1 for every 3rd, +1 for every 7th).
 * @param {number} processes
 */
function revisionsOfFirst(processes) {
  return processes + Math.floor(processes / 3) + Math.floor(processes / 7);
}

/**
 * The fewest processes whose revisions make at least `revisions` (what `--preload N` asks for: N stored revisions).
 * @param {number} revisions
 */
function processesForRevisions(revisions) {
  let low = 1;
  let high = revisions;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (revisionsOfFirst(middle) >= revisions) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Preloads `processes` processes (reusable: counts what is there and adds the rest), rebuilding the secondary indexes
 * once around the fill. Returns what the database holds afterwards and the bytes per stored revision.
 * @param {import('pg').Client} client
 * @param {{ role: string, processes: number, log: (message: string) => void }} options
 */
async function preloadProcesses(client, { role, processes, log }) {
  const started = Date.now();
  const { rows: existing } = await client.query(
    `SELECT count(*)::int AS n FROM process_record WHERE role = $1 AND business_key LIKE 'preload-%'`,
    [role],
  );
  const have = existing[0].n;
  if (have < processes) {
    const templates = templatesOf(role);
    await client.query(
      'CREATE TEMP TABLE bench_process_template (n int PRIMARY KEY, pruefidentifikator text, body jsonb)',
    );
    for (const [n, template] of templates.entries()) {
      await client.query('INSERT INTO bench_process_template VALUES ($1, $2, $3)', [
        n,
        template.pruefidentifikator,
        template.body,
      ]);
    }
    // Revisions go back two years (and a day, for the last update of the oldest process).
    await ensureRevisionPartitionsSince(client, `now() - interval '731 days'`);
    await fillWithIndexesRebuilt(
      client,
      log,
      async () => {
        for (let from = have + 1; from <= processes; from += BATCH) {
          const to = Math.min(processes, from + BATCH - 1);
          await fillBatch(client, { role, from, to, total: processes, templates: templates.length });
          log(
            `  preloaded processes ${to.toLocaleString('en')} of ${processes.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        }
        await fillUpdateBodies(client);
      },
      TABLES,
    );
  }
  return { ...(await storage(client)), preloaded: processes, reused: have >= processes, fillMs: Date.now() - started };
}

/** What a booking writes: the process tables and the read model it projects into. */
const BOOKED_TABLES = [...TABLES, 'business_object'];

/**
 * What the booked tables hold and take on disk (tables, indexes and TOAST), and the bytes per stored revision.
 * @param {import('pg').Client} client
 */
async function storage(client) {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM process_record)::bigint AS records, (SELECT count(*) FROM process_revision)::bigint AS revisions,
       ${BOOKED_TABLES.map(totalRelationSizeSql).join(' + ')} AS bytes`,
  );
  const records = Number(rows[0].records);
  const revisions = Number(rows[0].revisions);
  const bytes = Number(rows[0].bytes);
  return {
    records,
    revisions,
    totalMB: Math.round(bytes / 1e6),
    bytesPerRevision: revisions ? Math.round(bytes / revisions) : 0,
  };
}

module.exports = { preloadProcesses, processesForRevisions, revisionsOfFirst, storage };

if (require.main === module) {
  const { Client } = require('pg');
  const argv = process.argv.slice(2);
  const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? (argv[index + 1] ?? fallback) : fallback;
  };
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  client
    .connect()
    .then(() => {
      const revisions = option('revisions', '');
      const processes = revisions ? processesForRevisions(Number(revisions)) : Number(option('processes', '1000000'));
      return preloadProcesses(client, { role: option('role', 'LF'), processes, log: (m) => console.error(m) });
    })
    .then((result) => console.log(JSON.stringify(result)))
    .finally(() => client.end())
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
