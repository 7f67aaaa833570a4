/**
 * The records a key names in a role, as key resolution finds them: a key the process collected, its business key, its
 * prozessId. An answer booked on another process of the chain (a sub-process created with `targetBusinessKey`, a
 * trigger sent with it) reaches the deadlines of the process that key names.
 */
export function recordsNamedBy(role: string, key: string): string {
  return `SELECT record_id FROM process_key WHERE role = ${role} AND key = ${key}
      UNION SELECT id FROM process_record WHERE role = ${role} AND business_key = ${key}
      UNION SELECT id FROM process_record WHERE role = ${role} AND prozess_id = ${key}`;
}

/**
 * Records an answer on the open deadlines of its rules: on its own process and on the one its chain's
 * `targetBusinessKey` names. Met when transmitted by `due`; a late answer is kept, the deadline stays missed. A
 * deadline answered already keeps its first answer (re-checked after a concurrent answer's row lock). An answer that
 * refers to a request (`references`) meets only the deadlines of the requests it names when any is open; naming none
 * of them, it meets all of its rules', as an answer without a reference (real traffic's references are not all ours).
 * Two CTEs, `answer_chain` and `answered_deadlines`, for a statement's WITH list; only in statements of bookings that
 * answer.
 */
export function answerDeadlines(answer: {
  from: string;
  role: string;
  recordId: string;
  targetBusinessKey: string;
  rules: string;
  pruefidentifikator: string;
  revision: string;
  at: string;
  /** text[] or NULL. */
  references: string;
}): string {
  const { role, recordId, targetBusinessKey } = answer;
  // The chain's record ids first (a few rows), then the deadlines by `record_id = ANY(those ids)` on their primary key:
  // a generic plan made while process_deadline was small must not scan it whole once it has grown (it did, joined on
  // the chain: docs/performance/2026-11-28-answer-deadlines.md). On Citus a router update per record (docs/scaling.md).
  return `
  answer_chain AS MATERIALIZED (
    SELECT chain.id AS record_id, ${recordId} AS answering_id, ${answer.rules} AS rules,
      ${answer.pruefidentifikator} AS pruefidentifikator, ${answer.revision} AS revision, ${answer.at} AS at,
      ${answer.references} AS refs
    FROM ${answer.from}, LATERAL (SELECT ${recordId} AS id UNION ${recordsNamedBy(role, targetBusinessKey)}) AS chain
  ),
  answered_deadlines AS (
    UPDATE process_deadline SET
      state = CASE WHEN process_deadline.state = 'open' AND c.at <= process_deadline.due THEN 'met' ELSE process_deadline.state END,
      answered_pi = c.pruefidentifikator, answered_revision = c.revision, answered_at = c.at, answered_record_id = c.answering_id
    FROM answer_chain c
    WHERE process_deadline.record_id = ANY(ARRAY(SELECT record_id FROM answer_chain))
      AND process_deadline.record_id = c.record_id AND process_deadline.rule = ANY(c.rules)
      AND process_deadline.answered_at IS NULL
      AND (c.refs IS NULL OR process_deadline.request_references && c.refs OR NOT EXISTS (
        SELECT 1 FROM answer_chain named_chain JOIN process_deadline named ON named.record_id = named_chain.record_id
        WHERE named_chain.answering_id = c.answering_id AND named.rule = ANY(c.rules) AND named.answered_at IS NULL
          AND named.request_references && c.refs))
  )`;
}
