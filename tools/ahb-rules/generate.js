#!/usr/bin/env node
// `node tools/ahb-rules/generate.js [--out DIR]`: derives the AHB engine's release data (libs/ahb/src/data) from the
// reference data the repository carries (reference/): the PI catalogue (every PI of each release, and the PIs listed
// per role/operation) and the unconditional AHB rules (mandatory BO4E fields) per UTILMD Strom PI. Writes REPORT.md
// next to the JSON when --out is given, else to tools/ahb-rules/REPORT.md. Deterministic output: the committed files
// are checked by a unit test.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { repairedRows } = require('./csv-repairs.js');

const REPO_ROOT = path.join(__dirname, '..', '..');
const REFERENCE = path.join(REPO_ROOT, 'reference');
const DEFAULT_OUT = path.join(REPO_ROOT, 'libs', 'ahb', 'src', 'data');
const DEFAULT_REPORT = path.join(__dirname, 'REPORT.md');

/**
 * Releases with AHB data in the reference, oldest first. `standIns`: the format versions whose table of the same PI
 * stands in where the release's own folder lacks it (named in the rule); `index`: the AHB index of the release's PIs.
 * 10/26 (FV2610) has the tables of the PIs it added and takes 04/26's tables for the rest.
 * @type {{ release: string, formatVersion: string, csvFolder: string, standIns: string[] }[]}
 */
const RELEASES = [
  { release: '10/25', formatVersion: 'FV2510', csvFolder: '2510', standIns: [] },
  { release: '04/26', formatVersion: 'FV2604', csvFolder: '2604', standIns: ['FV2510'] },
  { release: '10/26', formatVersion: 'FV2610', csvFolder: '2604', standIns: ['FV2604', 'FV2510'] },
];
/** Releases whose PIs are exactly their AHB index's (plus the schema-only ones): a PI the release dropped is unknown there. */
const CLOSED_RELEASES = new Set(['FV2610']);
/** 10/26's UTILMD Strom stand-in rules lose what the vendor required in FV2604 and no longer requires in FV2610. */
const VENDOR_DELTA = { formatVersion: 'FV2610', basedOn: 'FV2604' };

const SCHEMA_FILES = {
  LF: { create: ['lf-create.json'], update: ['lf-update.json'] },
  NB: { create: ['nb-create.json'], update: ['nb-update.json'] },
  MSB: { create: ['msb-create.json'], update: ['msb-update.json'] },
};

// Top-level keys of `stammdaten` (backend-interface.md §3.1/§5; every kind of the vendor's per-PI documents); contracts
// are keyed by their vertragsart.
const STAMMDATEN_KEYS = new Set([
  'MARKTLOKATION',
  'MESSLOKATION',
  'NETZLOKATION',
  'TRANCHE',
  'BILANZIERUNG',
  'TECHNISCHE_RESSOURCE',
  'STEUERBARE_RESSOURCE',
  'LOKATIONSBUENDEL',
  'ZAEHLER',
  'VERWENDUNGSZEITRAUM',
  'AD_HOC_STEUERKANAL',
  'NETZNUTZUNGSVERTRAG',
  'ENERGIELIEFERVERTRAG',
  'MESSSTELLENBETRIEBSVERTRAG',
  'ANFRAGE',
  'ANGEBOT',
  'AUFTRAG',
  'AVIS',
  'BERECHNUNGSFORMEL',
  'ENERGIEMENGE',
  'HANDELSUNSTIMMIGKEIT',
  'KOMMUNIKATIONSDATEN',
  'LEISTUNGSKURVENDEFINITION',
  'PREISBLATT',
  'RECHNUNG',
  'REKLAMATION',
  'SCHALTZEITDEFINITION',
  'SPERRAUFTRAG',
  'STATUSBERICHT',
  'STATUSMITTEILUNG',
  'WERTE_NACH_TYP2',
  'ZAEHLZEITDEFINITION',
]);

/**
 * The message types whose rules are derived, by their BO4E mapping CSV (`bo4e-mapping/<folder>/<name>.csv`, where the
 * folder has it, else the latest earlier folder: APERAK and COMDIS are not in 2604). APERAK has no PI columns (its tables decide); CONTRL none at all; the MaloIdent API CSVs describe no EDIFACT message.
 */
const MESSAGE_CSVS = [
  'APERAK',
  'UTILMD_Strom',
  'UTILMD_Gas',
  'MSCONS',
  'ORDERS',
  'ORDRSP',
  'ORDCHG',
  'IFTSTA',
  'INSRPT',
  'INVOIC',
  'REMADV',
  'PRICAT',
  'QUOTES',
  'REQOTE',
  'PARTIN',
  'UTILTS',
  'COMDIS',
];
/** The message type (as an AHB table's UNH names it) of each mapping CSV. */
/**
 * The vendor's own PIs of a message whose AHB names none (APERAK's AHB has no Prüfidentifikatoren): no AHB table
 * exists, so the message's MIG decides what is mandatory, as its statuses stand in the mapping CSV.
 */
const MIG_ONLY_PIS = /** @type {Record<string, string[]>} */ ({ APERAK: ['66666', '99999'] });
/** BDEW MIG statuses that make a segment group or segment mandatory: Muss, Required. */
const MIG_MANDATORY = new Set(['M', 'R']);

const CSV_MESSAGE_TYPES = /** @type {Record<string, string>} */ ({
  ...Object.fromEntries(MESSAGE_CSVS.map((name) => [name, name])),
  UTILMD_Strom: 'UTILMD',
  UTILMD_Gas: 'UTILMD_GAS',
});
/** Mapping CSV folders, newest last: a release whose folder lacks a message's CSV (APERAK, COMDIS in 2604) takes the latest earlier one. */
const CSV_FOLDERS = ['2510', '2604'];

/**
 * The mapping CSV of a message for a release's folder, else of the latest earlier folder that has one.
 * @param {string} csvFolder
 * @param {string} message
 * @returns {string | undefined}
 */
function mappingCsv(csvFolder, message) {
  const earlier = CSV_FOLDERS.slice(0, CSV_FOLDERS.indexOf(csvFolder) + 1).reverse();
  return earlier
    .map((folder) => path.join(REFERENCE, 'ahb', 'bo4e-mapping', folder, `${message}.csv`))
    .find((file) => fs.existsSync(file));
}
const TRANSAKTIONSDATEN_OBJECTS = new Set([
  'absender',
  'empfaenger',
  'absender.ansprechpartner',
  'empfaenger.ansprechpartner',
]);

// UTILMD segment group nesting (MIG S2.1): the parent of each group; groups not listed hang at the message root. Other
// messages take theirs from the levels of their mapping CSV (`groupParents`); this one is checked against UTILMD's.
/** @type {Record<string, string | undefined>} */
const UTILMD_GROUP_PARENT = {
  SG3: 'SG2',
  SG5: 'SG4',
  SG6: 'SG4',
  SG8: 'SG4',
  SG12: 'SG4',
  SG9: 'SG8',
  SG10: 'SG8',
  SG13: 'SG12',
};

const IDENTIFIER_PATH = /^[A-Za-z][A-Za-z0-9]*(\[\])?(\.[A-Za-z][A-Za-z0-9]*(\[\])?)*$/;
const UNCONDITIONAL = new Set(['Muss', 'M', 'X']);
const CSV_UNCONDITIONAL = new Set(['Muss', 'X']);
/** Filled segment cells a PI column needs to select the CSV's rows for its PI; fewer, and its AHB table alone decides. */
const MIN_COLUMN_ENTRIES = 5;

/**
 * The part of a JSON schema (components.schemas of a request schema) this generator walks.
 * @typedef {{
 *   $ref?: string, allOf?: JsonSchema[], anyOf?: JsonSchema[], oneOf?: JsonSchema[],
 *   properties?: Record<string, JsonSchema>, items?: JsonSchema, type?: string, description?: string,
 * }} JsonSchema
 * @typedef {Record<string, JsonSchema>} SchemaComponents
 * Role → operation → components of each request schema file.
 * @typedef {Record<string, Record<string, SchemaComponents[]>>} SchemasByRole
 * reference/ahb/INDEX.json
 * @typedef {{
 *   pruefidentifikator: string, description?: string, direction?: string, versionsnummer?: string,
 *   veroeffentlichungsdatum?: string,
 * }} AhbIndexEntry
 * @typedef {{ by_version: Record<string, AhbIndexEntry[]> }} AhbIndex
 * `source`: why a role's list has the PI: its request schema lists it, or the role sends it (reported back as update).
 * @typedef {{ pruefidentifikator: string, meaning: string, direction: string, source: 'schema' | 'sender' }} CatalogueEntry
 * A PI of a release; `messageTypeFrom`: the source that gave the message type (see messageTypeOf).
 * @typedef {{
 *   messageType: string, messageTypeFrom: 'ahb' | 'vendor' | 'range' | 'schema', meaning: string, direction: string,
 *   ahbVersion?: string, publishedOn?: string,
 * }} KnownPi
 * @typedef {{
 *   formatVersion: string, inherits?: string, ahbRules: string | null, known: Record<string, KnownPi>,
 *   pruefidentifikatoren: Record<string, Record<string, CatalogueEntry[]>>,
 * }} CatalogueRelease
 * @typedef {{ description: string, releases: Record<string, CatalogueRelease> }} Catalogue
 * JSON shape of a dotted schema path ("stammdaten.MARKTLOKATION.marktrollen").
 * @typedef {'array' | 'object' | 'scalar' | 'ambiguous'} Shape
 * @typedef {Map<string, Shape>} Shapes
 * One line of an AHB table (reference/ahb/FVxxxx/AHB_FVxxxx_nnnnn.json).
 * @typedef {{
 *   line_type: string, segment_group_key: string, segment_code: string, ahb_expression?: string,
 *   value_pool_entry: string, data_element: string, conditions?: string,
 * }} AhbLine
 * @typedef {{ key: string, expression: string, qualifier: string | undefined }} AhbGroup
 * A segment instance of an AHB table; `label` and `context` are set once the whole table is read.
 * @typedef {{
 *   code: string, expression: string, qualifier: string | undefined, sawElement: boolean, chain: AhbGroup[],
 *   elementExpressions: string[], dataElementExpressions: string[], elementIds: string[], label?: string, context?: string,
 *   expressionsByElement: Map<string, string[]>,
 * }} AhbSegment
 * @typedef {string[]} CsvRow
 * @typedef {{ key: string, level: number, qualifier: string | undefined, row: CsvRow }} CsvGroup
 * A segment line of the BO4E mapping CSV; `uniqueInContext` is set once the whole CSV is read.
 * @typedef {{
 *   row: CsvRow, code: string, qualifiers: string[], context: string, groupRows: CsvRow[], paths: string[],
 *   uniqueInContext?: boolean,
 * }} MappingEntry
 * PI columns of the CSV: PI → column indexes; `groupParents`: each segment group's enclosing group, from the levels.
 * @typedef {{ entries: MappingEntry[], columns: Map<string, number[]>, csvPis: string[], groupParents: Record<string, string | undefined> }} Mapping
 * @typedef {{ path: string, expression: string, segment: string | undefined }} RuleField
 * A field whose requirement depends on AHB conditions: one chain of expressions (enclosing groups, segment, its data
 * elements) per segment instance the field can come from; indexes into the release's expression table.
 * @typedef {{ path: string, segment: string | undefined, chains: number[][] }} ConditionalField
 * `conditionTexts`: the PI's own texts of conditions whose text differs from the release's common one.
 * @typedef {{
 *   pruefidentifikator: string, message?: string, source: 'ahb' | 'csv-only' | 'mig', fields: RuleField[], conditionalFields: ConditionalField[],
 *   conditionalSkipped: number, ambiguousSkipped: number, unexpressedConditions: string[],
 *   conditionTexts?: Record<string, string>, vendorUnmapped?: number, standIn?: StandIn, vendorDropped?: string[],
 * }} PiRules
 * The table a rule was derived from when the release has none of its own for the PI: its format version, AHB version
 * and publication date.
 * @typedef {{ formatVersion: string, ahbVersion: string, publishedOn: string }} StandIn
 * @typedef {{
 *   description: string, formatVersion: string, conditions: Record<string, string>,
 *   messageConditions: Record<string, Record<string, string>>, expressions: string[], rules: PiRules[],
 * }} RulesData
 * @typedef {{ formatVersion: string, data: RulesData }} DerivedRules
 */

/**
 * @param {string[]} argv the command-line arguments after the script
 * @returns {number} the exit code
 */
function main(argv) {
  const outIndex = argv.indexOf('--out');
  const outDir = outIndex >= 0 ? path.resolve(argv[outIndex + 1] ?? '') : DEFAULT_OUT;
  const reportFile = outIndex >= 0 ? path.join(outDir, 'REPORT.md') : DEFAULT_REPORT;
  if (!fs.existsSync(REFERENCE)) throw new Error(`reference not found at ${REFERENCE}`);

  const index = readIndexes();
  const schemas = loadSchemas();
  const catalogue = buildCatalogue(index, schemas);
  const shapes = collectShapes(schemas);
  // Messages the request schemas barely cover (INVOIC, REMADV, …) resolve their paths through the vendor's documents too.
  const widerShapes = withFallback(shapes, collectVendorShapes());

  fs.mkdirSync(outDir, { recursive: true });
  writeJson(path.join(outDir, 'pi-catalogue.json'), catalogue);
  const vendorRequired = require('./vendor-required.js');
  const vendor = vendorRequired.deriveVendorRequired(catalogue);
  /** @type {DerivedRules[]} */
  const derived = [];
  for (const { formatVersion, csvFolder, standIns } of RELEASES) {
    const result = deriveRules(
      formatVersion,
      csvFolder,
      { strom: shapes, other: widerShapes },
      mappedByPi(vendor, formatVersion, vendorRequired.vendorMappedByPi(formatVersion)),
      { standIns, index, pis: CLOSED_RELEASES.has(formatVersion) ? indexPis(index, formatVersion) : undefined },
    );
    if (formatVersion === VENDOR_DELTA.formatVersion) {
      const [before, after] = [VENDOR_DELTA.basedOn, VENDOR_DELTA.formatVersion].map((fv) =>
        vendor.find((data) => data.formatVersion === fv),
      );
      if (!before || !after) throw new Error(`${formatVersion}: the vendor data of ${VENDOR_DELTA.basedOn} is missing`);
      withoutVendorDropped(result.data, before, after);
    }
    derived.push({ formatVersion, ...result });
    writeJson(path.join(outDir, `ahb-rules-${formatVersion}.json`), result.data);
  }
  fs.writeFileSync(reportFile, renderReport(catalogue, derived));
  // The vendor's per-PI requirements, compared with these rules in VENDOR-DIFFERENCES.md (beside REPORT.md).
  vendorRequired.writeVendorDifferences({
    vendor,
    ahbRules: derived.map((d) => d.data),
    reportDir: path.dirname(reportFile),
  });
  return 0;
}

/**
 * The AHB index of every format version: FV2510/FV2604 from INDEX.json, FV2610 from its own extract.
 * @returns {AhbIndex}
 */
function readIndexes() {
  /** @type {AhbIndex} */
  const index = readJson(path.join(REFERENCE, 'ahb', 'INDEX.json'));
  const fv2610 = readJson(path.join(REFERENCE, 'ahb', 'INDEX-FV2610.json'));
  return { by_version: { ...index.by_version, [fv2610.formatVersion]: fv2610.pis } };
}

/**
 * @param {AhbIndex} index
 * @param {string} formatVersion
 * @returns {Set<string>}
 */
function indexPis(index, formatVersion) {
  return new Set((index.by_version[formatVersion] ?? []).map((entry) => entry.pruefidentifikator));
}

/**
 * The fields the vendor's document of each PI names (plain paths) with their EDIFACT segments: UTILMD Strom from the
 * requirements, every other message from its documents (`all`).
 * @param {{ formatVersion: string, requirements: { pruefidentifikator: string, message: string, mapped: VendorMapped }[] }[]} vendor
 * @param {string} formatVersion
 * @param {Map<string, VendorMapped>} all
 * @returns {Map<string, VendorMapped>}
 */
function mappedByPi(vendor, formatVersion, all) {
  const data = vendor.find((entry) => entry.formatVersion === formatVersion);
  if (!data) throw new Error(`no vendor specification for ${formatVersion}`);
  const strom = new Map(
    data.requirements.filter((r) => r.message === 'UTILMD').map((r) => [r.pruefidentifikator, r.mapped]),
  );
  return new Map([...all, ...strom]);
}

/**
 * 10/26's UTILMD Strom rules taken from a FV2604 stand-in table lose the fields (per PI, plain paths compared) the
 * vendor required in its FV2604 specification and no longer requires in FV2610; the rule lists them in `vendorDropped`.
 * @param {RulesData} data
 * @param {{ requirements: { pruefidentifikator: string, message: string, fields: { path: string }[] }[] }} before
 * @param {{ requirements: { pruefidentifikator: string, message: string, fields: { path: string }[] }[] }} after
 */
function withoutVendorDropped(data, before, after) {
  const plain = (/** @type {string} */ value) => value.replace(/\[\]|\?/g, '');
  /** @type {(vendorData: typeof before) => Map<string, Set<string>>} */
  const strom = (vendorData) =>
    new Map(
      vendorData.requirements
        .filter((r) => r.message === 'UTILMD')
        .map((r) => [r.pruefidentifikator, new Set(r.fields.map((f) => plain(f.path)))]),
    );
  const was = strom(before);
  const is = strom(after);
  for (const rule of data.rules) {
    const old = was.get(rule.pruefidentifikator);
    const now = is.get(rule.pruefidentifikator);
    if (!old || !now || rule.standIn?.formatVersion !== VENDOR_DELTA.basedOn) continue;
    const dropped = (/** @type {{ path: string }} */ field) =>
      old.has(plain(field.path)) && !now.has(plain(field.path));
    const paths = [...rule.fields, ...rule.conditionalFields].filter(dropped).map((field) => field.path);
    if (paths.length === 0) continue;
    rule.fields = rule.fields.filter((field) => !dropped(field));
    rule.conditionalFields = rule.conditionalFields.filter((field) => !dropped(field));
    rule.vendorDropped = paths.sort();
  }
}

// ---------- catalogue ----------

/** @returns {SchemasByRole} */
function loadSchemas() {
  /** @type {SchemasByRole} */
  const result = {};
  for (const [role, operations] of Object.entries(SCHEMA_FILES)) {
    result[role] = {};
    for (const [operation, files] of Object.entries(operations)) {
      result[role][operation] = files.map((file) => readJson(path.join(REFERENCE, 'schemas', file)).components.schemas);
    }
  }
  return result;
}

/**
 * Per release: `known`, every PI of the release with its message type, meaning and direction; `pruefidentifikatoren`,
 * per role and operation the PIs the role receives (`source: 'schema'`, the request schema's anyOf) plus, on update,
 * the PIs it sends itself (`source: 'sender'`: the middleware reports them back).
 * @param {AhbIndex} index
 * @param {SchemasByRole} schemas
 * @returns {Catalogue}
 */
function buildCatalogue(index, schemas) {
  /** @type {Record<string, CatalogueRelease>} */
  const releases = {};
  const schemaDescriptions = schemaPiDescriptions(schemas);
  for (const { release, formatVersion } of RELEASES) {
    const indexEntries = index.by_version[formatVersion];
    const closed = CLOSED_RELEASES.has(formatVersion);
    // The release's vendor folder first, then the earlier ones (202610 has UTILMD Strom only; APERAK's 99999 is in 202604).
    const folders = RELEASES.slice(0, RELEASES.findIndex((entry) => entry.release === release) + 1).reverse();
    const vendor = new Map(folders.flatMap((entry) => [...vendorPis(VENDOR_PI_FOLDERS[entry.release])]).reverse());
    const all = knownPis(formatVersion, indexEntries, vendor, schemaDescriptions);
    // A closed release knows its index's PIs and those outside BDEW's AHB ranges (CONTRL, APERAK, MaloIdent answers).
    const inIndex = new Set(indexEntries.map((entry) => entry.pruefidentifikator));
    const known = closed
      ? Object.fromEntries(Object.entries(all).filter(([pi]) => inIndex.has(pi) || !PI_RANGES[pi.slice(0, 2)]))
      : all;
    const lists = schemaLists(schemas, indexEntries);
    const pruefidentifikatoren = withSelfSent(closed ? onlyKnown(lists, known) : lists, known);
    releases[release] = { formatVersion, ahbRules: formatVersion, known, pruefidentifikatoren };
  }
  return {
    description:
      "Prüfidentifikatoren per release: `known` = every PI of the release (reference/ahb/INDEX.json, the vendor's " +
      'per-PI specifications reference/maco-api-doc-resources/pruefi, the request schemas) with message type, meaning ' +
      "and direction; `pruefidentifikatoren` = per role and operation the PIs of the request schema's anyOf " +
      '(source schema) and, on update, the PIs the role sends itself (source sender); `ahbVersion`/`publishedOn` of each ' +
      "PI from its release's AHB index. Generated by tools/ahb-rules/generate.js; do not edit.",
    releases,
  };
}

/** The vendor's per-PI specification folders (pruefi/<folder>/<MESSAGE>/PI_<n>.yaml) per release. */
const VENDOR_PI_FOLDERS = /** @type {Record<string, string>} */ ({
  '10/25': '202510',
  '04/26': '202604',
  '10/26': '202610',
});
const VENDOR_PRUEFI = path.join(REFERENCE, 'maco-api-doc-resources', 'pruefi');
/** BDEW's PI number ranges (first two digits) per message type: the last resort for a PI's message type. */
const PI_RANGES = /** @type {Record<string, string>} */ ({
  13: 'MSCONS',
  15: 'QUOTES',
  17: 'ORDERS',
  19: 'ORDRSP',
  21: 'IFTSTA',
  23: 'INSRPT',
  25: 'UTILTS',
  27: 'PRICAT',
  29: 'COMDIS',
  31: 'INVOIC',
  33: 'REMADV',
  35: 'REQOTE',
  37: 'PARTIN',
  39: 'ORDCHG',
  44: 'UTILMD_GAS',
  55: 'UTILMD',
});
/** PIs outside those ranges that only the request schemas name: CONTRL's syntax error report, the MaloIdent answers. */
const SCHEMA_ONLY_TYPES = /** @type {Record<string, string>} */ ({
  88888: 'CONTRL',
  '03002': 'MaloIdent',
  '03003': 'MaloIdent',
});
/** Sender abbreviations of the directions per backend role: old/new supplier, NB and MSB, requesting NB, basic MSB. */
const SENDER_ROLES = /** @type {Record<string, string>} */ ({
  LF: 'LF',
  LFA: 'LF',
  LFN: 'LF',
  NB: 'NB',
  NBA: 'NB',
  NBN: 'NB',
  anfNB: 'NB',
  MSB: 'MSB',
  MSBA: 'MSB',
  MSBN: 'MSB',
  gMSB: 'MSB',
});

/**
 * Every PI of a release: those of the AHB index, of the vendor's specifications and of the request schemas. Meaning
 * and direction from the index, else the schema's description.
 * @param {string} formatVersion
 * @param {AhbIndex['by_version'][string]} indexEntries
 * @param {Map<string, string>} vendor PI → the vendor's message folder
 * @param {Map<string, string>} schemaDescriptions PI → the request schema's description
 * @returns {Record<string, KnownPi>}
 */
function knownPis(formatVersion, indexEntries, vendor, schemaDescriptions) {
  const byPi = new Map(indexEntries.map((entry) => [entry.pruefidentifikator, entry]));
  const pis = new Set([...byPi.keys(), ...vendor.keys(), ...schemaDescriptions.keys()]);
  /** @type {Record<string, KnownPi>} */
  const known = {};
  for (const pi of [...pis].sort()) {
    const entry = byPi.get(pi);
    known[pi] = {
      ...messageTypeOf(pi, formatVersion, vendor),
      meaning: entry?.description ?? schemaDescriptions.get(pi) ?? '',
      direction: entry?.direction ?? '',
      ...(entry?.versionsnummer ? { ahbVersion: entry.versionsnummer } : {}),
      ...(entry?.veroeffentlichungsdatum ? { publishedOn: entry.veroeffentlichungsdatum } : {}),
    };
  }
  return known;
}

/**
 * A PI's message type and which source won: its AHB table's UNH segment, else the vendor's folder, else BDEW's
 * number range, else the schema-only table.
 * @param {string} pi
 * @param {string} formatVersion
 * @param {Map<string, string>} vendor
 * @returns {Pick<KnownPi, 'messageType' | 'messageTypeFrom'>}
 */
function messageTypeOf(pi, formatVersion, vendor) {
  const standIns = RELEASES.find((entry) => entry.formatVersion === formatVersion)?.standIns ?? [];
  const fromTable = [formatVersion, ...standIns].map((fv) => ahbTableMessageType(pi, fv)).find(Boolean);
  if (fromTable) return { messageType: fromTable, messageTypeFrom: 'ahb' };
  const folder = vendor.get(pi);
  if (folder) return { messageType: folder, messageTypeFrom: 'vendor' };
  const range = PI_RANGES[pi.slice(0, 2)];
  if (range) return { messageType: range, messageTypeFrom: 'range' };
  const schemaOnly = SCHEMA_ONLY_TYPES[pi];
  if (schemaOnly) return { messageType: schemaOnly, messageTypeFrom: 'schema' };
  throw new Error(`${formatVersion}: no message type for PI ${pi}; add it to PI_RANGES or SCHEMA_ONLY_TYPES`);
}

/**
 * The message type the UNH line of the PI's AHB table names (DE0065), undefined without a table or that line.
 * @param {string} pi
 * @param {string} formatVersion
 * @returns {string | undefined}
 */
function ahbTableMessageType(pi, formatVersion) {
  const file = path.join(REFERENCE, 'ahb', formatVersion, `AHB_${formatVersion}_${pi}.json`);
  // The catalogue and the rules of every release ask for the same tables: each is read once.
  if (!TABLE_MESSAGE_TYPES.has(file)) TABLE_MESSAGE_TYPES.set(file, readTableMessageType(file));
  return TABLE_MESSAGE_TYPES.get(file);
}

/** @type {Map<string, string | undefined>} AHB table file → its message type */
const TABLE_MESSAGE_TYPES = new Map();

/**
 * @param {string} file
 * @returns {string | undefined}
 */
function readTableMessageType(file) {
  if (!fs.existsSync(file)) return undefined;
  /** @type {AhbLine[]} */
  const lines = readJson(file).lines;
  const unhCode = (/** @type {string} */ element) =>
    lines.find((line) => line.segment_code === 'UNH' && line.line_type === 'code' && line.data_element === element)
      ?.value_pool_entry;
  const type = unhCode('0065');
  // UTILMD Gas and Strom share the message name; the MIG version (DE0057 G1.x / S2.x) tells them apart.
  return type === 'UTILMD' && unhCode('0057')?.startsWith('G') ? 'UTILMD_GAS' : type;
}

/**
 * PI → message folder of the vendor's specifications in one release folder.
 * @param {string} folder
 * @returns {Map<string, string>}
 */
function vendorPis(folder) {
  const root = path.join(VENDOR_PRUEFI, folder);
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const message of fs.readdirSync(root).sort()) {
    for (const file of fs.readdirSync(path.join(root, message)).sort()) {
      const pi = /^PI_(\d{5})\.yaml$/.exec(file)?.[1];
      if (pi) found.set(pi, message);
    }
  }
  return found;
}

/**
 * PI → description over every request schema (the first one found), for PIs no other source describes.
 * @param {SchemasByRole} schemas
 * @returns {Map<string, string>}
 */
function schemaPiDescriptions(schemas) {
  /** @type {Map<string, string>} */
  const descriptions = new Map();
  for (const [role, operations] of Object.entries(schemas)) {
    for (const [operation, documents] of Object.entries(operations)) {
      for (const { pi, description } of listedPis(documents, role, operation))
        if (!descriptions.has(pi)) descriptions.set(pi, description);
    }
  }
  return descriptions;
}

/**
 * Role → operation → the PIs of the request schema, meaning and direction from the AHB index.
 * @param {SchemasByRole} schemas
 * @param {AhbIndex['by_version'][string]} indexEntries
 * @returns {CatalogueRelease['pruefidentifikatoren']}
 */
function schemaLists(schemas, indexEntries) {
  const meanings = new Map(indexEntries.map((entry) => [entry.pruefidentifikator, entry]));
  /** @type {CatalogueRelease['pruefidentifikatoren']} */
  const lists = {};
  for (const [role, operations] of Object.entries(schemas)) {
    lists[role] = {};
    for (const [operation, documents] of Object.entries(operations)) {
      lists[role][operation] = listedPis(documents, role, operation).map(({ pi, description }) => {
        const entry = meanings.get(pi);
        return {
          pruefidentifikator: pi,
          meaning: entry?.description ?? description,
          direction: entry?.direction ?? '',
          source: /** @type {const} */ ('schema'),
        };
      });
    }
  }
  return lists;
}

/**
 * The lists plus, on each role's update, the known PIs whose direction names the role as a sender and that the
 * schema does not list.
 * @param {CatalogueRelease['pruefidentifikatoren']} lists
 * @param {Record<string, KnownPi>} known
 * @returns {CatalogueRelease['pruefidentifikatoren']}
 */
function withSelfSent(lists, known) {
  /** @type {CatalogueRelease['pruefidentifikatoren']} */
  const result = {};
  for (const [role, operations] of Object.entries(lists)) {
    result[role] = { ...operations };
    const update = operations.update ?? [];
    const listed = new Set(update.map((entry) => entry.pruefidentifikator));
    /** @type {CatalogueEntry[]} */
    const selfSent = Object.entries(known)
      .filter(([pi, entry]) => !listed.has(pi) && senderRoles(entry.direction).has(role))
      .map(([pi, entry]) => ({
        pruefidentifikator: pi,
        meaning: entry.meaning,
        direction: entry.direction,
        source: 'sender',
      }));
    result[role].update = [...update, ...selfSent].sort((a, b) =>
      a.pruefidentifikator.localeCompare(b.pruefidentifikator),
    );
  }
  return result;
}

/**
 * The backend roles (LF, NB, MSB) a direction text names as sender. Each comma-separated pair is split at its arrow
 * (`→`; `->` and `an` accepted too); the sender side loses its qualifiers (`NB (ANB)`, `LF [Berechtigt]`, `MSB Gas`)
 * and its last word is looked up in SENDER_ROLES (`weiterer MSB` → MSB, `NBA` → NB). Texts without an arrow (MSCONS's
 * "verschiedenen Marktrollen") and senders the backend does not play (ÜNB, BIKO, ReErst, `zurück`) name none.
 * @param {string} direction
 * @returns {Set<string>}
 */
function senderRoles(direction) {
  /** @type {Set<string>} */
  const roles = new Set();
  for (const pair of direction.split(',')) {
    const parts = pair.split(/→|->|\ban\b/);
    if (parts.length < 2) continue;
    const words = parts[0]
      .replace(/\([^)]*\)|\[[^\]]*\]|\b(?:Strom|Gas)\b/g, ' ')
      .trim()
      .split(/\s+/);
    const role = SENDER_ROLES[words[words.length - 1]];
    if (role) roles.add(role);
  }
  return roles;
}

/**
 * The lists without the PIs the release does not know (a PI the release dropped stays in the request schemas).
 * @param {CatalogueRelease['pruefidentifikatoren']} lists
 * @param {Record<string, KnownPi>} known
 * @returns {CatalogueRelease['pruefidentifikatoren']}
 */
function onlyKnown(lists, known) {
  return Object.fromEntries(
    Object.entries(lists).map(([role, operations]) => [
      role,
      Object.fromEntries(
        Object.entries(operations).map(([operation, entries]) => [
          operation,
          entries.filter((entry) => Object.hasOwn(known, entry.pruefidentifikator)),
        ]),
      ),
    ]),
  );
}

/**
 * PIs of the request schema's anyOf (plus the MaloIdent answers on LF update), sorted and deduplicated.
 * @param {SchemaComponents[]} documents
 * @param {string} role
 * @param {string} operation
 * @returns {{ pi: string, description: string }[]}
 */
function listedPis(documents, role, operation) {
  /** @type {Map<string, { pi: string, description: string }>} */
  const found = new Map();
  for (const components of documents) {
    const name = Object.keys(components).find((key) => key.startsWith('Prozessdaten'));
    if (name === undefined) throw new Error(`${role} ${operation}: no Prozessdaten schema in the request schema`);
    const top = components[name];
    const alternatives = (top.allOf ?? [top]).flatMap((part) => part.anyOf ?? []);
    const refs = /** @type {string[]} */ (alternatives.map((alternative) => alternative.$ref).filter(Boolean));
    if (role === 'LF' && operation === 'update') {
      for (const extra of ['MaloIdent - positive Antwort 03002', 'MaloIdent - negative Antwort 03003']) {
        if (components[extra]) refs.push(`#/components/schemas/${encodeURIComponent(extra)}`);
      }
    }
    for (const ref of refs) {
      const key = refName(ref);
      const pi = /\d{5}/.exec(key)?.[0];
      if (!pi || found.has(pi)) continue;
      const description = components[key]?.description ?? key.replace(/^PI_/, '').replace(/_/g, ' ');
      found.set(pi, { pi, description: description.trim() });
    }
  }
  return [...found.values()].sort((a, b) => a.pi.localeCompare(b.pi));
}

// ---------- JSON shapes (array vs object) from the published schemas ----------

/**
 * Map "stammdaten.MARKTLOKATION.marktrollen" → 'array' | 'object' | 'scalar', over every PI schema.
 * @param {SchemasByRole} schemas
 * @returns {Shapes}
 */
function collectShapes(schemas) {
  /** @type {Shapes} */
  const shapes = new Map();
  /** @type {(node: JsonSchema | undefined, prefix: string, components: SchemaComponents, depth: number) => void} */
  const visit = (node, prefix, components, depth) => {
    if (!node || typeof node !== 'object' || depth > 12) return;
    if (node.$ref) return visit(components[refName(node.$ref)], prefix, components, depth + 1);
    for (const part of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])])
      visit(part, prefix, components, depth + 1);
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const childPath = prefix ? `${prefix}.${key}` : key;
      const resolved = child.$ref ? (components[refName(child.$ref)] ?? {}) : child;
      const kind =
        resolved.type === 'array' ? 'array' : resolved.type === 'object' || resolved.properties ? 'object' : 'scalar';
      const previous = shapes.get(childPath);
      // A key typed differently across PIs is ambiguous: remember that, never guess.
      shapes.set(childPath, previous && previous !== kind ? 'ambiguous' : kind);
      visit(resolved.type === 'array' ? resolved.items : resolved, childPath, components, depth + 1);
    }
  };
  for (const operations of Object.values(schemas)) {
    for (const documents of Object.values(operations)) {
      for (const components of documents) {
        for (const [name, schema] of Object.entries(components))
          if (/\d{5}/.test(name)) visit(schema, '', components, 0);
      }
    }
  }
  return shapes;
}

/**
 * The schema name a `#/components/schemas/…` reference points at.
 * @param {string} ref
 */
function refName(ref) {
  return decodeURIComponent(ref.split('/').pop() ?? ''); // split gives at least one part
}

/**
 * Shapes of every path the vendor's per-PI documents describe (every release folder): a property through a local
 * `$ref` is an object, one with `type: array` an array, a reference to a BO4E field file a leaf.
 * @returns {Shapes}
 */
function collectVendorShapes() {
  const YAML = require('yaml');
  const root = path.join(REFERENCE, 'maco-api-doc-resources', 'pruefi');
  /** @type {Shapes} */
  const shapes = new Map();
  for (const folder of fs.readdirSync(root).sort()) {
    for (const message of fs.readdirSync(path.join(root, folder)).sort()) {
      for (const file of fs.readdirSync(path.join(root, folder, message)).sort()) {
        const pi = /^PI_(\d{5})\.yaml$/.exec(file)?.[1];
        if (!pi) continue;
        const components = YAML.parse(fs.readFileSync(path.join(root, folder, message, file), 'utf8')).components
          .schemas;
        /** @type {(name: string, prefix: string, depth: number) => void} */
        const visit = (name, prefix, depth) => {
          const schema = components[name];
          if (!schema || depth > 12) return;
          for (const [key, property] of Object.entries(schema.properties ?? {})) {
            const childPath = prefix ? `${prefix}.${key}` : key;
            const local = (/** @type {{ $ref?: string } | undefined} */ target) =>
              target?.$ref?.startsWith('#/') ? refName(target.$ref) : undefined;
            const inner = property.type === 'array' ? local(property.items) : local(property);
            const kind = property.type === 'array' ? 'array' : inner ? 'object' : 'scalar';
            const previous = shapes.get(childPath);
            shapes.set(childPath, previous && previous !== kind ? 'ambiguous' : kind);
            if (inner) visit(inner, childPath, depth + 1);
          }
        };
        visit(`PI_${pi}`, '', 0);
      }
    }
  }
  return shapes;
}

/**
 * `primary`'s shape of a path, else `fallback`'s.
 * @param {Shapes} primary
 * @param {Shapes} fallback
 * @returns {Shapes}
 */
function withFallback(primary, fallback) {
  const merged = new Map(fallback);
  for (const [key, shape] of primary) merged.set(key, shape);
  return merged;
}

// ---------- AHB rules ----------

/**
 * @param {string} formatVersion
 * @param {string} csvFolder
 * @param {{ strom: Shapes, other: Shapes }} shapes UTILMD Strom resolves through the request schemas alone, as before
 * @param {Map<string, VendorMapped>} mapped the vendor's fields per PI (conditional rules only for those)
 * @param {{ standIns: string[], index: AhbIndex, pis: Set<string> | undefined }} tableOptions stand-in tables; the
 *   release's PIs when it is closed (none of another release's)
 * @returns {Omit<DerivedRules, 'formatVersion'>}
 */
function deriveRules(formatVersion, csvFolder, shapes, mapped, { standIns, index, pis: releasePis }) {
  /** @type {Map<string, { file: string, formatVersion: string }>} PI → AHB table file, every message type */
  const tables = new Map();
  // The release's own tables first, then each stand-in's for the PIs of the release's index still without one.
  const ownIndex = indexPis(index, formatVersion);
  for (const [position, tableVersion] of [formatVersion, ...standIns].entries()) {
    const dir = path.join(REFERENCE, 'ahb', tableVersion);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      const pi = /_(\d{5})\.json$/.exec(file)?.[1];
      if (!pi || tables.has(pi) || (position > 0 && !ownIndex.has(pi))) continue;
      if (releasePis && !releasePis.has(pi)) continue;
      tables.set(pi, { file: path.join(dir, file), formatVersion: tableVersion });
    }
  }
  /** @type {(pi: string, tableVersion: string) => StandIn} */
  const standInOf = (pi, tableVersion) => {
    const entry = (index.by_version[tableVersion] ?? []).find((candidate) => candidate.pruefidentifikator === pi);
    return {
      formatVersion: tableVersion,
      ahbVersion: entry?.versionsnummer ?? '',
      publishedOn: entry?.veroeffentlichungsdatum ?? '',
    };
  };
  const tableMessage = (/** @type {string} */ pi) => ahbTableMessageType(pi, tables.get(pi)?.formatVersion ?? '');
  /** @type {Map<string, Map<string, string>>} PI → condition key → text (keys mean different things per PI and message) */
  const textsByPi = new Map();
  const expressions = expressionTable();

  /** @type {PiRules[]} */
  const rules = [];
  for (const message of MESSAGE_CSVS) {
    const csvFile = mappingCsv(csvFolder, message);
    if (!csvFile) continue;
    const parsed = csvMappingEntries(repairedRows(message, parseCsv(fs.readFileSync(csvFile, 'utf8'))));
    // An empty or all but empty PI column (all of ORDRSP's, some ORDERS/UTILTS ones; UTILMD 55553/55555 and ORDRSP 19101
    // fill two or three cells) says nothing: the AHB table alone decides there.
    const mapping = {
      ...parsed,
      columns: new Map(
        [...parsed.columns].filter(
          ([, indexes]) =>
            parsed.entries.filter((entry) => indexes.some((index) => entry.row[index]?.trim())).length >=
            MIN_COLUMN_ENTRIES,
        ),
      ),
    };
    const parents = message === 'UTILMD_Strom' ? UTILMD_GROUP_PARENT : mapping.groupParents;
    // Every PI with a column, and every PI whose AHB table is of this message type without one (ORDERS 17128–17135,
    // MSCONS 13027/13028, APERAK): the table alone decides which of the CSV's segments it has.
    const ownTables = [...tables.keys()].filter((pi) => tableMessage(pi) === CSV_MESSAGE_TYPES[message]);
    const pis = [...new Set([...mapping.csvPis, ...ownTables])].filter((pi) => !releasePis || releasePis.has(pi));
    for (const pi of pis.sort()) {
      if (rules.some((rule) => rule.pruefidentifikator === pi))
        throw new Error(`${formatVersion}: PI ${pi} is in two mapping CSVs`);
      const table = tables.get(pi);
      if (!table) {
        // The CSV alone carries no condition numbers (it shows 55001 DTM+93 as 'X' where the AHB says 'Muss [10]'), so
        // a CSV-only PI gets no rules rather than possibly wrong ones.
        rules.push({
          pruefidentifikator: pi,
          message,
          source: 'csv-only',
          fields: [],
          conditionalFields: [],
          conditionalSkipped: 0,
          ambiguousSkipped: 0,
          unexpressedConditions: [],
        });
        continue;
      }
      const ahb = readJson(table.file);
      /** @type {Map<string, string>} */
      const texts = new Map();
      for (const line of ahb.lines) collectConditionTexts(line.conditions, texts);
      textsByPi.set(pi, texts);
      const strom = message === 'UTILMD_Strom';
      const derived = deriveRulesOfPi(
        pi,
        formatVersion,
        ahbSegments(ahb.lines, parents),
        mapping,
        strom ? shapes.strom : shapes.other,
        expressions,
        mapped.get(pi),
      );
      const { pruefidentifikator, ...rest } = strom ? derived : withoutUnmapped(derived, mapped.get(pi));
      // The message right after the PI: the JSON reads the same for every rule.
      rules.push({
        pruefidentifikator,
        message,
        ...rest,
        ...(table.formatVersion === formatVersion ? {} : { standIn: standInOf(pi, table.formatVersion) }),
      });
    }
    for (const pi of MIG_ONLY_PIS[message] ?? []) {
      // Outside the AHB index by nature, so in every release's catalogue, closed ones included.
      if (tables.has(pi) || pis.includes(pi)) continue;
      rules.push({ pruefidentifikator: pi, message, ...migRules(mapping, shapes.other) });
    }
  }
  rules.sort((a, b) => a.pruefidentifikator.localeCompare(b.pruefidentifikator));
  // The release's common texts are UTILMD Strom's; every other message type has its own common table
  // (`messageConditions`), and each PI carries only the texts where it differs from its message's table.
  /** @type {(message: string) => Map<string, string>} */
  const commonOf = (message) =>
    commonTexts(
      new Map(
        [...textsByPi].filter(([pi]) => rules.find((rule) => rule.pruefidentifikator === pi)?.message === message),
      ),
    );
  const conditions = commonOf('UTILMD_Strom');
  /** @type {Map<string, Map<string, string>>} */
  const messageConditions = new Map();
  for (const message of new Set(rules.map((rule) => rule.message ?? '')))
    if (message && message !== 'UTILMD_Strom') messageConditions.set(message, commonOf(message));
  const sortedTexts = (/** @type {Iterable<[string, string]>} */ entries) =>
    Object.fromEntries([...entries].sort((a, b) => compareConditions(`[${a[0]}]`, `[${b[0]}]`)));
  for (const rule of rules) {
    const common = (rule.message && messageConditions.get(rule.message)) || conditions;
    const own = [...(textsByPi.get(rule.pruefidentifikator) ?? [])].filter(([key, text]) => common.get(key) !== text);
    if (own.length > 0) rule.conditionTexts = sortedTexts(own);
  }
  return {
    data: {
      description:
        `AHB rules (${formatVersion}) of the PIs of every message type with a BO4E mapping as BO4E paths: unconditional fields, conditional fields ` +
        'with their expression chains (indexes into expressions), and the texts of the conditions. Generated by ' +
        'tools/ahb-rules/generate.js from reference/ahb; do not edit.',
      formatVersion,
      conditions: sortedTexts(conditions),
      messageConditions: Object.fromEntries(
        [...messageConditions]
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([message, texts]) => [message, sortedTexts(texts)]),
      ),
      expressions: expressions.list,
      rules,
    },
  };
}

/**
 * @param {string} pi
 * @param {string} formatVersion
 * @param {AhbSegment[]} segments
 * @param {Mapping} mapping
 * @param {Shapes} shapes
 * @param {ExpressionTable} table
 * @param {VendorMapped | undefined} vendorMapped the fields the vendor's document of the PI names, with their segments
 * @returns {PiRules}
 */
function deriveRulesOfPi(pi, formatVersion, segments, mapping, shapes, table, vendorMapped) {
  const column = mapping.columns.get(pi) ?? [];
  /** @type {Map<string, RuleField>} */
  const fields = new Map();
  let conditionalSkipped = 0;
  let ambiguousSkipped = 0;
  /** @type {Set<string>} */
  const conditions = new Set();
  /** @type {Map<string, { segment: string | undefined, chains: Map<string, number[]> }>} */
  const conditional = new Map();
  for (const entry of mapping.entries) {
    if (column.length > 0 && !column.some((index) => entry.row[index]?.trim())) continue;
    const matches = matchSegments(entry, segments);
    if (matches.length === 0 || entry.paths.length === 0) continue;
    const byElement = elementFields(entry.paths, matches);
    for (const [rawPath, element] of byElement) {
      const resolved = resolvePath(rawPath, shapes);
      if (!resolved || fields.has(resolved)) continue;
      const chains = matches.map((segment) => [
        ...segment.chain.map((group) => group.expression),
        segment.expression,
        ...(segment.expressionsByElement.get(element) ?? []),
      ]);
      if (chains.flat().every((expression) => UNCONDITIONAL.has(expression)) && csvAgrees(entry, column)) {
        fields.set(resolved, ruleField(resolved, matches[0]));
      } else if (vendorMapped) {
        addConditional(conditional, [rawPath], matches, shapes, table, vendorMapped, element);
      }
    }
    const expressions = matches.flatMap((segment) => [
      ...segment.chain.map((group) => group.expression),
      segment.expression,
      ...segment.elementExpressions,
    ]);
    const unconditional = expressions.every((expression) => UNCONDITIONAL.has(expression));
    if (!unconditional || !csvAgrees(entry, column)) {
      conditionalSkipped += entry.paths.length;
      for (const expression of expressions) for (const condition of conditionsOf(expression)) conditions.add(condition);
      if (vendorMapped && fieldsFitElements(entry.paths.length, matches))
        addConditional(conditional, withoutElementFields(entry.paths, byElement), matches, shapes, table, vendorMapped);
      continue;
    }
    const segment = matches[0];
    if (!fieldsFitElements(entry.paths.length, matches)) {
      ambiguousSkipped += entry.paths.length;
      continue;
    }
    for (const rawPath of withoutElementFields(entry.paths, byElement)) {
      const resolved = resolvePath(rawPath, shapes);
      if (!resolved || fields.has(resolved)) continue;
      fields.set(resolved, ruleField(resolved, segment));
    }
  }
  return {
    pruefidentifikator: pi,
    source: 'ahb',
    fields: [...fields.values()].sort((a, b) => a.path.localeCompare(b.path)),
    conditionalFields: [...conditional]
      .filter(([fieldPath]) => !fields.has(fieldPath))
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([fieldPath, { segment, chains }]) => ({ path: fieldPath, segment, chains: [...chains.values()] })),
    conditionalSkipped,
    ambiguousSkipped,
    unexpressedConditions: [...conditions].sort(compareConditions),
  };
}

/**
 * The transaction fields a message's MIG makes mandatory: every enclosing group and the segment Muss or Required in
 * the CSV's BDEW status column. Only the envelope's `transaktionsdaten`: what the MIG says of a business object's
 * fields depends on the process, which only an AHB names.
 * @param {Mapping} mapping
 * @param {Shapes} shapes
 * @returns {Omit<PiRules, 'pruefidentifikator' | 'message'>}
 */
function migRules(mapping, shapes) {
  /** @type {Map<string, RuleField>} */
  const fields = new Map();
  for (const entry of mapping.entries) {
    const chain = [...entry.groupRows, entry.row];
    if (!chain.every((row) => MIG_MANDATORY.has((row[4] ?? '').trim()))) continue;
    for (const rawPath of entry.paths) {
      const resolved = resolvePath(rawPath, shapes);
      if (!resolved?.startsWith('transaktionsdaten.') || fields.has(resolved)) continue;
      fields.set(resolved, {
        path: resolved,
        expression: chain.map((row) => `${row[2].trim()} ${row[4].trim()}`).join(' › ') + ' (MIG)',
        segment: [...entry.groupRows.map((row) => row[2].trim()), `${entry.code}+${entry.qualifiers[0]}`].join(' '),
      });
    }
  }
  return {
    source: 'mig',
    fields: [...fields.values()].sort((a, b) => a.path.localeCompare(b.path)),
    conditionalFields: [],
    conditionalSkipped: 0,
    ambiguousSkipped: 0,
    unexpressedConditions: [],
  };
}

/**
 * An unconditionally mandatory field with the chain it came from (`SG2 Muss › NAD Muss`) and its segment's label.
 * @param {string} fieldPath
 * @param {AhbSegment} segment
 * @returns {RuleField}
 */
function ruleField(fieldPath, segment) {
  return {
    path: fieldPath,
    expression: [
      ...segment.chain.map((group) => `${group.key} ${group.expression}`),
      `${segment.code} ${segment.expression}`,
    ].join(' › '),
    segment: segment.label,
  };
}

/**
 * Outside UTILMD Strom the mapping CSVs are thinner and sometimes misspelt (`katetorie`): a mandatory field the vendor's
 * document of the PI does not name at all cannot arrive in its middleware's bodies, so it would be a finding on every
 * real message. Such fields are dropped (counted in `vendorUnmapped`); a PI without a vendor document keeps its rules.
 * @param {PiRules} rules
 * @param {VendorMapped | undefined} vendorMapped
 * @returns {PiRules}
 */
function withoutUnmapped(rules, vendorMapped) {
  if (!vendorMapped) return rules;
  const fields = rules.fields.filter((field) => vendorMapped.has(field.path.replace(/\[\]/g, '')));
  return { ...rules, fields, vendorUnmapped: rules.fields.length - fields.length };
}

/**
 * Interns expression strings: many fields share the same chains, so rules refer to them by index.
 * @typedef {{ list: string[], indexOf: (expression: string) => number }} ExpressionTable
 * @returns {ExpressionTable}
 */
function expressionTable() {
  /** @type {string[]} */
  const list = [];
  /** @type {Map<string, number>} */
  const indexes = new Map();
  return {
    list,
    indexOf(expression) {
      let index = indexes.get(expression);
      if (index === undefined) {
        index = list.length;
        list.push(expression);
        indexes.set(expression, index);
      }
      return index;
    },
  };
}

/**
 * Remembers the fields of a conditionally required mapping with one chain per matched segment instance: groups,
 * segment, data elements. A field reached from several instances (LOC+Z16 and LOC+Z22 both fill marktlokationsId)
 * keeps every chain; it is mandatory only where all of them say so.
 * @param {Map<string, { segment: string | undefined, chains: Map<string, number[]> }>} conditional
 * @param {string[]} rawPaths
 * @param {AhbSegment[]} matches
 * The CSV maps a segment line to every field it can carry (LOC+Z16 → marktlokationsId and zeitraumId); only the
 * segment instances the vendor's document names as the field's source count, since the middleware sends nothing else.
 * @param {Shapes} shapes
 * @param {ExpressionTable} table
 * @param {VendorMapped} vendorMapped
 * @param {string} [element] the one data element the fields come from (else every data element of the segment counts)
 */
function addConditional(conditional, rawPaths, matches, shapes, table, vendorMapped, element = undefined) {
  for (const rawPath of rawPaths) {
    const resolved = resolvePath(rawPath, shapes);
    if (!resolved) continue;
    const sources = (vendorMapped.get(resolved.replace(/\[\]/g, '')) ?? []).flatMap(vendorSignatures);
    const segments = matches.filter((segment) => sources.some((source) => sameSegment(source, segment)));
    if (segments.length === 0) continue;
    let field = conditional.get(resolved);
    if (!field) conditional.set(resolved, (field = { segment: segments[0].label, chains: new Map() }));
    for (const segment of segments) {
      const chain = [
        ...segment.chain.map((group) => group.expression),
        segment.expression,
        ...(element === undefined ? segment.dataElementExpressions : (segment.expressionsByElement.get(element) ?? [])),
      ]
        .map(normaliseExpression)
        .filter((expression) => expression !== '')
        .map((expression) => table.indexOf(expression));
      field.chains.set(chain.join(','), chain);
    }
  }
}

/**
 * `SG4.IDE+24.SG5.LOC+Z16` → groups ['SG4', 'SG5'], segment 'LOC', qualifiers ['Z16']; `BGM+[E01|Z89]` → ['E01', 'Z89'].
 * @typedef {{ groups: string[], code: string, qualifiers: string[] }} VendorSignature
 * @typedef {Map<string, string[]>} VendorMapped
 * @param {string} source
 * @returns {VendorSignature[]}
 */
function vendorSignatures(source) {
  const tokens = source.split('.');
  const last = tokens[tokens.length - 1] ?? '';
  const [code, qualifier = ''] = last.split('+');
  const qualifiers = qualifier
    .replace(/^\[|\]$/g, '')
    .split(/[|+]/)
    .filter(Boolean);
  return [{ groups: tokens.filter((token) => /^SG\d+$/.test(token)), code, qualifiers }];
}

/**
 * @param {VendorSignature} source
 * @param {AhbSegment} segment
 */
function sameSegment(source, segment) {
  const groups = segment.chain.map((group) => group.key);
  if (source.code !== segment.code || source.groups.join(' ') !== groups.join(' ')) return false;
  return source.qualifiers.length === 0 || source.qualifiers.includes(segment.qualifier ?? '');
}

/**
 * Line breaks inside an AHB cell separate clauses (`Muss [1]\r\nSoll [2]`); a single space does the same job.
 * @param {string} expression
 */
function normaliseExpression(expression) {
  return expression.replace(/\s+/g, ' ').trim();
}

/**
 * The text most PIs give each condition key (ties: the lexically first), the release's common table.
 * @param {Map<string, Map<string, string>>} textsByPi
 * @returns {Map<string, string>}
 */
function commonTexts(textsByPi) {
  /** @type {Map<string, Map<string, number>>} */
  const counts = new Map();
  for (const texts of textsByPi.values()) {
    for (const [key, text] of texts) {
      const perText = counts.get(key) ?? new Map();
      perText.set(text, (perText.get(text) ?? 0) + 1);
      counts.set(key, perText);
    }
  }
  /** @type {Map<string, string>} */
  const common = new Map();
  for (const [key, perText] of counts) {
    const [best] = [...perText].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    common.set(key, best[0]);
  }
  return common;
}

/**
 * `[n] text` lines of an AHB line's `conditions` cell into a key → text table (whitespace runs as one space).
 * @param {string | undefined} cell
 * @param {Map<string, string>} into
 */
function collectConditionTexts(cell, into) {
  for (const match of (cell ?? '').matchAll(/^\[(\w+)\]\s*(.*)$/gm)) {
    if (!into.has(match[1])) into.set(match[1], match[2].replace(/\s+/g, ' ').trim());
  }
}

/**
 * Several BO4E fields on one segment line (`rollencodenummer` + `rollencodetyp`) are only trusted when they can be
 * paired with the segment's elements in this PI: one per element, or the first one taken from the qualifier
 * (`kategorie` = BGM document code). STS+7 lists three fields on one element run (9013 repeated): ambiguous, skipped.
 * @param {number} fieldCount
 * @param {AhbSegment[]} segments
 */
function fieldsFitElements(fieldCount, segments) {
  return segments.every(
    ({ elementIds, qualifier }) =>
      fieldCount === 1 ||
      fieldCount === elementIds.length ||
      (qualifier !== undefined && fieldCount === elementIds.length + 1),
  );
}

/**
 * BO4E fields whose data element is fixed whatever else the segment line carries: the MP-ID of a NAD is DE3039. They
 * take their requirement from that element alone, so that a NAD row listing fifteen fields (INVOIC's name and
 * address) or an address element `S [7]` leaves the MP-ID's own `X` standing.
 */
const FIELD_ELEMENTS = /** @type {Record<string, string>} */ ({ rollencodenummer: '3039' });

/**
 * The raw paths of a CSV line with a fixed data element that every matched segment has, with that element.
 * @param {string[]} rawPaths
 * @param {AhbSegment[]} matches
 * @returns {Map<string, string>}
 */
function elementFields(rawPaths, matches) {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const rawPath of rawPaths) {
    const element = FIELD_ELEMENTS[rawPath.split('.').pop() ?? ''];
    if (element && matches.every((segment) => segment.expressionsByElement.has(element))) found.set(rawPath, element);
  }
  return found;
}

/**
 * @param {string[]} rawPaths
 * @param {Map<string, string>} byElement
 */
function withoutElementFields(rawPaths, byElement) {
  return byElement.size === 0 ? rawPaths : rawPaths.filter((rawPath) => !byElement.has(rawPath));
}

/**
 * When the PI has a CSV column too, its enclosing groups there must also be 'Muss' (both sources must agree).
 * @param {MappingEntry} entry
 * @param {number[]} column
 */
function csvAgrees(entry, column) {
  if (column.length === 0) return true;
  return entry.groupRows.every((groupRow) => column.some((index) => CSV_UNCONDITIONAL.has(groupRow[index]?.trim())));
}

/** @param {string} expression */
function conditionsOf(expression) {
  /** @type {string[]} */
  const found = [];
  const head = /^(Muss|Soll|Kann|M|S|K|X)\b/.exec(expression.trim());
  if (head && !UNCONDITIONAL.has(head[1])) found.push(head[1] === 'S' ? 'Soll' : head[1] === 'K' ? 'Kann' : head[1]);
  for (const match of expression.matchAll(/\[([^\]]+)\]/g)) found.push(`[${match[1]}]`);
  return found;
}

/**
 * @param {string} a
 * @param {string} b
 */
function compareConditions(a, b) {
  const number = (/** @type {string} */ value) => Number(/\d+/.exec(value)?.[0] ?? -1);
  return a.startsWith('[') !== b.startsWith('[')
    ? a.startsWith('[')
      ? 1
      : -1
    : number(a) - number(b) || a.localeCompare(b);
}

/**
 * Segment instances of one AHB table with their enclosing group instances and element expressions.
 * @param {AhbLine[]} lines
 * @param {Record<string, string | undefined>} groupParent the message's group nesting
 */
function ahbSegments(lines, groupParent) {
  /** @type {AhbSegment[]} */
  const segments = [];
  /** @type {AhbGroup[]} */
  const stack = [];
  /** @type {AhbSegment | undefined} */
  let current;
  for (const line of lines) {
    const expression = (line.ahb_expression ?? '').trim();
    if (line.line_type === 'segment_group') {
      const key = line.segment_group_key;
      while (stack.length > 0 && stack[stack.length - 1].key !== groupParent[key]) stack.pop();
      stack.push({ key, expression, qualifier: undefined });
      current = undefined;
    } else if (line.line_type === 'segment') {
      const key = line.segment_group_key;
      if (!key) stack.length = 0;
      else while (stack.length > 0 && stack[stack.length - 1].key !== key) stack.pop();
      current = {
        code: line.segment_code,
        expression,
        qualifier: undefined,
        sawElement: false,
        chain: [...stack],
        elementExpressions: [],
        dataElementExpressions: [],
        elementIds: [],
        expressionsByElement: new Map(),
      };
      segments.push(current);
    } else if (current) {
      if (!current.sawElement && line.line_type === 'code') current.qualifier = line.value_pool_entry;
      // Consecutive lines of one data element (a code list) form one element; the qualifier is not a field element.
      else if (current.elementIds[current.elementIds.length - 1] !== line.data_element)
        current.elementIds.push(line.data_element);
      current.sawElement = true;
      current.elementExpressions.push(expression);
      // Code lines after the qualifier are alternative values, each with its own condition: not the field's requirement.
      if (line.line_type === 'dataelement' && expression) {
        current.dataElementExpressions.push(expression);
        const own = current.expressionsByElement.get(line.data_element) ?? [];
        current.expressionsByElement.set(line.data_element, [...own, expression]);
      }
    }
  }
  for (const segment of segments) {
    const group = segment.chain[segment.chain.length - 1];
    // The first segment of a group instance is its trigger; its qualifier names the group (SG8 SEQ+Z01, SG5 LOC+Z16).
    if (group && group.qualifier === undefined) group.qualifier = `${segment.code}+${segment.qualifier ?? ''}`;
    segment.label = [
      ...segment.chain.map((g) => g.key),
      `${segment.code}${segment.qualifier ? `+${segment.qualifier}` : ''}`,
    ].join(' ');
    segment.context = segment.chain.map((g) => `${g.key}:${g.qualifier}`).join('/');
  }
  return segments;
}

/**
 * @param {MappingEntry} entry
 * @param {AhbSegment[]} segments
 */
function matchSegments(entry, segments) {
  const sameContext = segments.filter((segment) => segment.context === entry.context && segment.code === entry.code);
  const byQualifier = sameContext.filter((segment) => entry.qualifiers.includes(segment.qualifier ?? ''));
  if (byQualifier.length > 0) return byQualifier;
  // Segments without a qualifier (UNH, COM) match when they are unique in their context on both sides.
  return sameContext.length === 1 && entry.uniqueInContext && !sameContext[0].qualifier ? sameContext : [];
}

// ---------- CSV mapping ----------

/**
 * @param {CsvRow[]} rows
 * @returns {Mapping}
 */
function csvMappingEntries(rows) {
  const header = rows[0];
  // The CSVs share their first columns; UTILMD Strom has an extra `NR` (not relevant) column before the storage one.
  const storage = header.indexOf('stamm- oder transaktionsdaten');
  const notRelevantColumn = header.indexOf('NR');
  if (storage < 0) throw new Error('mapping CSV without a "stamm- oder transaktionsdaten" column');
  /** @type {Mapping['columns']} */
  const columns = new Map();
  header.forEach((cell, index) => {
    if (index > storage + 2 && /^\d{5}$/.test(cell.trim()))
      columns.set(cell.trim(), [...(columns.get(cell.trim()) ?? []), index]);
  });
  /** @type {Record<string, string | undefined>} */
  const groupParents = {};
  /** @type {MappingEntry[]} */
  const entries = [];
  /** @type {CsvGroup[]} */
  const stack = [];
  /** @type {CsvGroup | undefined} */
  let pendingTrigger;
  for (const row of rows.slice(2)) {
    const code = (row[2] ?? '').trim();
    const level = Number.parseInt(row[7], 10);
    if (!code || Number.isNaN(level)) continue;
    if (/^SG\d+$/.test(code)) {
      while (stack.length > 0 && stack[stack.length - 1].level >= level) stack.pop();
      if (!Object.hasOwn(groupParents, code)) groupParents[code] = stack[stack.length - 1]?.key;
      /** @type {CsvGroup} */
      const group = { key: code, level, qualifier: undefined, row };
      stack.push(group);
      pendingTrigger = group;
      continue;
    }
    while (stack.length > 0 && stack[stack.length - 1].level > level) stack.pop();
    const qualifiers = (row[9] ?? '')
      .split('\n')
      .map(qualifierOf)
      .filter((q) => q !== undefined);
    if (pendingTrigger) {
      pendingTrigger.qualifier = `${code}+${qualifiers[0] ?? ''}`;
      pendingTrigger = undefined;
    }
    const notRelevant = notRelevantColumn >= 0 && (row[notRelevantColumn] ?? '').trim() === 'X';
    entries.push({
      row,
      code,
      qualifiers: qualifiers.length > 0 ? [...new Set(qualifiers)] : [''],
      context: stack.map((g) => `${g.key}:${g.qualifier}`).join('/'),
      groupRows: stack.map((g) => g.row),
      paths: notRelevant ? [] : bo4ePaths(row[storage] ?? '', row[storage + 1] ?? '', row[storage + 2] ?? ''),
    });
  }
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const entry of entries)
    counts.set(`${entry.context}|${entry.code}`, (counts.get(`${entry.context}|${entry.code}`) ?? 0) + 1);
  for (const entry of entries) entry.uniqueInContext = counts.get(`${entry.context}|${entry.code}`) === 1;
  return { entries, columns, csvPis: [...columns.keys()], groupParents };
}

/**
 * The qualifier of an EDIFACT example line such as `DTM+137:…`, `CCI+++ZB3`, `QTY+31:…`; '' when it has none.
 * @param {string} example
 * @returns {string | undefined} undefined when the line is no segment example
 */
function qualifierOf(example) {
  const text = example.trim().replace(/'$/, '');
  if (!/^[A-Z]{3}\+/.test(text)) return undefined;
  const components = text
    .slice(4)
    .split(/[+:]/)
    .map((part) => part.trim());
  const first = components.find((part) => part !== '');
  return first && /^(?=.*\d|[A-Z]{1,3}$)[A-Z0-9]{1,3}$/.test(first) ? first : '';
}

/**
 * BO4E paths of one CSV line; empty when the mapping is not a plain field reference (conservative).
 * @param {string} storage
 * @param {string} boObject
 * @param {string} field
 * @returns {string[]}
 */
function bo4ePaths(storage, boObject, field) {
  const kind = storage.trim();
  const bo = boObject.trim().replace(/->/g, '.');
  /** @type {string[]} */
  const names = [];
  for (const rawLine of field.split('\n')) {
    let line = rawLine.trim().replace(/\s+1:1$/, '');
    if (!line) continue;
    const incoming = /^eingehend:\s*([A-Za-z][A-Za-z0-9.]*)\s*\/\s*ausgehend\b/.exec(line);
    if (incoming) line = incoming[1];
    if (/^[A-Za-z][A-Za-z0-9.[\]]*\s*=\s*\S+$/.test(line)) continue; // derived constant (`marktlokationsTyp[].typ = …`)
    if (!IDENTIFIER_PATH.test(line)) return [];
    names.push(line);
  }
  if (names.length === 0) return [];
  if (kind === 'T') {
    const prefix = bo === '' ? '' : TRANSAKTIONSDATEN_OBJECTS.has(bo) ? `${bo}.` : undefined;
    if (prefix === undefined) return [];
    return names.map((name) => `transaktionsdaten.${prefix}${name.replace(/^transaktionsdaten\./, '')}`);
  }
  if (kind !== 'S' || !IDENTIFIER_PATH.test(bo.replace(/_/g, 'X'))) return [];
  const segments = bo.split('.');
  let key = (segments.shift() ?? '').toUpperCase(); // split gives at least one segment
  if (key === 'VERTRAG' || key === 'VETRAG') key = (segments.shift() ?? '').toUpperCase();
  if (!STAMMDATEN_KEYS.has(key)) return [];
  const nested = segments.join('.');
  return names.map((name) => `stammdaten.${key}[].${nested ? `${nested}.` : ''}${name}`);
}

/**
 * Resolve each intermediate step to object or array via the schemas; undefined when any step is unknown.
 * @param {string} rawPath
 * @param {Shapes} shapes
 * @returns {string | undefined}
 */
function resolvePath(rawPath, shapes) {
  const parts = rawPath.split('.');
  /** @type {string[]} */
  const out = [];
  /** @type {string[]} */
  const schemaPath = [];
  for (let i = 0; i < parts.length; i++) {
    const explicitArray = parts[i].endsWith('[]');
    const name = parts[i].replace(/\[\]$/, '');
    schemaPath.push(name);
    const last = i === parts.length - 1;
    if (i === 0 || (i === 1 && parts[0] === 'stammdaten')) {
      out.push(parts[i]);
      continue;
    }
    const shape = shapes.get(schemaPath.join('.'));
    if (last) {
      // A leaf must not be a container: "present" would then say nothing about its content.
      if (explicitArray || shape === 'array' || shape === 'object' || shape === 'ambiguous') return undefined;
      out.push(name);
    } else if (shape === 'array' || shape === 'object') {
      if (explicitArray && shape !== 'array') return undefined;
      out.push(shape === 'array' ? `${name}[]` : name);
    } else {
      return undefined;
    }
  }
  return out.join('.');
}

// ---------- report ----------

/**
 * @param {Catalogue} catalogue
 * @param {DerivedRules[]} derived
 */
function renderReport(catalogue, derived) {
  const lines = [
    '# AHB rules generation report',
    '',
    'Generated by `node tools/ahb-rules/generate.js`; overwritten by each run.',
    '',
  ];
  lines.push(
    'A field is mandatory only when its segment, every element line of that segment and every enclosing segment',
  );
  lines.push(
    "group are unconditional (`Muss`/`M`/`X`) in the PI's AHB table, the CSV mapping names a concrete BO4E field,",
  );
  lines.push(
    "and, where the PI has a CSV column, the CSV's enclosing groups are `Muss` too. Everything else is counted as",
  );
  lines.push(
    '"conditional skipped" with its condition numbers (format conditions [9xx] and hints [5xx] included). Those',
  );
  lines.push(
    "mappings become `conditionalFields` where the vendor's spec names their segment as the field's source; the",
  );
  lines.push('booking decides them on the data (docs/ahb-rules.md; decided share in CONDITIONS.md).', '');
  lines.push(...renderCatalogueCounts(catalogue));

  lines.push('## PIs with rules per release and role', '');
  lines.push(
    '| release | role | operation | listed PIs | with AHB rules (any message type) | with ≥1 mandatory field |',
  );
  lines.push('|---|---|---|---|---|---|');
  for (const [release, entry] of Object.entries(catalogue.releases)) {
    const fv = entry.ahbRules ?? '';
    const ruleSet = derived.find((d) => d.formatVersion === fv);
    if (!ruleSet) throw new Error(`release ${release}: no AHB rules derived for ${fv}`);
    const rules = new Map(ruleSet.data.rules.map((r) => [r.pruefidentifikator, r]));
    for (const [role, operations] of Object.entries(entry.pruefidentifikatoren)) {
      for (const [operation, listed] of Object.entries(operations)) {
        const strom = listed.filter((p) => rules.has(p.pruefidentifikator));
        const withRules = strom.filter((p) => (rules.get(p.pruefidentifikator)?.fields.length ?? 0) > 0);
        const standIns = strom.filter((p) => rules.get(p.pruefidentifikator)?.standIn).length;
        const note = standIns > 0 ? ` (${standIns} from stand-in tables)` : '';
        lines.push(
          `| ${release}${note} | ${role} | ${operation} | ${listed.length} | ${strom.length} | ${withRules.length} |`,
        );
      }
    }
  }
  lines.push('');

  for (const { formatVersion, data } of derived) {
    const rules = data.rules;
    const fromAhb = rules.filter((r) => r.source === 'ahb');
    const csvOnly = rules.filter((r) => r.source === 'csv-only');
    lines.push(`## ${formatVersion}`, '');
    lines.push(
      `${rules.length} PIs of ${new Set(rules.map((r) => r.message)).size} message types: ${fromAhb.length} with an AHB table (${fromAhb.filter((r) => r.standIn).length} of them another format version's, standing in), ${csvOnly.length} only in the CSV (no rules derived).`,
      '',
    );
    lines.push(
      '| message | PIs | with an AHB table | mandatory fields | conditional fields | mandatory fields the vendor never maps (dropped) |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const message of MESSAGE_CSVS) {
      const own = rules.filter((r) => r.message === message);
      if (own.length === 0) continue;
      const sum = (/** @type {(r: PiRules) => number} */ count) => own.reduce((n, r) => n + count(r), 0);
      lines.push(
        `| ${message} | ${own.length} | ${own.filter((r) => r.source === 'ahb').length} | ${sum((r) => r.fields.length)} | ${sum((r) => r.conditionalFields.length)} | ${sum((r) => r.vendorUnmapped ?? 0)} |`,
      );
    }
    lines.push('');
    lines.push(
      `Mandatory fields in total: ${fromAhb.reduce((n, r) => n + r.fields.length, 0)}; conditional mappings skipped: ${fromAhb.reduce((n, r) => n + r.conditionalSkipped, 0)}.`,
      '',
    );
    /** @type {Map<string, number>} */
    const kinds = new Map();
    for (const rule of fromAhb)
      for (const c of rule.unexpressedConditions) kinds.set(conditionKind(c), (kinds.get(conditionKind(c)) ?? 0) + 1);
    lines.push('Condition kinds not expressed (number of PIs where they blocked a mapped field):', '');
    for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1])) lines.push(`- ${kind}: ${count}`);
    lines.push(
      '',
      '| PI | message | mandatory fields | conditional skipped | conditions not expressed |',
      '|---|---|---|---|---|',
    );
    for (const rule of fromAhb) {
      lines.push(
        `| ${rule.pruefidentifikator} | ${rule.message ?? ''} | ${rule.fields.length} | ${rule.conditionalSkipped} | ${rule.unexpressedConditions.join(' ')} |`,
      );
    }
    lines.push(
      '',
      `CSV-only PIs (old numbers without an AHB table in ${formatVersion}): ${csvOnly.map((r) => r.pruefidentifikator).join(', ')}`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The catalogue's counts: known PIs per message type and release, listed PIs per release, role and operation.
 * @param {Catalogue} catalogue
 * @returns {string[]}
 */
function renderCatalogueCounts(catalogue) {
  const releases = Object.entries(catalogue.releases);
  const lines = ['## PI catalogue', ''];
  lines.push(
    "Known PIs: every PI of the release (AHB index, the vendor's per-PI specifications, the request schemas); a",
  );
  lines.push(
    'body with a PI its release does not know gets `unknown-pi`, one the role/operation does not list `unlisted-pi`.',
  );
  lines.push(
    "Message type from the AHB table's UNH segment, else the vendor's folder, else the BDEW PI range, else the schema.",
    '',
  );
  lines.push(
    `| message type | ${releases.map(([release]) => release).join(' | ')} |`,
    `|---|${releases.map(() => '---|').join('')}`,
  );
  const types = [
    ...new Set(releases.flatMap(([, entry]) => Object.values(entry.known).map((pi) => pi.messageType))),
  ].sort();
  const countOf = (/** @type {CatalogueRelease} */ entry, /** @type {(pi: KnownPi) => boolean} */ test) =>
    Object.values(entry.known).filter(test).length;
  for (const type of types)
    lines.push(
      `| ${type} | ${releases.map(([, entry]) => countOf(entry, (pi) => pi.messageType === type)).join(' | ')} |`,
    );
  lines.push(`| **all** | ${releases.map(([, entry]) => Object.keys(entry.known).length).join(' | ')} |`);
  for (const from of ['ahb', 'vendor', 'range', 'schema']) {
    lines.push(
      `| type from ${from} | ${releases.map(([, entry]) => countOf(entry, (pi) => pi.messageTypeFrom === from)).join(' | ')} |`,
    );
  }
  lines.push(
    '',
    "Listed PIs per role and operation: the request schema's (`schema`) plus, on update, the PIs whose direction names",
  );
  lines.push("the role as sender (`sender`: the middleware reports the role's own messages back as an update).", '');
  lines.push('"sent by the role": listed PIs whose direction names the role as a sender, from either source.', '');
  lines.push(
    '| release | role | operation | listed | schema | sender (added) | sent by the role | not known to the release |',
  );
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const [release, entry] of releases) {
    const base = entry.inherits ? catalogue.releases[entry.inherits] : entry;
    for (const [role, operations] of Object.entries(base.pruefidentifikatoren)) {
      for (const [operation, inherited] of Object.entries(operations)) {
        const listed = entry.pruefidentifikatoren[role]?.[operation] ?? inherited;
        const added = listed.filter((pi) => pi.source === 'sender').length;
        const sent = listed.filter((pi) => senderRoles(pi.direction).has(role)).length;
        const unknown = listed.filter((pi) => !entry.known[pi.pruefidentifikator]).length;
        lines.push(
          `| ${release} | ${role} | ${operation} | ${listed.length} | ${listed.length - added} | ${added} | ${sent} | ${unknown} |`,
        );
      }
    }
  }
  return [...lines, ''];
}

/** @param {string} condition */
function conditionKind(condition) {
  if (!condition.startsWith('[')) return `operator ${condition} (optional / recommended, never mandatory)`;
  const body = condition.slice(1, -1);
  if (/^UB\d+$/.test(body)) return '[UBn] sub-conditions (Unterbedingungen)';
  if (/^\d+P\d+\.\.(\d+|n)$/.test(body)) return '[nPa..b] package cardinalities';
  if (/^\d+P$/.test(body)) return '[nP] packages';
  const n = Number(body);
  if (Number.isNaN(n)) return `other ${condition}`;
  if (n >= 2000) return '[2000+] repetition/occurrence conditions';
  if (n >= 900) return '[900–999] format conditions';
  if (n >= 500) return '[500–899] hints (Hinweise)';
  return '[1–499] requirement conditions (other segments/values/dates)';
}

// ---------- io ----------

/**
 * @param {string} file
 * @returns {any} the parsed JSON, typed where it is used
 */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * @param {string} file
 * @param {unknown} value
 */
function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * RFC 4180 CSV (quoted fields may contain commas, quotes and newlines).
 * @param {string} text
 * @returns {CsvRow[]}
 */
function parseCsv(text) {
  /** @type {CsvRow[]} */
  const rows = [];
  /** @type {CsvRow} */
  let row = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

module.exports = {
  main,
  internals: { parseCsv, csvMappingEntries, ahbSegments, matchSegments, collectShapes, loadSchemas, resolvePath },
};

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
