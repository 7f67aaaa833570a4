#!/usr/bin/env node
// `node tools/openapi/export.js [--check]`: writes docs/openapi/{lf,nb,msb}.json and the examples module the services
// embed (libs/process-data/src/openapi/openapi-examples.generated.ts, from reference/samples). `--check` writes nothing
// and exits 1 when a committed file differs. No build needed: TypeScript is compiled on `require` by @swc/core with
// the workspace's .swcrc, and the tsconfig path aliases (`@maco/domain`, …) point at the sources.
'use strict';
require('../ts-require');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const root = join(__dirname, '..', '..');

/**
 * @param {string[]} args the command-line arguments after the script
 * @returns {number} the exit code
 */
function main(args) {
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length) {
    console.error(`unknown option ${unknown[0]}; usage: node tools/openapi/export.js [--check]`);
    return 2;
  }
  const check = args.includes('--check');
  require('reflect-metadata');
  const { exportFiles } = require('../../libs/process-data/src/openapi/openapi-export.ts');
  const samplesDir = join(root, 'reference', 'samples');
  // The documents are the apps' own: each app's role with the interface groups it serves (libs/roles).
  const roles = require('../../libs/roles/src/index.ts');
  const definitions = [roles.LF_SERVICE, roles.NB_SERVICE, roles.MSB_SERVICE];
  const files = exportFiles(samplesDir, definitions);
  let stale = 0;
  for (const [file, content] of Object.entries(files)) {
    const path = join(root, file);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (current === content) continue;
    stale += 1;
    if (check) {
      console.error(`stale: ${file}`);
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    console.log(`wrote ${file}`);
  }
  if (check && stale) console.error('run `node tools/openapi/export.js` and commit the result');
  if (!stale) console.log('OpenAPI export up to date');
  return check && stale ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
