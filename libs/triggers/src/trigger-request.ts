import { appendPointer, isPlainObject, ROOT_POINTER } from '@maco/domain';
import type { ProblemFieldError } from '@maco/platform';

type JsonMap = Record<string, unknown>;

/** A trigger body whose shape is right: what the route takes and passes on to the middleware. */
export interface TriggerRequest {
  body: JsonMap & { stammdaten: JsonMap; transaktionsdaten: JsonMap; zusatzdaten?: JsonMap };
  /** The caller's prozessId, when it chose one. */
  prozessId?: string;
}

export type TriggerRequestCheck = { ok: true; request: TriggerRequest } | { ok: false; errors: ProblemFieldError[] };

// A process key: stored as the record's business key and sent back by partners, so it must stay short.
const MAX_PROZESS_ID_LENGTH = 128;
// Longer values are no MaLo-ID; they are not worth an index entry.
const MAX_INDEXED_ID_LENGTH = 64;

/**
 * Checks the envelope of a trigger body: an object with `stammdaten` and `transaktionsdaten` objects and an optional
 * `zusatzdaten` object, whose `prozessId` (optional) is a non-blank string and whose `eventname`, if sent, names the
 * path's event. Members beyond these are kept and passed on.
 */
export function checkTriggerRequest(body: unknown, eventname: string): TriggerRequestCheck {
  if (!isPlainObject(body)) return { ok: false, errors: [{ pointer: ROOT_POINTER, message: 'must be an object with stammdaten and transaktionsdaten' }] };
  const errors: ProblemFieldError[] = [];
  for (const container of ['stammdaten', 'transaktionsdaten'] as const) {
    if (!isPlainObject(body[container])) errors.push({ pointer: appendPointer(ROOT_POINTER, container), message: 'must be an object' });
  }
  const zusatzdaten = body['zusatzdaten'];
  let prozessId: string | undefined;
  if (zusatzdaten !== undefined && zusatzdaten !== null && !isPlainObject(zusatzdaten)) {
    errors.push({ pointer: '#/zusatzdaten', message: 'must be an object' });
  } else if (isPlainObject(zusatzdaten)) {
    const given = zusatzdaten['prozessId'];
    if (typeof given === 'string' && given.trim() !== '' && given.length <= MAX_PROZESS_ID_LENGTH) prozessId = given;
    else if (given !== undefined && given !== null) {
      errors.push({ pointer: '#/zusatzdaten/prozessId', message: `must be a non-blank string of at most ${MAX_PROZESS_ID_LENGTH} characters` });
    }
    const named = zusatzdaten['eventname'];
    if (named !== undefined && named !== null && named !== eventname) {
      errors.push({ pointer: '#/zusatzdaten/eventname', message: `must be ${eventname} (the event of the path) or absent` });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, request: { body: body as TriggerRequest['body'], prozessId } };
}

/** The body the middleware receives: the caller's, with `zusatzdaten.prozessId` and `eventname` set by us. */
export function outgoingTriggerBody(request: TriggerRequest, prozessId: string, eventname: string): JsonMap {
  return { ...request.body, zusatzdaten: { ...(request.body.zusatzdaten ?? {}), prozessId, eventname } };
}

/** The MaLo-IDs a trigger names, for finding its process by location later. */
export function marktlokationsIdsOf(request: TriggerRequest): string[] {
  const marktlokationen = request.body.stammdaten['MARKTLOKATION'];
  if (!Array.isArray(marktlokationen)) return [];
  const ids = marktlokationen.map((malo) => (isPlainObject(malo) ? malo['marktlokationsId'] : undefined));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length <= MAX_INDEXED_ID_LENGTH))];
}
