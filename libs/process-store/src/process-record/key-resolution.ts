import type { QueryConfig } from 'pg';
import { revisionOfRecord } from '@maco/database';
import { KEY_FIELDS, type KeyField, type KeyMatch, type ProcessState, type UpdateKeys } from './record-facts';
import { statement } from './statement';

/** A process one of the request's keys names: one row per key (a process two keys name comes twice). */
export interface CandidateRecord {
  id: string;
  business_key: string;
  current: ProcessState;
  revision: number;
  key: string;
}

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
// still the one read (UPDATE_RECORD_WITH_REVISION's `readRevision`).
const READ_CANDIDATES = LOCK_CANDIDATES.replace('FOR UPDATE OF r', '');
const READ_BY_KEY = LOCK_BY_KEY.replace('FOR UPDATE OF r', '');

/**
 * The lock path's statements by the optimistic statement each stands in for (same parameters). The lock path runs
 * only after lost races, which a sequential workload never has: the single-key proof (tests/integration/process-data) judges them from
 * here.
 */
export const LOCKING_COUNTERPARTS: Record<string, { name: string; text: string }> = {
  read_record: { name: 'lock_record', text: LOCK_BY_KEY },
  read_candidates: { name: 'lock_candidates', text: LOCK_CANDIDATES },
};

export type RequestedKey = { field: KeyField; key: string };

/** The one process the request's keys name, the key that found it and the request's keys it does not hold yet. */
export interface Resolved {
  record: CandidateRecord;
  matchedBy: KeyField;
  newKeys: RequestedKey[];
}

/** The request's keys in resolution order (`KEY_FIELDS`), each with the field that carried it. */
export function requestedKeys(keys: UpdateKeys): RequestedKey[] {
  return KEY_FIELDS.flatMap((field) => {
    const key = keys[field];
    return key ? [{ field, key }] : [];
  });
}

/** Finds the candidates of the request's keys: by one key (the common case) or by all, with or without the row lock. */
export function candidatesStatement(role: string, requested: RequestedKey[], lock: boolean): QueryConfig {
  const keys = [...new Set(requested.map(({ key }) => key))];
  if (keys.length === 1)
    return lock
      ? statement('lock_record', LOCK_BY_KEY, [role, keys[0]])
      : statement('read_record', READ_BY_KEY, [role, keys[0]]);
  return lock
    ? statement('lock_candidates', LOCK_CANDIDATES, [role, keys])
    : statement('read_candidates', READ_CANDIDATES, [role, keys]);
}

/** The process the request's keys name: none, more than one (nothing is guessed), or one, with the key that found it. */
export function resolveCandidates(
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
