'use strict';
// The failover drill's bookkeeping (tools/ha/drill.js, docs/operations.md "The drill"), without a cluster: what an
// answer was (booked, journaled, refused with a status, no answer at all), the figures of a run, the check of the
// database against the answers, and the verdict. Pure functions, tested by drill-count.spec.ts.

/**
 * What the caller got:
 * - `booked`: a 2xx receipt, the database took the write;
 * - `journaled`: a 2xx `{"journaled": true, …}`, the service kept the write in its journal to book it later;
 * - `refused`: an HTTP answer other than 2xx (`status`, the problem's `code`);
 * - `transport`: no HTTP answer (connection refused, closed without an answer, client timeout: `code`).
 * @typedef {'booked' | 'journaled' | 'refused' | 'transport'} AnswerClass
 */

/**
 * One request of the drill and its answer. `businessKey` is the key a journaled receipt names (it must be `key`).
 * @typedef {{ key: string, status: number, cls: AnswerClass, code?: string, businessKey?: string, start: number,
 *   end: number }} Answer
 */

/**
 * What the database holds of one business key: `records` rows in process_record (role 'LF'), `revisions` revisions of
 * them, `first` whether revision 1 is the create, `requestId` revision 1's request id (the key itself when booked
 * directly, `journal:<entry>@<received at>` when booked by the journal's replay), `createdAt` the record's created_at
 * (ms; the booking transaction's start).
 * @typedef {{ records: number, revisions: number, first: boolean, requestId: string | null, createdAt: number }} StoredKey
 */

/**
 * @param {number} status
 * @param {string} text the answer's body (for status 0, the socket error's code)
 * @returns {Pick<Answer, 'cls' | 'code' | 'businessKey'>}
 */
function classify(status, text) {
  if (status === 0) return { cls: 'transport', code: text || 'no answer' };
  /** @type {any} */
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status >= 200 && status < 300) {
    if (body?.journaled === true) return { cls: 'journaled', businessKey: body.businessKey };
    return body === undefined ? { cls: 'booked', code: 'unparsable answer' } : { cls: 'booked' };
  }
  return { cls: 'refused', code: body === undefined ? 'unparsable answer' : body?.code };
}

/** Counted as "not 2xx": refused with a status, or no answer at all. */
const failed = (/** @type {Answer} */ a) => a.cls === 'refused' || a.cls === 'transport';
const answered2xx = (/** @type {Answer} */ a) => a.cls === 'booked' || a.cls === 'journaled';

/** `booked`, `journaled`, `503 SERVER.UNAVAILABLE`, `no answer ECONNRESET`, … */
function labelOf(/** @type {Answer} */ a) {
  if (a.cls === 'booked' || a.cls === 'journaled') return a.cls;
  if (a.cls === 'transport') return `no answer ${a.code ?? ''}`.trim();
  return `${a.status}${a.code ? ` ${a.code}` : ''}`;
}

/** @param {Answer[]} answers @returns {Record<string, number>} answers by label, most first */
function tally(answers) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const a of answers) counts[labelOf(a)] = (counts[labelOf(a)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((x, y) => y[1] - x[1]));
}

/**
 * The database against the answers. Every key answered 2xx (booked or journaled) must have exactly one process row
 * with its create as revision 1 and no other revision (each request is a create of a key of its own); keys answered
 * otherwise are looked up too (stored despite the error: the caller does not know the outcome). A key not booked but
 * still in the journal (`pending`: the request ids of the entries left, read with the service stopped) is `waiting`,
 * not missing: the journal did not drain, nothing is lost yet.
 * @param {Answer[]} answers
 * @param {Map<string, StoredKey>} stored
 * @param {Set<string>} [pending]
 */
function verify(answers, stored, pending = new Set()) {
  /** @type {string[]} */ const missing = [];
  /** @type {string[]} */ const waiting = [];
  /** @type {string[]} */ const bookedTwice = [];
  /** @type {string[]} */ const storedDespiteFailure = [];
  /** @type {string[]} */ const receiptKeyMismatch = [];
  let journaledByReplay = 0;
  // Journaled, but the commit had gone through before the connection died: the replay found it booked (idempotent).
  let journaledBookedDirectly = 0;
  // Answered booked but booked through the journal: should not happen.
  let bookedByReplay = 0;
  let checked = 0;
  for (const a of answers) {
    const row = stored.get(a.key);
    if (row && (row.records > 1 || row.revisions > 1)) bookedTwice.push(a.key);
    if (!answered2xx(a)) {
      if (row) storedDespiteFailure.push(a.key);
      continue;
    }
    checked += 1;
    if (a.cls === 'journaled' && a.businessKey !== a.key) receiptKeyMismatch.push(a.key);
    if (!row || !row.first) {
      (pending.has(a.key) ? waiting : missing).push(a.key);
      continue;
    }
    const viaJournal = row.requestId?.startsWith('journal:') ?? false;
    if (a.cls === 'journaled') {
      if (viaJournal) journaledByReplay += 1;
      else journaledBookedDirectly += 1;
    } else if (viaJournal) bookedByReplay += 1;
  }
  return {
    checked,
    missing,
    waiting,
    bookedTwice,
    storedDespiteFailure,
    receiptKeyMismatch,
    journaledByReplay,
    journaledBookedDirectly,
    bookedByReplay,
  };
}

/**
 * The database's failover gap: the longest pause between two consecutive bookings (their records' created_at) that
 * starts around the kill (from 1 s before it to 2 s after it), within [kill − 1 s, until]. The bookings before it are
 * the old primary's last, the one after it the new primary's first (a replayed journal entry or a direct booking).
 * @param {number[]} createdAt every booking's time (ms)
 * @param {number} killAt
 * @param {number} until
 * @returns {{ lastBefore: number, firstAfter: number } | null}
 */
function databaseGap(createdAt, killAt, until) {
  const times = createdAt.filter((t) => t >= killAt - 1000 && t <= until).sort((a, b) => a - b);
  /** @type {{ lastBefore: number, firstAfter: number } | null} */
  let best = null;
  for (let i = 1; i < times.length; i++) {
    if (times[i - 1] > killAt + 2000) break;
    if (!best || times[i] - times[i - 1] > best.firstAfter - best.lastBefore)
      best = { lastBefore: times[i - 1], firstAfter: times[i] };
  }
  return best;
}

/** 2xx answers per second among `answers` ending in [from, to). */
function ratePerS(/** @type {Answer[]} */ answers, /** @type {number} */ from, /** @type {number} */ to) {
  if (!(to > from)) return null;
  const n = answers.filter((a) => answered2xx(a) && a.end >= from && a.end < to).length;
  return Math.round((n / ((to - from) / 1000)) * 10) / 10;
}

const median = (/** @type {number[]} */ values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * A run's figures from its answers and the database. Times are ms since the epoch; `journalEmptyAt` is when GET
 * /journal first reported 0 entries after the kill (undefined: it never did); `pending` the request ids left in the
 * journal at the check.
 * @param {{ answers: Answer[], stored: Map<string, StoredKey>, pending?: Set<string>, killAt: number, loadStart: number,
 *   loadEnd: number, drainUntil: number, journalEmptyAt?: number, journalMaxEntries: number,
 *   rejoined?: { from: number, to: number } }} r
 */
function count(r) {
  const { answers, stored, killAt, loadEnd } = r;
  const checks = verify(answers, stored, r.pending);
  const createdAt = [...stored.values()].map((row) => row.createdAt);
  const gap = databaseGap(createdAt, killAt, r.drainUntil);
  const journaled = answers.filter((a) => a.cls === 'journaled');
  // The answers in the gap: after the last booked answer before the database's first booking after the kill, up to
  // that booking (the old primary's last answers may come after its last commit).
  const gapFrom = gap
    ? answers.reduce((m, a) => (a.cls === 'booked' && a.end < gap.firstAfter ? Math.max(m, a.end) : m), gap.lastBefore)
    : 0;
  const inGap = gap ? answers.filter((a) => a.end > gapFrom && a.end < gap.firstAfter) : [];
  const replays = [...stored.entries()]
    .filter(([, row]) => row.requestId?.startsWith('journal:'))
    .map(([, row]) => row.createdAt)
    .sort((a, b) => a - b);
  const dbBackAt = gap?.firstAfter;
  const fails = answers.filter(failed);
  return {
    answers: {
      total: answers.length,
      answered2xx: answers.filter(answered2xx).length,
      booked: answers.filter((a) => a.cls === 'booked').length,
      journaled: journaled.length,
      non2xx: answers.filter((a) => a.cls === 'refused').length,
      transportFailures: answers.filter((a) => a.cls === 'transport').length,
      byClass: tally(answers),
      firstJournaledMs: journaled.length ? journaled.reduce((m, a) => Math.min(m, a.end), Infinity) - killAt : null,
      lastJournaledMs: journaled.length ? journaled.reduce((m, a) => Math.max(m, a.end), -Infinity) - killAt : null,
      medianJournaledMs: median(journaled.map((a) => a.end - a.start)),
      failures: fails.slice(0, 20).map((a) => ({ ...a, startMs: a.start - killAt, endMs: a.end - killAt })),
    },
    gap: {
      // The database's gap: its last booking before the kill → its first after (both created_at).
      databaseGapMs: gap ? gap.firstAfter - gap.lastBefore : null,
      killToDatabaseBackMs: dbBackAt ? dbBackAt - killAt : null,
      answers: inGap.length,
      non2xx: inGap.filter(failed).length,
      byClass: tally(inGap),
    },
    journal: {
      journaledAnswers: journaled.length,
      maxEntries: r.journalMaxEntries,
      bookedByReplay: replays.length,
      replayPerS:
        replays.length > 1
          ? Math.round((replays.length / ((replays[replays.length - 1] - replays[0]) / 1000)) * 10) / 10
          : null,
      // The database took its first write again → GET /journal reported 0 entries.
      databaseBackToEmptyMs: dbBackAt && r.journalEmptyAt ? r.journalEmptyAt - dbBackAt : null,
      // Negative: the journal was empty before the load stopped.
      loadStopToEmptyMs: r.journalEmptyAt ? r.journalEmptyAt - loadEnd : null,
      killToEmptyMs: r.journalEmptyAt ? r.journalEmptyAt - killAt : null,
      drained: (r.journalEmptyAt !== undefined || journaled.length === 0) && !r.pending?.size,
      // Entries left in the journal at the check (it did not drain).
      entriesLeft: r.pending?.size ?? 0,
    },
    throughput: {
      beforePerS: ratePerS(answers, r.loadStart, killAt),
      afterPerS: dbBackAt ? ratePerS(answers, dbBackAt, loadEnd) : null,
      afterRejoinPerS: r.rejoined ? ratePerS(answers, r.rejoined.from, r.rejoined.to) : null,
    },
    bookings: {
      checked: checks.checked,
      missing: checks.missing.length,
      missingKeys: checks.missing.slice(0, 20),
      waiting: checks.waiting.length,
      bookedTwice: checks.bookedTwice.length,
      bookedTwiceKeys: checks.bookedTwice.slice(0, 20),
      journaledByReplay: checks.journaledByReplay,
      journaledBookedDirectly: checks.journaledBookedDirectly,
      bookedByReplay: checks.bookedByReplay,
      receiptKeyMismatch: checks.receiptKeyMismatch.length,
      storedDespiteFailure: checks.storedDespiteFailure.length,
    },
  };
}

/**
 * Exit 1 (with the reasons) when an answered 2xx is missing, anything is booked twice, the journal did not drain, the
 * database never took a write again, or — unless `allowNon2xx` — any write was answered other than 2xx (a status or
 * no answer at all).
 * @param {ReturnType<typeof count>} f
 * @param {{ allowNon2xx: boolean, recovered: boolean }} options
 */
function verdict(f, options) {
  /** @type {string[]} */
  const reasons = [];
  if (!options.recovered) reasons.push('the database never took a write again after the kill');
  if (f.bookings.missing > 0) reasons.push(`${f.bookings.missing} writes answered 2xx are missing in the database`);
  if (f.bookings.bookedTwice > 0) reasons.push(`${f.bookings.bookedTwice} writes are booked more than once`);
  if (f.bookings.receiptKeyMismatch > 0)
    reasons.push(`${f.bookings.receiptKeyMismatch} journaled receipts name another business key`);
  if (!f.journal.drained)
    reasons.push(
      `the write journal did not drain${f.journal.entriesLeft ? ` (${f.journal.entriesLeft} entries left, ${f.bookings.waiting} of them writes of this run not booked yet)` : ''}`,
    );
  const notOk = f.answers.non2xx + f.answers.transportFailures;
  if (notOk > 0 && !options.allowNon2xx)
    reasons.push(
      `${notOk} writes were not answered 2xx (${f.gap.non2xx} in the gap; ${Object.entries(f.answers.byClass)
        .filter(([label]) => label !== 'booked' && label !== 'journaled')
        .map(([label, n]) => `${label} × ${n}`)
        .join(', ')})`,
    );
  return { exitCode: reasons.length ? 1 : 0, reasons };
}

module.exports = { classify, labelOf, tally, verify, databaseGap, count, verdict };
