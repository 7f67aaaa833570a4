#!/usr/bin/env node
// Fills the read model (`business_object`) of a migrated NB database with N market locations for the MaLo
// identification benchmark: realistic addresses, customers (namesakes), customer numbers, a MeLo and a meter per MaLo,
// the identification keys made by the service's own rules (`locationsOf(…, { identification: true })`).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<migrated db> node tools/bench/identify-fill.js --sites 1000000
// Used by `npm run bench -- --identify N --app nb` (tools/bench/run.js); see tools/bench/README.md.
'use strict';
const { fillWithIndexesRebuilt } = require('./bulk-fill');
const { createHash } = require('node:crypto');
const { join } = require('node:path');
const { PREVIOUS_EVERY, siteOf } = require('./identify-sites');

const ROOT = join(__dirname, '..', '..');
/** Bump when the generated data (here, identify-sites.js, the word lists) changes: a kept database is refilled. */
const GENERATOR_VERSION = 2;
const VERSION_SWITCH = '2024-01-01T00:00:00Z';
const SITES_PER_BATCH = 4000;

/**
 * The part of the projection rules (libs/read-model, built) this generator uses.
 * @typedef {{
 *   BUSINESS_OBJECT_RULES: Record<string, object>,
 *   ownId: (rule: object, object: Record<string, unknown>) => string | undefined,
 *   validityOf: (rule: object, object: Record<string, unknown>) => [string | null, string | null],
 *   locationsOf: (rule: object, object: Record<string, unknown>, id: string, linked: never[], options?: { identification?: boolean }) => string[],
 * }} Rules
 * @typedef {import('./identify-sites').Customer} Customer
 * @typedef {import('./identify-sites').Site} Site
 * @typedef {{ kind: string, object_id: string, locations: string[], body: Record<string, unknown>, valid_from: string | null, valid_to: string | null }} Row
 * @typedef {{ sites: number, objects: number, malos: number, generatorHash: string, fillMs: number, reused: boolean, tableMB: number,
 *   avgBodyBytes: number, addressKeys: number, avgSitesPerAddressKey: number, maxSitesPerNameKey: number, keysPerMalo: number }} IdentifyFillResult
 */

/** @param {Customer} customer */
const endkundeOf = (customer) => ({
  boTyp: 'GESCHAEFTSPARTNER',
  versionStruktur: '1',
  anrede: customer.company ? 'FIRMA' : 'HERR',
  name1: customer.name1,
  ...(customer.name2 ? { name2: customer.name2 } : {}),
  gewerbekennzeichnung: customer.company,
  ...(customer.customerNumber
    ? { externeReferenzen: [{ exRefName: 'Kundennummer beim Altlieferanten', exRefWert: customer.customerNumber }] }
    : {}),
});

/**
 * The objects of a site as the master-data import receives them: the MaLo (one or two versions), its MeLo and meter.
 * @param {Site} site
 * @returns {[string, Record<string, unknown>][]} kind and object
 */
function objectsOf(site) {
  const malo = (/** @type {Customer} */ customer, /** @type {Record<string, string>} */ validity) => ({
    boTyp: 'MARKTLOKATION',
    versionStruktur: '1',
    marktlokationsId: site.malo,
    sparte: 'STROM',
    energierichtung: site.direction,
    bilanzierungsmethode: 'SLP',
    netzebene: 'NSP',
    netzgebietNr: site.gridArea,
    verbrauchsart: 'KL',
    lokationsadresse: {
      landescode: 'DE',
      postleitzahl: site.address.postcode,
      ort: site.address.town,
      strasse: site.address.street,
      hausnummer: site.address.houseNumber,
    },
    endkunde: endkundeOf(customer),
    marktrollen: [
      {
        boTyp: 'MARKTTEILNEHMER',
        marktrolle: 'NB',
        rollencodenummer: '9900936000002',
        zuordnungVon: '2020-01-01T00:00:00Z',
      },
    ],
    zugehoerigeMesslokationen: [{ messlokationsId: site.melo }],
    gueltigkeitszeitraum: validity,
  });
  /** @type {[string, Record<string, unknown>][]} */
  const objects = site.previous
    ? [
        ['MARKTLOKATION', malo(site.previous, { startdatum: '2019-01-01T00:00:00Z', enddatum: VERSION_SWITCH })],
        ['MARKTLOKATION', malo(site.customer, { startdatum: VERSION_SWITCH })],
      ]
    : [['MARKTLOKATION', malo(site.customer, { startdatum: '2020-01-01T00:00:00Z' })]];
  objects.push(
    [
      'MESSLOKATION',
      {
        boTyp: 'MESSLOKATION',
        versionStruktur: '1',
        messlokationsId: site.melo,
        referenzMarktlokationsId: site.malo,
        sparte: 'STROM',
        netzebeneMessung: 'NSP',
        gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
      },
    ],
    [
      'ZAEHLER',
      {
        boTyp: 'ZAEHLER',
        versionStruktur: '1',
        zaehlernummer: site.meter,
        messlokationsId: site.melo,
        marktlokationsId: site.malo,
        sparte: 'STROM',
        zaehlerauspraegung: 'EINRICHTUNGSZAEHLER',
        zaehlertyp: 'DREHSTROMZAEHLER',
        tarifart: 'EINTARIF',
        gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
      },
    ],
  );
  return objects;
}

/**
 * The rows of a site, described by the service's own rules with the identification keys (the NB projection).
 * @param {Rules} rules
 * @param {Site} site
 * @returns {Row[]}
 */
function rowsOf(rules, site) {
  return objectsOf(site).map(([kind, object]) => {
    const rule = rules.BUSINESS_OBJECT_RULES[kind];
    if (!rule) throw new Error(`no rule for ${kind}`);
    const id = rules.ownId(rule, object);
    if (!id) throw new Error(`${kind} has no id`);
    const [validFrom, validTo] = rules.validityOf(rule, object);
    return {
      kind,
      object_id: id,
      locations: rules.locationsOf(rule, object, id, [], { identification: true }),
      body: object,
      valid_from: validFrom,
      valid_to: validTo,
    };
  });
}

/** Rows as the import writes them (`source 'import'`, no record/revision, effective_from = validity start or -infinity). */
const INSERT = `
  INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source, record_id, revision)
  SELECT 'NB', t.kind, t.object_id, tstzrange(t.valid_from, t.valid_to, '[)'), COALESCE(t.valid_from, '-infinity'::timestamptz), t.locations, t.body,
    'import', NULL::uuid, NULL::int
  FROM jsonb_to_recordset($1::jsonb) AS t(kind text, object_id text, locations text[], body jsonb, valid_from timestamptz, valid_to timestamptz)`;

/**
 * Fills `business_object` with `sites` NB sites (MaLo, MeLo, meter; a former customer's MaLo version every
 * PREVIOUS_EVERY-th), rows made in JS by the service's rules and written in batches (one jsonb parameter each; the next
 * batch is made while PostgreSQL writes the last). Indexes other than the primary key are dropped for the insert and
 * built again from their own definitions, then ANALYZE. A database already filled with the same sites and generator
 * (table bench_identify_fill) is reused.
 * @param {import('pg').Client} client connected to the migrated database
 * @param {{ sites: number, rules: Rules, log?: (message: string) => void }} options
 * @returns {Promise<IdentifyFillResult>}
 */
async function fillIdentifyModel(client, { sites, rules, log = () => undefined }) {
  const generatorHash = createHash('sha256')
    .update(JSON.stringify([GENERATOR_VERSION, rowsOf(rules, siteOf(1)), rowsOf(rules, siteOf(PREVIOUS_EVERY))]))
    .digest('hex')
    .slice(0, 16);
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_identify_fill (sites int, generator_hash text, fill_ms int, filled_at timestamptz)`,
  );
  const { rows: previous } = await client.query(
    `SELECT fill_ms FROM bench_identify_fill WHERE sites = $1 AND generator_hash = $2`,
    [sites, generatorHash],
  );
  const started = Date.now();
  const reused = previous.length > 0;
  if (reused) {
    log(`read model already filled (${sites} sites, generator ${generatorHash}): reused`);
  } else {
    log(
      `filling the read model: ${sites} NB sites (MaLo, MeLo, meter; every ${PREVIOUS_EVERY}th MaLo with a former customer)`,
    );
    await client.query('TRUNCATE business_object, bench_identify_fill');
    await fillWithIndexesRebuilt(client, log, async () => {
      let written = 0;
      /** @type {Promise<unknown> | undefined} */
      let pending;
      const before = Date.now();
      for (let first = 1; first <= sites; first += SITES_PER_BATCH) {
        /** @type {Row[]} */
        const batch = [];
        for (let g = first; g < Math.min(first + SITES_PER_BATCH, sites + 1); g++)
          batch.push(...rowsOf(rules, siteOf(g)));
        await pending;
        pending = client.query(INSERT, [JSON.stringify(batch)]);
        written += batch.length;
        if ((first - 1) % (SITES_PER_BATCH * 50) === 0 && first > 1)
          log(`  ${first - 1} sites, ${written} rows, ${((Date.now() - before) / 1000).toFixed(0)} s`);
      }
      await pending;
      log(`  ${written} rows in ${((Date.now() - before) / 1000).toFixed(1)} s`);
    });
    await client.query('INSERT INTO bench_identify_fill VALUES ($1, $2, $3, now())', [
      sites,
      generatorHash,
      Date.now() - started,
    ]);
  }
  const { rows } = await client.query(`
    SELECT count(*)::int AS objects, count(*) FILTER (WHERE kind = 'MARKTLOKATION')::int AS malos,
      (pg_total_relation_size('business_object') / 1048576)::int AS table_mb, avg(pg_column_size(body))::int AS avg_body,
      avg(cardinality(locations)) FILTER (WHERE kind = 'MARKTLOKATION')::float AS keys_per_malo,
      (SELECT fill_ms FROM bench_identify_fill LIMIT 1) AS fill_ms
    FROM business_object`);
  const { rows: keyStats } = await client.query(`
    SELECT count(*) FILTER (WHERE key LIKE 'ID:ADR|%')::int AS address_keys,
      avg(n) FILTER (WHERE key LIKE 'ID:ADR|%')::float AS per_address_key,
      max(n) FILTER (WHERE key LIKE 'ID:NAME|%')::int AS max_per_name_key
    FROM (SELECT key, count(*) AS n FROM business_object, unnest(locations) key WHERE kind = 'MARKTLOKATION' AND key LIKE 'ID:%' GROUP BY key) k`);
  return {
    sites,
    objects: rows[0].objects,
    malos: rows[0].malos,
    generatorHash,
    fillMs: reused ? rows[0].fill_ms : Date.now() - started,
    reused,
    tableMB: rows[0].table_mb,
    avgBodyBytes: rows[0].avg_body,
    addressKeys: keyStats[0].address_keys,
    avgSitesPerAddressKey: Math.round(keyStats[0].per_address_key * 100) / 100,
    maxSitesPerNameKey: keyStats[0].max_per_name_key,
    keysPerMalo: Math.round(rows[0].keys_per_malo * 100) / 100,
  };
}

module.exports = { fillIdentifyModel };

if (require.main === module) {
  const { parseArgs } = require('node:util');
  const { Client } = require('pg');
  const { values } = parseArgs({ options: { sites: { type: 'string', default: '1000000' } } });
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  /** @type {Rules} */
  const rules = require(join(ROOT, 'libs', 'read-model'));
  client
    .connect()
    .then(() =>
      fillIdentifyModel(client, {
        sites: Number(values.sites),
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
