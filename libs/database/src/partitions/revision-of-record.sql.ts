/**
 * `LEFT JOIN LATERAL` of revision `revision` of the process_record row `record` (an alias), as alias `v` with the
 * revision's `columns` (written `v.body, v.findings`). The lookup names the revision's month: every revision of a
 * record is received between the record's `created_at` and `updated_at` — the statements that write one (create,
 * update, trigger) set both times with the same `now()` — so PostgreSQL reads the partitions of those months only
 * (run-time pruning) instead of probing every month's index. LEFT: the revision may have left with a dropped partition
 * (retention). The load suites check the bound holds (`expectNoOrphanRows` in @maco/testing).
 */
export function revisionOfRecord(record: string, revision: string, columns: string): string {
  return `LEFT JOIN LATERAL (
    SELECT ${columns} FROM process_revision v
    WHERE v.record_id = ${record}.id AND v.revision = ${revision} AND v.received_at BETWEEN ${record}.created_at AND ${record}.updated_at
  ) v ON true`;
}
