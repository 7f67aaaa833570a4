'use strict';

/**
 * Runs a bulk fill of `tables` (default `business_object`) in one transaction with their secondary indexes dropped
 * before and built again after (an index build is far faster than millions of index inserts), then ANALYZE. Indexes
 * behind constraints (primary keys, UNIQUE constraints) stay.
 * @param {import('pg').Client} client
 * @param {(message: string) => void} log
 * @param {() => Promise<void>} fill
 * @param {string[]} [tables]
 */
async function fillWithIndexesRebuilt(client, log, fill, tables = ['business_object']) {
  await client.query(`SET maintenance_work_mem = '1GB'`);
  await client.query('SET synchronous_commit = off');
  const { rows: indexes } = await client.query(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = ANY($1::regclass[]) AND NOT x.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    [tables],
  );
  await client.query('BEGIN');
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  await fill();
  for (const index of indexes) {
    const started = Date.now();
    await client.query(index.definition);
    log(`  ${index.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await client.query('COMMIT');
  for (const table of tables) await client.query(`ANALYZE ${table}`);
}

module.exports = { fillWithIndexesRebuilt };
