// The AHB rules of a release (ahb-rules-FVxxxx.json): per message type with a mapping CSV each PI's rules, from its
// AHB table, from the MIG, or none (a PI only the CSV names); the condition texts and expressions they refer to.
'use strict';
const { UTILMD_GROUP_PARENT, ahbSegments, ahbTableMessageType, releaseTables, standInOf } = require('./ahb-tables.js');
const { collectConditionTexts, commonTexts, compareConditions } = require('./conditions.js');
const { readJson } = require('./io.js');
const { CSV_MESSAGE_TYPES, MESSAGE_CSVS, mappingCsv, readMapping } = require('./mapping-csv.js');
const { MIG_ONLY_PIS, migRules } = require('./mig-rules.js');
const { deriveRulesOfPi, expressionTable, withoutUnmapped } = require('./pi-rules.js');
const { VENDOR_DELTA } = require('./releases.js');

/**
 * @typedef {import('./releases.js').AhbIndex} AhbIndex
 * @typedef {import('./pi-rules.js').PiRules} PiRules
 * @typedef {import('./pi-rules.js').VendorMapped} VendorMapped
 * @typedef {import('./schemas.js').Shapes} Shapes
 * @typedef {{
 *   description: string, formatVersion: string, conditions: Record<string, string>,
 *   messageConditions: Record<string, Record<string, string>>, expressions: string[], rules: PiRules[],
 * }} RulesData
 * @typedef {{ formatVersion: string, data: RulesData }} DerivedRules
 */

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
  const tables = releaseTables(formatVersion, standIns, index, releasePis);
  const tableMessage = (/** @type {string} */ pi) => ahbTableMessageType(pi, tables.get(pi)?.formatVersion ?? '');
  /** @type {Map<string, Map<string, string>>} PI → condition key → text (keys mean different things per PI and message) */
  const textsByPi = new Map();
  const expressions = expressionTable();

  /** @type {PiRules[]} */
  const rules = [];
  for (const message of MESSAGE_CSVS) {
    const csvFile = mappingCsv(csvFolder, message);
    if (!csvFile) continue;
    const mapping = readMapping(csvFile, message);
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
        ...(table.formatVersion === formatVersion ? {} : { standIn: standInOf(index, pi, table.formatVersion) }),
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

module.exports = { deriveRules, mappedByPi, withoutVendorDropped };
