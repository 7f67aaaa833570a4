import type { FieldViolation } from '../validation/field-violation';
import { ROOT_POINTER } from '../validation/json-pointer';
import { type Dialect, dialectOf, type DialectRoot, fromEnglish, receivedPointer } from './dialect';

/**
 * A request body as the services read it: its canonical German form, whatever dialect it came in, and how a pointer
 * into that form points into the body as received (itself for German), so that what is reported names what was sent.
 */
export type ReceivedBody =
  | { ok: true; dialect: Dialect; canonical: unknown; pointerOf: (canonical: string) => string }
  | { ok: false; errors: FieldViolation[] };

export const MIXED_DIALECTS =
  'mixes German containers (stammdaten, transaktionsdaten, zusatzdaten) with English ones (masterData, ' +
  'transactionData, additionalData): a body is read in one dialect';

const asSent = (pointer: string): string => pointer;

/** Reads a body in the dialect its containers are in; one mixing both is refused at `#` (which half would be meant?). */
export function receiveBody(body: unknown, root: DialectRoot = 'ProcessData'): ReceivedBody {
  const dialect = dialectOf(body);
  if (dialect === 'mixed') return { ok: false, errors: [{ pointer: ROOT_POINTER, message: MIXED_DIALECTS }] };
  if (dialect === 'de') return { ok: true, dialect, canonical: body, pointerOf: asSent };
  return {
    ok: true,
    dialect,
    canonical: fromEnglish(body, root),
    pointerOf: (pointer) => receivedPointer(body, pointer, root),
  };
}
