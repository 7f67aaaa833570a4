'use strict';
// What a booking pays before the database, timed in this process: validation and the release's findings per sample.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { listSamples } = require('./bodies');
const { ROOT, SAMPLES } = require('./build');
const { round } = require('./statistics');

/**
 * @typedef {{ file: string, bytes: number, micros: number }} SampleValidation
 * @typedef {{ perSample: SampleValidation[], microsPer5KB: number }} ValidationTiming
 */

/**
 * µs per body for validation and findings (release 04/26) on every sample, after warm-up, in this process.
 * @returns {ValidationTiming}
 */
function validationMicroBenchmark() {
  const { validateProcessData } = require(join(ROOT, 'libs', 'domain'));
  const { findingsFor } = require(join(ROOT, 'libs', 'ahb'));
  const files = [...listSamples(SAMPLES, ''), ...listSamples(join(SAMPLES, 'upstream'), 'upstream/')].filter((f) =>
    /-(create|update)-\d{5}/.test(f),
  );
  const results = files.map((file) => {
    const text = readFileSync(join(SAMPLES, file), 'utf8');
    const body = JSON.parse(text);
    body.zusatzdaten = { businessKey: 'bench' };
    const [sampleRole, operation] = file.replace(/^upstream\//, '').split('-');
    // What a booking pays before the database: validation, then the release's findings (AHB and identifier checks).
    const validate = () => {
      validateProcessData(sampleRole.toUpperCase(), operation, body);
      findingsFor('04/26', sampleRole.toUpperCase(), operation, body);
    };
    for (let i = 0; i < 200; i++) validate();
    const iterations = 1000;
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) validate();
    const micros = Number(process.hrtime.bigint() - start) / 1000 / iterations;
    return { file, bytes: Buffer.byteLength(text), micros: round(micros, 1) };
  });
  // Weighted by size: the cost per 5 KB of body over all samples (small bodies alone would overstate fixed costs).
  const totalMicros = results.reduce((sum, r) => sum + r.micros, 0);
  const totalBytes = results.reduce((sum, r) => sum + r.bytes, 0);
  return { perSample: results, microsPer5KB: round((totalMicros * 5120) / totalBytes, 1) };
}

module.exports = { validationMicroBenchmark };
