'use strict';
const { Client } = require('pg');

/**
 * A database to keep between runs (created when absent, never dropped): a fill in it is reused when it matches.
 * @param {string} adminUrl a connection string to any database of the server
 * @param {string} name
 * @returns {Promise<{ name: string, url: string, drop: () => Promise<void> }>} `drop` does nothing: the database stays
 */
async function keptDatabase(adminUrl, name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`--keep-database wants a plain lower-case name, not ${name}`);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => undefined };
}

module.exports = { keptDatabase };
