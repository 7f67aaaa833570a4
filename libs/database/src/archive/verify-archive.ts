import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { ClientBase } from 'pg';

/** A place where the chain of a process does not hold. */
export interface ArchiveBreak {
  /** The process (`role/businessKey`; the record id when the record is gone). */
  process: string;
  revision: number;
  kind: 'altered' | 'missing-revision' | 'head-mismatch';
  detail: string;
  /** Where the revision is: `database` or the export file. */
  source: string;
}

export interface ArchiveVerification {
  revisions: number;
  processes: number;
  exportedRevisions: number;
  breaks: ArchiveBreak[];
  /** Chains whose earlier revisions left with retention and were not given as exports: verified from there on. */
  startingAfterRetention: number;
}

export interface VerifyOptions {
  /** Revisions received at or after / before; absent: all. */
  from?: Date;
  to?: Date;
  /** The retention exports (`process_revision_YYYY_MM.ndjson.gz`): verified too, and linked to what the database holds. */
  exportsDir?: string;
  /** Processes per round. */
  batchSize?: number;
  progress?: (done: { revisions: number; processes: number; total: number }) => void;
}

// The hash a revision must carry, from its stored content and the hash before it: the booking's own function.
const EXPECTED_HASH = (
  row: string,
  previous: string,
) => `maco_revision_hash(${previous}, ${row}.record_id, ${row}.revision, ${row}.operation,
  ${row}.pruefidentifikator, ${row}.release, sha256(convert_to(${row}.body::text, 'UTF8')), ${row}.token_subject, ${row}.request_id,
  ${row}.findings, ${row}.matched_by, ${row}.received_at)`;

// One round: the revisions in range of the next `$4` processes, each checked against the one before it in the chain.
// The first revision in range takes its predecessor's hash from wherever it is (another month, or gone with retention).
const VERIFY_BATCH = `
  WITH batch AS (
    SELECT DISTINCT record_id FROM process_revision
    WHERE received_at >= $1 AND received_at < $2 AND record_id > $3 ORDER BY record_id LIMIT $4
  ),
  chained AS (
    SELECT v.*, lag(v.revision) OVER w AS previous_revision, lag(v.chain_hash) OVER w AS previous_hash
    FROM process_revision v JOIN batch USING (record_id)
    WHERE v.received_at >= $1 AND v.received_at < $2
    WINDOW w AS (PARTITION BY v.record_id ORDER BY v.revision)
  ),
  linked AS (
    SELECT c.*, p.chain_hash AS outside_hash, p.revision IS NOT NULL AS outside_found
    FROM chained c
    LEFT JOIN LATERAL (
      SELECT o.revision, o.chain_hash FROM process_revision o
      WHERE c.previous_revision IS NULL AND c.revision > 1 AND o.record_id = c.record_id AND o.revision = c.revision - 1
    ) p ON true
  )
  SELECT l.record_id, l.revision, l.previous_revision, l.outside_found, encode(l.chain_hash, 'hex') AS chain_hash,
    COALESCE(r.role || '/' || r.business_key, l.record_id::text) AS process, r.revision AS record_revision,
    encode(r.chain_hash, 'hex') AS record_hash, r.created_at < $5 AS older_than_archive,
    ${EXPECTED_HASH('l', 'COALESCE(l.previous_hash, l.outside_hash)')} IS NOT DISTINCT FROM l.chain_hash AS hash_holds,
    l.previous_revision IS NULL AND l.revision > 1 AND NOT l.outside_found AS predecessor_missing
  FROM linked l LEFT JOIN process_record r ON r.id = l.record_id
  ORDER BY l.record_id, l.revision`;

interface VerifiedRow {
  record_id: string;
  revision: number;
  previous_revision: number | null;
  chain_hash: string | null;
  process: string;
  record_revision: number | null;
  record_hash: string | null;
  older_than_archive: boolean | null;
  hash_holds: boolean;
  predecessor_missing: boolean;
}

const ALL_TIME = { from: new Date('1970-01-01T00:00:00Z'), to: new Date('9999-12-31T00:00:00Z') };
const NO_RECORD = '00000000-0000-0000-0000-000000000000';

/**
 * Walks the hash chains of the archive (migration RevisionHashChain): every revision's hash must follow from its stored
 * content and its predecessor's hash, revisions must follow each other without a gap, and a process's record must name
 * its last revision and hash. Exports are verified first (oldest month first), so a chain whose start left with
 * retention is checked across the boundary. Reports every break with its process and revision.
 */
export async function verifyArchive(client: ClientBase, options: VerifyOptions = {}): Promise<ArchiveVerification> {
  const from = options.from ?? ALL_TIME.from;
  const to = options.to ?? ALL_TIME.to;
  const outcome: ArchiveVerification = {
    revisions: 0,
    processes: 0,
    exportedRevisions: 0,
    breaks: [],
    startingAfterRetention: 0,
  };
  const exportedHeads = options.exportsDir
    ? await verifyExports(client, options.exportsDir, outcome)
    : new Map<string, { revision: number; hash: string }>();
  const { rows: counted } = await client.query<{ total: string }>(
    'SELECT count(*) AS total FROM process_revision WHERE received_at >= $1 AND received_at < $2',
    [from, to],
  );
  const total = Number(counted[0].total);
  // Once, not per round: the archive's oldest revision (no index leads with received_at, so it is a scan).
  const { rows: oldest } = await client.query<{ start: Date | null }>(
    'SELECT min(received_at) AS start FROM process_revision',
  );
  const archiveStart = oldest[0].start;
  let after = NO_RECORD;
  for (;;) {
    const { rows } = await client.query<VerifiedRow>(VERIFY_BATCH, [
      from,
      to,
      after,
      options.batchSize ?? 500,
      archiveStart,
    ]);
    if (rows.length === 0) break;
    for (const [index, row] of rows.entries()) {
      if (row.record_id !== rows[index - 1]?.record_id) outcome.processes++;
      outcome.revisions++;
      const lastOfProcess = row.record_id !== rows[index + 1]?.record_id;
      await checkRow(client, row, exportedHeads.get(row.record_id), outcome, { lastOfProcess, toTheEnd: !options.to });
    }
    after = rows[rows.length - 1].record_id;
    options.progress?.({ revisions: outcome.revisions, processes: outcome.processes, total });
  }
  return outcome;
}

async function checkRow(
  client: ClientBase,
  row: VerifiedRow,
  exported: ExportedHead | undefined,
  outcome: ArchiveVerification,
  position: { lastOfProcess: boolean; toTheEnd: boolean },
): Promise<void> {
  const at = { process: row.process, revision: row.revision, source: 'database' };
  let holds = row.hash_holds;
  if (row.previous_revision !== null && row.previous_revision !== row.revision - 1) {
    outcome.breaks.push({
      ...at,
      kind: 'missing-revision',
      detail: `revision ${row.revision - 1} is missing (the one before is ${row.previous_revision})`,
    });
  } else if (row.predecessor_missing && exported) {
    if (exported.revision !== row.revision - 1) {
      outcome.breaks.push({
        ...at,
        kind: 'missing-revision',
        detail: `revision ${row.revision - 1} is missing (the exports end at ${exported.revision})`,
      });
    }
    holds = await holdsAfter(client, row, exported.hash);
  } else if (row.predecessor_missing) {
    if (row.older_than_archive) outcome.startingAfterRetention++;
    else
      outcome.breaks.push({
        ...at,
        kind: 'missing-revision',
        detail: `revision ${row.revision - 1} is missing, and the process is not older than the archive`,
      });
    // Its predecessor's hash is gone with it: this link cannot be checked.
    holds = true;
  }
  if (!holds)
    outcome.breaks.push({
      ...at,
      kind: 'altered',
      detail: 'its content, or the hash of the revision before, is not what was booked',
    });
  if (!position.toTheEnd || !position.lastOfProcess || row.record_revision === null) return;
  if (row.record_revision > row.revision) {
    outcome.breaks.push({
      ...at,
      kind: 'missing-revision',
      detail: `the process has ${row.record_revision} revisions, the archive ends at ${row.revision}`,
    });
  } else if (row.record_revision === row.revision && row.record_hash !== row.chain_hash) {
    outcome.breaks.push({
      ...at,
      kind: 'head-mismatch',
      detail: 'the process record names another hash for its last revision',
    });
  }
}

/** Whether a revision's hash follows from its content and `previousHex`, the hash of its predecessor in an export. */
async function holdsAfter(client: ClientBase, row: VerifiedRow, previousHex: string): Promise<boolean> {
  const { rows } = await client.query<{ holds: boolean }>(
    `SELECT ${EXPECTED_HASH('v', "decode($3, 'hex')")} IS NOT DISTINCT FROM v.chain_hash AS holds
     FROM process_revision v WHERE v.record_id = $1 AND v.revision = $2`,
    [row.record_id, row.revision, previousHex],
  );
  return rows[0]?.holds ?? false;
}

interface ExportedHead {
  revision: number;
  hash: string;
}

const EXPORT_FILE = /^process_revision_\d{4}_\d{2}\.ndjson\.gz$/;

// The exported rows, each with the hash before it, checked by the same function: `$1` is a JSON array of
// `{"previous": hex | null, "row": <the export's line>}`, the line embedded as it is (its body's numbers untouched).
const VERIFY_EXPORTED = `
  SELECT ${EXPECTED_HASH('r', "decode(e.item ->> 'previous', 'hex')")} IS NOT DISTINCT FROM r.chain_hash AS holds
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(item, n),
  LATERAL jsonb_populate_record(NULL::process_revision, e.item -> 'row') AS r
  ORDER BY e.n`;

/**
 * Verifies the retention exports, oldest month first: within them, each process's revisions follow each other and
 * each hash follows from its row and the one before. Answers the last exported revision of each process.
 */
async function verifyExports(
  client: ClientBase,
  dir: string,
  outcome: ArchiveVerification,
): Promise<Map<string, ExportedHead>> {
  const heads = new Map<string, ExportedHead>();
  const files = (await readdir(dir)).filter((name) => EXPORT_FILE.test(name)).sort();
  for (const file of files) {
    let pending: { line: string; previous: string | null; at: Omit<ArchiveBreak, 'kind' | 'detail'> }[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const parameter =
        '[' + pending.map((item) => `{"previous":${JSON.stringify(item.previous)},"row":${item.line}}`).join(',') + ']';
      const { rows } = await client.query<{ holds: boolean }>(VERIFY_EXPORTED, [parameter]);
      rows.forEach((row, index) => {
        if (!row.holds)
          outcome.breaks.push({
            ...pending[index].at,
            kind: 'altered',
            detail: 'its content, or the hash of the revision before, is not what was booked',
          });
      });
      pending = [];
    };
    const lines = createInterface({
      input: createReadStream(join(dir, file)).pipe(createGunzip()),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { record_id: string; revision: number; chain_hash: string | null };
      const hash = (row.chain_hash ?? '').replace(/^\\x/, '');
      const head = heads.get(row.record_id);
      const at = { process: row.record_id, revision: row.revision, source: file };
      outcome.exportedRevisions++;
      if (head && head.revision !== row.revision - 1) {
        outcome.breaks.push({
          ...at,
          kind: 'missing-revision',
          detail: `revision ${row.revision - 1} is missing from the exports`,
        });
      } else if (!head && row.revision > 1) outcome.startingAfterRetention++;
      else pending.push({ line, previous: head?.hash ?? null, at });
      heads.set(row.record_id, { revision: row.revision, hash });
      if (pending.length >= 500) await flush();
    }
    await flush();
  }
  return heads;
}
