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
    // pg_get_indexdef names a partitioned table `ON ONLY`, which would build an invalid index on the parent alone;
    // without ONLY the index is built on every partition (process_revision, migration PartitionRevisionsByMonth).
    await client.query(index.definition.replace(' ON ONLY ', ' ON '));
    log(`  ${index.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await client.query('COMMIT');
  for (const table of tables) await client.query(`ANALYZE ${table}`);
}

/**
 * When `process_revision` is partitioned by month (migration PartitionRevisionsByMonth), creates the partitions of the
 * months from `since` (an SQL timestamptz expression) to now, so a fill can write revisions dated back. No-op on the
 * unpartitioned table of older schemas. The service creates the months ahead itself.
 * @param {import('pg').Client} client
 * @param {string} since
 */
async function ensureRevisionPartitionsSince(client, since) {
  await client.query(`
    DO $$
    DECLARE m date;
    BEGIN
      IF (SELECT relkind FROM pg_class WHERE oid = 'process_revision'::regclass) <> 'p' THEN RETURN; END IF;
      FOR m IN SELECT generate_series(date_trunc('month', (${since}) AT TIME ZONE 'UTC'), date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month')::date LOOP
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF process_revision FOR VALUES FROM (%L) TO (%L)',
          'process_revision_' || to_char(m, 'YYYY_MM'), m::text || ' 00:00:00+00', (m + interval '1 month')::date::text || ' 00:00:00+00');
      END LOOP;
    END $$`);
}

/**
 * Fills `process_update_body` (the replay guarantee of updates since migration PartitionRevisionsByMonth) from the
 * update revisions a fill wrote; no-op on older schemas without it.
 * @param {import('pg').Client} client
 */
async function fillUpdateBodies(client) {
  const { rows } = await client.query(`SELECT to_regclass('process_update_body') IS NOT NULL AS present`);
  if (!rows[0].present) return;
  await client.query(`
    INSERT INTO process_update_body (record_id, body_sha256, revision)
    SELECT record_id, body_sha256, revision FROM process_revision WHERE operation = 'update'
    ON CONFLICT DO NOTHING`);
}

/**
 * `pg_total_relation_size` of a table, summed over its partitions when it is partitioned (the parent has no storage).
 * @param {string} table
 */
function totalRelationSizeSql(table) {
  return `(SELECT COALESCE(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
    WHERE c.oid = '${table}'::regclass OR c.oid IN (SELECT relid FROM pg_partition_tree('${table}')))`;
}

module.exports = { fillWithIndexesRebuilt, ensureRevisionPartitionsSince, fillUpdateBodies, totalRelationSizeSql };
