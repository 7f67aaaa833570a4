import type { Pool } from 'pg';
import { revisionOfRecord } from '@maco/database';
import { type BatcherLimits, StatementBatcher } from '../batching/statement-batcher';
import { batchProjectionCtes } from '../read-model/business-object.sql';
import { BODY_HASH, CREATE_CHAIN_HASH } from './body-hash.sql';
import { answerDeadlines } from './deadline-answer.sql';
import { plannedEachTime, statement } from './statement';

// One statement for a batch of creates (see StatementBatcher): per create its record, its first revision and the
// projection of its business objects are written together or not at all, and a create whose business key is booked
// already writes nothing (ON CONFLICT). $1 is the role, $2 the creates as one JSON array (`createBatchJson`): each
// body is parsed once, as part of it. Records go in in business-key order, so two batches inserting the same keys
// wait for each other in one order and never deadlock. Answers the business keys it booked. Exported for the
// benchmark's floor (tools/bench/floor-server.js), which runs this statement and nothing else.
function insertRecordsWithRevisions({ deadlines, answers }: { deadlines: boolean; answers: boolean }): string {
  return `
  WITH input AS MATERIALIZED (
    SELECT *, ${BODY_HASH('i.body')} AS body_sha256 FROM jsonb_to_recordset($2::jsonb) AS i(
      seq int, id uuid, business_key text, target_business_key text, prozess_id text, pruefidentifikator text, release text,
      marktlokations_ids text[], current jsonb, body jsonb, token_subject text, request_id text, findings jsonb, objects jsonb, dialect text, deadlines jsonb,
      answers jsonb)
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
      (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings, received_at, chain_hash, dialect)
    SELECT id, 1, 'create', pruefidentifikator, release, body, body_sha256, token_subject, request_id, findings, now(), chain_hash, COALESCE(dialect, 'de') FROM booked ORDER BY seq
  ),${deadlines ? DEADLINES_OF_CREATES : ''}${answers ? ANSWERS_OF_CREATES : ''}${batchProjectionCtes('$1::varchar')}
  SELECT business_key FROM inserted`;
}

// The deadlines the creates' requests start; only in the statement of a batch that has any.
const DEADLINES_OF_CREATES = `
  new_deadlines AS (
    INSERT INTO process_deadline (record_id, rule, request_revision, role, transmitted_at, due, request_references)
    SELECT booked.id, d.rule, 1, $1::varchar, d.transmitted_at, d.due, d.request_references
    FROM booked, jsonb_to_recordset(booked.deadlines) AS d(rule text, transmitted_at timestamptz, due timestamptz, request_references text[])
    WHERE booked.deadlines IS NOT NULL
  ),`;

// The answers creates of sub-processes bring to the deadlines of the processes their targetBusinessKey names; only in
// the statement of a batch that has any.
const ANSWERS_OF_CREATES = `
  answering AS (
    SELECT booked.id, booked.target_business_key, a.rules, a.pruefidentifikator, a.at, a."references" AS answer_references
    FROM booked, jsonb_to_record(booked.answers) AS a(rules text[], pruefidentifikator text, at timestamptz, "references" text[])
    WHERE booked.answers IS NOT NULL AND booked.target_business_key IS NOT NULL
  ),${answerDeadlines({
    from: 'answering',
    role: '$1::varchar',
    recordId: 'answering.id',
    targetBusinessKey: 'answering.target_business_key',
    rules: 'answering.rules',
    pruefidentifikator: 'answering.pruefidentifikator',
    revision: '1',
    at: 'answering.at',
    references: 'answering.answer_references',
  })},`;

export const INSERT_RECORDS_WITH_REVISIONS = insertRecordsWithRevisions({ deadlines: false, answers: false });
export const INSERT_RECORDS_WITH_REVISIONS_AND_DEADLINES = insertRecordsWithRevisions({
  deadlines: true,
  answers: false,
});
/**
 * With the answers' CTEs, and the deadlines' too (a batch may hold both). Planned at each execution: the generic plan of
 * a connection's first answer, made while process_deadline was small, would scan it whole once it has grown.
 */
export const INSERT_RECORDS_WITH_REVISIONS_AND_ANSWERS = insertRecordsWithRevisions({ deadlines: true, answers: true });

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
  /** The dialect the body came in; absent: German. */
  dialect?: string;
  /** The deadlines the create's request starts (`deadlineRows`) as JSON text; absent: none. */
  deadlinesJson?: string;
  /** The answer the create brings to its target's deadlines (`DeadlineAnswer`) as JSON text; absent: none. */
  answersJson?: string;
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
      (row.dialect === undefined || row.dialect === 'de' ? '' : ',"dialect":' + JSON.stringify(row.dialect)) +
      (row.deadlinesJson === undefined ? '' : ',"deadlines":' + row.deadlinesJson) +
      (row.answersJson === undefined ? '}' : ',"answers":' + row.answersJson + '}');
  });
  return json + ']';
}

// jsonb equality ignores key order and white space, as the hash does. A create so old that its revision 1 left with a
// dropped partition (retention) is compared with nothing and answers a conflict, never a second booking.
export const SAME_AS_CREATE = `
  SELECT COALESCE(v.body = $3::jsonb, false) AS same FROM process_record r
  ${revisionOfRecord('r', '1', 'v.body')}
  WHERE r.role = $1 AND r.business_key = $2`;

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
      const answers = rows.some((row) => row.answersJson !== undefined);
      const deadlines = answers || rows.some((row) => row.deadlinesJson !== undefined);
      const batch = createBatchJson(rows);
      const { rows: booked } = await pool.query<{ business_key: string }>(
        answers
          ? plannedEachTime('insert_records_with_revisions_and_answers', INSERT_RECORDS_WITH_REVISIONS_AND_ANSWERS, [
              role,
              batch,
            ])
          : deadlines
            ? statement('insert_records_with_revisions_and_deadlines', INSERT_RECORDS_WITH_REVISIONS_AND_DEADLINES, [
                role,
                batch,
              ])
            : statement('insert_records_with_revisions', INSERT_RECORDS_WITH_REVISIONS, [role, batch]),
      );
      const keys = new Set(booked.map((row) => row.business_key));
      return rows.map((row) => keys.has(row.businessKey));
    },
    (row) => row.businessKey,
    limits,
  );
}
