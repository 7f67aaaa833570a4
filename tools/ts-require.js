// Lets a plain Node tool `require` the workspace's TypeScript sources without a build: @swc/core compiles each .ts
// file on load with the workspace's .swcrc, and the tsconfig path aliases (`@maco/domain`, …) point at the sources.
'use strict';
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..');
const { $schema: _schema, ...swcOptions } = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
const aliases = new Map(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, join(root, target)]));

process.setSourceMapsEnabled(true);
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, sourceMaps: 'inline', filename, swcrc: false });
  module._compile(code, filename);
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};
