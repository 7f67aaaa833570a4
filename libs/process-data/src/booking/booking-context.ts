import type { ProcessOperation } from '@maco/domain';
import type { RequestFacts } from '@maco/platform';

/** The `command` query parameter names the operation (the MaCo operationId). */
export const COMMAND_OF: Record<ProcessOperation, string> = {
  create: 'ERSTELLEN_PROZESSDATEN',
  update: 'AKTUALISIEREN_PROZESSDATEN',
};

/** Request header that names the release a body is to be validated against (`04/26` or `FV2604`). */
export const FORMAT_VERSION_HEADER = 'x-format-version';

export interface BookingContext {
  command: unknown;
  /** The `X-Format-Version` header, when sent. */
  formatVersion?: unknown;
  tokenSubject?: string;
  requestId: string;
  /** The body's JSON text as received: stored as is (PostgreSQL parses it into jsonb), saving a serialisation. */
  jsonText?: string;
  /** The request's facts for its log line and metrics. */
  facts?: RequestFacts;
}

/** Hears of every booking with the keys it brought (absent ones as null or undefined). */
export type BookedListener = (keys: readonly (string | null | undefined)[]) => void;
