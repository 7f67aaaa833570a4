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
import { type Page, pageOf } from '@maco/platform';
import type { DeadlineState, DeadlineView } from '../operator-api';
import { SqlConditions } from '../query/sql-conditions';

export const DEADLINE_STATES = ['open', 'met', 'missed'] as const satisfies readonly DeadlineState[];
/** Compiles only while DEADLINE_STATES lists every state of the wire type (`satisfies` rules out any other). */
type _EveryStateListed = Expect<Exclude<DeadlineState, (typeof DEADLINE_STATES)[number]>>;
type Expect<Missing extends never> = Missing;

export interface DeadlineFilter {
  /** The state as read: an open deadline past its due reads as missed. */
  state?: DeadlineState;
  /** Due before this instant (exclusive). */
  dueBefore?: Date;
  rule?: string;
  /** With an answer booked (met, or missed and answered late), or without one. */
  answered?: boolean;
}

/** Where a page starts: after this deadline (its exact due, record id, rule, request revision). */
export type DeadlinePosition = readonly [due: string, recordId: string, rule: string, requestRevision: number];

interface DeadlineRow extends DeadlineAnswerRow {
  business_key: string;
  record_id: string;
  rule: string;
  request_revision: number;
  request_references: string[] | null;
  due: Date;
  due_exact: string;
  state: DeadlineState;
  pruefidentifikator: string | null;
}

// `now()` is the statement's transaction time, so the filter and the state read the same instant.
const READ_STATE = deadlineStateAsRead('d');
/** The read-time states as conditions along idx_process_deadline_due (role, state, due). */
const STATE_CONDITION: Record<DeadlineState, string> = {
  open: `d.state = 'open' AND d.due >= now()`,
  met: `d.state = 'met'`,
  missed: `(d.state = 'missed' OR (d.state = 'open' AND d.due < now()))`,
};

// Soonest first; the record id, rule and request revision (the primary key) make the order total for the cursor.
const SELECT_PAGE = (where: string, limit: string) => `
  SELECT r.business_key, d.record_id, d.rule, d.request_revision, d.request_references, d.due, to_json(d.due) #>> '{}' AS due_exact,
    ${READ_STATE} AS state, r.pruefidentifikator, ${deadlineAnswerColumns('d', 'a')}
  FROM process_deadline d
  JOIN process_record r ON r.id = d.record_id
  ${answeringProcessJoin('d', 'a')}
  WHERE ${where}
  ORDER BY d.due, d.record_id, d.rule, d.request_revision
  LIMIT ${limit}`;

// Open and not yet due, per rule: what the gauge reports.
const COUNT_OPEN = `
  SELECT rule, count(*)::int AS count
  FROM process_deadline
  WHERE role = $1 AND state = 'open' AND due >= now()
  GROUP BY rule`;

// Under READ COMMITTED an instance that meets a row another instance's sweep is marking waits, re-reads it, finds it no
// longer open and skips it: each row is returned (and counted) by one sweep only.
const MARK_MISSED = `UPDATE process_deadline SET state = 'missed' WHERE role = $1 AND state = 'open' AND due < now() RETURNING rule`;

const DESCRIPTIONS = new Map(DEADLINE_RULES.map((rule) => [rule.rule, rule.description]));

/** The answer deadlines as operators read them (a page at a time, counted per rule) and as the sweep marks them. */
@Injectable()
export class DeadlineListRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async page(
    role: string,
    filter: DeadlineFilter,
    limit: number,
    after?: DeadlinePosition,
  ): Promise<Page<DeadlineView>> {
    const sql = new SqlConditions();
    sql.where(`d.role = ${sql.param(role)}`);
    if (filter.state !== undefined) sql.where(STATE_CONDITION[filter.state]);
    if (filter.dueBefore) sql.where(`d.due < ${sql.param(filter.dueBefore)}`);
    if (filter.rule !== undefined) sql.where(`d.rule = ${sql.param(filter.rule)}`);
    // A filter on the rows the index range (role, state, due) reads; the keyset order and cursor stay as they are.
    if (filter.answered !== undefined) sql.where(`d.answered_at IS ${filter.answered ? 'NOT ' : ''}NULL`);
    if (after) {
      sql.where(
        `(d.due, d.record_id, d.rule, d.request_revision) > (${sql.param(after[0])}::timestamptz, ${sql.param(after[1])}::uuid, ${sql.param(after[2])}::text, ${sql.param(after[3])}::int)`,
      );
    }
    // One row more than asked: whether there is a next page, without counting.
    const { rows } = await this.pool.query<DeadlineRow>(SELECT_PAGE(sql.sql, sql.param(limit + 1)), sql.params);
    return pageOf(rows, limit, (row) => [row.due_exact, row.record_id, row.rule, row.request_revision], deadlineOf);
  }

  /** The open deadlines not yet due, per rule (rules without any are absent). */
  async countOpen(role: string): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ rule: string; count: number }>(COUNT_OPEN, [role]);
    return new Map(rows.map((row) => [row.rule, row.count]));
  }

  /** Marks the role's open deadlines past their due missed; answers the rule of each row this call marked. */
  async markMissed(role: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ rule: string }>({
      name: 'mark_deadlines_missed',
      text: MARK_MISSED,
      values: [role],
    });
    return rows.map((row) => row.rule);
  }
}

function deadlineOf(row: DeadlineRow): DeadlineView {
  const answeredBy = deadlineAnswerOf(row);
  return {
    businessKey: row.business_key,
    rule: row.rule,
    description: DESCRIPTIONS.get(row.rule) ?? null,
    due: row.due.toISOString(),
    state: row.state,
    pruefidentifikator: row.pruefidentifikator,
    requestRevision: row.request_revision,
    ...requestReferencesOf(row),
    ...(answeredBy ? { answeredBy } : {}),
  };
}
