// The PIs of a message whose AHB names none (APERAK's vendor PIs): no AHB table exists, so the message's MIG decides.
'use strict';
const { resolvePath } = require('./schemas.js');

/**
 * @typedef {import('./mapping-csv.js').Mapping} Mapping
 * @typedef {import('./pi-rules.js').PiRules} PiRules
 * @typedef {import('./pi-rules.js').RuleField} RuleField
 * @typedef {import('./schemas.js').Shapes} Shapes
 */

/**
 * The vendor's own PIs of a message whose AHB names none (APERAK's AHB has no Prüfidentifikatoren): no AHB table
 * exists, so the message's MIG decides what is mandatory, as its statuses stand in the mapping CSV.
 */
const MIG_ONLY_PIS = /** @type {Record<string, string[]>} */ ({ APERAK: ['66666', '99999'] });
/** BDEW MIG statuses that make a segment group or segment mandatory: Muss, Required. */
const MIG_MANDATORY = new Set(['M', 'R']);

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

module.exports = { MIG_ONLY_PIS, migRules };
