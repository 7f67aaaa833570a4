// The releases the generator derives data for, where their reference data lives, and the AHB index of their PIs.
'use strict';
const path = require('node:path');
const { readJson } = require('./io.js');

const REPO_ROOT = path.join(__dirname, '..', '..');
const REFERENCE = path.join(REPO_ROOT, 'reference');

/**
 * reference/ahb/INDEX.json
 * @typedef {{
 *   pruefidentifikator: string, description?: string, direction?: string, versionsnummer?: string,
 *   veroeffentlichungsdatum?: string,
 * }} AhbIndexEntry
 * @typedef {{ by_version: Record<string, AhbIndexEntry[]> }} AhbIndex
 */

/**
 * Releases with AHB data in the reference, oldest first. `standIns`: the format versions whose table of the same PI
 * stands in where the release's own folder lacks it (named in the rule); `index`: the AHB index of the release's PIs.
 * 10/26 (FV2610) has the tables of the PIs it added and takes 04/26's tables for the rest.
 * @type {{ release: string, formatVersion: string, csvFolder: string, standIns: string[] }[]}
 */
const RELEASES = [
  { release: '10/25', formatVersion: 'FV2510', csvFolder: '2510', standIns: [] },
  { release: '04/26', formatVersion: 'FV2604', csvFolder: '2604', standIns: ['FV2510'] },
  { release: '10/26', formatVersion: 'FV2610', csvFolder: '2604', standIns: ['FV2604', 'FV2510'] },
];
/** Releases whose PIs are exactly their AHB index's (plus the schema-only ones): a PI the release dropped is unknown there. */
const CLOSED_RELEASES = new Set(['FV2610']);
/** 10/26's UTILMD Strom stand-in rules lose what the vendor required in FV2604 and no longer requires in FV2610. */
const VENDOR_DELTA = { formatVersion: 'FV2610', basedOn: 'FV2604' };

/**
 * The AHB index of every format version: FV2510/FV2604 from INDEX.json, FV2610 from its own extract.
 * @returns {AhbIndex}
 */
function readIndexes() {
  /** @type {AhbIndex} */
  const index = readJson(path.join(REFERENCE, 'ahb', 'INDEX.json'));
  const fv2610 = readJson(path.join(REFERENCE, 'ahb', 'INDEX-FV2610.json'));
  return { by_version: { ...index.by_version, [fv2610.formatVersion]: fv2610.pis } };
}

/**
 * @param {AhbIndex} index
 * @param {string} formatVersion
 * @returns {Set<string>}
 */
function indexPis(index, formatVersion) {
  return new Set((index.by_version[formatVersion] ?? []).map((entry) => entry.pruefidentifikator));
}

module.exports = { REPO_ROOT, REFERENCE, RELEASES, CLOSED_RELEASES, VENDOR_DELTA, readIndexes, indexPis };
