#!/usr/bin/env node
// Prints one development bearer token on stdout: `npm run token -- --role LF [--role NB] [--sub NAME] [--expires-in SECONDS]`.
// `--role OPERATOR` mints a console token: it may call the read routes of every role's service, and write none.
// Signed HS256 with JWT_SECRET, or with the development secret the services create under MACO_DATA_DIR (default ./.data).
'use strict';
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { sign } = require('jsonwebtoken');

const ROLES = ['LF', 'NB', 'MSB', 'OPERATOR'];
const { DEV_SECRET_FILE } = require('./signing-secret');

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`token: ${message}\n`);
  process.exit(2);
}

function developmentSecret() {
  const dataDir = resolve(process.env.MACO_DATA_DIR || join(process.cwd(), '.data'));
  const file = join(dataDir, DEV_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

const { values } = parseArgs({
  options: {
    role: { type: 'string', multiple: true },
    sub: { type: 'string', default: 'developer' },
    'expires-in': { type: 'string', default: '86400' },
  },
  strict: true,
});
const roles = (values.role || []).map((role) => role.toUpperCase());
if (roles.length === 0) fail('at least one --role (LF, NB, MSB or OPERATOR) is required');
const unknown = roles.filter((role) => !ROLES.includes(role));
if (unknown.length) fail(`unknown role ${unknown.join(', ')}; use LF, NB, MSB or OPERATOR`);
const expiresIn = Number(values['expires-in']);
if (!Number.isInteger(expiresIn) || expiresIn <= 0) fail('--expires-in takes a positive number of seconds');

const secret = process.env.JWT_SECRET || developmentSecret();
const token = sign({ roles: [...new Set(roles)] }, secret, { algorithm: 'HS256', subject: values.sub, expiresIn });
process.stdout.write(token + '\n');
