import { Inject, Injectable } from '@nestjs/common';
import type { Pool, QueryConfig } from 'pg';
import { PG_POOL, revisionOfRecord } from '@maco/database';
import type { ReleaseName } from '@maco/domain';
import type { Queryable } from '@maco/process-store';

/** A delivery this instance holds the lease of: what it needs to send the trigger and record the outcome. */
export interface ClaimedDelivery {
  recordId: string;
  prozessId: string;
  eventname: string;
  /** The release whose event catalogue the trigger was checked against. */
  release: ReleaseName;
  /** Attempts made before this one. */
  attempts: number;
  /** The body as booked (revision 1, canonical German), sent in the service's dialect. */
  body: Record<string, unknown>;
  /** Proves the lease when the outcome is recorded: a delivery someone else took over is not overwritten. */
  leaseToken: string;
}

export interface DeliveryRecord {
  attempts: number;
  lastError: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface NewDelivery {
  recordId: string;
  role: string;
  eventname: string;
  leaseToken: string;
  /** The booking request makes the first attempt itself: it holds the lease from the start. */
  leaseMs: number;
}

const INSERT_DELIVERY = `
  INSERT INTO trigger_delivery (record_id, role, eventname, next_attempt_at, locked_until, lease_token)
  VALUES ($1, $2, $3, now(), now() + $5 * interval '1 millisecond', $4)`;

// SKIP LOCKED: instances polling at the same moment take different rows; the lease keeps a row theirs while they
// send it without holding a transaction open. An expired lease (its holder died) makes the row due again. The body sent
// is revision 1's; should that have left with a dropped partition (retention), the process's state stands in.
const CLAIM_DUE = `
  WITH due AS (
    SELECT record_id FROM trigger_delivery
    WHERE role = $1 AND delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
      AND (locked_until IS NULL OR locked_until < now())
    ORDER BY next_attempt_at
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  )
  UPDATE trigger_delivery d SET locked_until = now() + $4 * interval '1 millisecond', lease_token = $3
  FROM due
  JOIN process_record r ON r.id = due.record_id
  ${revisionOfRecord('r', '1', 'v.body')}
  WHERE d.record_id = due.record_id
  RETURNING d.record_id AS "recordId", r.prozess_id AS "prozessId", d.eventname, r.release, d.attempts, COALESCE(v.body, r.current) AS body,
    d.lease_token AS "leaseToken"`;

const HELD = `record_id = $1 AND lease_token = $2 AND delivered_at IS NULL AND failed_at IS NULL`;

const MARK_DELIVERED = `
  UPDATE trigger_delivery SET attempts = attempts + 1, delivered_at = now(), locked_until = NULL, last_error = NULL
  WHERE ${HELD}`;

const MARK_FAILED = `
  UPDATE trigger_delivery SET attempts = attempts + 1, failed_at = now(), locked_until = NULL,
    last_error = $3, error_code = $4, error_message = $5
  WHERE ${HELD}`;

const SCHEDULE_RETRY = `
  UPDATE trigger_delivery SET attempts = attempts + 1, next_attempt_at = now() + $3 * interval '1 millisecond',
    locked_until = NULL, last_error = $4
  WHERE ${HELD}`;

const SELECT_DELIVERY = `
  SELECT attempts, last_error AS "lastError", error_code AS "errorCode", error_message AS "errorMessage"
  FROM trigger_delivery WHERE record_id = $1`;

const COUNT_OPEN = `
  SELECT count(*)::int AS open FROM trigger_delivery WHERE role = $1 AND delivered_at IS NULL AND failed_at IS NULL`;

/**
 * The outbox of triggers (table `trigger_delivery`): one row per trigger process, claimed under a lease, completed
 * with `delivered_at` or `failed_at`. Every completion is fenced by the lease token and returns whether it applied.
 */
@Injectable()
export class TriggerOutboxRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async enqueue(client: Queryable, delivery: NewDelivery): Promise<void> {
    await client.query(
      statement('insert_trigger_delivery', INSERT_DELIVERY, [
        delivery.recordId,
        delivery.role,
        delivery.eventname,
        delivery.leaseToken,
        delivery.leaseMs,
      ]),
    );
  }

  /** Up to `limit` due deliveries of `role`, leased to `leaseToken` for `leaseMs`. */
  async claimDue(role: string, limit: number, leaseToken: string, leaseMs: number): Promise<ClaimedDelivery[]> {
    const { rows } = await this.pool.query<ClaimedDelivery>(
      statement('claim_trigger_deliveries', CLAIM_DUE, [role, limit, leaseToken, leaseMs]),
    );
    return rows;
  }

  async markDelivered(client: Queryable, recordId: string, leaseToken: string): Promise<boolean> {
    const { rowCount } = await client.query(
      statement('mark_trigger_delivered', MARK_DELIVERED, [recordId, leaseToken]),
    );
    return rowCount === 1;
  }

  /** Given up: `lastError` says why; `errorCode`/`errorMessage` are the middleware's when it rejected the trigger. */
  async markFailed(
    client: Queryable,
    recordId: string,
    leaseToken: string,
    failure: { lastError: string; errorCode?: string; errorMessage?: string },
  ): Promise<boolean> {
    const { rowCount } = await client.query(
      statement('mark_trigger_delivery_failed', MARK_FAILED, [
        recordId,
        leaseToken,
        failure.lastError,
        failure.errorCode ?? null,
        failure.errorMessage ?? null,
      ]),
    );
    return rowCount === 1;
  }

  async scheduleRetry(recordId: string, leaseToken: string, delayMs: number, lastError: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      statement('schedule_trigger_retry', SCHEDULE_RETRY, [recordId, leaseToken, delayMs, lastError]),
    );
    return rowCount === 1;
  }

  async findDelivery(recordId: string): Promise<DeliveryRecord | undefined> {
    const { rows } = await this.pool.query<DeliveryRecord>(
      statement('select_trigger_delivery', SELECT_DELIVERY, [recordId]),
    );
    return rows[0];
  }

  /** Deliveries of `role` neither delivered nor given up. */
  async countOpen(role: string): Promise<number> {
    const { rows } = await this.pool.query<{ open: number }>(
      statement('count_open_trigger_deliveries', COUNT_OPEN, [role]),
    );
    return rows[0].open;
  }
}

function statement(name: string, text: string, values: unknown[]): QueryConfig {
  return { name, text, values };
}
