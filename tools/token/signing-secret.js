// The secret the services verify bearer tokens with, for the tools that mint them.
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

// Same file name as libs/platform's DEV_SECRET_FILE.
const DEV_SECRET_FILE = 'dev-jwt-secret';

/** Where a service keeps its generated development secret (`MACO_DATA_DIR`, default `./.data`). */
function devSecretFile() {
  return join(resolve(process.env.MACO_DATA_DIR || join(process.cwd(), '.data')), DEV_SECRET_FILE);
}

/**
 * `JWT_SECRET`, else the development secret a started service wrote; else `fail` is called with the reason.
 * @param {(message: string) => never} fail
 * @returns {string}
 */
function signingSecret(fail) {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = devSecretFile();
  if (!existsSync(file))
    fail(`no JWT_SECRET and no development secret at ${file}: start the service first, or set JWT_SECRET`);
  return readFileSync(file, 'utf8').trim();
}

module.exports = { DEV_SECRET_FILE, devSecretFile, signingSecret };
