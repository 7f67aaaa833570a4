import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createGzip } from 'node:zlib';
import type { ClientBase } from 'pg';
import {
  addMonths,
  compareMonths,
  createRevisionPartitionSql,
  type Month,
  monthOf,
  monthOfPartitionName,
  monthsBetween,
  monthStart,
  monthSuffix,
  PARTITION_MAINTENANCE_LOCK_ID,
  PARTITION_MONTHS_AHEAD,
  revisionPartitionName,
} from './revision-partitions';

/** Retention takes a lock of its own: a long export must not hold up the creation of partitions by another instance. */
export const RETENTION_LOCK_ID = 727_261_003;

// Bounds how long DDL on process_revision waits for its ACCESS EXCLUSIVE lock: queued behind a long reader, it would
// hold up every booking queued behind it. Maintenance that gives up retries on its next run.
const DDL_LOCK_TIMEOUT = '5s';

const PARTITIONS_OF_REVISIONS = `
  SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'process_revision'::regclass ORDER BY 1`;

export async function revisionPartitions(client: ClientBase): Promise<string[]> {
  return (await client.query<{ name: string }>(PARTITIONS_OF_REVISIONS)).rows.map((row) => row.name);
}

/**
 * Makes sure `process_revision` has a partition for every month from the current UTC month (or `from`) to
 * {@link PARTITION_MONTHS_AHEAD} months ahead. Idempotent; under a transaction-level advisory lock, so instances that
 * run it at the same moment take turns (two `CREATE TABLE IF NOT EXISTS` racing can still collide in the catalog).
 * Only missing partitions are created: a run that finds all of them takes no lock on the table.
 *
 * There is deliberately no DEFAULT partition: a revision for a month without a partition fails its booking loudly (and
 * the middleware retries it) instead of landing in a catch-all table that retention could never drop by month, and
 * that would have to be emptied (under a lock on the whole table) before the month's partition could be created.
 * With partitions a year ahead and a check every day, that failure needs a service that has not run for a year.
 */
export async function ensureRevisionPartitions(
  client: ClientBase,
  options: { now?: Date; from?: Month } = {},
): Promise<string[]> {
  const current = monthOf(options.now ?? new Date());
  const wanted = monthsBetween(options.from ?? current, addMonths(current, PARTITION_MONTHS_AHEAD));
  const existing = new Set(await revisionPartitions(client));
  if (wanted.every((month) => existing.has(revisionPartitionName(month)))) return [];
  const created: string[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_MAINTENANCE_LOCK_ID]);
    await client.query(`SET LOCAL lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
    // Read again under the lock: another instance may have created them meanwhile.
    const present = new Set(await revisionPartitions(client));
    for (const month of wanted) {
      if (present.has(revisionPartitionName(month))) continue;
      await client.query(createRevisionPartitionSql(month));
      created.push(revisionPartitionName(month));
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return created;
}

export interface RetentionOptions {
  /** Months kept besides the current one (`RETENTION_MONTHS`). */
  months: number;
  /** Where partitions are exported before they are dropped (`RETENTION_EXPORT_DIR`). */
  exportDir?: string;
  now?: Date;
  /** Processes examined per statement of the deletion. */
  batchSize?: number;
  /** Rows fetched per round of an export. */
  exportBatchSize?: number;
  /** Asked between batches: true ends the run early (shutdown); what is done stays done. */
  stopping?: () => boolean;
  log?: (message: string) => void;
}

export interface RetentionOutcome {
  cutoff: Date;
  exported: { partition: string; file: string; rows: number }[];
  dropped: string[];
  deletedProcesses: number;
  /** Quarantine entries (refused writes) received before the cutoff. */
  deletedRefusals: number;
}

/**
 * Drops what is older than the retention: every revision partition whose upper bound is at or before the start of the
 * UTC month `months` back (exported first when `exportDir` is set), then the processes left without any revision that
 * were last changed before that point (their keys, finished trigger deliveries and update hashes with them). Under a
 * session advisory lock: an instance that comes second waits and then finds nothing left to do.
 */
export async function applyRetention(client: ClientBase, options: RetentionOptions): Promise<RetentionOutcome> {
  const log = options.log ?? (() => undefined);
  const stopping = options.stopping ?? (() => false);
  const cutoffMonth = addMonths(monthOf(options.now ?? new Date()), -options.months);
  const cutoff = monthStart(cutoffMonth);
  const outcome: RetentionOutcome = { cutoff, exported: [], dropped: [], deletedProcesses: 0, deletedRefusals: 0 };
  await client.query('SELECT pg_advisory_lock($1)', [RETENTION_LOCK_ID]);
  try {
    const expired = (await revisionPartitions(client))
      .map((name) => ({ name, month: monthOfPartitionName(name) }))
      .filter(
        (p): p is { name: string; month: Month } =>
          p.month !== undefined && compareMonths(addMonths(p.month, 1), cutoffMonth) <= 0,
      )
      .sort((a, b) => compareMonths(a.month, b.month));
    for (const { name, month } of expired) {
      if (stopping()) return outcome;
      let exportedRows: number | undefined;
      if (options.exportDir) {
        const file = join(options.exportDir, `process_revision_${monthSuffix(month)}.ndjson.gz`);
        exportedRows = await exportPartition(client, name, file, options.exportBatchSize ?? 1000, stopping);
        if (exportedRows === undefined) return outcome;
        outcome.exported.push({ partition: name, file, rows: exportedRows });
        log(`retention: exported ${exportedRows} revisions of ${name} to ${file}`);
      }
      const droppedRows = await dropPartition(client, name, exportedRows);
      if (droppedRows === undefined) {
        log(`retention: ${name} changed while it was exported; it is exported again on the next run`);
        continue;
      }
      outcome.dropped.push(name);
      log(`retention: dropped partition ${name} (${droppedRows} revisions)`);
    }
    outcome.deletedProcesses = await deleteExpiredProcesses(client, cutoff, options.batchSize ?? 1000, stopping);
    if (outcome.deletedProcesses > 0)
      log(`retention: deleted ${outcome.deletedProcesses} processes last changed before ${cutoff.toISOString()}`);
    if (options.exportDir) {
      const file = join(options.exportDir, `refused_message_before_${monthSuffix(cutoffMonth)}.ndjson.gz`);
      // A cursor takes no parameters: the cutoff is our own Date, written as a literal.
      const query = `SELECT row_to_json(m)::text AS line FROM refused_message m WHERE received_at < '${cutoff.toISOString()}'::timestamptz ORDER BY received_at, id`;
      const rows = await exportRows(client, query, [], file, options.exportBatchSize ?? 1000, stopping);
      if (rows === undefined) return outcome;
      if (rows > 0) log(`retention: exported ${rows} refused writes to ${file}`);
    }
    outcome.deletedRefusals =
      (await client.query(`DELETE FROM refused_message WHERE received_at < $1`, [cutoff])).rowCount ?? 0;
    if (outcome.deletedRefusals > 0)
      log(`retention: deleted ${outcome.deletedRefusals} refused writes received before ${cutoff.toISOString()}`);
    return outcome;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_ID]).catch(() => undefined);
  }
}

/**
 * Streams the partition's rows as NDJSON (one `row_to_json` per line), gzipped, to a temporary name that is renamed to
 * `file` once complete: a file under the final name is always whole. A cursor fetches `batchSize` rows at a time, in
 * primary-key order; the transaction holds the partition in SHARE mode, so nothing is written to it meanwhile.
 * Undefined when stopped early (the temporary file is removed).
 */
function exportPartition(
  client: ClientBase,
  partition: string,
  file: string,
  batchSize: number,
  stopping: () => boolean,
): Promise<number | undefined> {
  const query = `SELECT row_to_json(v)::text AS line FROM ${partition} v ORDER BY record_id, revision`;
  return exportRows(client, query, [], file, batchSize, stopping, `LOCK TABLE ${partition} IN SHARE MODE`);
}

/** Streams the rows of `query` (one `line` each) gzipped to `file`, as {@link exportPartition} describes. */
async function exportRows(
  client: ClientBase,
  query: string,
  params: unknown[],
  file: string,
  batchSize: number,
  stopping: () => boolean,
  lock?: string,
): Promise<number | undefined> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  const written = once(out, 'finish');
  // Surfaces a failing disk as a rejection of `written` instead of an unhandled 'error'.
  out.on('error', () => undefined);
  gzip.on('error', (error) => out.destroy(error));
  gzip.pipe(out);
  let rows = 0;
  let complete = false;
  await client.query('BEGIN');
  try {
    if (lock) await client.query(lock);
    await client.query(`DECLARE retention_export NO SCROLL CURSOR FOR ${query}`, params);
    for (;;) {
      if (stopping()) break;
      const { rows: batch } = await client.query<{ line: string }>(`FETCH ${batchSize} FROM retention_export`);
      if (batch.length === 0) {
        complete = true;
        break;
      }
      rows += batch.length;
      if (!gzip.write(batch.map((row) => row.line + '\n').join(''))) await once(gzip, 'drain');
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    gzip.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  gzip.end();
  await written;
  if (!complete) {
    await rm(partial, { force: true });
    return undefined;
  }
  await rename(partial, file);
  return rows;
}

/**
 * Detaches and drops the partition in one short transaction. With `expectedRows` (it was exported), the partition
 * must still hold exactly that many rows, else nothing is dropped (undefined). Resolves to the rows dropped.
 */
async function dropPartition(
  client: ClientBase,
  partition: string,
  expectedRows: number | undefined,
): Promise<number | undefined> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
    await client.query(`ALTER TABLE process_revision DETACH PARTITION ${partition}`);
    const [{ count }] = (await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${partition}`)).rows;
    if (expectedRows !== undefined && count !== expectedRows) {
      await client.query('ROLLBACK');
      return undefined;
    }
    await client.query(`DROP TABLE ${partition}`);
    await client.query('COMMIT');
    return count;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

// One pass over process_record in id order, `$2` records per statement: a record goes when it was last changed before
// the cutoff, has no revision left and no trigger delivery still open; its keys, finished deliveries, update hashes
// and deadlines go with it. SKIP LOCKED: a record a booking holds is not waited for (its booking changes it: it stays).
// The children are deleted in the statement's CTEs; the foreign keys to process_record are checked at its end.
const DELETE_EXPIRED_PROCESSES = `
  WITH scanned AS (
    SELECT id FROM process_record WHERE id > $1::uuid ORDER BY id LIMIT $2
  ),
  doomed AS (
    SELECT r.id FROM process_record r JOIN scanned s ON s.id = r.id
    WHERE r.updated_at < $3
      AND NOT EXISTS (SELECT 1 FROM process_revision v WHERE v.record_id = r.id)
      AND NOT EXISTS (SELECT 1 FROM trigger_delivery d WHERE d.record_id = r.id AND d.delivered_at IS NULL AND d.failed_at IS NULL)
    FOR UPDATE OF r SKIP LOCKED
  ),
  keys AS (DELETE FROM process_key k USING doomed WHERE k.record_id = doomed.id),
  deliveries AS (DELETE FROM trigger_delivery d USING doomed WHERE d.record_id = doomed.id),
  update_bodies AS (DELETE FROM process_update_body b USING doomed WHERE b.record_id = doomed.id),
  deadlines AS (DELETE FROM process_deadline l USING doomed WHERE l.record_id = doomed.id),
  deleted AS (DELETE FROM process_record r USING doomed WHERE r.id = doomed.id RETURNING r.id)
  SELECT (SELECT id FROM scanned ORDER BY id DESC LIMIT 1) AS last, (SELECT count(*)::int FROM deleted) AS deleted`;

async function deleteExpiredProcesses(
  client: ClientBase,
  cutoff: Date,
  batchSize: number,
  stopping: () => boolean,
): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let deleted = 0;
  while (!stopping()) {
    const { rows } = await client.query<{ last: string | null; deleted: number }>(DELETE_EXPIRED_PROCESSES, [
      after,
      batchSize,
      cutoff,
    ]);
    deleted += rows[0].deleted;
    if (rows[0].last === null) break;
    after = rows[0].last;
  }
  return deleted;
}
