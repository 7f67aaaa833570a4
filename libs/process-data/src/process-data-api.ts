/**
 * The answers of the Prozessdaten group's routes as types only (no runtime import, only `import type` of other such
 * modules): the booking receipt, a process as operators read it (`GET /processes/{key}`), and the quarantine
 * (`/refused`). The controllers, services and repositories build their answers with these types and the operator
 * console reads them with them (`@maco/process-data/api`, `import type`), so a renamed member fails to compile in both.
 * Timestamps are ISO 8601 strings in UTC.
 */
import type { Finding, ReleaseName } from '@maco/domain/api';
import type { ProblemDetails } from '@maco/platform/api';

/** The fields of `zusatzdaten` an update may name its process by (process-store's `KEY_FIELDS`). */
export type UpdateKeyField = 'businessKey' | 'targetBusinessKey' | 'parentBusinessKey' | 'prozessId';

/**
 * What a booking answers: the record's key, the revision the request is stored as, whether it was a replay, the
 * release it was validated against and what the AHB check found.
 */
export interface BookingReceipt {
  businessKey: string;
  revision: number;
  replayed: boolean;
  release: ReleaseName;
  findings: Finding[];
  /** Updates: the business key of the process the request was booked on (its chain's first process). */
  processBusinessKey?: string;
  /** Updates: which of the request's keys found the process. */
  matchedBy?: UpdateKeyField;
}

/**
 * What a write gets while the database cannot take it: kept in the service's write journal on disk (`journaled`),
 * booked once the database is back. The key is the one sent, or derived as a booking would; release and findings are
 * what the body's check found now.
 */
export interface JournaledReceipt {
  journaled: true;
  businessKey: string;
  release: ReleaseName;
  findings: Finding[];
}

/** A MaloIdent answer kept in the journal (201, as its contract wants): the journaled receipt with the message. */
export interface JournaledMaloIdentReceipt extends JournaledReceipt {
  message: string;
}

/** What the write journal holds (`GET /journal`): entries waiting for the database, since when. */
export interface JournalUsage {
  role: string;
  entries: number;
  /** Body bytes held. */
  bytes: number;
  /** `JOURNAL_MAX_BYTES`. */
  maxBytes: number;
  /** When the oldest waiting entry was received; null while none waits. */
  oldestReceivedAt: string | null;
  /** When the service began journaling (the database became unavailable); null while it books directly. */
  journalingSince: string | null;
}

/** What a MaloIdent answer gets (201): the receipt with the message the MaloIdent group's contract expects. */
export interface MaloIdentReceipt extends BookingReceipt {
  message: string;
}

/** A key a process carries and the revision that brought it. */
export interface ProcessKeyView {
  key: string;
  kind: 'businessKey' | 'prozessId' | 'subProcessBusinessKey' | 'triggerBusinessKey';
  firstRevision: number;
}

/** One revision of a process; `body` only when the read asked for bodies (`?bodies=true`). */
export interface RevisionView {
  revision: number;
  operation: string;
  pruefidentifikator: string | null;
  release: string;
  receivedAt: string;
  tokenSubject: string | null;
  requestId: string | null;
  matchedBy: string | null;
  /** What the AHB check found when the revision was booked (the receipt's findings, as stored). */
  findings: Finding[];
  /** The BO4E dialect the body came in: `de`, or the vendor's English `en` (the body is kept as received). */
  dialect: string;
  body?: unknown;
}

/** A process as operators see it: every key it carries, every revision, its current state, the processes linked to it. */
export interface ProcessView {
  businessKey: string;
  role: string;
  status: string | null;
  pruefidentifikator: string | null;
  targetBusinessKey: string | null;
  keys: ProcessKeyView[];
  /** Business keys of processes that name one of this process's keys as their `targetBusinessKey`. */
  linkedProcesses: string[];
  revisions: RevisionView[];
  /** The answer deadlines the process's requests started, soonest first. */
  deadlines: DeadlineView[];
  current: unknown;
  createdAt: string;
  updatedAt: string;
}

/**
 * An answer deadline of a process: open until an answer PI of its rule arrives on the process's chain (the process, a
 * sub-process created with its key as `targetBusinessKey`, a trigger sent with it); met when that answer was
 * transmitted by `due`, missed when `due` passed without one (a late answer: missed, with `answeredBy`).
 */
export interface DeadlineView {
  rule: string;
  description: string;
  /** ISO instant, UTC. */
  due: string;
  state: 'open' | 'met' | 'missed';
  /** The revision whose request started it. */
  requestRevision: number;
  /** The numbers the request is known by (its `vorgangsnummer`, `dokumentennummer`); absent: none. */
  requestReferences?: string[];
  /** `businessKey`: the process that brought the answer, when it is another of the chain. */
  answeredBy?: { pruefidentifikator: string; revision: number; at: string; businessKey?: string };
}

export type RefusedState = 'open' | 'resolved' | 'dismissed';
export type RefusedOperation = 'create' | 'update';

/** A write the service refused, kept in the quarantine (`GET /refused`, a keyset page of these). */
export interface RefusedSummary {
  id: string;
  role: string;
  operation: RefusedOperation;
  path: string;
  status: number;
  code: string;
  /** The problem's detail ('' when it had none). */
  detail: string;
  pruefidentifikator: string | null;
  receivedAt: string;
  state: RefusedState;
  requestId: string | null;
  tokenSubject: string | null;
  contentType: string | null;
  bodySize: number;
}

/** One refused write with its body and what became of it (`GET /refused/{id}`, and the answer of a dismiss). */
export interface RefusedDetail extends RefusedSummary {
  command: string | null;
  /** The problem the write was answered with, as the service sent it. */
  problem: ProblemDetails;
  /** The body parsed as JSON; null when it does not parse. */
  body: unknown;
  /** The raw bytes as UTF-8 text. */
  bodyText: string;
  resolvedAt: string | null;
  resolvedBusinessKey: string | null;
  resolvedRevision: number | null;
  resolvedBy: 'resubmit' | 'automatic' | null;
  dismissedAt: string | null;
  dismissedReason: string | null;
  dismissedBy: string | null;
}

/** One more try of a refused write through the normal write path: booked with its receipt, or refused again. */
export type BookingAttempt =
  { outcome: 'booked'; receipt: BookingReceipt } | { outcome: 'refused'; problem: ProblemDetails };

/** The answer of `POST /refused/{id}/resubmit`: the attempt and the entry as it stands after it. */
export type ResubmitAnswer = BookingAttempt & { entry: RefusedDetail };

/** What the role's quarantine holds against its quota (`GET /refused/usage`). */
export interface QuarantineUsage {
  role: string;
  /** Body bytes of every entry, whatever its state. */
  bytes: number;
  /** `QUARANTINE_MAX_BYTES`. */
  maxBytes: number;
  entries: Record<RefusedState, number>;
}
