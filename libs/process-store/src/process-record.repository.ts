import { Inject, Injectable } from '@nestjs/common';
import type { Pool, QueryConfig } from 'pg';
import { PG_POOL, revisionOfRecord } from '@maco/database';
import { inTransaction } from './in-transaction';
import { describeBusinessObjects, projectionOptionsOf } from '@maco/read-model';
import { batchProjectionCtes, projectionCtes } from './read-model/business-object.sql';
import { StatementBatcher, type BatcherLimits } from './batching/statement-batcher';
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
  /** The body's `stammdaten`, parsed: its business objects are projected into the read model in the same statement. */
  stammdaten: unknown;
  /** The body's `transaktionsdaten`: an object without an id of its own may take it from its sender or location. */
  transaktionsdaten?: unknown;
}

/** What an update's merge computes: the next state (JSON text), its MaLo ids and its `stammdaten` (parsed). */
export interface MergedState {
  currentJson: string;
  marktlokationsIds: string[];
  /** The next state's `stammdaten` and `transaktionsdaten`; when absent they are parsed from `currentJson`. */
  stammdaten?: unknown;
  transaktionsdaten?: unknown;
}

/** A process one of the request's keys names: one row per key (a process two keys name comes twice). */
interface CandidateRecord {
  id: string;
  business_key: string;
  current: Record<string, unknown>;
  revision: number;
  key: string;
}

/** The fields of `zusatzdaten` an update may name its process by, strongest first (the resolution order). */
export const KEY_FIELDS = ['businessKey', 'targetBusinessKey', 'parentBusinessKey', 'prozessId'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** The keys an update carries; `prozessId` is `referenzProzessId` where the sender used that name. */
export type UpdateKeys = Partial<Record<KeyField, string>>;

/** Kinds of the keys a process collects besides its own business key (table `process_key`). */
export type ProcessKeyKind = 'prozessId' | 'subProcessBusinessKey' | 'triggerBusinessKey';

export interface KeyMatch {
  field: KeyField;
  key: string;
  /** The business key of the process this key belongs to. */
  processBusinessKey: string;
}

export type CreateOutcome = { kind: 'booked' } | { kind: 'replayed' } | { kind: 'conflict' };
export type UpdateOutcome =
  | { kind: 'booked' | 'replayed'; revision: number; businessKey: string; matchedBy: KeyField }
  | { kind: 'unknown' }
  /** The request's keys name different processes: nothing is booked, and nothing is guessed. */
  | { kind: 'ambiguous'; matches: KeyMatch[] };

// The body's hash is SHA-256 over jsonb's text form, which is canonical (keys sorted, white space normalised):
// a retry whose keys come in another order is still the same body. A statement that chains the revision takes it from a
// MATERIALIZED CTE: inlined, the hash would be computed twice (for its column and for the chain), the body's costliest step.
export const BODY_HASH = (jsonb: string) => `sha256(convert_to((${jsonb})::text, 'UTF8'))`;

/**
 * The chain hash of a process's first revision (`maco_revision_hash`, migration RevisionHashChain), from a row of `source`
 * with `id` and `body_sha256`; received now(), the revision's `received_at`.
 */
export const CREATE_CHAIN_HASH = (
  source: string,
  operation: string,
  pruefidentifikator: string,
  release: string,
  tokenSubject: string,
  requestId: string,
  findings: string,
) =>
  `maco_revision_hash(NULL, ${source}.id, 1, ${operation}, ${pruefidentifikator}, ${release}, ${source}.body_sha256, ${tokenSubject}, ${requestId}, ${findings}, NULL, now())`;

// One statement for a batch of creates (see StatementBatcher): per create its record, its first revision and the
// projection of its business objects are written together or not at all, and a create whose business key is booked
// already writes nothing (ON CONFLICT). $1 is the role, $2 the creates as one JSON array (`createBatchJson`): each
// body is parsed once, as part of it. Records go in in business-key order, so two batches inserting the same keys
// wait for each other in one order and never deadlock. Answers the business keys it booked. Exported for the
// benchmark's floor (tools/bench/floor-server.js), which runs this statement and nothing else.
export const INSERT_RECORDS_WITH_REVISIONS = `
  WITH input AS MATERIALIZED (
    SELECT *, ${BODY_HASH('i.body')} AS body_sha256 FROM jsonb_to_recordset($2::jsonb) AS i(
      seq int, id uuid, business_key text, target_business_key text, prozess_id text, pruefidentifikator text, release text,
      marktlokations_ids text[], current jsonb, body jsonb, token_subject text, request_id text, findings jsonb, objects jsonb)
  ),
  chained AS (
    SELECT input.*, ${CREATE_CHAIN_HASH('input', "'create'", 'input.pruefidentifikator', 'input.release', 'input.token_subject', 'input.request_id', 'input.findings')} AS chain_hash
    FROM input
  ),
  inserted AS (
    INSERT INTO process_record
      (id, role, business_key, target_business_key, prozess_id, pruefidentifikator, release, marktlokations_ids, current, revision, chain_hash)
    SELECT id, $1::varchar, business_key, target_business_key, prozess_id, pruefidentifikator, release, marktlokations_ids, current, 1, chain_hash
    FROM chained ORDER BY business_key
    ON CONFLICT (role, business_key) DO NOTHING
    RETURNING id, business_key
  ),
  booked AS (SELECT chained.* FROM chained JOIN inserted USING (id)),
  revisions AS (
    INSERT INTO process_revision
      (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings, received_at, chain_hash)
    SELECT id, 1, 'create', pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings, now(), chain_hash FROM booked ORDER BY seq
  ),${batchProjectionCtes('$1::varchar')}
  SELECT business_key FROM inserted`;

/** What one create of a batch writes (`INSERT_RECORDS_WITH_REVISIONS`). */
export interface CreateRow {
  id: string;
  businessKey: string;
  targetBusinessKey: string | null;
  prozessId: string | null;
  pruefidentifikator: string | null;
  release: string;
  marktlokationsIds: string[];
  /** JSON text or null. */
  currentJson: string | null;
  /** JSON text, embedded as it is. */
  bodyJson: string;
  tokenSubject: string | null;
  requestId: string | null;
  /** JSON text. */
  findingsJson: string;
  /** The object descriptors (`describeBusinessObjects`) as JSON text. */
  objectsJson: string;
}

/**
 * The batch parameter of `INSERT_RECORDS_WITH_REVISIONS`: one JSON array whose members carry the body, state, findings
 * and descriptors as the JSON texts they are (no parse and serialise again); only the small fields are serialised.
 */
export function createBatchJson(rows: CreateRow[]): string {
  let json = '[';
  rows.forEach((row, seq) => {
    json +=
      (seq === 0 ? '{"seq":' : ',{"seq":') +
      seq +
      ',"id":"' +
      row.id +
      '","business_key":' +
      JSON.stringify(row.businessKey) +
      ',"target_business_key":' +
      JSON.stringify(row.targetBusinessKey) +
      ',"prozess_id":' +
      JSON.stringify(row.prozessId) +
      ',"pruefidentifikator":' +
      JSON.stringify(row.pruefidentifikator) +
      ',"release":' +
      JSON.stringify(row.release) +
      ',"marktlokations_ids":' +
      JSON.stringify(row.marktlokationsIds) +
      ',"current":' +
      (row.currentJson ?? 'null') +
      ',"body":' +
      row.bodyJson +
      ',"token_subject":' +
      JSON.stringify(row.tokenSubject) +
      ',"request_id":' +
      JSON.stringify(row.requestId) +
      ',"findings":' +
      row.findingsJson +
      ',"objects":' +
      row.objectsJson +
      '}';
  });
  return json + ']';
}

// jsonb equality ignores key order and white space, as the hash does. A create so old that its revision 1 left with a
// dropped partition (retention) is compared with nothing and answers a conflict, never a second booking.
const SAME_AS_CREATE = `
  SELECT COALESCE(v.body = $3::jsonb, false) AS same FROM process_record r
  ${revisionOfRecord('r', '1', 'v.body')}
  WHERE r.role = $1 AND r.business_key = $2`;

// Every process any of the request's keys names — by its own business key, a key it collected, or the prozessId of its
// create — locked in id order (two requests locking the same processes never deadlock). No CTE and no aggregate: as
// plain joins it costs about what the lookup by business key alone did. A record whose state is still
// its create body keeps `current` NULL (migration StoreCreateBodyOnce). LEFT JOIN: revision 1 may have left with a
// dropped partition (retention); such a process has had updates, so its `current` is set.
const LOCK_CANDIDATES = `
  SELECT r.id, r.business_key, COALESCE(r.current, v.body) AS current, r.revision, c.key
  FROM (
    SELECT business_key AS key, id AS record_id FROM process_record WHERE role = $1 AND business_key = ANY($2::text[])
    UNION ALL SELECT key, record_id FROM process_key WHERE role = $1 AND key = ANY($2::text[])
    UNION ALL SELECT prozess_id, id FROM process_record WHERE role = $1 AND prozess_id = ANY($2::text[])
  ) c
  JOIN process_record r ON r.id = c.record_id
  ${revisionOfRecord('r', '1', 'v.body')}
  ORDER BY r.id
  FOR UPDATE OF r`;

// The same for a request with one key (an update naming only its businessKey, the common case): the first lookup that
// finds it decides, so a process's own business key costs one index probe, as before there were chains.
const LOCK_BY_KEY = `
  SELECT r.id, r.business_key, COALESCE(r.current, v.body) AS current, r.revision, $2::text AS key
  FROM process_record r ${revisionOfRecord('r', '1', 'v.body')}
  WHERE r.id = COALESCE(
    (SELECT id FROM process_record WHERE role = $1 AND business_key = $2),
    (SELECT record_id FROM process_key WHERE role = $1 AND key = $2),
    (SELECT id FROM process_record WHERE role = $1 AND prozess_id = $2 ORDER BY id LIMIT 1))
  FOR UPDATE OF r`;

// The same two lookups without the lock, for the optimistic path: the write then holds only if the record's revision is
// still the one read (UPDATE_RECORD_WITH_REVISION's `revision = $16`).
const READ_CANDIDATES = LOCK_CANDIDATES.replace('FOR UPDATE OF r', '');
const READ_BY_KEY = LOCK_BY_KEY.replace('FOR UPDATE OF r', '');

// New keys of the request (a sub-process's business key, a prozessId) become keys of the process, first seen at this
// revision. A key another process took meanwhile stays that process's: the insert skips it.
// The revision is received at the statement's start, not the transaction's: on the lock path the transaction began
// before the lock was granted, and an update that committed meanwhile may have been received later. So revisions are
// received in revision order, and `updated_at` never goes back — every revision lies between the record's
// `created_at` and `updated_at`, which the reads use to skip other months' partitions (revisionOfRecord).
// The record is written only while its revision is still the one its state was read at ($16): under the row lock that
// always holds; on the optimistic path a concurrent update makes the statement write nothing, and it is tried again.
// `update_body` records the body's hash in process_update_body (not partitioned, so it sees every earlier update of the
// record, whatever month it was booked in): its primary key (record, hash) turns a repeated update into a unique
// violation of pk_process_update_body, which rolls the whole statement back and is answered as a replay.
export const UPDATE_RECORD_WITH_REVISION = `
  WITH input AS MATERIALIZED (SELECT $7::jsonb AS body, ${BODY_HASH('$7::jsonb')} AS body_sha256),
  updated AS (
    UPDATE process_record SET
      current = $2::jsonb,
      revision = revision + 1,
      marktlokations_ids = $3,
      target_business_key = COALESCE(target_business_key, $4),
      updated_at = GREATEST(updated_at, statement_timestamp()),
      chain_hash = maco_revision_hash(chain_hash, $1, revision + 1, 'update', $5::text, $6::text, input.body_sha256, $8::text, $9::text, $10::jsonb, $11::text, statement_timestamp())
    FROM input
    WHERE id = $1 AND revision = $16
    RETURNING revision, role, updated_at, process_record.chain_hash
  ),
  new_keys AS (
    INSERT INTO process_key (role, key, record_id, kind, first_revision)
    SELECT updated.role, k.key, $1, k.kind, updated.revision FROM updated, unnest($12::text[], $13::text[]) AS k(key, kind)
    ON CONFLICT (role, key) DO NOTHING
  ),
  update_body AS (
    INSERT INTO process_update_body (record_id, body_sha256, revision)
    SELECT $1, input.body_sha256, updated.revision FROM updated, input
  ),${projectionCtes({ role: '$15::varchar', stammdaten: "$2::jsonb -> 'stammdaten'", descriptors: '$14', booked: 'updated', recordId: '$1', revision: 'updated.revision' })}
  INSERT INTO process_revision
    (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings, matched_by, received_at, chain_hash)
  SELECT $1, updated.revision, 'update', $5, $6, input.body, input.body_sha256, $8, $9, $10::jsonb, $11, statement_timestamp(), updated.chain_hash
  FROM updated, input
  RETURNING revision`;

const SELECT_REPLAYED_REVISION = `
  SELECT revision FROM process_update_body
  WHERE record_id = $1 AND body_sha256 = ${BODY_HASH('$2::jsonb')}`;

/** The primary key of process_update_body (record, body hash): an identical earlier update of the same process. */
export const REPEATED_UPDATE_CONSTRAINT = 'pk_process_update_body';

const UNIQUE_VIOLATION = '23505';

/**
 * How creates are batched: one create statement at a time, with up to `size` creates. Under load the creates that
 * arrive while it runs leave together in the next (see StatementBatcher): PostgreSQL commits once for them and the
 * driver sends and reads one message. One statement in flight gave the most bookings per second and the lowest p99
 * (docs/performance.md, "The booking path at the limit"); a single create still goes at once.
 */
export const CREATE_BATCH_LIMITS: BatcherLimits = { concurrency: 1, size: 64 };

/**
 * Writes batches of creates through `pool` with `INSERT_RECORDS_WITH_REVISIONS`: answers per create whether it was
 * booked (false: its business key was booked before; two creates of one key never share a batch).
 * The service's repository and the benchmark's floor both book through it.
 */
export function createBatcher(
  pool: Pick<Pool, 'query'>,
  role: string,
  limits: BatcherLimits = CREATE_BATCH_LIMITS,
): StatementBatcher<CreateRow, boolean> {
  return new StatementBatcher<CreateRow, boolean>(
    async (rows) => {
      const { rows: booked } = await pool.query<{ business_key: string }>(
        statement('insert_records_with_revisions', INSERT_RECORDS_WITH_REVISIONS, [role, createBatchJson(rows)]),
      );
      const keys = new Set(booked.map((row) => row.business_key));
      return rows.map((row) => keys.has(row.businessKey));
    },
    (row) => row.businessKey,
    limits,
  );
}

/**
 * Reads and writes process records and their revisions. Hand-written SQL keeps each booking to few round trips;
 * it runs as named prepared statements on the service's pg pool, so PostgreSQL parses and plans each once per
 * connection instead of once per request. Creates are batched (`createBatcher`) per role.
 */
@Injectable()
export class ProcessRecordRepository {
  private readonly creates = new Map<string, StatementBatcher<CreateRow, boolean>>();
  /** Creates of this instance in flight, by role and business key: a copy that arrives meanwhile waits for it. */
  private readonly creating = new Map<string, Promise<boolean>>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async insertRecord(facts: NewRecordFacts): Promise<CreateOutcome> {
    const key = `${facts.role}\u0000${facts.businessKey}`;
    const earlier = this.creating.get(key);
    // Once a create of the same key is written (booked now or found booked), this copy can only be a replay or a
    // conflict: it is compared at once instead of queueing a statement of its own behind it (a retry storm of one
    // create would otherwise go one batch at a time). Only when that create failed does this one try to book.
    if (
      earlier &&
      (await earlier.then(
        () => true,
        () => false,
      ))
    )
      return this.sameAsCreate(facts);
    let creates = this.creates.get(facts.role);
    if (!creates) this.creates.set(facts.role, (creates = createBatcher(this.pool, facts.role)));
    const booking = creates.submit({
      id: uuidV7(),
      businessKey: facts.businessKey,
      targetBusinessKey: facts.targetBusinessKey,
      prozessId: facts.prozessId,
      pruefidentifikator: facts.pruefidentifikator,
      release: facts.release,
      marktlokationsIds: facts.marktlokationsIds,
      currentJson: facts.currentJson,
      bodyJson: facts.bodyJson,
      tokenSubject: facts.tokenSubject,
      requestId: facts.requestId,
      findingsJson: facts.findingsJson,
      objectsJson: JSON.stringify(
        describeBusinessObjects(facts.stammdaten, undefined, {
          ...projectionOptionsOf(facts.role),
          transaktionsdaten: facts.transaktionsdaten,
        }),
      ),
    });
    this.creating.set(key, booking);
    let booked: boolean;
    try {
      booked = await booking;
    } finally {
      if (this.creating.get(key) === booking) this.creating.delete(key);
    }
    return booked ? { kind: 'booked' } : this.sameAsCreate(facts);
  }

  /** A create whose business key is booked: a replay when its body is the booked one, else a conflict. */
  private async sameAsCreate(facts: NewRecordFacts): Promise<CreateOutcome> {
    const existing = await this.pool.query<{ same: boolean }>(
      statement('same_as_create', SAME_AS_CREATE, [facts.role, facts.businessKey, facts.bodyJson]),
    );
    return existing.rows[0].same ? { kind: 'replayed' } : { kind: 'conflict' };
  }

  /**
   * Resolves the process the update's keys name (`KEY_FIELDS` order), lets `merge` compute its next state and stores
   * it with a new revision, the key that matched and the request's new keys, in one statement. Keys that name two
   * processes book nothing (`ambiguous`). The primary key (record, body hash) of process_update_body turns a repeated
   * update into a replay even when both copies arrive at the same time, or months apart.
   *
   * Optimistic first: the process is read without a lock and the write holds only while its revision is still the one
   * read — two statements, no transaction around them, no connection held while Node merges. An update that loses
   * the race to another update of the same process reads again; after `OPTIMISTIC_ATTEMPTS` it takes the row lock
   * (`appendLocked`), so a process updated by many requests at once still makes progress in order.
   */
  async appendRevision(
    facts: RevisionFacts & { targetBusinessKey: string | null },
    merge: (current: Record<string, unknown>) => MergedState,
    keys: UpdateKeys = { businessKey: facts.businessKey },
  ): Promise<UpdateOutcome> {
    const requested = KEY_FIELDS.flatMap((field) => (keys[field] ? [{ field, key: keys[field] as string }] : []));
    if (requested.length === 0) return { kind: 'unknown' };
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const { rows } = await this.pool.query<CandidateRecord>(candidatesStatement(facts.role, requested, false));
      const resolved = resolveCandidates(rows, requested);
      if (!('record' in resolved)) return resolved;
      try {
        const { rows: written } = await this.pool.query<{ revision: number }>(writeStatement(facts, resolved, merge));
        if (written.length === 1)
          return {
            kind: 'booked',
            revision: written[0].revision,
            businessKey: resolved.record.business_key,
            matchedBy: resolved.matchedBy,
          };
      } catch (error) {
        if (!isUniqueViolation(error, REPEATED_UPDATE_CONSTRAINT)) throw error;
        return this.replayed(this.pool, facts, resolved);
      }
    }
    return this.appendLocked(facts, merge, requested);
  }

  /** `appendRevision` under the row lock of the process, in one transaction. */
  private async appendLocked(
    facts: RevisionFacts & { targetBusinessKey: string | null },
    merge: (current: Record<string, unknown>) => MergedState,
    requested: RequestedKey[],
  ): Promise<UpdateOutcome> {
    let chosen: Resolved | undefined;
    try {
      return await inTransaction(this.pool, async (client) => {
        const { rows } = await client.query<CandidateRecord>(candidatesStatement(facts.role, requested, true));
        const resolved = resolveCandidates(rows, requested);
        if (!('record' in resolved)) return resolved;
        chosen = resolved;
        const { rows: written } = await client.query<{ revision: number }>(writeStatement(facts, resolved, merge));
        return {
          kind: 'booked',
          revision: written[0].revision,
          businessKey: resolved.record.business_key,
          matchedBy: resolved.matchedBy,
        };
      });
    } catch (error) {
      // The same body was booked on this process meanwhile (the transaction is rolled back): a replay.
      if (chosen && isUniqueViolation(error, REPEATED_UPDATE_CONSTRAINT))
        return this.replayed(this.pool, facts, chosen);
      throw error;
    }
  }

  /** The answer to an update whose body the process booked before: the revision it was booked as. */
  private async replayed(
    on: Pick<Pool, 'query'>,
    facts: RevisionFacts,
    { record, matchedBy }: Resolved,
  ): Promise<UpdateOutcome> {
    const { rows } = await on.query<{ revision: number }>(
      statement('select_replayed_revision', SELECT_REPLAYED_REVISION, [record.id, facts.bodyJson]),
    );
    return { kind: 'replayed', revision: rows[0].revision, businessKey: record.business_key, matchedBy };
  }
}

/**
 * The lock path's statements by the optimistic statement each stands in for (same parameters). The lock path runs
 * only after lost races, which a sequential workload never has: the single-key proof (apps/lf/test) judges them from
 * here.
 */
export const LOCKING_COUNTERPARTS: Record<string, { name: string; text: string }> = {
  read_record: { name: 'lock_record', text: LOCK_BY_KEY },
  read_candidates: { name: 'lock_candidates', text: LOCK_CANDIDATES },
};

/** Reads before the optimistic write; after that many lost races the update takes the row lock. */
export const OPTIMISTIC_ATTEMPTS = 2;

type RequestedKey = { field: KeyField; key: string };

/** The one process the request's keys name, the key that found it and the request's keys it does not hold yet. */
interface Resolved {
  record: CandidateRecord;
  matchedBy: KeyField;
  newKeys: RequestedKey[];
}

/** Finds the candidates of the request's keys: by one key (the common case) or by all, with or without the row lock. */
function candidatesStatement(role: string, requested: RequestedKey[], lock: boolean): QueryConfig {
  const keys = [...new Set(requested.map(({ key }) => key))];
  if (keys.length === 1)
    return lock
      ? statement('lock_record', LOCK_BY_KEY, [role, keys[0]])
      : statement('read_record', READ_BY_KEY, [role, keys[0]]);
  return lock
    ? statement('lock_candidates', LOCK_CANDIDATES, [role, keys])
    : statement('read_candidates', READ_CANDIDATES, [role, keys]);
}

function resolveCandidates(
  rows: CandidateRecord[],
  requested: RequestedKey[],
): Resolved | { kind: 'unknown' } | { kind: 'ambiguous'; matches: KeyMatch[] } {
  const recordOf = new Map<string, CandidateRecord>();
  for (const row of rows) recordOf.set(row.key, row);
  const matches = requested.flatMap(({ field, key }) => {
    const record = recordOf.get(key);
    return record ? [{ field, key, record }] : [];
  });
  const records = new Set(matches.map(({ record }) => record.id));
  if (records.size === 0) return { kind: 'unknown' };
  if (records.size > 1)
    return {
      kind: 'ambiguous',
      matches: matches.map(({ field, key, record }) => ({ field, key, processBusinessKey: record.business_key })),
    };
  const [{ field: matchedBy, record }] = matches;
  const newKeys = requested.filter(
    ({ field, key }) => (field === 'businessKey' || field === 'prozessId') && !recordOf.has(key),
  );
  return { record, matchedBy, newKeys };
}

/** The update's write: the merged state of the record as read, valid only while the record is at that revision. */
function writeStatement(
  facts: RevisionFacts & { targetBusinessKey: string | null },
  { record, matchedBy, newKeys }: Resolved,
  merge: (current: Record<string, unknown>) => MergedState,
): QueryConfig {
  const next = merge(record.current);
  // Only what this update changed is projected: the rest of the state stands as it was booked.
  const state = next.stammdaten === undefined ? stateOf(next.currentJson) : next;
  const objects = describeBusinessObjects(state.stammdaten, record.current?.['stammdaten'] ?? {}, {
    ...projectionOptionsOf(facts.role),
    transaktionsdaten: state.transaktionsdaten,
  });
  return statement('update_record_with_revision', UPDATE_RECORD_WITH_REVISION, [
    record.id,
    next.currentJson,
    next.marktlokationsIds,
    facts.targetBusinessKey,
    facts.pruefidentifikator,
    facts.release,
    facts.bodyJson,
    facts.tokenSubject,
    facts.requestId,
    facts.findingsJson,
    matchedBy,
    newKeys.map(({ key }) => key),
    newKeys.map(({ field }): ProcessKeyKind => (field === 'businessKey' ? 'subProcessBusinessKey' : 'prozessId')),
    JSON.stringify(objects),
    facts.role,
    record.revision,
  ]);
}

function statement(name: string, text: string, values: unknown[]): QueryConfig {
  return { name, text, values };
}

function stateOf(stateJson: string): { stammdaten?: unknown; transaktionsdaten?: unknown } {
  return (JSON.parse(stateJson) as { stammdaten?: unknown; transaktionsdaten?: unknown } | null) ?? {};
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError ?? error;
  const { code, constraint: violated } = driverError as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && violated === constraint;
}
