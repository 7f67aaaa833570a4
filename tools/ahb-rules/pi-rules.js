// The rules of one PI with an AHB table: a mapping CSV line's BO4E fields are mandatory where the table's expressions
// of the segment, its elements and its enclosing groups are all unconditional (and the PI's CSV column agrees);
// conditionally required where the vendor's document names the segment as the field's source.
'use strict';
const { UNCONDITIONAL, compareConditions, conditionsOf, normaliseExpression } = require('./conditions.js');
const { resolvePath } = require('./schemas.js');

/**
 * @typedef {import('./ahb-tables.js').AhbSegment} AhbSegment
 * @typedef {import('./ahb-tables.js').StandIn} StandIn
 * @typedef {import('./mapping-csv.js').Mapping} Mapping
 * @typedef {import('./mapping-csv.js').MappingEntry} MappingEntry
 * @typedef {import('./schemas.js').Shapes} Shapes
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
 */

const CSV_UNCONDITIONAL = new Set(['Muss', 'X']);

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

module.exports = { deriveRulesOfPi, ruleField, withoutUnmapped, expressionTable, matchSegments };
