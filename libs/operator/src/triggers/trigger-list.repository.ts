import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { type Page, pageOf } from '@maco/platform';
import type { TriggerDeliveryView } from '../operator-api';
import { SqlConditions } from '../query/sql-conditions';

export const TRIGGER_STATUSES = ['pending', 'failed', 'sent', 'all'] as const;
export type TriggerStatusFilter = (typeof TRIGGER_STATUSES)[number];

/** Where a page starts: after the delivery of this (exact creation time, record id). */
export type TriggerListPosition = readonly [createdAt: string, recordId: string];

interface DeliveryRow {
  record_id: string;
  prozess_id: string | null;
  business_key: string | null;
  eventname: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: Date;
  created_at_exact: string;
  delivered_at: Date | null;
  failed_at: Date | null;
}

const STATUS_CONDITION: Record<TriggerStatusFilter, string> = {
  pending: 'd.delivered_at IS NULL AND d.failed_at IS NULL',
  failed: 'd.failed_at IS NOT NULL',
  sent: 'd.delivered_at IS NOT NULL',
  all: 'true',
};

// Newest first along idx_trigger_delivery_created; the status is a filter on the few rows of the outbox.
const SELECT_PAGE = (where: string, limit: string) => `
  SELECT d.record_id, r.prozess_id, d.eventname, d.attempts, d.next_attempt_at, d.last_error, d.error_code, d.error_message,
    d.created_at, to_json(d.created_at) #>> '{}' AS created_at_exact, d.delivered_at, d.failed_at,
    (SELECT k.key FROM process_key k WHERE k.record_id = d.record_id AND k.kind = 'triggerBusinessKey' ORDER BY k.created_at LIMIT 1) AS business_key
  FROM trigger_delivery d JOIN process_record r ON r.id = d.record_id
  WHERE ${where}
  ORDER BY d.created_at DESC, d.record_id DESC
  LIMIT ${limit}`;

/** The trigger outbox as the operator console lists it. */
@Injectable()
export class TriggerListRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async page(
    role: string,
    status: TriggerStatusFilter,
    limit: number,
    after?: TriggerListPosition,
  ): Promise<Page<TriggerDeliveryView>> {
    const sql = new SqlConditions();
    sql.where(`d.role = ${sql.param(role)}`);
    sql.where(STATUS_CONDITION[status]);
    if (after)
      sql.where(`(d.created_at, d.record_id) < (${sql.param(after[0])}::timestamptz, ${sql.param(after[1])}::uuid)`);
    const { rows } = await this.pool.query<DeliveryRow>(SELECT_PAGE(sql.sql, sql.param(limit + 1)), sql.params);
    return pageOf(rows, limit, (row) => [row.created_at_exact, row.record_id], viewOf);
  }
}

function viewOf(row: DeliveryRow): TriggerDeliveryView {
  const status = row.delivered_at ? 'sent' : row.failed_at ? 'failed' : 'pending';
  return {
    prozessId: row.prozess_id,
    businessKey: row.business_key,
    eventname: row.eventname,
    status,
    attempts: row.attempts,
    // Only an open delivery is attempted again.
    nextAttemptAt: status === 'pending' ? row.next_attempt_at.toISOString() : null,
    lastError: row.last_error,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    failedAt: row.failed_at?.toISOString() ?? null,
  };
}
