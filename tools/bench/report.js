'use strict';
// What a benchmark leaves: progress on stderr, and its report as `<out>/<prefix>-<time>.{json,md}` plus the markdown.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

/** @typedef {{ target: string, value: number | null | undefined, met: boolean }} TargetCheck */

/** @param {string} message */
function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * The markdown table of the targets, with a blank line before and after.
 * @param {TargetCheck[]} targets
 */
function targetTable(targets) {
  return [
    '',
    '| target | value | met |',
    '|---|---:|:---:|',
    ...targets.map((t) => `| ${t.target} | ${t.value} | ${t.met ? 'yes' : 'NO'} |`),
    '',
  ];
}

/**
 * Writes a report as `<out>/<prefix>-<time>.{json,md}` and prints the markdown.
 * @param {string} out the folder (`--out`)
 * @param {string} prefix
 * @param {{ date: string }} report
 * @param {string} markdown
 */
function writeReport(out, prefix, report, markdown) {
  mkdirSync(out, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  writeFileSync(join(out, `${prefix}-${stamp}.json`), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(out, `${prefix}-${stamp}.md`), markdown);
  process.stdout.write(markdown);
}

module.exports = { log, targetTable, writeReport };
