import type { QueryConfig } from 'pg';
import { describeBusinessObjects, projectionOptionsOf } from '@maco/read-model';
import { projectionCtes } from '../read-model/business-object.sql';
import { BODY_HASH } from './body-hash.sql';
import { answerDeadlines } from './deadline-answer.sql';
import type { Resolved } from './key-resolution';
import { namedParameters } from './named-parameters';
import type { MergeState, NewDeadline, ProcessKeyKind, UpdateFacts } from './record-facts';
import { plannedEachTime, statement } from './statement';

/** UPDATE_RECORD_WITH_REVISION's parameters, in their order. */
const UPDATE_NAMES = [
  'recordId',
  'currentJson',
  'marktlokationsIds',
  'targetBusinessKey',
  'pruefidentifikator',
  'release',
  'bodyJson',
  'tokenSubject',
  'requestId',
  'findingsJson',
  'matchedBy',
  'newKeys',
  'newKeyKinds',
  'objectsJson',
  'role',
  'readRevision',
  'dialect',
] as const;
const UPDATE = namedParameters(UPDATE_NAMES);
/** Those of UPDATE_RECORD_WITH_REVISION_AND_DEADLINES: the same, then the deadlines'. */
const UPDATE_WITH_DEADLINES = namedParameters([...UPDATE_NAMES, 'deadlinesJson']);
/** Those of UPDATE_RECORD_WITH_REVISION_AND_ANSWERS: the same, then the answer's. */
const UPDATE_WITH_ANSWERS = namedParameters([
  ...UPDATE_NAMES,
  'deadlinesJson',
  'answeredRules',
  'answeredPi',
  'answeredAt',
  'answeredReferences',
]);
const $ = UPDATE_WITH_ANSWERS.ref;

// New keys of the request (a sub-process's business key, a prozessId) become keys of the process, first seen at this
// revision. A key another process took meanwhile stays that process's: the insert skips it.
// The revision is received at the statement's start, not the transaction's: on the lock path the transaction began
// before the lock was granted, and an update that committed meanwhile may have been received later. So revisions are
// received in revision order, and `updated_at` never goes back — every revision lies between the record's
// `created_at` and `updated_at`, which the reads use to skip other months' partitions (revisionOfRecord).
// The record is written only while its revision is still the one its state was read at (`readRevision`): under the row
// lock that always holds; on the optimistic path a concurrent update makes the statement write nothing, and it is
// tried again.
// `update_body` records the body's hash in process_update_body (not partitioned, so it sees every earlier update of the
// record, whatever month it was booked in): its primary key (record, hash) turns a repeated update into a unique
// violation of pk_process_update_body, which rolls the whole statement back and is answered as a replay.
function updateRecordWithRevision({ deadlines, answers }: { deadlines: boolean; answers: boolean }): string {
  return `
  WITH input AS MATERIALIZED (SELECT ${$.bodyJson}::jsonb AS body, ${BODY_HASH(`${$.bodyJson}::jsonb`)} AS body_sha256),
  updated AS (
    UPDATE process_record SET
      current = ${$.currentJson}::jsonb,
      revision = revision + 1,
      marktlokations_ids = ${$.marktlokationsIds},
      target_business_key = COALESCE(target_business_key, ${$.targetBusinessKey}),
      updated_at = GREATEST(updated_at, statement_timestamp()),
      chain_hash = maco_revision_hash(chain_hash, ${$.recordId}, revision + 1, 'update', ${$.pruefidentifikator}::text, ${$.release}::text, input.body_sha256, ${$.tokenSubject}::text, ${$.requestId}::text, ${$.findingsJson}::jsonb, ${$.matchedBy}::text, statement_timestamp())
    FROM input
    WHERE id = ${$.recordId} AND revision = ${$.readRevision}
    RETURNING revision, role, updated_at, process_record.chain_hash, process_record.target_business_key
  ),
  new_keys AS (
    INSERT INTO process_key (role, key, record_id, kind, first_revision)
    SELECT updated.role, k.key, ${$.recordId}, k.kind, updated.revision FROM updated, unnest(${$.newKeys}::text[], ${$.newKeyKinds}::text[]) AS k(key, kind)
    ON CONFLICT (role, key) DO NOTHING
  ),
  update_body AS (
    INSERT INTO process_update_body (record_id, body_sha256, revision)
    SELECT ${$.recordId}, input.body_sha256, updated.revision FROM updated, input
  ),${deadlines ? NEW_DEADLINES : ''}${answers ? ANSWERED_DEADLINES : ''}${projectionCtes({ role: `${$.role}::varchar`, stammdaten: `${$.currentJson}::jsonb -> 'stammdaten'`, descriptors: $.objectsJson, booked: 'updated', recordId: $.recordId, revision: 'updated.revision' })}
  INSERT INTO process_revision
    (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings, matched_by, received_at, chain_hash, dialect)
  SELECT ${$.recordId}, updated.revision, 'update', ${$.pruefidentifikator}, ${$.release}, input.body, input.body_sha256, ${$.tokenSubject}, ${$.requestId}, ${$.findingsJson}::jsonb, ${$.matchedBy}, statement_timestamp(), updated.chain_hash, ${$.dialect}::text
  FROM updated, input
  RETURNING revision`;
}

// A request of a deadline rule starts its deadline; an answer PI records itself on the open ones of its rules, on this
// process and the one its targetBusinessKey names. Each only in the statements of bookings that have it: every other
// one pays nothing for them.
const NEW_DEADLINES = `
  new_deadlines AS (
    INSERT INTO process_deadline (record_id, rule, request_revision, role, transmitted_at, due, request_references)
    SELECT ${$.recordId}, d.rule, updated.revision, updated.role, d.transmitted_at, d.due, d.request_references
    FROM updated, jsonb_to_recordset(${$.deadlinesJson}::jsonb) AS d(rule text, transmitted_at timestamptz, due timestamptz, request_references text[])
  ),`;
const ANSWERED_DEADLINES = `${answerDeadlines({
  from: 'updated',
  role: 'updated.role',
  recordId: `${$.recordId}::uuid`,
  targetBusinessKey: 'updated.target_business_key',
  rules: `${$.answeredRules}::text[]`,
  pruefidentifikator: `${$.answeredPi}::text`,
  revision: 'updated.revision',
  at: `${$.answeredAt}::timestamptz`,
  references: `${$.answeredReferences}::text[]`,
})},`;

export const UPDATE_RECORD_WITH_REVISION = updateRecordWithRevision({ deadlines: false, answers: false });
export const UPDATE_RECORD_WITH_REVISION_AND_DEADLINES = updateRecordWithRevision({ deadlines: true, answers: false });
/**
 * With the answer's CTEs, and the deadlines' too (an answer may start another deadline). Planned at each execution
 * (`plannedEachTime`), as the create's with answers.
 */
export const UPDATE_RECORD_WITH_REVISION_AND_ANSWERS = updateRecordWithRevision({ deadlines: true, answers: true });

export const SELECT_REPLAYED_REVISION = `
  SELECT revision FROM process_update_body
  WHERE record_id = $1 AND body_sha256 = ${BODY_HASH('$2::jsonb')}`;

/** The primary key of process_update_body (record, body hash): an identical earlier update of the same process. */
export const REPEATED_UPDATE_CONSTRAINT = 'pk_process_update_body';

const UNIQUE_VIOLATION = '23505';

/** The update's write: the merged state of the record as read, valid only while the record is at that revision. */
export function writeStatement(
  facts: UpdateFacts,
  { record, matchedBy, newKeys }: Resolved,
  merge: MergeState,
): QueryConfig {
  const next = merge(record.current);
  // Only what this update changed is projected: the rest of the state stands as it was booked.
  const state = next.stammdaten === undefined ? stateOf(next.currentJson) : next;
  const objects = describeBusinessObjects(state.stammdaten, record.current?.['stammdaten'] ?? {}, {
    ...projectionOptionsOf(facts.role),
    transaktionsdaten: state.transaktionsdaten,
  });
  const values = {
    recordId: record.id,
    currentJson: next.currentJson,
    marktlokationsIds: next.marktlokationsIds,
    targetBusinessKey: facts.targetBusinessKey,
    pruefidentifikator: facts.pruefidentifikator,
    release: facts.release,
    bodyJson: facts.bodyJson,
    tokenSubject: facts.tokenSubject,
    requestId: facts.requestId,
    findingsJson: facts.findingsJson,
    dialect: facts.dialect ?? 'de',
    matchedBy,
    newKeys: newKeys.map(({ key }) => key),
    newKeyKinds: newKeys.map(({ field }): ProcessKeyKind =>
      field === 'businessKey' ? 'subProcessBusinessKey' : 'prozessId',
    ),
    objectsJson: JSON.stringify(objects),
    role: facts.role,
    readRevision: record.revision,
  };
  if (!facts.deadlines?.length && !facts.answers)
    return statement('update_record_with_revision', UPDATE_RECORD_WITH_REVISION, UPDATE.values(values));
  const deadlinesJson = JSON.stringify(deadlineRows(facts.deadlines ?? []));
  if (!facts.answers)
    return statement(
      'update_record_with_revision_and_deadlines',
      UPDATE_RECORD_WITH_REVISION_AND_DEADLINES,
      UPDATE_WITH_DEADLINES.values({ ...values, deadlinesJson }),
    );
  return plannedEachTime(
    'update_record_with_revision_and_answers',
    UPDATE_RECORD_WITH_REVISION_AND_ANSWERS,
    UPDATE_WITH_ANSWERS.values({
      ...values,
      deadlinesJson,
      answeredRules: facts.answers.rules,
      answeredPi: facts.answers.pruefidentifikator,
      answeredAt: facts.answers.at,
      answeredReferences: facts.answers.references ?? null,
    }),
  );
}

function stateOf(stateJson: string): { stammdaten?: unknown; transaktionsdaten?: unknown } {
  return (JSON.parse(stateJson) as { stammdaten?: unknown; transaktionsdaten?: unknown } | null) ?? {};
}

/** Whether `error` is a unique violation of `constraint` (the repeated update's). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError ?? error;
  const { code, constraint: violated } = driverError as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && violated === constraint;
}

/** Deadlines as `jsonb_to_recordset` reads them. */
export function deadlineRows(
  deadlines: NewDeadline[],
): { rule: string; transmitted_at: string; due: string; request_references?: string[] }[] {
  return deadlines.map(({ rule, transmittedAt, due, requestReferences }) => ({
    rule,
    transmitted_at: transmittedAt,
    due,
    ...(requestReferences && { request_references: requestReferences }),
  }));
}
