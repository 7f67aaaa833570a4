import { Inject, Injectable } from '@nestjs/common';
import type { Pool, QueryConfig } from 'pg';
import { PG_POOL, revisionOfRecord } from '@maco/database';
import {
  answerDeadlines,
  BODY_HASH,
  CREATE_CHAIN_HASH,
  plannedEachTime,
  projectionCtes,
  type Queryable,
  uuidV7,
} from '@maco/process-store';
import { describeBusinessObjects, projectionOptionsOf } from '@maco/read-model';
import type { TriggerDeadlineAnswer } from '../delivery/trigger-deadline-answer';

/** A process the backend starts with a trigger: its record is keyed by our `prozessId`. */
export interface TriggerProcessFacts {
  role: string;
  prozessId: string;
  release: string;
  /**
   * The body sent to the middleware (with `zusatzdaten.prozessId` and `eventname`) in the canonical German form, as
   * JSON text: the middleware receives it in the service's dialect, what is stored does not depend on it.
   */
  bodyJson: string;
  marktlokationsIds: string[];
  /** The process the trigger answers (`zusatzdaten.targetBusinessKey`), linking it into that process's chain. */
  targetBusinessKey: string | null;
  /** The body's `stammdaten`, parsed: projected into the read model with the booking. */
  stammdaten: unknown;
  transaktionsdaten?: unknown;
  tokenSubject: string | null;
  requestId: string | null;
}

export type TriggerProcessStatus = 'pending' | 'sent' | 'failed';

export type TriggerBookingOutcome =
  | { kind: 'booked'; recordId: string }
  /** The same trigger (prozessId, event and body) was booked before: nothing new is stored. */
  | { kind: 'replayed'; recordId: string }
  /** The prozessId names another process, or this trigger with another body. */
  | { kind: 'conflict' };

export interface TriggerProcessState {
  recordId: string;
  prozessId: string;
  eventname: string;
  status: TriggerProcessStatus;
  /** The middleware's business key for the trigger, once it accepted it. */
  triggerBusinessKey: string | null;
}

// The record, its first revision and the projection of its business objects in one statement. A prozessId already known as a key or prozessId of another
// process is not booked again (the caller sees a conflict), so later answers can be matched to one process only.
export const INSERT_TRIGGER_PROCESS = `
  WITH input AS MATERIALIZED (SELECT $1::uuid AS id, $8::jsonb AS body, ${BODY_HASH('$8::jsonb')} AS body_sha256),
  chained AS (SELECT input.*, ${CREATE_CHAIN_HASH('input', "'trigger'", 'NULL', '$4::text', '$6::text', '$7::text', "'[]'::jsonb")} AS chain_hash FROM input),
  inserted AS (
    INSERT INTO process_record (id, role, business_key, target_business_key, prozess_id, release, marktlokations_ids, current, revision, status, chain_hash)
    SELECT $1::uuid, $2::varchar, $3::text, $10::text, $3::text, $4::varchar, $5::text[], NULL, 1, 'pending', chain_hash FROM chained
    WHERE NOT EXISTS (SELECT 1 FROM process_key WHERE role = $2::varchar AND key = $3::text)
      AND NOT EXISTS (SELECT 1 FROM process_record WHERE role = $2::varchar AND prozess_id = $3::text)
    ON CONFLICT (role, business_key) DO NOTHING
    RETURNING id
  ),${projectionCtes({ role: '$2::varchar', stammdaten: "$8::jsonb -> 'stammdaten'", descriptors: '$9', booked: 'inserted', recordId: 'inserted.id', revision: '1' })}
  INSERT INTO process_revision (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, received_at, chain_hash)
  SELECT inserted.id, 1, 'trigger', NULL, $4::varchar, chained.body, chained.body_sha256, $6::text, $7::text, now(), chained.chain_hash
  FROM inserted, chained
  RETURNING record_id`;

// jsonb equality ignores key order and white space: a retried trigger is the same body. Revision 1 may have left with
// a dropped partition (retention): then nothing compares equal, and the retry answers a conflict.
const SAME_TRIGGER = `
  SELECT r.id, COALESCE(v.operation = 'trigger' AND v.body = $3::jsonb, false) AS same FROM process_record r
  ${revisionOfRecord('r', '1', 'v.operation, v.body')}
  WHERE r.role = $1 AND r.business_key = $2`;

const MARK_SENT = `
  WITH updated AS (
    UPDATE process_record SET status = 'sent', updated_at = GREATEST(updated_at, statement_timestamp()) WHERE id = $1 RETURNING role
  )
  INSERT INTO process_key (role, key, record_id, kind, first_revision)
  SELECT updated.role, $2, $1, 'triggerBusinessKey', 1 FROM updated WHERE $2::text IS NOT NULL
  ON CONFLICT (role, key) DO NOTHING
  RETURNING key`;

// The trigger answers as revision 1 of its process, at the time the middleware accepted it.
const RECORD_TRIGGER_ANSWER = `
  WITH sent AS (SELECT id, role, target_business_key FROM process_record WHERE id = $1),${answerDeadlines({
    from: 'sent',
    role: 'sent.role',
    recordId: 'sent.id',
    targetBusinessKey: 'sent.target_business_key',
    rules: '$2::text[]',
    pruefidentifikator: '$3::text',
    revision: '1',
    at: 'statement_timestamp()',
    references: '$4::text[]',
  })}
  SELECT 1`;

// `updated_at` never goes back (an update of the process may have committed since this transaction began): see revisionOfRecord.
const MARK_FAILED = `UPDATE process_record SET status = 'failed', updated_at = GREATEST(updated_at, statement_timestamp()) WHERE id = $1`;

// A trigger process whose revision 1 left with a dropped partition (retention) is still one by its status (only
// trigger processes carry one); its eventname then comes from its state.
const SELECT_TRIGGER_PROCESS = `
  SELECT r.id AS "recordId", r.prozess_id AS "prozessId", COALESCE(v.body, r.current) -> 'zusatzdaten' ->> 'eventname' AS eventname, r.status,
    (SELECT k.key FROM process_key k WHERE k.record_id = r.id AND k.kind = 'triggerBusinessKey' ORDER BY k.created_at LIMIT 1)
      AS "triggerBusinessKey"
  FROM process_record r ${revisionOfRecord('r', '1', 'v.record_id, v.operation, v.body')}
  WHERE r.id = $1 AND (v.operation = 'trigger' OR (v.record_id IS NULL AND r.status IS NOT NULL))`;

/**
 * Writes the process records of triggers: revision 1 (`trigger`) with the body sent, the delivery status, and the
 * middleware's business key as a `triggerBusinessKey` of the process. The write methods take the caller's
 * transaction client, so a trigger is booked together with its delivery.
 */
@Injectable()
export class TriggerProcessRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async insertTriggerProcess(client: Queryable, facts: TriggerProcessFacts): Promise<TriggerBookingOutcome> {
    const { rows } = await client.query<{ record_id: string }>(
      statement('insert_trigger_process', INSERT_TRIGGER_PROCESS, [
        uuidV7(),
        facts.role,
        facts.prozessId,
        facts.release,
        facts.marktlokationsIds,
        facts.tokenSubject,
        facts.requestId,
        facts.bodyJson,
        JSON.stringify(
          describeBusinessObjects(facts.stammdaten, undefined, {
            ...projectionOptionsOf(facts.role),
            transaktionsdaten: facts.transaktionsdaten,
          }),
        ),
        facts.targetBusinessKey,
      ]),
    );
    if (rows.length === 1) return { kind: 'booked', recordId: rows[0].record_id };
    const existing = await client.query<{ id: string; same: boolean }>(
      statement('same_trigger', SAME_TRIGGER, [facts.role, facts.prozessId, facts.bodyJson]),
    );
    const [record] = existing.rows;
    return record?.same ? { kind: 'replayed', recordId: record.id } : { kind: 'conflict' };
  }

  /**
   * The middleware accepted the trigger: status `sent`, and its business key (if it gave one) a key of the process.
   * False when that key already belongs to another process (it is then not recorded for this one).
   */
  async markTriggerSent(client: Queryable, recordId: string, triggerBusinessKey: string | null): Promise<boolean> {
    const { rows } = await client.query(statement('mark_trigger_sent', MARK_SENT, [recordId, triggerBusinessKey]));
    return triggerBusinessKey === null || rows.length === 1;
  }

  /**
   * Records the answer a trigger the middleware accepted just now brings to the open deadlines of `rules` on the
   * process it names (its `targetBusinessKey`).
   */
  async recordTriggerAnswer(client: Queryable, recordId: string, answer: TriggerDeadlineAnswer): Promise<void> {
    // Planned each time, as the bookings that answer: its plan depends on how large process_deadline has grown.
    await client.query(
      plannedEachTime('record_trigger_answer', RECORD_TRIGGER_ANSWER, [
        recordId,
        answer.rules,
        answer.pruefidentifikator,
        answer.references ?? null,
      ]),
    );
  }

  async markTriggerFailed(client: Queryable, recordId: string): Promise<void> {
    await client.query(statement('mark_trigger_failed', MARK_FAILED, [recordId]));
  }

  async findTriggerProcess(recordId: string, client: Queryable = this.pool): Promise<TriggerProcessState | undefined> {
    const { rows } = await client.query<TriggerProcessState>(
      statement('select_trigger_process', SELECT_TRIGGER_PROCESS, [recordId]),
    );
    return rows[0];
  }
}

function statement(name: string, text: string, values: unknown[]): QueryConfig {
  return { name, text, values };
}
