import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { describeBusinessObjects, projectionOptionsOf } from '@maco/read-model';
import type { StatementBatcher } from '../batching/statement-batcher';
import { inTransaction } from '../in-transaction';
import { uuidV7 } from '../uuid-v7';
import { createBatcher, type CreateRow, SAME_AS_CREATE } from './create-records';
import {
  type CandidateRecord,
  candidatesStatement,
  type RequestedKey,
  requestedKeys,
  resolveCandidates,
  type Resolved,
} from './key-resolution';
import type {
  CreateOutcome,
  MergeState,
  NewRecordFacts,
  RevisionFacts,
  UpdateFacts,
  UpdateKeys,
  UpdateOutcome,
} from './record-facts';
import { statement } from './statement';
import {
  deadlineRows,
  isUniqueViolation,
  REPEATED_UPDATE_CONSTRAINT,
  SELECT_REPLAYED_REVISION,
  writeStatement,
} from './update-revision';

/** Reads before the optimistic write; after that many lost races the update takes the row lock. */
export const OPTIMISTIC_ATTEMPTS = 2;

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
      dialect: facts.dialect,
      deadlinesJson: facts.deadlines?.length ? JSON.stringify(deadlineRows(facts.deadlines)) : undefined,
      // Only a create that names another process can answer a deadline: its own has none yet.
      answersJson: facts.answers && facts.targetBusinessKey !== null ? JSON.stringify(facts.answers) : undefined,
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
    facts: UpdateFacts,
    merge: MergeState,
    keys: UpdateKeys = { businessKey: facts.businessKey },
  ): Promise<UpdateOutcome> {
    const requested = requestedKeys(keys);
    if (requested.length === 0) return { kind: 'unknown' };
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const { rows } = await this.pool.query<CandidateRecord>(candidatesStatement(facts.role, requested, false));
      const resolved = resolveCandidates(rows, requested);
      if (!('record' in resolved)) return resolved;
      try {
        const { rows: written } = await this.pool.query<{ revision: number }>(writeStatement(facts, resolved, merge));
        if (written.length === 1) return booked(resolved, written[0].revision);
      } catch (error) {
        if (!isUniqueViolation(error, REPEATED_UPDATE_CONSTRAINT)) throw error;
        return this.replayed(this.pool, facts, resolved);
      }
    }
    return this.appendLocked(facts, merge, requested);
  }

  /** `appendRevision` under the row lock of the process, in one transaction. */
  private async appendLocked(facts: UpdateFacts, merge: MergeState, requested: RequestedKey[]): Promise<UpdateOutcome> {
    let chosen: Resolved | undefined;
    try {
      return await inTransaction(this.pool, async (client) => {
        const { rows } = await client.query<CandidateRecord>(candidatesStatement(facts.role, requested, true));
        const resolved = resolveCandidates(rows, requested);
        if (!('record' in resolved)) return resolved;
        chosen = resolved;
        const { rows: written } = await client.query<{ revision: number }>(writeStatement(facts, resolved, merge));
        return booked(resolved, written[0].revision);
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

/** The outcome of an update written on the process `resolved` found. */
function booked(resolved: Resolved, revision: number): UpdateOutcome {
  return { kind: 'booked', revision, businessKey: resolved.record.business_key, matchedBy: resolved.matchedBy };
}
