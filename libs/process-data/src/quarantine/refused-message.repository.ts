import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL, storableJson } from '@maco/database';
import type { ProblemDetails } from '@maco/platform';
import { uuidV7 } from '@maco/process-store';
import type { RefusedDetail, RefusedOperation, RefusedState, RefusedSummary } from '../process-data-api';

/** A refused write as it arrived and what it was answered. */
export interface NewRefusal {
  role: string;
  operation: RefusedOperation;
  path: string;
  command: string | null;
  contentType: string | null;
  requestId: string | null;
  tokenSubject: string | null;
  body: Buffer;
  status: number;
  code: string;
  problem: ProblemDetails;
  pruefidentifikator: string | null;
  /** An update's process keys: a refusal for unknown keys is booked once one of them is known. */
  keys: string[];
}

/** The stored row with its bytes, for a booking attempt. */
export interface StoredRefusal {
  id: string;
  operation: RefusedOperation;
  command: string | null;
  tokenSubject: string | null;
  body: Buffer;
  state: RefusedState;
}

export interface RefusedFilter {
  state?: RefusedState;
  code?: string;
  pruefidentifikator?: string;
  operation?: RefusedOperation;
  from?: Date;
  to?: Date;
}

const WAITING_CODE = 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN';

const INSERT = `
  INSERT INTO refused_message
    (id, role, operation, path, command, content_type, request_id, token_subject, body, body_size, status, code, problem, pruefidentifikator, keys)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bytea, octet_length($9::bytea), $10, $11, $12::jsonb, $13, $14::text[])`;

// The oldest finished entries (booked since, or dismissed) whose bytes together first reach what must be freed.
const TRIM_FINISHED = `
  WITH finished AS (
    SELECT id, body_size, sum(body_size) OVER (ORDER BY received_at, id) AS running
    FROM refused_message WHERE role = $1 AND state IN ('resolved', 'dismissed')
  )
  DELETE FROM refused_message AS kept USING finished
  WHERE kept.id = finished.id AND finished.running - finished.body_size < $2
  RETURNING kept.body_size`;

const COLUMNS = `id, role, operation, path, status, code, problem->>'detail' AS detail, pruefidentifikator, received_at, state,
  request_id, token_subject, content_type, body_size`;

/** The quarantine table (`refused_message`): what the write routes refused, and how each entry ended. */
@Injectable()
export class RefusedMessageRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async insert(refusal: NewRefusal): Promise<string> {
    const id = uuidV7();
    await this.pool.query(INSERT, [
      id,
      refusal.role,
      refusal.operation,
      refusal.path,
      refusal.command,
      refusal.contentType,
      refusal.requestId,
      refusal.tokenSubject,
      refusal.body,
      refusal.status,
      refusal.code,
      // The problem may echo the refused text (a pointer, a message): made storable; the body itself is kept as bytes.
      storableJson(refusal.problem),
      refusal.pruefidentifikator &&
      storableJson(refusal.pruefidentifikator) === JSON.stringify(refusal.pruefidentifikator)
        ? refusal.pruefidentifikator
        : null,
      refusal.keys.filter((key) => storableJson(key) === JSON.stringify(key)),
    ]);
    return id;
  }

  /**
   * Newest first; `after` is the (received_at, id) of the previous page's last entry, and `last` this page's, with
   * received_at as PostgreSQL writes it (microseconds): a millisecond would repeat or skip rows at a page boundary.
   */
  async page(
    role: string,
    filter: RefusedFilter,
    limit: number,
    after?: readonly [string, string],
  ): Promise<{ rows: RefusedSummary[]; more: boolean; last?: readonly [string, string] }> {
    const values: unknown[] = [role];
    const where = ['role = $1'];
    const add = (condition: (n: string) => string, value: unknown) => {
      values.push(value);
      where.push(condition(`$${values.length}`));
    };
    if (filter.state) add((n) => `state = ${n}`, filter.state);
    if (filter.code) add((n) => `code = ${n}`, filter.code);
    if (filter.pruefidentifikator) add((n) => `pruefidentifikator = ${n}`, filter.pruefidentifikator);
    if (filter.operation) add((n) => `operation = ${n}`, filter.operation);
    if (filter.from) add((n) => `received_at >= ${n}`, filter.from);
    if (filter.to) add((n) => `received_at < ${n}`, filter.to);
    if (after) {
      values.push(after[0], after[1]);
      where.push(`(received_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
    }
    values.push(limit + 1);
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS}, to_json(received_at) #>> '{}' AS received_at_exact FROM refused_message WHERE ${where.join(' AND ')}
       ORDER BY received_at DESC, id DESC LIMIT $${values.length}`,
      values,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1] as { received_at_exact: string; id: string } | undefined;
    return {
      rows: page.map(summaryOf),
      more: rows.length > limit,
      ...(last ? { last: [last.received_at_exact, last.id] as const } : {}),
    };
  }

  async detail(role: string, id: string): Promise<RefusedDetail | undefined> {
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS}, command, problem, body, resolved_at, resolved_business_key, resolved_revision, resolved_by,
              dismissed_at, dismissed_reason, dismissed_by
       FROM refused_message WHERE role = $1 AND id = $2`,
      [role, id],
    );
    return rows[0] ? detailOf(rows[0]) : undefined;
  }

  async stored(role: string, id: string): Promise<StoredRefusal | undefined> {
    const { rows } = await this.pool.query(
      `SELECT id, operation, command, token_subject, body, state FROM refused_message WHERE role = $1 AND id = $2`,
      [role, id],
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          operation: row.operation,
          command: row.command,
          tokenSubject: row.token_subject,
          body: row.body,
          state: row.state,
        }
      : undefined;
  }

  /** Open refusals for unknown keys that name one of `keys` (all of them without `keys`), oldest first. */
  async waiting(role: string, limit: number, keys?: string[]): Promise<StoredRefusal[]> {
    const values: unknown[] = [role, WAITING_CODE, limit];
    if (keys) values.push(keys);
    const { rows } = await this.pool.query(
      `SELECT id, operation, command, token_subject, body, state FROM refused_message
       WHERE role = $1 AND state = 'open' AND code = $2 ${keys ? 'AND keys && $4::text[]' : ''}
       ORDER BY received_at, id LIMIT $3`,
      values,
    );
    return rows.map((row) => ({
      id: row.id,
      operation: row.operation,
      command: row.command,
      tokenSubject: row.token_subject,
      body: row.body,
      state: row.state,
    }));
  }

  /** How many refusals of the role wait for one of their keys. */
  /** The body bytes the role's quarantine holds, and its entries per state. */
  async usage(role: string): Promise<{ bytes: number; entries: Record<RefusedState, number> }> {
    const { rows } = await this.pool.query<{ state: RefusedState; bytes: string; entries: string }>(
      'SELECT state, coalesce(sum(body_size), 0) AS bytes, count(*) AS entries FROM refused_message WHERE role = $1 GROUP BY state',
      [role],
    );
    const entries: Record<RefusedState, number> = { open: 0, resolved: 0, dismissed: 0 };
    let bytes = 0;
    for (const row of rows) {
      entries[row.state] = Number(row.entries);
      bytes += Number(row.bytes);
    }
    return { bytes, entries };
  }

  /** Deletes the oldest resolved and dismissed entries of the role until `bytes` are freed (or none is left); what was freed. */
  async trimFinished(role: string, bytes: number): Promise<{ entries: number; bytes: number }> {
    const { rows } = await this.pool.query<{ body_size: number }>(TRIM_FINISHED, [role, bytes]);
    return { entries: rows.length, bytes: rows.reduce((sum, row) => sum + Number(row.body_size), 0) };
  }

  async waitingCount(role: string): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS n FROM refused_message WHERE role = $1 AND state = 'open' AND code = $2`,
      [role, WAITING_CODE],
    );
    return rows[0].n as number;
  }

  /** Marks an open entry booked; false when it was not open any more (another resolution won). */
  async resolve(id: string, by: 'resubmit' | 'automatic', businessKey: string, revision: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE refused_message SET state = 'resolved', resolved_at = statement_timestamp(), resolved_by = $2, resolved_business_key = $3, resolved_revision = $4
       WHERE id = $1 AND state = 'open'`,
      [id, by, businessKey, revision],
    );
    return rowCount === 1;
  }

  /** Dismisses an open entry; false when it was not open. */
  async dismiss(id: string, reason: string, by: string | null): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE refused_message SET state = 'dismissed', dismissed_at = statement_timestamp(), dismissed_reason = $2, dismissed_by = $3
       WHERE id = $1 AND state = 'open'`,
      [id, reason, by],
    );
    return rowCount === 1;
  }
}

function summaryOf(row: Record<string, unknown>): RefusedSummary {
  return {
    id: row['id'] as string,
    role: row['role'] as string,
    operation: row['operation'] as RefusedOperation,
    path: row['path'] as string,
    status: row['status'] as number,
    code: row['code'] as string,
    detail: (row['detail'] as string | null) ?? '',
    pruefidentifikator: row['pruefidentifikator'] as string | null,
    receivedAt: (row['received_at'] as Date).toISOString(),
    state: row['state'] as RefusedState,
    requestId: row['request_id'] as string | null,
    tokenSubject: row['token_subject'] as string | null,
    contentType: row['content_type'] as string | null,
    bodySize: row['body_size'] as number,
  };
}

function detailOf(row: Record<string, unknown>): RefusedDetail {
  const bytes = row['body'] as Buffer;
  const bodyText = bytes.toString('utf8');
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = null;
  }
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
  return {
    ...summaryOf(row),
    command: row['command'] as string | null,
    // Written by the problem-details filter (the recorder stores the body it answered).
    problem: row['problem'] as ProblemDetails,
    body,
    bodyText,
    resolvedAt: iso(row['resolved_at']),
    resolvedBusinessKey: row['resolved_business_key'] as string | null,
    resolvedRevision: row['resolved_revision'] as number | null,
    resolvedBy: row['resolved_by'] as 'resubmit' | 'automatic' | null,
    dismissedAt: iso(row['dismissed_at']),
    dismissedReason: row['dismissed_reason'] as string | null,
    dismissedBy: row['dismissed_by'] as string | null,
  };
}
