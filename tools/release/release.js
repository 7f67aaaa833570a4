#!/usr/bin/env node
// `npm run release -- FV2610`: rebuilds a release's data from its reference data (PI catalogue and AHB rules of every
// release, the trigger event catalogue) and writes its reviewable report docs/releases/<FV>.md.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { renderReleaseReport, reportFile } = require('./report.js');

const formatVersion = process.argv[2];
if (!formatVersion || !/^FV\d{4}$/.test(formatVersion)) {
  process.stderr.write('usage: npm run release -- FV2610\n');
  process.exit(2);
}
for (const generator of ['ahb-rules/generate.js', 'event-catalogue/generate.js'])
  execFileSync(process.execPath, [path.join(__dirname, '..', generator)], { stdio: 'inherit' });
const file = reportFile(formatVersion);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, renderReleaseReport(formatVersion));
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
