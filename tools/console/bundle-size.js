#!/usr/bin/env node
// `node tools/console/bundle-size.js`: the console's built assets (apps/console/dist, after `npx nx run console:build`)
// with raw and gzip sizes; exits 1 when all JavaScript together exceeds the budget (300 KB gzipped).
'use strict';
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');
const { gzipSync } = require('node:zlib');

const BUDGET_GZIP_BYTES = 300 * 1024;
const dist = join(__dirname, '..', '..', 'apps', 'console', 'dist');

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync(dist)) {
  process.stderr.write(`${dist} does not exist: run \`npx nx run console:build\` first.\n`);
  process.exit(2);
}
const assets = filesUnder(dist)
  .filter((file) => /\.(js|mjs|css)$/.test(file))
  .map((file) => {
    const content = readFileSync(file);
    return { file: relative(dist, file), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  })
  .sort((a, b) => a.file.localeCompare(b.file));
const width = Math.max(5, ...assets.map((asset) => asset.file.length));
process.stdout.write(`${'asset'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}\n`);
for (const asset of assets)
  process.stdout.write(`${asset.file.padEnd(width)}  ${kb(asset.raw).padStart(10)}  ${kb(asset.gzip).padStart(10)}\n`);
const js = assets.filter((asset) => /\.m?js$/.test(asset.file));
const css = assets.filter((asset) => asset.file.endsWith('.css'));
const sum = (/** @type {typeof assets} */ list, /** @type {'raw' | 'gzip'} */ key) =>
  list.reduce((total, asset) => total + asset[key], 0);
const jsGzip = sum(js, 'gzip');
process.stdout.write(
  `JS total:  ${kb(sum(js, 'raw'))} raw, ${kb(jsGzip)} gzip (budget ${kb(BUDGET_GZIP_BYTES)} gzip)\n`,
);
process.stdout.write(`CSS total: ${kb(sum(css, 'raw'))} raw, ${kb(sum(css, 'gzip'))} gzip\n`);
if (jsGzip > BUDGET_GZIP_BYTES) {
  process.stderr.write(
    `The console's JavaScript is ${kb(jsGzip)} gzipped, over the budget of ${kb(BUDGET_GZIP_BYTES)}.\n`,
  );
  process.exit(1);
}
