// Reading the BO4E mapping CSVs (reference/ahb/bo4e-mapping/<folder>/<message>.csv, repaired by csv-repairs.js):
// per segment line the BO4E paths it fills, its enclosing groups, and its cells in the PI columns.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { repairedRows } = require('./csv-repairs.js');
const { parseCsv } = require('./io.js');
const { REFERENCE } = require('./releases.js');

/**
 * @typedef {import('./io.js').CsvRow} CsvRow
 * @typedef {{ key: string, level: number, qualifier: string | undefined, row: CsvRow }} CsvGroup
 * A segment line of the BO4E mapping CSV; `uniqueInContext` is set once the whole CSV is read.
 * @typedef {{
 *   row: CsvRow, code: string, qualifiers: string[], context: string, groupRows: CsvRow[], paths: string[],
 *   uniqueInContext?: boolean,
 * }} MappingEntry
 * PI columns of the CSV: PI → column indexes; `groupParents`: each segment group's enclosing group, from the levels.
 * @typedef {{ entries: MappingEntry[], columns: Map<string, number[]>, csvPis: string[], groupParents: Record<string, string | undefined> }} Mapping
 */

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

const TRANSAKTIONSDATEN_OBJECTS = new Set([
  'absender',
  'empfaenger',
  'absender.ansprechpartner',
  'empfaenger.ansprechpartner',
]);

const IDENTIFIER_PATH = /^[A-Za-z][A-Za-z0-9]*(\[\])?(\.[A-Za-z][A-Za-z0-9]*(\[\])?)*$/;
/** Filled segment cells a PI column needs to select the CSV's rows for its PI; fewer, and its AHB table alone decides. */
const MIN_COLUMN_ENTRIES = 5;

/**
 * The repaired mapping CSV of a message.
 * @param {string} csvFile
 * @param {string} message
 * @returns {Mapping}
 */
function readMapping(csvFile, message) {
  const parsed = csvMappingEntries(repairedRows(message, parseCsv(fs.readFileSync(csvFile, 'utf8'))));
  // An empty or all but empty PI column (all of ORDRSP's, some ORDERS/UTILTS ones; UTILMD 55553/55555 and ORDRSP 19101
  // fill two or three cells) says nothing: the AHB table alone decides there.
  return {
    ...parsed,
    columns: new Map(
      [...parsed.columns].filter(
        ([, indexes]) =>
          parsed.entries.filter((entry) => indexes.some((index) => entry.row[index]?.trim())).length >=
          MIN_COLUMN_ENTRIES,
      ),
    ),
  };
}

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

module.exports = { MESSAGE_CSVS, CSV_MESSAGE_TYPES, mappingCsv, readMapping, csvMappingEntries };
