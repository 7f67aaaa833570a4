#!/usr/bin/env node
// The write journal of a service instance (libs/journal: the writes the database could not take), from a shell:
//   npm run journal -- list [--json]
//   npm run journal -- show ID
//   npm run journal -- replay [--no-build] [--timeout SECONDS] [--json]
// each with [--dir DIR] (default JOURNAL_DIR, else <MACO_DATA_DIR or ./.data>/<role>/journal; a relative DIR is taken
// from where npm was called) and [--role lf|nb|msb] (default lf).
// `list` prints one line per entry, oldest first (id, received, operation, URL, request id, body bytes, `refused <status>`
// for a refusal the quarantine could not keep), with --json the entries without their bodies; `show` prints one entry as
// JSON, its body as text and, when it is JSON, parsed. Both read the journal read-only, beside the service that owns it.
// `replay` carries over the journal of a retired instance: it starts the role's service (built as `npm run start:<role>`
// does, or as built with --no-build) on the folder and the caller's DATABASE_URL, waits until the journal is empty (its
// replay books every entry through the booking path), stops the service with SIGTERM and prints what was booked. It
// refuses a journal a live process holds: that service books it itself.
// Exit code 0; 1 for an unknown id, or a replay that ended before the journal was empty; 2 on a usage error, a folder
// without a journal, or a journal held by a live process.
'use strict';
const { spawn } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { hostname } = require('node:os');
const { join, resolve } = require('node:path');
const { parseArgs } = require('node:util');

const ROLES = ['lf', 'nb', 'msb'];
const COMMANDS = ['list', 'show', 'replay'];
const ROOT = join(__dirname, '..', '..');
/** How long a replay may go without booking an entry (the start and its build included) before it gives up. */
const DEFAULT_TIMEOUT_SECONDS = 300;
const POLL_MS = 250;
/** How long the service may take to stop after SIGTERM before it is killed. */
const STOP_GRACE_MS = 30_000;

const USAGE = `usage: npm run journal -- <command> [options]
  list [--json]            the entries, oldest first: id, received, operation, URL, request id, body bytes, refusal
  show ID                  one entry as JSON, its body as text (and parsed when it is JSON)
  replay [--no-build] [--timeout SECONDS] [--json]
                           books a retired instance's journal: starts the role's service on it (built first unless
                           --no-build) with the caller's DATABASE_URL, waits until the journal is empty, stops it
                           (--timeout: give up after that long without a booking, default ${DEFAULT_TIMEOUT_SECONDS})
options of every command: --dir DIR (default JOURNAL_DIR, else <MACO_DATA_DIR or ./.data>/<role>/journal),
  --role lf|nb|msb (default lf)`;

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`journal: ${message}\n`);
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
 * @typedef {import('../../libs/journal/src/write-journal.ts').JournalEntry} JournalEntry
 * @typedef {import('../../libs/journal/src/write-journal.ts').ReadonlyJournal} ReadonlyJournal
 */

/**
 * The journal in `dir`, opened read-only (beside its owner, if it runs). The lib's own source, so that its LMDB
 * options are the service's.
 * @param {string} dir
 * @returns {ReadonlyJournal}
 */
function openJournal(dir) {
  require('../ts-require');
  const { WriteJournal } = require('../../libs/journal/src/write-journal.ts');
  return WriteJournal.read(dir);
}

/**
 * Reads the journal in `dir` with a fresh read-only open (one that sees the owner's latest commit), and closes it.
 * @template T
 * @param {string} dir
 * @param {(journal: ReadonlyJournal) => T} use
 * @returns {Promise<T>}
 */
async function withJournal(dir, use) {
  const journal = openJournal(dir);
  try {
    return use(journal);
  } finally {
    await journal.close();
  }
}

/**
 * The journal's folder: --dir (relative to where npm was called), else JOURNAL_DIR, else the role's default, as the
 * service finds it.
 * @param {string | undefined} dir
 * @param {string} role
 * @returns {string}
 */
function journalDirOf(dir, role) {
  if (dir) return resolve(process.env.INIT_CWD || process.cwd(), dir);
  if (process.env.JOURNAL_DIR) return resolve(process.env.JOURNAL_DIR);
  return resolve(process.env.MACO_DATA_DIR || join(process.cwd(), '.data'), role, 'journal');
}

/**
 * The entry's summary: everything but the body, which is counted.
 * @param {JournalEntry} entry
 */
function summaryOf(entry) {
  const { id, body, ...rest } = entry;
  return { id, ...rest, bodyBytes: body.byteLength };
}

/**
 * The list as an aligned table, one line per entry under a header.
 * @param {JournalEntry[]} entries
 * @returns {string}
 */
function formatTable(entries) {
  const rows = entries.map((entry) => [
    String(entry.id),
    entry.receivedAt,
    entry.operation,
    entry.url,
    entry.requestId,
    String(entry.body.byteLength),
    entry.refused ? `refused ${entry.refused.status}` : '',
  ]);
  const header = ['ID', 'RECEIVED', 'OPERATION', 'URL', 'REQUEST ID', 'BYTES', 'REFUSED'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = /** @param {string[]} cells */ (cells) =>
    cells
      .map((cell, column) => (column === 5 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

// The body as the service received it: UTF-8 text (a leading byte order mark dropped, as the booking does).
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * One entry as JSON: its body as text and, when that is JSON, parsed; a body that is not UTF-8 in base64.
 * @param {JournalEntry} entry
 */
function detailOf(entry) {
  const { id, body, ...rest } = entry;
  /** @type {string | null} */
  let bodyText = null;
  try {
    bodyText = UTF8.decode(body);
    if (bodyText.charCodeAt(0) === 0xfeff) bodyText = bodyText.slice(1);
  } catch {
    bodyText = null;
  }
  /** @type {unknown} */
  let parsed;
  if (bodyText !== null) {
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      parsed = undefined;
    }
  }
  return {
    id,
    ...rest,
    bodyBytes: body.byteLength,
    bodyText,
    ...(bodyText === null ? { bodyBase64: Buffer.from(body).toString('base64') } : {}),
    ...(parsed !== undefined ? { body: parsed } : {}),
  };
}

/**
 * The live process holding the journal's owner file (`owner.pid`: pid, host, start time; libs/journal owner-lock.ts),
 * if any: the same judgement as the service's, so a container's pid 1 or a reused pid is no holder.
 * @param {string} dir
 * @returns {number | undefined}
 */
function liveOwnerOf(dir) {
  let text;
  try {
    text = readFileSync(join(dir, 'owner.pid'), 'utf8').trim();
  } catch {
    return undefined;
  }
  const [pidText, host, startedAt] = text.split(/\s+/);
  const holder = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(holder) || holder <= 0 || holder === process.pid) return undefined;
  if (host && host !== hostname()) return undefined;
  try {
    process.kill(holder, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return undefined;
  }
  const now = startTimeOf(holder);
  return startedAt && now && startedAt !== now ? undefined : holder;
}

/**
 * A process's start (boot id and clock ticks since boot, Linux `/proc`), as the owner lock records it.
 * @param {number} pid
 * @returns {string | undefined}
 */
function startTimeOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {
    return undefined;
  }
}

/**
 * A port free on the loopback interface now.
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * How the service's replay ended for its entries (`maco_journal_replayed_total{outcome}`), read from its /metrics.
 * @param {number} port
 * @returns {Promise<Record<string, number> | undefined>}
 */
async function replayOutcomes(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return undefined;
    /** @type {Record<string, number>} */
    const outcomes = { booked: 0, replayed: 0, quarantined: 0 };
    for (const match of (await response.text()).matchAll(
      /^maco_journal_replayed_total\{[^}]*outcome="(\w+)"[^}]*\} (\d+)/gm,
    ))
      outcomes[match[1]] = (outcomes[match[1]] ?? 0) + Number(match[2]);
    return outcomes;
  } catch {
    return undefined;
  }
}

/**
 * The database the service will book into, without its password.
 * @returns {string}
 */
function databaseOf() {
  const url = process.env.DATABASE_URL;
  if (!url) return 'its embedded database (no DATABASE_URL)';
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Starts the role's service on the journal, waits until the journal is empty and stops it.
 * @param {{ dir: string; role: string; build: boolean; timeoutMs: number; json: boolean }} options
 * @returns {Promise<number>}
 */
async function replay({ dir, role, build, timeoutMs, json }) {
  const holder = liveOwnerOf(dir);
  if (holder !== undefined)
    fail(
      `the write journal in ${dir} is held by process ${holder}, a service running on it: that service books it itself. ` +
        'To carry it over here, stop that service first.',
    );
  const count = () => withJournal(dir, (journal) => [...journal.entries()].length);
  const initial = await count();
  if (initial === 0) {
    if (json) process.stdout.write(`${JSON.stringify({ dir, role: role.toUpperCase(), entries: 0, remaining: 0 })}\n`);
    else process.stdout.write(`the write journal in ${dir} holds no entries: nothing to replay\n`);
    return 0;
  }
  const main = join(ROOT, 'apps', role, 'dist', 'main.js');
  if (!build && !existsSync(main))
    fail(`${main} is missing: build it (npx nx run ${role}:build) or leave out --no-build`);

  const port = await freePort();
  const started = Date.now();
  process.stderr.write(
    `journal: booking ${initial} entries of ${dir} with the ${role.toUpperCase()} service into ${databaseOf()}\n`,
  );
  const child = spawn(process.execPath, build ? [join(ROOT, 'tools', 'start-service.js'), role] : [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      JOURNAL_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The service's log goes to stderr (stdout carries the result); its tail says why it did not start.
  let output = '';
  /** @param {Buffer} chunk */
  const relay = (chunk) => {
    process.stderr.write(chunk);
    output = (output + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  /** @type {{ code: number | null; signal: NodeJS.Signals | null } | undefined} */
  let exit;
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolveExit(undefined);
    }),
  );
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  let remaining = initial;
  let progressAt = Date.now();
  let reportedAt = Date.now();
  /** @type {string | undefined} */
  let gaveUp;
  while (!exit && !interrupted) {
    await new Promise((resolveWait) => setTimeout(resolveWait, POLL_MS));
    if (exit) break;
    const now = await count();
    if (now < remaining) {
      remaining = now;
      progressAt = Date.now();
      if (remaining > 0 && Date.now() - reportedAt >= 2_000) {
        reportedAt = Date.now();
        process.stderr.write(`journal: ${initial - remaining} of ${initial} entries booked\n`);
      }
    }
    if (remaining === 0) break;
    if (Date.now() - progressAt > timeoutMs) {
      gaveUp = `no entry was booked for ${Math.round(timeoutMs / 1000)} s`;
      break;
    }
  }
  const outcomes = exit ? undefined : await replayOutcomes(port);
  if (!exit) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
  process.off('SIGINT', interrupt);
  process.off('SIGTERM', interrupt);
  remaining = await count();
  const result = {
    dir,
    role: role.toUpperCase(),
    entries: initial,
    booked: initial - remaining,
    remaining,
    ...(outcomes ? { outcomes } : {}),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  if (remaining === 0) {
    if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      const how = outcomes
        ? ` (${outcomes.booked} booked, ${outcomes.replayed} booked before already, ${outcomes.quarantined} kept in the quarantine)`
        : '';
      process.stdout.write(`${initial} of ${initial} entries of ${dir} booked${how} in ${result.seconds} s\n`);
    }
    return 0;
  }

  const held = /is held by process (\d+)/.exec(output);
  if (held && result.booked === 0)
    fail(`the write journal in ${dir} is held by process ${held[1]}: the service could not start on it (see above)`);
  const why = interrupted
    ? 'interrupted'
    : gaveUp
      ? gaveUp
      : `the ${role.toUpperCase()} service stopped (${exit?.signal ?? `exit code ${exit?.code}`}) before the journal was empty`;
  if (json) process.stdout.write(`${JSON.stringify({ ...result, error: why })}\n`);
  process.stderr.write(
    `journal: ${why}: ${result.booked} of ${initial} entries booked, ${remaining} remain in ${dir}\n`,
  );
  return 1;
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
        dir: { type: 'string' },
        role: { type: 'string' },
        json: { type: 'boolean' },
        'no-build': { type: 'boolean' },
        timeout: { type: 'string' },
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
  if (command === 'show' && !id) usage('show needs the id of an entry');
  if (command === 'show' && !/^[1-9]\d*$/.test(id)) usage(`an entry's id is a positive whole number (got ${id})`);
  if (command !== 'show' && id !== undefined) usage(`${command} takes no id (got ${id})`);
  if (extra.length) usage(`unexpected ${extra.join(' ')}`);
  const role = String(values.role ?? 'lf').toLowerCase();
  if (!ROLES.includes(role)) usage(`--role takes lf, nb or msb (got ${values.role})`);
  if (command !== 'replay') {
    if (values['no-build']) usage('--no-build belongs to replay');
    if (values.timeout !== undefined) usage('--timeout belongs to replay');
  }
  if (command === 'show' && values.json) usage('show prints JSON anyway: leave out --json');
  const timeout = values.timeout ?? String(DEFAULT_TIMEOUT_SECONDS);
  if (!/^[1-9]\d*$/.test(timeout)) usage(`--timeout takes a positive whole number of seconds (got ${timeout})`);

  const dir = journalDirOf(values.dir, role);
  if (!existsSync(join(dir, 'journal.mdb'))) fail(`no write journal in ${dir} (no journal.mdb there)`);

  if (command === 'replay')
    return replay({ dir, role, build: !values['no-build'], timeoutMs: Number(timeout) * 1000, json: !!values.json });

  if (command === 'show') {
    const entry = await withJournal(dir, (journal) => journal.get(Number(id)));
    if (!entry) {
      process.stderr.write(`journal: no entry ${id} in ${dir}\n`);
      return 1;
    }
    process.stdout.write(`${JSON.stringify(detailOf(entry), null, 2)}\n`);
    return 0;
  }

  const entries = await withJournal(dir, (journal) => [...journal.entries()]);
  const bytes = entries.reduce((sum, entry) => sum + entry.body.byteLength, 0);
  if (values.json) {
    const oldestReceivedAt = entries[0]?.receivedAt ?? null;
    const listed = { dir, entries: entries.length, bytes, oldestReceivedAt, items: entries.map(summaryOf) };
    process.stdout.write(`${JSON.stringify(listed, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(entries.length ? `${formatTable(entries)}\n` : '');
  process.stderr.write(
    `${entries.length} entries, ${bytes} body bytes${entries.length ? `, the oldest received ${entries[0].receivedAt}` : ''} in ${dir}\n`,
  );
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

module.exports = { detailOf, formatTable, main };
