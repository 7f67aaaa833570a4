// Reading the AHB tables (reference/ahb/FVxxxx/AHB_FVxxxx_<PI>.json): which table a release's PI takes (its own or a
// stand-in's), the message type its UNH names, and its segment instances with their groups and expressions.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { REFERENCE, indexPis } = require('./releases.js');
const { readJson } = require('./io.js');

/**
 * @typedef {import('./releases.js').AhbIndex} AhbIndex
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
 * The table a rule was derived from when the release has none of its own for the PI: its format version, AHB version
 * and publication date.
 * @typedef {{ formatVersion: string, ahbVersion: string, publishedOn: string }} StandIn
 */

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

/**
 * PI → AHB table file of a release, every message type: the release's own tables first, then each stand-in's for the
 * PIs of the release's index still without one.
 * @param {string} formatVersion
 * @param {string[]} standIns
 * @param {AhbIndex} index
 * @param {Set<string> | undefined} releasePis the release's PIs when it is closed (none of another release's)
 * @returns {Map<string, { file: string, formatVersion: string }>}
 */
function releaseTables(formatVersion, standIns, index, releasePis) {
  /** @type {Map<string, { file: string, formatVersion: string }>} */
  const tables = new Map();
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
  return tables;
}

/**
 * @param {AhbIndex} index
 * @param {string} pi
 * @param {string} tableVersion the format version of the table standing in
 * @returns {StandIn}
 */
function standInOf(index, pi, tableVersion) {
  const entry = (index.by_version[tableVersion] ?? []).find((candidate) => candidate.pruefidentifikator === pi);
  return {
    formatVersion: tableVersion,
    ahbVersion: entry?.versionsnummer ?? '',
    publishedOn: entry?.veroeffentlichungsdatum ?? '',
  };
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

module.exports = { UTILMD_GROUP_PARENT, releaseTables, standInOf, ahbTableMessageType, ahbSegments };
