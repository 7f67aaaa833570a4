import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import { PG_POOL } from '@maco/database';
import { uuidV7 } from './uuid-v7';

export interface RevisionFacts {
  role: string;
  businessKey: string;
  pruefidentifikator: string | null;
  release: string;
  /** The request body as JSON text, stored as received (jsonb); PostgreSQL hashes its canonical form. */
  bodyJson: string;
  /** What the AHB check found, as JSON text. */
  findingsJson: string;
  tokenSubject: string | null;
  requestId: string | null;
}

export interface NewRecordFacts extends RevisionFacts {
  targetBusinessKey: string | null;
  prozessId: string | null;
  marktlokationsIds: string[];
  /** The booked state when it differs from the body (the business key was assigned); else null: the body is the state. */
  currentJson: string | null;
}

export interface LockedRecord {
  id: string;
  current: Record<string, unknown>;
  revision: number;
}

export type CreateOutcome = { kind: 'booked' } | { kind: 'replayed' } | { kind: 'conflict' };
export type UpdateOutcome = { kind: 'booked'; revision: number } | { kind: 'replayed'; revision: number } | { kind: 'unknown' };

// The body's hash is SHA-256 over jsonb's text form, which is canonical (keys sorted, white space normalised):
// a retry whose keys come in another order is still the same body.
const BODY_HASH = (jsonb: string) => `sha256(convert_to((${jsonb})::text, 'UTF8'))`;

// One statement: the record and its first revision are written together or not at all. Exported for the
// benchmark's floor (tools/bench/floor-server.js), which runs this statement and nothing else.
export const INSERT_RECORD_WITH_REVISION = `
  WITH input AS (SELECT $10::jsonb AS body),
  inserted AS (
    INSERT INTO process_record
      (id, role, business_key, target_business_key, prozess_id, pruefidentifikator, release, marktlokations_ids, current, revision)
    SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, 1 FROM input
    ON CONFLICT (role, business_key) DO NOTHING
    RETURNING id
  )
  INSERT INTO process_revision
    (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings)
  SELECT inserted.id, 1, 'create', $6, $7, input.body, NULL, $11, $12, $13::jsonb FROM inserted, input
  RETURNING record_id`;

// jsonb equality ignores key order and white space, as the hash does.
const SAME_AS_CREATE = `
  SELECT v.body = $3::jsonb AS same FROM process_record r
  JOIN process_revision v ON v.record_id = r.id AND v.revision = 1
  WHERE r.role = $1 AND r.business_key = $2`;

// A record whose state is still its create body keeps `current` NULL (migration StoreCreateBodyOnce).
const LOCK_RECORD = `
  SELECT r.id, COALESCE(r.current, v.body) AS current, r.revision FROM process_record r
  JOIN process_revision v ON v.record_id = r.id AND v.revision = 1
  WHERE r.role = $1 AND r.business_key = $2
  FOR UPDATE OF r`;

const UPDATE_RECORD_WITH_REVISION = `
  WITH input AS (SELECT $8::jsonb AS body),
  updated AS (
    UPDATE process_record SET
      current = $2::jsonb,
      revision = revision + 1,
      marktlokations_ids = $3,
      target_business_key = COALESCE(target_business_key, $4),
      prozess_id = COALESCE(prozess_id, $5),
      updated_at = now()
    WHERE id = $1
    RETURNING revision
  )
  INSERT INTO process_revision
    (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings)
  SELECT $1, updated.revision, 'update', $6, $7, input.body, ${BODY_HASH('input.body')}, $9, $10, $11::jsonb FROM updated, input
  RETURNING revision`;

const SELECT_REPLAYED_REVISION = `
  SELECT revision FROM process_revision
  WHERE record_id = $1 AND operation = 'update' AND body_sha256 = ${BODY_HASH('$2::jsonb')}`;

const UNIQUE_VIOLATION = '23505';

/**
 * Reads and writes process records and their revisions. Hand-written SQL keeps each booking to few round trips;
 * it runs as named prepared statements on the service's pg pool, so PostgreSQL parses and plans each once per
 * connection instead of once per request.
 */
@Injectable()
export class ProcessRecordRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async insertRecord(facts: NewRecordFacts): Promise<CreateOutcome> {
    const { rows } = await this.pool.query(statement('insert_record_with_revision', INSERT_RECORD_WITH_REVISION, [
      uuidV7(),
      facts.role,
      facts.businessKey,
      facts.targetBusinessKey,
      facts.prozessId,
      facts.pruefidentifikator,
      facts.release,
      facts.marktlokationsIds,
      facts.currentJson,
      facts.bodyJson,
      facts.tokenSubject,
      facts.requestId,
      facts.findingsJson,
    ]));
    if (rows.length === 1) return { kind: 'booked' };
    const existing = await this.pool.query<{ same: boolean }>(
      statement('same_as_create', SAME_AS_CREATE, [facts.role, facts.businessKey, facts.bodyJson]),
    );
    return existing.rows[0].same ? { kind: 'replayed' } : { kind: 'conflict' };
  }

  /**
   * Locks the record, lets `merge` compute its next state and stores it with a new revision, in one
   * transaction. The unique (record, body hash) index of updates turns a repeated update into a
   * replay even when both copies arrive at the same time.
   */
  async appendRevision(
    facts: RevisionFacts & { targetBusinessKey: string | null; prozessId: string | null },
    merge: (current: Record<string, unknown>) => { currentJson: string; marktlokationsIds: string[] },
  ): Promise<UpdateOutcome> {
    const client: PoolClient = await this.pool.connect();
    // A checked-out client has no listener of the pool's: when its connection dies (the server shuts down, the
    // network drops), pg emits 'error' on it, which without a listener would crash the process. It marks the
    // client broken instead; a broken client is released with the error, so the pool drops it.
    let broken: Error | undefined;
    const onConnectionError = (error: Error) => (broken ??= error);
    client.on('error', onConnectionError);
    let recordId: string | undefined;
    let inTransaction = false;
    try {
      await client.query('BEGIN');
      inTransaction = true;
      const locked = await client.query<LockedRecord>(statement('lock_record', LOCK_RECORD, [facts.role, facts.businessKey]));
      if (locked.rows.length === 0) {
        await client.query('ROLLBACK');
        inTransaction = false;
        return { kind: 'unknown' };
      }
      recordId = locked.rows[0].id;
      const next = merge(locked.rows[0].current);
      const { rows } = await client.query<{ revision: number }>(
        statement('update_record_with_revision', UPDATE_RECORD_WITH_REVISION, [
          recordId,
          next.currentJson,
          next.marktlokationsIds,
          facts.targetBusinessKey,
          facts.prozessId,
          facts.pruefidentifikator,
          facts.release,
          facts.bodyJson,
          facts.tokenSubject,
          facts.requestId,
          facts.findingsJson,
        ]),
      );
      await client.query('COMMIT');
      inTransaction = false;
      return { kind: 'booked', revision: rows[0].revision };
    } catch (error) {
      // After a lost connection, a fatal error or a client-side timeout the client is discarded without a ROLLBACK
      // (the server rolls back when the connection goes); after a statement error it rolls back and stays.
      if (!broken && connectionLost(error)) broken = error as Error;
      // A connection that cannot even roll back is discarded instead of returned to the pool.
      if (inTransaction && !broken) await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      if (recordId && !broken && isUniqueViolation(error, 'uq_process_revision_update_body')) {
        const { rows } = await client.query<{ revision: number }>(
          statement('select_replayed_revision', SELECT_REPLAYED_REVISION, [recordId, facts.bodyJson]),
        );
        return { kind: 'replayed', revision: rows[0].revision };
      }
      throw error;
    } finally {
      client.off('error', onConnectionError);
      client.release(broken);
    }
  }
}

function statement(name: string, text: string, values: unknown[]): QueryConfig {
  return { name, text, values };
}

/**
 * The connection cannot be used any more: the server ended the session (severity FATAL or PANIC, e.g. 57P01 on
 * shutdown), the socket failed, or pg gave up on it (connection terminated, not queryable, `query_timeout`, after
 * which the connection is out of step with the server).
 */
function connectionLost(error: unknown): boolean {
  const { severity, syscall, message } = (error ?? {}) as { severity?: unknown; syscall?: unknown; message?: unknown };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (typeof syscall === 'string') return true;
  return typeof message === 'string' && /^(Connection terminated\b|Query read timeout$)|is not queryable$/.test(message);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError ?? error;
  const { code, constraint: violated } = driverError as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && violated === constraint;
}
