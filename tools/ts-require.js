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

/**
 * The CommonJS loader's internal hooks, which @types/node does not declare: the compile step per file extension and
 * the resolver every `require` goes through.
 * @typedef {Module & { _compile(code: string, filename: string): void }} LoadingModule
 * @typedef {(this: unknown, request: string, ...rest: unknown[]) => string} ResolveFilename
 * @typedef {(module: LoadingModule, filename: string) => void} CompileExtension
 * @typedef {typeof Module & {
 *   _extensions: Record<string, CompileExtension>,
 *   _resolveFilename: ResolveFilename,
 * }} ModuleLoader
 */
const loader = /** @type {ModuleLoader} */ (Module);

process.setSourceMapsEnabled(true);
/** @type {CompileExtension} */
loader._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    ...swcOptions,
    sourceMaps: 'inline',
    filename,
    swcrc: false,
  });
  module._compile(code, filename);
};

const resolveFilename = loader._resolveFilename;
/** @type {ResolveFilename} */
loader._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};
