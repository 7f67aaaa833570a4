import { isPlainObject } from '@maco/domain';
import { bodyCheck, type ProblemFieldError } from '@maco/platform';
import { TRIGGER_REQUEST } from '../openapi/triggers-schemas';

type JsonMap = Record<string, unknown>;

/** A trigger body whose shape is right: what the route takes and passes on to the middleware. */
export interface TriggerRequest {
  body: JsonMap & { stammdaten: JsonMap; transaktionsdaten: JsonMap; zusatzdaten?: JsonMap };
  /** The caller's prozessId, when it chose one. */
  prozessId?: string;
}

export type TriggerRequestCheck = { ok: true; request: TriggerRequest } | { ok: false; errors: ProblemFieldError[] };

// Longer values are no MaLo-ID; they are not worth an index entry.
const MAX_INDEXED_ID_LENGTH = 64;

/** The envelope's schema (`TriggerRequest`), and the rule it cannot say: `zusatzdaten.eventname`, if sent, is the path's. */
const CHECK = bodyCheck(TRIGGER_REQUEST, {}, (body, eventname: string) => {
  const named =
    isPlainObject(body) && isPlainObject(body['zusatzdaten']) ? body['zusatzdaten']['eventname'] : undefined;
  return named !== undefined && named !== null && named !== eventname
    ? [{ pointer: '#/zusatzdaten/eventname', message: `must be ${eventname} (the event of the path) or absent` }]
    : [];
});

/**
 * Checks the envelope of a trigger body: an object with `stammdaten` and `transaktionsdaten` objects and an optional
 * `zusatzdaten` object, whose `prozessId` (optional) is a non-blank string and whose `eventname`, if sent, names the
 * path's event. Members beyond these are kept and passed on.
 */
export function checkTriggerRequest(body: unknown, eventname: string): TriggerRequestCheck {
  const errors = CHECK(body, eventname);
  if (errors.length > 0) return { ok: false, errors };
  const request = body as TriggerRequest['body'];
  const prozessId = request.zusatzdaten?.['prozessId'];
  return { ok: true, request: { body: request, prozessId: typeof prozessId === 'string' ? prozessId : undefined } };
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

/** The process a trigger body answers, when it names one (`zusatzdaten.targetBusinessKey`, as on the middleware's own messages). */
export function targetBusinessKeyOf(body: { zusatzdaten?: unknown }): string | null {
  const target = isPlainObject(body.zusatzdaten) ? body.zusatzdaten['targetBusinessKey'] : undefined;
  return typeof target === 'string' && target.trim() !== '' ? target : null;
}
