/**
 * How the answer deadlines are read, by the process read and the operators' list alike (process_deadline `d`,
 * `alias` for the answering process).
 */

/** The state as read: open past its due is missed, whether or not the sweep has marked it yet. */
export const deadlineStateAsRead = (d: string): string =>
  `CASE WHEN ${d}.state = 'open' AND ${d}.due < now() THEN 'missed' ELSE ${d}.state END`;

/** The answer's columns; the answering process is named only when it is another one of the chain (a sub-process, a trigger). */
export const deadlineAnswerColumns = (d: string, answering: string): string =>
  `${d}.answered_pi, ${d}.answered_revision, ${d}.answered_at, ${answering}.business_key AS answered_business_key`;

/** The join that `deadlineAnswerColumns` reads the answering process from. */
export const answeringProcessJoin = (d: string, answering: string): string =>
  `LEFT JOIN process_record ${answering} ON ${answering}.id = ${d}.answered_record_id AND ${answering}.id <> ${d}.record_id`;

/** The columns `deadlineAnswerColumns` reads. */
export interface DeadlineAnswerRow {
  answered_pi: string | null;
  answered_revision: number | null;
  answered_at: Date | null;
  answered_business_key: string | null;
}

/** The numbers a deadline's request is known by, as the APIs answer them (`requestReferences`); none: absent. */
export function requestReferencesOf(row: { request_references: string[] | null }): { requestReferences?: string[] } {
  return row.request_references?.length ? { requestReferences: row.request_references } : {};
}

/** A deadline's answer as the APIs answer it (`answeredBy`), or undefined while none is booked. */
export function deadlineAnswerOf(
  row: DeadlineAnswerRow,
): { pruefidentifikator: string; revision: number; at: string; businessKey?: string } | undefined {
  if (row.answered_pi === null || row.answered_revision === null || row.answered_at === null) return undefined;
  return {
    pruefidentifikator: row.answered_pi,
    revision: row.answered_revision,
    at: row.answered_at.toISOString(),
    ...(row.answered_business_key !== null ? { businessKey: row.answered_business_key } : {}),
  };
}
