// The conditions of AHB expressions: which an expression names, how their keys sort, and the texts the tables give
// them (a release keeps one common text per key, a PI only where its own differs).
'use strict';

const UNCONDITIONAL = new Set(['Muss', 'M', 'X']);

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

module.exports = {
  UNCONDITIONAL,
  conditionsOf,
  compareConditions,
  normaliseExpression,
  commonTexts,
  collectConditionTexts,
  conditionKind,
};
