/**
 * The answers of the operator group's routes (`GET /operator/session`, `/processes`, `/triggers`, `/triggers/events`,
 * `/findings`, `/findings/summary`, `/deadlines`), as types only: no runtime import, only `import type` of other such modules. The
 * controllers and repositories build their answers with these types and the operator console reads them with them
 * (`@maco/operator/api`, `import type`), so a renamed member fails to compile in both. Lists are keyset pages
 * (`Page` of `@maco/platform/api`); timestamps are ISO 8601 strings in UTC.
 */
import type { MarketRole, ReleaseName } from '@maco/domain/api';

/** `GET /operator/session`: what the console may show and offer to the token's holder on this service. */
export interface OperatorSession {
  role: MarketRole;
  /** The token's `sub`; null for a token without one. */
  subject: string | null;
  /** The token has the service's role: the console may offer writes (triggers). */
  canWrite: boolean;
  operator: boolean;
}

/** One process of `GET /processes`, with its latest revision's release and findings. */
export interface ProcessSummary {
  businessKey: string;
  status: string | null;
  pruefidentifikator: string | null;
  release: string;
  revisionCount: number;
  findingCount: number;
  findingCodes: string[];
  marktlokationsIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** Where a trigger delivery stands: open (attempted again), given up, or taken by the middleware. */
export type TriggerDeliveryStatus = 'pending' | 'failed' | 'sent';

/** One delivery of the trigger outbox (`GET /triggers`). */
export interface TriggerDeliveryView {
  prozessId: string | null;
  /** The middleware's business key of the process, once it took the trigger. */
  businessKey: string | null;
  eventname: string;
  status: TriggerDeliveryStatus;
  attempts: number;
  /** Only an open delivery is attempted again; null for the others. */
  nextAttemptAt: string | null;
  lastError: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: string;
  deliveredAt: string | null;
  failedAt: string | null;
}

/** One event the service's role can send in a release (`GET /triggers/events`). */
export interface TriggerEventView {
  eventname: string;
  pruefidentifikatoren: string[];
  /** Dotted paths of the body's required fields (`stammdaten.MARKTLOKATION.*.marktlokationsId`; `*`: every element). */
  required: string[];
}

/** `GET /triggers/events`: the events of a release. */
export interface TriggerEventCatalogue {
  release: ReleaseName;
  events: TriggerEventView[];
}

/** The buckets `GET /findings/summary` counts in (UTC). */
export type FindingBucket = 'day' | 'hour';

/** One count of `GET /findings/summary`: findings of one code, PI and release received in one bucket. */
export interface FindingCountRow {
  bucketStart: string;
  pruefidentifikator: string | null;
  release: string;
  code: string;
  count: number;
}

/** `GET /findings/summary`: the counts of [from, to). */
export interface FindingSummary {
  from: string;
  to: string;
  bucket: FindingBucket;
  rows: FindingCountRow[];
}

/** The buckets `GET /bookings/summary` counts in (UTC). */
export type BookingBucket = 'day' | 'hour';

/** One count of `GET /bookings/summary`: revisions of one PI received in one bucket. */
export interface BookingCountRow {
  bucketStart: string;
  pruefidentifikator: string | null;
  count: number;
}

/** `GET /bookings/summary`: the counts of [from, to). */
export interface BookingSummary {
  from: string;
  to: string;
  bucket: BookingBucket;
  rows: BookingCountRow[];
}

/**
 * One finding of `GET /findings`, with the revision it was found in. `code`, `pointer` and `message` are read from the
 * stored finding as they are: null where a stored finding lacks the member.
 */
export interface FindingView {
  businessKey: string;
  revision: number;
  receivedAt: string;
  pruefidentifikator: string | null;
  release: string;
  code: string | null;
  pointer: string | null;
  message: string | null;
}

/**
 * Where an answer deadline stands, as read: `met` (answered in time), `missed` (marked so, or still open past its due),
 * `open` (not answered, not yet due).
 */
export type DeadlineState = 'open' | 'met' | 'missed';

/** The answer booked on a deadline's process: its PI, its revision, when it was transmitted. */
export interface DeadlineAnswerView {
  pruefidentifikator: string;
  /** The revision of the answering process. */
  revision: number;
  at: string;
  /** The answering process, when another process of the chain answered (a sub-process, a trigger). */
  businessKey?: string;
}

/** One answer deadline of `GET /deadlines`: what the process owes the market, by when. */
export interface DeadlineView {
  businessKey: string;
  /** The rule's id (`GPKE_ANMELDUNG_ANTWORT`). */
  rule: string;
  /** The rule's description; null for a rule no longer defined. */
  description: string | null;
  due: string;
  state: DeadlineState;
  /** The process's Prüfidentifikator. */
  pruefidentifikator: string | null;
  /** The revision whose request started the deadline. */
  requestRevision: number;
  /** The numbers the request is known by (its `vorgangsnummer`, `dokumentennummer`); absent: none. */
  requestReferences?: string[];
  /** Absent while no answer was booked. */
  answeredBy?: DeadlineAnswerView;
}
