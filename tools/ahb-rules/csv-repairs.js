// The reviewed repairs of the BO4E mapping CSVs (reference/ahb/bo4e-mapping): defects of the mirror's CSVs that the
// AHB tables contradict. Each repair names the rows it changes and why; mapping-csv.js applies them before deriving
// rules and fails when a repair no longer finds its row (the defect was fixed upstream: delete the repair).
'use strict';

/**
 * @typedef {string[]} CsvRow
 * `name`: the row's name column (index 8); `code`: the segment column (index 2) to set; `example`: [pattern, replacement]
 * applied to the EDIFACT example column (index 9).
 * @typedef {{ message: string, name: string, code?: string, example?: [RegExp, string], reason: string }} CsvRepair
 */

/** @type {CsvRepair[]} */
const CSV_REPAIRS = [
  {
    message: 'UTILTS',
    name: 'MP-ID Empfänger',
    code: 'NAD',
    reason: 'the segment column says `com`; the AHB tables of every UTILTS PI have SG2 NAD+MR here',
  },
  {
    message: 'PARTIN',
    name: 'MP-ID Empfänger',
    example: [/NAD\+MS\+/g, 'NAD+MR+'],
    reason: "the receiver's example is the sender row's (NAD+MS); the AHB tables name NAD+MR (Nachrichtenempfänger)",
  },
  {
    message: 'UTILMD_Gas',
    name: 'MP-ID Empfänger',
    example: [/NAD\+MS\+/g, 'NAD+MR+'],
    reason: "the receiver's example is the sender row's (NAD+MS); the AHB tables name NAD+MR (Nachrichtenempfänger)",
  },
];

const NAME_COLUMN = 8;
const CODE_COLUMN = 2;
const EXAMPLE_COLUMN = 9;

/**
 * The CSV's rows with this message's repairs applied (segment rows only: the group row above carries the same name).
 * @param {string} message the CSV's name (`UTILTS`, `UTILMD_Gas`)
 * @param {CsvRow[]} rows
 * @returns {CsvRow[]}
 */
function repairedRows(message, rows) {
  const repairs = CSV_REPAIRS.filter((repair) => repair.message === message);
  if (repairs.length === 0) return rows;
  const used = new Set();
  const repaired = rows.map((row) => {
    const repair = repairs.find(
      (candidate) =>
        (row[NAME_COLUMN] ?? '').trim() === candidate.name && !/^SG\d+$/.test((row[CODE_COLUMN] ?? '').trim()),
    );
    if (!repair) return row;
    used.add(repair);
    const copy = [...row];
    if (repair.code) copy[CODE_COLUMN] = repair.code;
    if (repair.example) copy[EXAMPLE_COLUMN] = (copy[EXAMPLE_COLUMN] ?? '').replace(...repair.example);
    return copy;
  });
  for (const repair of repairs)
    if (!used.has(repair)) throw new Error(`CSV repair of ${message} "${repair.name}" found no row: remove it`);
  return repaired;
}

module.exports = { CSV_REPAIRS, repairedRows };
