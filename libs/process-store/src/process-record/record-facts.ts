/** A JSON value as jsonb gives it back. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [member: string]: JsonValue };

/**
 * A process's booked state as an update merges into it: `process_record.current`, or its create's body while it has had
 * no update. Any JSON object: a trigger's process holds the trigger's body.
 */
export type ProcessState = { [member: string]: JsonValue };

export interface RevisionFacts {
  role: string;
  businessKey: string;
  pruefidentifikator: string | null;
  release: string;
  /** The request body as JSON text, stored as received (jsonb); PostgreSQL hashes its canonical form. */
  bodyJson: string;
  /** What the AHB check found, as JSON text. */
  findingsJson: string;
  tokenSubject: string | null;
  requestId: string | null;
  /** The BO4E dialect the body came in (`de`, `en`); absent: German. Not hashed: the body's hash covers it. */
  dialect?: string;
  /** The answer deadlines this revision's request starts; absent or empty: none. */
  deadlines?: NewDeadline[];
  /** The deadlines of the process this revision answers, when its PI is an answer of a deadline rule. */
  answers?: DeadlineAnswer;
}

/** A deadline a request starts (`process_deadline`). */
export interface NewDeadline {
  rule: string;
  /** ISO instants. */
  transmittedAt: string;
  due: string;
  /** The numbers the request is known by (`requestNumbersOf`); absent: none. */
  requestReferences?: string[];
}

/** What an answer brings to the open deadlines of its rules on its process. */
export interface DeadlineAnswer {
  rules: string[];
  pruefidentifikator: string;
  /** ISO instant the answer was transmitted. */
  at: string;
  /** The request numbers the answer refers to (`answerReferencesOf`); absent: none. */
  references?: string[];
}

/** What an update records beyond every revision's facts. */
export type UpdateFacts = RevisionFacts & { targetBusinessKey: string | null };

export interface NewRecordFacts extends RevisionFacts {
  targetBusinessKey: string | null;
  prozessId: string | null;
  marktlokationsIds: string[];
  /** The booked state when it differs from the body (the business key was assigned); else null: the body is the state. */
  currentJson: string | null;
  /** The body's `stammdaten`, parsed: its business objects are projected into the read model in the same statement. */
  stammdaten: unknown;
  /** The body's `transaktionsdaten`: an object without an id of its own may take it from its sender or location. */
  transaktionsdaten?: unknown;
}

/** What an update's merge computes: the next state (JSON text), its MaLo ids and its `stammdaten` (parsed). */
export interface MergedState {
  currentJson: string;
  marktlokationsIds: string[];
  /** The next state's `stammdaten` and `transaktionsdaten`; when absent they are parsed from `currentJson`. */
  stammdaten?: unknown;
  transaktionsdaten?: unknown;
}

/** Computes a process's next state from the state the update found. */
export type MergeState = (current: ProcessState) => MergedState;

/** The fields of `zusatzdaten` an update may name its process by, strongest first (the resolution order). */
export const KEY_FIELDS = ['businessKey', 'targetBusinessKey', 'parentBusinessKey', 'prozessId'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** The keys an update carries; `prozessId` is `referenzProzessId` where the sender used that name. */
export type UpdateKeys = Partial<Record<KeyField, string>>;

/** Kinds of the keys a process collects besides its own business key (table `process_key`). */
export type ProcessKeyKind = 'prozessId' | 'subProcessBusinessKey' | 'triggerBusinessKey';

export interface KeyMatch {
  field: KeyField;
  key: string;
  /** The business key of the process this key belongs to. */
  processBusinessKey: string;
}

export type CreateOutcome = { kind: 'booked' } | { kind: 'replayed' } | { kind: 'conflict' };
export type UpdateOutcome =
  | { kind: 'booked' | 'replayed'; revision: number; businessKey: string; matchedBy: KeyField }
  | { kind: 'unknown' }
  /** The request's keys name different processes: nothing is booked, and nothing is guessed. */
  | { kind: 'ambiguous'; matches: KeyMatch[] };
