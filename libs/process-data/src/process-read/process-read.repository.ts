import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  answeringProcessJoin,
  deadlineAnswerColumns,
  deadlineAnswerOf,
  type DeadlineAnswerRow,
  deadlineStateAsRead,
  PG_POOL,
  requestReferencesOf,
} from '@maco/database';
import { DEADLINE_RULES } from '@maco/domain';
import { RawJson } from '@maco/platform';
import type { DeadlineView, ProcessKeyView, ProcessView } from '../process-data-api';

/** A process found: its `current` the stored canonical state's text (RawJson), or null when it has none. */
export type FoundProcess = ProcessView & { current: RawJson | null };

export type ProcessLookup =
  { kind: 'found'; process: FoundProcess } | { kind: 'unknown' } | { kind: 'ambiguous'; businessKeys: string[] };

// The process of any key: its own business key, a key it collected, the prozessId of its create. With the first and
// the last UTC month it was booked in: every revision of a record lies between its `created_at` and `updated_at`.
const FIND_RECORDS = `
  SELECT r.id, r.business_key, r.role, r.status, r.pruefidentifikator, r.target_business_key, r.prozess_id, r.current::text AS current,
    r.created_at, r.updated_at,
    to_char(date_trunc('month', r.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS first_month,
    to_char(date_trunc('month', r.updated_at AT TIME ZONE 'UTC') + interval '1 month', 'YYYY-MM-DD') AS after_last_month
  FROM process_record r
  WHERE r.role = $1 AND r.id IN (
    SELECT id FROM process_record WHERE role = $1 AND business_key = $2
    UNION SELECT record_id FROM process_key WHERE role = $1 AND key = $2
    UNION SELECT id FROM process_record WHERE role = $1 AND prozess_id = $2)`;

const KEYS = `SELECT key, kind, first_revision FROM process_key WHERE record_id = $1 ORDER BY first_revision, key`;

const DEADLINES = `
  SELECT d.rule, d.due, d.request_revision, d.request_references, ${deadlineAnswerColumns('d', 'a')}, ${deadlineStateAsRead('d')} AS state
  FROM process_deadline d ${answeringProcessJoin('d', 'a')}
  WHERE d.record_id = $1 ORDER BY d.due, d.rule, d.request_revision`;

// The record's months as constants in the text, not parameters: PostgreSQL then prunes the other months' partitions
// while planning and locks only the ones it reads. A prepared (generic) plan locks every partition at each execution,
// more than a backend's fast-path locks once there are many months: that set the read's p99 at scale
// (docs/performance.md, "Bookings at 10 M stored revisions"). The text differs per month range, so it is planned per
// read; planning one or two partitions costs less than those locks.
// Bodies are read as jsonb's text and answered as such (RawJson): JSON.parse would round numbers beyond double
// precision. Without bodies it still reads revision 1's when $2 says the process was never updated: that body is its state.
const REVISIONS = (bodies: boolean, firstMonth: string, afterLastMonth: string) => `
  SELECT revision, operation, pruefidentifikator, release, received_at, token_subject, request_id, matched_by, findings, dialect,
    ${bodies ? 'body::text AS body' : 'CASE WHEN revision = 1 AND $2 THEN body::text END AS body'}
  FROM process_revision
  WHERE record_id = $1 AND received_at >= '${firstMonth} 00:00:00+00' AND received_at < '${afterLastMonth} 00:00:00+00'
  ORDER BY revision`;

/** A month as FIND_RECORDS writes it; anything else never reaches a statement's text. */
const MONTH = /^\d{4}-\d{2}-01$/;

const LINKED = `
  SELECT business_key FROM process_record
  WHERE role = $1 AND target_business_key = ANY($2::text[]) AND id <> $3 ORDER BY created_at, business_key`;

function revisionsStatement(bodies: boolean, firstMonth: unknown, afterLastMonth: unknown): string {
  if (
    typeof firstMonth !== 'string' ||
    typeof afterLastMonth !== 'string' ||
    !MONTH.test(firstMonth) ||
    !MONTH.test(afterLastMonth)
  ) {
    throw new Error(`unexpected month bounds ${String(firstMonth)}, ${String(afterLastMonth)}`);
  }
  return REVISIONS(bodies, firstMonth, afterLastMonth);
}

/**
 * Reads processes for operators: no locks. Named statements: planned once per connection, not per read (with a
 * partition per month, planning a revision lookup costs more than running it).
 */
@Injectable()
export class ProcessReadRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async findByKey(role: string, key: string, options: { bodies?: boolean } = {}): Promise<ProcessLookup> {
    const { rows } = await this.pool.query({ name: 'find_process_records', text: FIND_RECORDS, values: [role, key] });
    if (rows.length === 0) return { kind: 'unknown' };
    if (rows.length > 1)
      return { kind: 'ambiguous', businessKeys: rows.map((row) => row.business_key as string).sort() };
    const record = rows[0];
    const [keys, revisions, deadlines] = await Promise.all([
      this.pool.query({ name: 'process_keys', text: KEYS, values: [record.id] }),
      this.pool.query({
        text: revisionsStatement(options.bodies === true, record.first_month, record.after_last_month),
        values: options.bodies ? [record.id] : [record.id, record.current === null],
      }),
      this.pool.query({ name: 'process_deadlines', text: DEADLINES, values: [record.id] }),
    ]);
    const collected: ProcessKeyView[] = keys.rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      firstRevision: row.first_revision,
    }));
    const allKeys: ProcessKeyView[] = [
      { key: record.business_key, kind: 'businessKey', firstRevision: 1 },
      ...(record.prozess_id &&
      record.prozess_id !== record.business_key &&
      !collected.some((k) => k.key === record.prozess_id)
        ? [{ key: record.prozess_id as string, kind: 'prozessId' as const, firstRevision: 1 }]
        : []),
      ...collected,
    ];
    const linked = await this.pool.query({
      name: 'linked_processes',
      text: LINKED,
      values: [role, allKeys.map((k) => k.key), record.id],
    });
    return {
      kind: 'found',
      process: {
        businessKey: record.business_key,
        role: record.role,
        status: record.status,
        pruefidentifikator: record.pruefidentifikator,
        targetBusinessKey: record.target_business_key,
        keys: allKeys,
        linkedProcesses: linked.rows.map((row) => row.business_key as string),
        revisions: revisions.rows.map((row) => ({
          revision: row.revision,
          operation: row.operation,
          pruefidentifikator: row.pruefidentifikator,
          release: row.release,
          receivedAt: (row.received_at as Date).toISOString(),
          tokenSubject: row.token_subject,
          requestId: row.request_id,
          matchedBy: row.matched_by,
          findings: row.findings,
          dialect: row.dialect,
          ...(options.bodies ? { body: rawJsonOf(row.body) } : {}),
        })),
        deadlines: deadlines.rows.map(deadlineView),
        // A process never updated is its create's body; revision 1 may have left with a dropped partition (retention)
        // only after updates, which set `current`.
        current: rawJsonOf(record.current ?? revisions.rows.find((row) => row.revision === 1)?.body ?? null),
        createdAt: (record.created_at as Date).toISOString(),
        updatedAt: (record.updated_at as Date).toISOString(),
      },
    };
  }
}

function rawJsonOf(text: unknown): RawJson | null {
  return typeof text === 'string' ? new RawJson(text) : null;
}

function deadlineView(
  row: DeadlineAnswerRow & { request_references: string[] | null } & Record<string, unknown>,
): DeadlineView {
  const rule = DEADLINE_RULES.find((candidate) => candidate.rule === row['rule']);
  const answeredBy = deadlineAnswerOf(row);
  return {
    rule: row['rule'] as string,
    description: rule?.description ?? '',
    due: (row['due'] as Date).toISOString(),
    state: row['state'] as DeadlineView['state'],
    requestRevision: row['request_revision'] as number,
    ...requestReferencesOf(row),
    ...(answeredBy ? { answeredBy } : {}),
  };
}
