#!/usr/bin/env node
// Fills the read model (`business_object`) of a migrated database with N objects for the read benchmark, set-based in
// PostgreSQL (generate_series × templates), rows shaped exactly as the master-data import writes them.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<migrated db> node tools/bench/read-fill.js --objects 1000000 [--role LF]
// Used by `npm run bench -- --reads N` (tools/bench/run.js); see tools/bench/README.md.
'use strict';
const { fillWithIndexesRebuilt } = require('./bulk-fill');
const { readFileSync, readdirSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const SAMPLES = join(ROOT, 'reference', 'samples');

/**
 * The objects of one location site ("group" g): a MaLo with its MeLo, meter, grid-usage and supply contract and
 * balancing record. Every VERSIONED_EVERY-th MaLo has two versions (validity 2019–2024, then from 2024 on).
 */
const KINDS = [
  'MARKTLOKATION',
  'MESSLOKATION',
  'ZAEHLER',
  'NETZNUTZUNGSVERTRAG',
  'BILANZIERUNG',
  'ENERGIELIEFERVERTRAG',
];
const VERSIONED_EVERY = 4;
const OBJECTS_PER_GROUP = KINDS.length + 1 / VERSIONED_EVERY;
const VERSION_SWITCH = '2024-01-01T00:00:00Z';

/**
 * The part of the projection rules (libs/read-model, built) this generator uses.
 * @typedef {{
 *   BUSINESS_OBJECT_RULES: Record<string, object>,
 *   ownId: (rule: object, object: Record<string, unknown>) => string | undefined,
 *   validityOf: (rule: object, object: Record<string, unknown>) => [string | null, string | null],
 *   locationsOf: (rule: object, object: Record<string, unknown>, id: string, linked: never[]) => string[],
 * }} Rules
 * One row of the template table: `body`, `object_id` and `locations` hold the placeholders __MALO__, __MELO__, __ZAEHLER__.
 * `sel`: 0 every group, 1 groups with one version, 2 groups with two (`version` 1 and 2).
 * @typedef {{ kind: string, variant: number, variants: number, sel: number, version: number, body: string, object_id: string,
 *   locations: string[], valid_from: string | null, valid_to: string | null }} Template
 * @typedef {{ groups: number, objects: number, versioned: number, templates: number, templateHash: string, fillMs: number, reused: boolean,
 *   tableMB: number, avgBodyBytes: number }} FillResult
 */

/** The ids of group `g`, in JS (the requests) and in SQL (the fill): the same formats as real ids. */
const ids = {
  malo: (/** @type {number} */ g) => `5${String(g).padStart(9, '0')}${g % 10}`,
  melo: (/** @type {number} */ g) => `DE0001${String(g).padStart(27, '0')}`,
  sql: {
    malo: `'5' || lpad(g::text, 9, '0') || (g % 10)::text`,
    melo: `'DE0001' || lpad(g::text, 27, '0')`,
    zaehler: `'1ESY' || lpad(g::text, 10, '0')`,
  },
};

/** All stammdaten objects of the samples (page, upstream, synth), by kind, each distinct JSON once. */
function sampleObjects() {
  /** @type {Map<string, Map<string, Record<string, unknown>>>} */
  const byKind = new Map();
  const dirs = ['', 'upstream', 'synth'];
  for (const dir of dirs) {
    for (const file of readdirSync(join(SAMPLES, dir))
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const stammdaten = JSON.parse(readFileSync(join(SAMPLES, dir, file), 'utf8')).stammdaten;
      if (typeof stammdaten !== 'object' || stammdaten === null) continue;
      for (const [kind, value] of Object.entries(stammdaten)) {
        for (const object of Array.isArray(value) ? value : [value]) {
          if (typeof object !== 'object' || object === null || Array.isArray(object)) continue;
          if (!byKind.has(kind)) byKind.set(kind, new Map());
          byKind.get(kind)?.set(JSON.stringify(object), object);
        }
      }
    }
  }
  return byKind;
}

/**
 * A sample object with its ids replaced by the group's placeholders (and its links to the site's MaLo/MeLo set).
 * @param {string} kind
 * @param {Record<string, unknown>} sample
 * @returns {Record<string, unknown>}
 */
function personalise(kind, sample) {
  const object = structuredClone(sample);
  switch (kind) {
    case 'MARKTLOKATION':
      object.marktlokationsId = '__MALO__';
      if (Array.isArray(object.zugehoerigeMesslokationen)) {
        for (const melo of object.zugehoerigeMesslokationen)
          if (melo && typeof melo === 'object') melo.messlokationsId = '__MELO__';
      }
      break;
    case 'MESSLOKATION':
      object.messlokationsId = '__MELO__';
      if ('referenzMarktlokationsId' in object) object.referenzMarktlokationsId = '__MALO__';
      break;
    case 'ZAEHLER':
      object.zaehlernummer = '__ZAEHLER__';
      object.messlokationsId = '__MELO__';
      if ('marktlokationsId' in object) object.marktlokationsId = '__MALO__';
      break;
    case 'BILANZIERUNG':
      object.marktlokationsId = '__MALO__';
      break;
    default: // contracts: one per kind and MaLo (no contract number: the id is derived from the location)
      delete object.vertragsnummer;
      object.lokationsId = '__MALO__';
      object.lokationsTyp = 'MALO';
  }
  return object;
}

/**
 * The template rows, described by the service's own projection rules (`libs/read-model/dist`, built by the bench).
 * @param {Rules} rules
 * @returns {Template[]}
 */
function buildTemplates(rules) {
  const samples = sampleObjects();
  /** @type {Template[]} */
  const templates = [];
  for (const kind of KINDS) {
    const rule = rules.BUSINESS_OBJECT_RULES[kind];
    const objects = [...(samples.get(kind)?.values() ?? [])].map((sample) => personalise(kind, sample));
    if (!rule || objects.length === 0) throw new Error(`no rule or no sample object for ${kind}`);
    /** @type {[number, number, Record<string, unknown>][]} sel, version, object */
    const rows = [];
    if (kind === 'MARKTLOKATION') {
      for (const object of objects) {
        rows.push([1, 1, object]);
        rows.push([
          2,
          1,
          { ...object, gueltigkeitszeitraum: { startdatum: '2019-01-01T00:00:00Z', enddatum: VERSION_SWITCH } },
        ]);
        rows.push([2, 2, { ...object, gueltigkeitszeitraum: { startdatum: VERSION_SWITCH } }]);
      }
    } else {
      for (const object of objects) rows.push([0, 1, object]);
    }
    rows.forEach(([sel, version, object]) => {
      const id = rules.ownId(rule, object);
      if (!id || !/__(MALO|MELO|ZAEHLER)__/.test(id)) throw new Error(`${kind} template has no per-site id: ${id}`);
      const [validFrom, validTo] = rules.validityOf(rule, object);
      templates.push({
        kind,
        variant: 0,
        variants: 0,
        sel,
        version,
        body: JSON.stringify(object),
        object_id: id,
        locations: rules.locationsOf(rule, object, id, []),
        valid_from: validFrom,
        valid_to: validTo,
      });
    });
  }
  // Variants: the templates of a (kind, sel, version) are taken in turn by the groups (g % variants).
  /** @type {Map<string, Template[]>} */
  const bySlot = new Map();
  for (const template of templates) {
    const slot = `${template.kind}/${template.sel}/${template.version}`;
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), template]);
  }
  for (const slotTemplates of bySlot.values())
    slotTemplates.forEach((template, index) =>
      Object.assign(template, { variant: index, variants: slotTemplates.length }),
    );
  return templates;
}

/** @param {string} expression SQL text with the placeholders */
const personalised = (expression) =>
  `replace(replace(replace(${expression}, '__MALO__', i.malo), '__MELO__', i.melo), '__ZAEHLER__', i.zaehler)`;

/**
 * Inserts the rows of `version` for groups 1..groups, as the import's statement writes them (`projectionCtes` with
 * source 'import'): valid = [from, to), effective_from = own validity start, else -infinity for a first version and
 * the time of the import for a later one; no record, no revision; recorded_at now().
 * @param {string} role
 * @param {number} groups
 * @param {number} version
 */
function insertStatement(role, groups, version) {
  return `
    INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source, record_id, revision)
    SELECT '${role}', t.kind, ${personalised('t.object_id')}, tstzrange(t.valid_from, t.valid_to, '[)'),
      COALESCE(t.valid_from, CASE WHEN t.version = 1 THEN '-infinity'::timestamptz ELSE now() END),
      ARRAY(SELECT ${personalised('l')} FROM unnest(t.locations) l), (${personalised('t.body')})::jsonb, 'import', NULL::uuid, NULL::int
    FROM generate_series(1, ${groups}) g
    CROSS JOIN LATERAL (SELECT ${ids.sql.malo} AS malo, ${ids.sql.melo} AS melo, ${ids.sql.zaehler} AS zaehler) i
    JOIN bench_template t ON t.version = ${version} AND t.variant = g % t.variants
      AND (t.sel = 0 OR t.sel = CASE WHEN g % ${VERSIONED_EVERY} = 0 THEN 2 ELSE 1 END)`;
}

/**
 * Fills `business_object` with at least `objects` rows of `role` (whole sites: the count is rounded up to a site).
 * Indexes other than the primary key are dropped for the insert and built again from their own definitions (a GIN
 * build is far faster than a million GIN inserts), then ANALYZE. A database already filled with the same role, count
 * and templates (table bench_read_fill) is reused as it is.
 * @param {import('pg').Client} client connected to the migrated database
 * @param {{ role: string, objects: number, rules: Rules, log?: (message: string) => void }} options
 * @returns {Promise<FillResult>}
 */
async function fillReadModel(client, { role, objects, rules, log = () => undefined }) {
  if (!/^(LF|NB|MSB)$/.test(role)) throw new Error(`not a role: ${role}`);
  const templates = buildTemplates(rules);
  const templateHash = createHash('sha256').update(JSON.stringify(templates)).digest('hex').slice(0, 16);
  const groups = Math.ceil(objects / OBJECTS_PER_GROUP);
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_read_fill (role text, objects int, groups int, template_hash text, fill_ms int, filled_at timestamptz)`,
  );
  const { rows: previous } = await client.query(
    `SELECT fill_ms FROM bench_read_fill WHERE role = $1 AND groups = $2 AND template_hash = $3`,
    [role, groups, templateHash],
  );
  const started = Date.now();
  let reused = previous.length > 0;
  if (reused) {
    log(`read model already filled (${groups} sites, templates ${templateHash}): reused`);
  } else {
    log(
      `filling the read model: ${groups} sites × ${OBJECTS_PER_GROUP} objects, ${templates.length} templates from the samples`,
    );
    await client.query('TRUNCATE business_object, bench_read_fill');
    await fillWithIndexesRebuilt(client, log, async () => {
      await client.query(
        `CREATE TEMP TABLE bench_template ON COMMIT DROP AS
        SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(kind text, variant int, variants int, sel int, version int, body text, object_id text,
          locations text[], valid_from timestamptz, valid_to timestamptz)`,
        [JSON.stringify(templates)],
      );
      for (const version of [1, 2]) {
        const before = Date.now();
        const { rowCount } = await client.query(insertStatement(role, groups, version));
        log(`  version ${version}: ${rowCount} rows in ${((Date.now() - before) / 1000).toFixed(1)} s`);
      }
    });
    await client.query('INSERT INTO bench_read_fill VALUES ($1, $2, $3, $4, $5, now())', [
      role,
      objects,
      groups,
      templateHash,
      Date.now() - started,
    ]);
    reused = false;
  }
  const { rows } = await client.query(
    `SELECT count(*)::int AS objects, count(*) FILTER (WHERE kind = 'MARKTLOKATION' AND effective_from = $1::timestamptz)::int AS versioned,
       (pg_total_relation_size('business_object') / 1048576)::int AS table_mb, avg(pg_column_size(body))::int AS avg_body,
       (SELECT fill_ms FROM bench_read_fill LIMIT 1) AS fill_ms
     FROM business_object`,
    [VERSION_SWITCH],
  );
  return {
    groups,
    objects: rows[0].objects,
    versioned: rows[0].versioned,
    templates: templates.length,
    templateHash,
    fillMs: reused ? rows[0].fill_ms : Date.now() - started,
    reused,
    tableMB: rows[0].table_mb,
    avgBodyBytes: rows[0].avg_body,
  };
}

/**
 * Random reads over the filled sites: `share` of them (default 0.9) of existing sites, the others of ids past the last
 * site (misses); key dates between 2020 and 2026; parameter2 given on half of them. Paths are made once (cheap for
 * the load generator) and taken in turn.
 * @param {number} groups
 * @param {number} [count]
 * @param {number} [share]
 */
function readPaths(groups, count = 1 << 17, share = 0.9) {
  /** The reads and their mix: path, the id's location type, share of the requests. */
  const mix = /** @type {const} */ ([
    ['/getMarketlocationBasic', 'MALO', 0.7],
    ['/getMeterLocationBasic', 'MELO', 0.1],
    ['/getCounterBasic', 'MELO', 0.1],
    ['/getGridUsageContractBasic', 'MALO', 0.1],
  ]);
  const start = Date.UTC(2020, 0, 1);
  const span = Date.UTC(2027, 0, 1) - start;
  /** @type {string[]} */
  const paths = [];
  let hits = 0;
  for (let n = 0; n < count; n++) {
    const hit = Math.random() < share;
    if (hit) hits++;
    const g = hit ? 1 + Math.floor(Math.random() * groups) : groups + 1 + Math.floor(Math.random() * groups);
    let pick = Math.random();
    const [path, type] = mix.find(([, , weight]) => (pick -= weight) < 0) ?? mix[0];
    const id = type === 'MALO' ? ids.malo(g) : ids.melo(g);
    const date = new Date(start + Math.floor(Math.random() * span)).toISOString().replace(/\.\d{3}Z$/, 'Z');
    paths.push(`${path}?parameter1=${id}${n % 2 === 0 ? `&parameter2=${type}` : ''}&parameter3=${date}`);
  }
  return { paths, existingSiteShare: hits / count };
}

module.exports = { fillReadModel, readPaths, OBJECTS_PER_GROUP };

if (require.main === module) {
  const { parseArgs } = require('node:util');
  const { Client } = require('pg');
  const { values } = parseArgs({
    options: { objects: { type: 'string', default: '1000000' }, role: { type: 'string', default: 'LF' } },
  });
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  /** @type {Rules} */
  const rules = require(join(ROOT, 'libs', 'read-model'));
  client
    .connect()
    .then(() =>
      fillReadModel(client, {
        role: values.role,
        objects: Number(values.objects),
        rules,
        log: (message) => process.stderr.write(`${message}\n`),
      }),
    )
    .then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
    .finally(() => client.end())
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
