#!/usr/bin/env node
// Sends one trigger to a running service and prints its answer (JSON) on stdout:
// `npm run trigger -- --role LF --event START_MALOIDENT --body FILE [--prozess-id ID] [--format-version 04/26]
// [--url http://127.0.0.1:3000]`. The bearer token is minted like `npm run token` does (JWT_SECRET, else the development
// secret under MACO_DATA_DIR). Exit code 0 on 2xx, 1 on any other answer, 2 when it could not ask.
'use strict';
const { readFileSync } = require('node:fs');
const { parseArgs } = require('node:util');
const { sign } = require('jsonwebtoken');
const { signingSecret } = require('../token/signing-secret');

const ROLES = ['LF', 'NB', 'MSB'];

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`trigger: ${message}\n`);
  process.exit(2);
}

/**
 * @param {string} file
 * @returns {Record<string, unknown>}
 */
function readBody(file) {
  let value;
  try {
    value = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'));
  } catch (error) {
    fail(`cannot read a JSON body from ${file}: ${/** @type {Error} */ (error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${file} must hold a JSON object`);
  return value;
}

async function main() {
  const { values } = parseArgs({
    options: {
      role: { type: 'string' },
      event: { type: 'string' },
      body: { type: 'string' },
      'prozess-id': { type: 'string' },
      'format-version': { type: 'string' },
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 3000}` },
    },
    strict: true,
  });
  const role = (values.role || '').toUpperCase();
  if (!ROLES.includes(role)) fail('--role LF, NB or MSB is required');
  if (!values.event || !/^[A-Z][A-Z0-9_]*$/.test(values.event))
    fail('--event EVENTNAME (e.g. START_MALOIDENT) is required');
  if (!values.body) fail('--body FILE (a JSON trigger body, - for stdin) is required');

  const body = readBody(values.body);
  if (values['prozess-id']) {
    const zusatzdaten = typeof body.zusatzdaten === 'object' && body.zusatzdaten !== null ? body.zusatzdaten : {};
    body.zusatzdaten = { ...zusatzdaten, prozessId: values['prozess-id'] };
  }
  const token = sign({ roles: [role] }, signingSecret(fail), {
    algorithm: 'HS256',
    subject: 'trigger-cli',
    expiresIn: 300,
  });
  /** @type {Record<string, string>} */
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  if (values['format-version']) headers['x-format-version'] = values['format-version'];

  const url = `${values.url.replace(/\/+$/, '')}/triggers/${values.event}`;
  let response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause;
    fail(`no answer from ${url}${cause?.code ? ` (${cause.code})` : ''}: is the service running?`);
  }
  const text = await response.text();
  let printed = text;
  try {
    printed = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: printed as it came
  }
  process.stdout.write(`${printed}\n`);
  return response.ok ? 0 : 1;
}

main().then((code) => (process.exitCode = code));
