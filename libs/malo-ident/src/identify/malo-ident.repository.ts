import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { versionsInForce } from '@maco/process-store';
import { type RequestNote, requestNotes } from './identify-request';

/** Objects of some kinds holding any of some keys, with every version in force at some point of `[since, at]`. */
export interface LinkedObjectQuery {
  role: string;
  kinds: string[];
  /** `locationKey`s and `lookupKey`s (GIN on `locations`). */
  keys: string[];
  since: Date;
  at: Date;
  /** At most this many versions (a name key of a common name must not read the whole model). */
  limit: number;
}

/** One version of an object and the range it is in force over (ms since epoch; ±Infinity when open). */
export interface LinkedObject {
  kind: string;
  objectId: string;
  locations: string[];
  body: Record<string, unknown>;
  from: number;
  to: number;
}

/**
 * The statement of `MaloIdentRepository.linked`: candidates by key through `idx_business_object_locations` behind a
 * planning fence (`OFFSET 0`, as the BO4E reads), role and kind checked on those rows, each version's in-force range
 * computed as the reads do (`versionsInForce`), kept when it overlaps `[since, at]`.
 */
export function linkedStatement(query: LinkedObjectQuery): { name: string; text: string; values: unknown[] } {
  return {
    name: 'malo_ident_linked',
    text: `
  SELECT kind, object_id, locations, body::text AS body,
    extract(epoch FROM lower(effective)) * 1000 AS from_ms, extract(epoch FROM upper(effective)) * 1000 AS to_ms
  FROM (${versionsInForce(
    '(SELECT * FROM business_object c WHERE c.locations && $3::text[] OFFSET 0)',
    'v.role = $1 AND v.kind = ANY($2::text[])',
    'v.kind, v.object_id, v.id, v.locations, v.body',
  )}
  ) version
  WHERE NOT isempty(effective) AND effective && tstzrange($4::timestamptz, $5::timestamptz, '[]')
  ORDER BY kind, object_id, id
  LIMIT $6`,
    values: [query.role, query.kinds, query.keys, query.since, query.at, query.limit],
  };
}

/** A recorded identification: who asked, when, what, and what it was answered. */
export interface MaloIdentRecord {
  role: string;
  idempotencyKey: string;
  vorgangsnummer: string | null;
  tokenSubject: string | null;
  receivedAt: string;
  request: unknown;
  answer: unknown;
  candidateCount: number;
  /** What the request lacked of the contract (computed from the request as stored). */
  notes: RequestNote[];
}

export type NewMaloIdentRecord = Omit<MaloIdentRecord, 'receivedAt' | 'notes'>;

interface RecordRow {
  role: string;
  idempotency_key: string;
  vorgangsnummer: string | null;
  token_subject: string | null;
  received_at: Date;
  request: unknown;
  answer: unknown;
  candidate_count: number;
}

const toRecord = (row: RecordRow): MaloIdentRecord => ({
  role: row.role,
  idempotencyKey: row.idempotency_key,
  vorgangsnummer: row.vorgangsnummer,
  tokenSubject: row.token_subject,
  receivedAt: row.received_at.toISOString(),
  request: row.request,
  answer: row.answer,
  candidateCount: row.candidate_count,
  notes: requestNotes(row.request),
});

/** Reads of the MaLo identification on the read model, and its record of requests and answers (`malo_ident_request`). */
@Injectable()
export class MaloIdentRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async linked(query: LinkedObjectQuery): Promise<LinkedObject[]> {
    if (query.keys.length === 0 || query.kinds.length === 0) return [];
    const { rows } = await this.pool.query<{
      kind: string;
      object_id: string;
      locations: string[];
      body: string;
      from_ms: string | null;
      to_ms: string | null;
    }>(linkedStatement(query));
    return rows.map((row) => ({
      kind: row.kind,
      objectId: row.object_id,
      locations: row.locations,
      body: JSON.parse(row.body) as Record<string, unknown>,
      from: row.from_ms === null ? -Infinity : Number(row.from_ms),
      to: row.to_ms === null ? Infinity : Number(row.to_ms),
    }));
  }

  /** The recorded answer to (role, key), if any. */
  async find(role: string, idempotencyKey: string): Promise<MaloIdentRecord | undefined> {
    const { rows } = await this.pool.query<RecordRow>(
      `SELECT role, idempotency_key, vorgangsnummer, token_subject, received_at, request, answer, candidate_count
       FROM malo_ident_request WHERE role = $1 AND idempotency_key = $2`,
      [role, idempotencyKey],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /**
   * Records a request and its answer. When (role, key) is already recorded (a retry, or two racing), nothing is
   * written and the recorded one is returned: every retry gets the first answer.
   */
  async record(record: NewMaloIdentRecord): Promise<{ stored: boolean; record: MaloIdentRecord }> {
    const { rows } = await this.pool.query<RecordRow>(
      `INSERT INTO malo_ident_request (role, idempotency_key, vorgangsnummer, token_subject, request, answer, candidate_count)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)
       ON CONFLICT (role, idempotency_key) DO NOTHING
       RETURNING role, idempotency_key, vorgangsnummer, token_subject, received_at, request, answer, candidate_count`,
      [
        record.role,
        record.idempotencyKey,
        record.vorgangsnummer,
        record.tokenSubject,
        JSON.stringify(record.request),
        JSON.stringify(record.answer),
        record.candidateCount,
      ],
    );
    if (rows[0]) return { stored: true, record: toRecord(rows[0]) };
    const existing = await this.find(record.role, record.idempotencyKey);
    if (!existing) throw new Error('malo_ident_request: conflicting row vanished');
    return { stored: false, record: existing };
  }
}
