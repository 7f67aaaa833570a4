'use strict';
// The benchmark's databases: a fresh one per run (dropped at the end) or, with `--keep-database`, a kept one.
const { Client } = require('pg');
const { buildApp } = require('./build');
const { keptDatabase } = require('./kept-database');
const { machineFacts } = require('./machine');

/**
 * A fresh database `maco_bench_<time>_<purpose>` on the server of `adminUrl`, and how to drop it.
 * @param {string} adminUrl
 * @param {string} purpose
 */
async function createDatabase(adminUrl, purpose) {
  const name = `maco_bench_${Date.now()}_${purpose}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The start of a benchmark on a loaded read model: the server, the build, the database (`--keep-database NAME`
 * reuses one across runs, else a fresh one dropped at the end), the list of started processes and a client.
 * @param {import('./options').BenchOptions} options
 * @param {string} purpose
 */
async function openLoadedDatabase({ app, args }, purpose) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the benchmark creates its own database)');
  const machine = machineFacts();
  buildApp(app);
  const kept = args['keep-database'];
  const database = kept ? await keptDatabase(adminUrl, kept) : await createDatabase(adminUrl, purpose);
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  return { machine, database, kept, children, client: new Client({ connectionString: database.url }) };
}

module.exports = { createDatabase, openLoadedDatabase };
