// Preloaded into the service the drill starts (`node -r tools/ha/checkout-libs.js apps/lf/dist/main.js`): `@maco/<name>`
// resolves to this checkout's libs/<name> (or apps/<name>), built. Without it, a git worktree whose node_modules is a
// link to another checkout's would run that checkout's libraries (npm's workspace links there point into it) — and the
// drill would test code other than this one. In a checkout with its own node_modules it changes nothing.
'use strict';
const Module = require('node:module');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const loader = /** @type {typeof Module & { _resolveFilename: (request: string, ...rest: unknown[]) => string }} */ (
  Module
);
const resolve = loader._resolveFilename;
/** @param {string} request @param {unknown[]} rest */
loader._resolveFilename = function (request, ...rest) {
  const match = /^@maco\/([a-z0-9-]+)(\/.*)?$/.exec(request);
  if (match) {
    const dir = ['libs', 'apps']
      .map((folder) => join(root, folder, match[1]))
      .find((candidate) => existsSync(join(candidate, 'package.json')));
    if (dir) return resolve.call(this, dir + (match[2] ?? ''), ...rest);
  }
  return resolve.call(this, request, ...rest);
};
