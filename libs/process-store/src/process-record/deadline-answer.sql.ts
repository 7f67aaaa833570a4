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
 * deadline answered already keeps its first answer (re-checked after a concurrent answer's row lock).
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
}): string {
  const { role, recordId, targetBusinessKey } = answer;
  // A join with the chain's record ids (not an OR): each deadline row is reached by its record id, on Citus a router
  // update per record once the key lookup gave the id (docs/scaling.md).
  return `
    UPDATE process_deadline SET
      state = CASE WHEN process_deadline.state = 'open' AND ${answer.at} <= process_deadline.due THEN 'met' ELSE process_deadline.state END,
      answered_pi = ${answer.pruefidentifikator}, answered_revision = ${answer.revision}, answered_at = ${answer.at},
      answered_record_id = ${recordId}
    FROM ${answer.from}, LATERAL (SELECT ${recordId} AS id UNION ${recordsNamedBy(role, targetBusinessKey)}) AS chain
    WHERE process_deadline.record_id = chain.id AND process_deadline.rule = ANY(${answer.rules})
      AND process_deadline.answered_at IS NULL`;
}
