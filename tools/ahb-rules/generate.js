#!/usr/bin/env node
// `node tools/ahb-rules/generate.js [--out DIR]`: derives the AHB engine's release data (libs/ahb/src/data) from the
// reference data the repository carries (reference/): the PI catalogue (every PI of each release, and the PIs listed
// per role/operation) and the unconditional AHB rules (mandatory BO4E fields) per UTILMD Strom PI. Writes REPORT.md
// next to the JSON when --out is given, else to tools/ahb-rules/REPORT.md. Deterministic output: the committed files
// are checked by a unit test.
// This entry composes the modules beside it (one job each) and writes what they derive.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { buildCatalogue } = require('./catalogue.js');
const { writeJson } = require('./io.js');
const { deriveRules, mappedByPi, withoutVendorDropped } = require('./release-rules.js');
const {
  CLOSED_RELEASES,
  REFERENCE,
  RELEASES,
  REPO_ROOT,
  VENDOR_DELTA,
  indexPis,
  readIndexes,
} = require('./releases.js');
const { renderReport } = require('./report.js');
const { collectShapes, collectVendorShapes, loadSchemas, withFallback } = require('./schemas.js');

/**
 * @typedef {import('./release-rules.js').DerivedRules} DerivedRules
 */

const DEFAULT_OUT = path.join(REPO_ROOT, 'libs', 'ahb', 'src', 'data');
const DEFAULT_REPORT = path.join(__dirname, 'REPORT.md');

/**
 * @param {string[]} argv the command-line arguments after the script
 * @returns {number} the exit code
 */
function main(argv) {
  const outIndex = argv.indexOf('--out');
  const outDir = outIndex >= 0 ? path.resolve(argv[outIndex + 1] ?? '') : DEFAULT_OUT;
  const reportFile = outIndex >= 0 ? path.join(outDir, 'REPORT.md') : DEFAULT_REPORT;
  if (!fs.existsSync(REFERENCE)) throw new Error(`reference not found at ${REFERENCE}`);

  const index = readIndexes();
  const schemas = loadSchemas();
  const catalogue = buildCatalogue(index, schemas);
  const shapes = collectShapes(schemas);
  // Messages the request schemas barely cover (INVOIC, REMADV, …) resolve their paths through the vendor's documents too.
  const widerShapes = withFallback(shapes, collectVendorShapes());

  fs.mkdirSync(outDir, { recursive: true });
  writeJson(path.join(outDir, 'pi-catalogue.json'), catalogue);
  const vendorRequired = require('./vendor-required.js');
  const vendor = vendorRequired.deriveVendorRequired(catalogue);
  /** @type {DerivedRules[]} */
  const derived = [];
  for (const { formatVersion, csvFolder, standIns } of RELEASES) {
    const result = deriveRules(
      formatVersion,
      csvFolder,
      { strom: shapes, other: widerShapes },
      mappedByPi(vendor, formatVersion, vendorRequired.vendorMappedByPi(formatVersion)),
      { standIns, index, pis: CLOSED_RELEASES.has(formatVersion) ? indexPis(index, formatVersion) : undefined },
    );
    if (formatVersion === VENDOR_DELTA.formatVersion) {
      const [before, after] = [VENDOR_DELTA.basedOn, VENDOR_DELTA.formatVersion].map((fv) =>
        vendor.find((data) => data.formatVersion === fv),
      );
      if (!before || !after) throw new Error(`${formatVersion}: the vendor data of ${VENDOR_DELTA.basedOn} is missing`);
      withoutVendorDropped(result.data, before, after);
    }
    derived.push({ formatVersion, ...result });
    writeJson(path.join(outDir, `ahb-rules-${formatVersion}.json`), result.data);
  }
  fs.writeFileSync(reportFile, renderReport(catalogue, derived));
  // The vendor's per-PI requirements, compared with these rules in VENDOR-DIFFERENCES.md (beside REPORT.md).
  vendorRequired.writeVendorDifferences({
    vendor,
    ahbRules: derived.map((d) => d.data),
    reportDir: path.dirname(reportFile),
  });
  return 0;
}

module.exports = { main };

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
