'use strict';
// The arithmetic of the reports: the median run, rounding, sums.

/**
 * The run with the median throughput (the upper one of an even count).
 * @template {{ rps: number }} R
 * @param {R[]} runs
 * @returns {R}
 */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The median of numbers (the upper one of an even count).
 * @param {number[]} values
 */
function medianOf(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/**
 * @param {number} value
 * @param {number} digits
 */
function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** @param {number[]} values */
function sumOf(values) {
  return values.reduce((total, value) => total + value, 0);
}

module.exports = { median, medianOf, round, sumOf };
