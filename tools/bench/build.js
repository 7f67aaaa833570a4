'use strict';
// The workspace the bench measures: where it lies, its samples, and the production build of the app under test.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
const { log } = require('./report');

const ROOT = join(__dirname, '..', '..');
const SAMPLES = join(ROOT, 'reference', 'samples');

/**
 * The production build of the app and the libs the floor and fill tools require from their dist.
 * @param {string} app
 */
function buildApp(app) {
  log(`building ${app} and domain`);
  execFileSync(
    process.execPath,
    [
      require.resolve('nx/bin/nx.js'),
      'run-many',
      '-t',
      'build',
      '-p',
      app,
      'domain',
      'ahb',
      'read-model',
      'process-store',
      '--output-style=static',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false' },
    },
  );
}

/** The service's own projection rules, from the build: the fills derive ids, validity and location keys with them. */
function builtRules() {
  return require(join(ROOT, 'libs', 'read-model'));
}

module.exports = { ROOT, SAMPLES, buildApp, builtRules };
