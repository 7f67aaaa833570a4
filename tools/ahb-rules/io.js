// File access of the AHB rules generator: JSON in and out, the mapping CSVs' text.
'use strict';
const fs = require('node:fs');

/** @typedef {string[]} CsvRow */

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

module.exports = { readJson, writeJson, parseCsv };
