#!/usr/bin/env node
// The quarantine of refused writes on a running service, from a shell:
//   npm run refused -- list [--state open|resolved|dismissed] [--code C] [--pi N] [--operation create|update]
//                           [--from ISO] [--to ISO] [--limit N] [--cursor C] [--json]
//   npm run refused -- show ID
//   npm run refused -- resubmit ID
//   npm run refused -- dismiss ID --reason TEXT
// each with [--role LF|NB|MSB] (default LF), [--url URL] (default http://127.0.0.1:${PORT:-3000}) and [--sub NAME] (the
// token's subject, recorded as who dismissed). `list` prints one line per entry (id, receivedAt, state, status and code,
// PI, operation, detail; the next page's cursor on stderr), with --json the answer as it came; the others print the
// answer JSON. The bearer token is minted like `npm run token` does (JWT_SECRET, else the development secret under
// MACO_DATA_DIR). Exit code 0 on 2xx, 1 on any other answer (its problem printed), 2 on a usage error or when it
// could not ask.
'use strict';
const { parseArgs } = require('node:util');
const { sign } = require('jsonwebtoken');
const { signingSecret } = require('../token/signing-secret');

const ROLES = ['LF', 'NB', 'MSB'];
const COMMANDS = ['list', 'show', 'resubmit', 'dismiss'];
const STATES = ['open', 'resolved', 'dismissed'];
const OPERATIONS = ['create', 'update'];

const USAGE = `usage: npm run refused -- <command> [options]
  list [--state open|resolved|dismissed] [--code C] [--pi N] [--operation create|update] [--from ISO] [--to ISO]
       [--limit N] [--cursor C] [--json]
  show ID
  resubmit ID
  dismiss ID --reason TEXT
options of every command: --role LF|NB|MSB (default LF), --url URL (default http://127.0.0.1:\${PORT:-3000}),
  --sub NAME (token subject, default refused-cli)`;

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`refused: ${message}\n`);
  process.exit(2);
}

/**
 * @param {string} message
 * @returns {never}
 */
function usage(message) {
  fail(`${message}\n${USAGE}`);
}

/**
 * @typedef {{ id: string; receivedAt: string; state: string; status: number; code: string; pruefidentifikator: string | null;
 *   operation: string; detail: string }} RefusedSummary
 */

/**
 * The list as an aligned table, one line per entry; the detail cut to `width` columns when one is given (a terminal).
 * @param {RefusedSummary[]} items
 * @param {number | undefined} width
 * @returns {string}
 */
function formatTable(items, width) {
  const rows = items.map((item) => [
    String(item.id),
    String(item.receivedAt),
    String(item.state),
    `${item.status} ${item.code}`,
    item.pruefidentifikator ?? '-',
    String(item.operation),
    String(item.detail ?? '').replace(/\s+/g, ' '),
  ]);
  const header = ['ID', 'RECEIVED', 'STATE', 'STATUS CODE', 'PI', 'OPERATION', 'DETAIL'];
  const widths = header
    .slice(0, -1)
    .map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = /** @param {string[]} cells */ (cells) => {
    const text = cells.map((cell, column) => (column < widths.length ? cell.padEnd(widths[column]) : cell)).join('  ');
    return width && text.length > width ? `${text.slice(0, Math.max(width - 1, 0))}…` : text;
  };
  return [line(header), ...rows.map(line)].join('\n');
}

/**
 * @param {string} text
 * @returns {unknown}
 */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The options and positionals; an unknown option or a missing value is a usage error.
 * @param {string[]} argv
 */
function parseOptions(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        role: { type: 'string' },
        url: { type: 'string' },
        sub: { type: 'string' },
        state: { type: 'string' },
        code: { type: 'string' },
        pi: { type: 'string' },
        operation: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
        json: { type: 'boolean' },
        reason: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usage(/** @type {Error} */ (error).message);
  }
}

/**
 * @param {string[]} argv
 * @returns {Promise<number>}
 */
async function main(argv) {
  const { values, positionals } = parseOptions(argv);
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, id, ...extra] = positionals;
  if (!command) usage('a command is required');
  if (!COMMANDS.includes(command)) usage(`unknown command ${command}`);
  if (command === 'list' && id !== undefined) usage(`list takes no id (got ${id})`);
  if (command !== 'list' && !id) usage(`${command} needs the id of a refused write`);
  if (extra.length) usage(`unexpected ${extra.join(' ')}`);
  const role = String(values.role ?? 'LF').toUpperCase();
  if (!ROLES.includes(role)) usage(`--role takes LF, NB or MSB (got ${values.role})`);

  const listOnly = /** @type {const} */ (['state', 'code', 'pi', 'operation', 'from', 'to', 'limit', 'cursor', 'json']);
  if (command !== 'list')
    for (const name of listOnly) if (values[name] !== undefined) usage(`--${name} belongs to list`);
  if (command !== 'dismiss' && values.reason !== undefined) usage('--reason belongs to dismiss');

  /** @type {{ method: 'GET' | 'POST'; path: string; body?: unknown }} */
  let request;
  if (command === 'list') {
    const query = new URLSearchParams();
    const state = /** @type {string | undefined} */ (values.state);
    if (state !== undefined && !STATES.includes(state)) usage(`--state takes ${STATES.join(', ')} (got ${state})`);
    const operation = /** @type {string | undefined} */ (values.operation);
    if (operation !== undefined && !OPERATIONS.includes(operation))
      usage(`--operation takes create or update (got ${operation})`);
    const limit = /** @type {string | undefined} */ (values.limit);
    if (limit !== undefined && !/^[1-9]\d*$/.test(limit)) usage(`--limit takes a positive whole number (got ${limit})`);
    /** @type {[string, unknown][]} */
    const pairs = [
      ['state', state],
      ['code', values.code],
      ['pruefidentifikator', values.pi],
      ['operation', operation],
      ['from', values.from],
      ['to', values.to],
      ['limit', limit],
      ['cursor', values.cursor],
    ];
    for (const [name, value] of pairs) if (typeof value === 'string' && value !== '') query.set(name, value);
    const search = query.toString();
    request = { method: 'GET', path: `/refused${search ? `?${search}` : ''}` };
  } else if (command === 'show') {
    request = { method: 'GET', path: `/refused/${encodeURIComponent(id)}` };
  } else if (command === 'resubmit') {
    request = { method: 'POST', path: `/refused/${encodeURIComponent(id)}/resubmit` };
  } else {
    const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
    if (!reason) usage('dismiss needs --reason TEXT (why the write is not to be booked)');
    request = { method: 'POST', path: `/refused/${encodeURIComponent(id)}/dismiss`, body: { reason } };
  }

  const subject = typeof values.sub === 'string' && values.sub ? values.sub : 'refused-cli';
  const token = sign({ roles: [role] }, signingSecret(fail), { algorithm: 'HS256', subject, expiresIn: 300 });
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json, application/problem+json', authorization: `Bearer ${token}` };
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  const base = typeof values.url === 'string' ? values.url : `http://127.0.0.1:${process.env.PORT || 3000}`;
  const url = `${base.replace(/\/+$/, '')}${request.path}`;
  let response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause;
    fail(`no answer from ${url}${cause?.code ? ` (${cause.code})` : ''}: is the service running?`);
  }
  const text = await response.text();
  const answer = parseJson(text);
  if (response.ok && command === 'list' && !values.json) {
    const page = /** @type {{ items?: RefusedSummary[]; nextCursor?: string | null } | undefined} */ (answer);
    if (!page || !Array.isArray(page.items)) {
      process.stdout.write(`${text}\n`);
      return 1;
    }
    const width = process.stdout.isTTY ? process.stdout.columns : undefined;
    process.stdout.write(page.items.length ? `${formatTable(page.items, width)}\n` : '');
    process.stderr.write(
      `${page.items.length} refused write(s)${page.nextCursor ? `; next page: --cursor ${page.nextCursor}` : ''}\n`,
    );
    return 0;
  }
  process.stdout.write(`${answer === undefined ? text : JSON.stringify(answer, null, 2)}\n`);
  return response.ok ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

module.exports = { formatTable, main };
