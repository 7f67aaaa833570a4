import { type MarketRole, RELEASES, triggerEventNames } from '@maco/domain';
import { describeRoute, releaseParameter, type RouteDescription, schemaRef as ref } from '@maco/platform';

/** The `X-Format-Version` header: the release whose event catalogue applies (documented as a shared parameter). */
export const FORMAT_VERSION = releaseParameter(
  'The release whose event catalogue applies, by name (`04/26`) or format version (`FV2604`); an unknown value is ' +
    '422 `REQUEST.UNKNOWN_RELEASE`. Without it the release in force now applies.',
);

/** Problem codes of the route; 401/403 come from the bearer guard, 400/413/415 from Fastify. */
const PROBLEMS = [
  'REQUEST.MALFORMED_JSON',
  'AUTH.UNAUTHENTICATED',
  'AUTH.ROLE_NOT_PERMITTED',
  'TRIGGER.UNKNOWN_EVENT',
  'TRIGGER.PROZESS_ID_CONFLICT',
  'REQUEST.PAYLOAD_TOO_LARGE',
  'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  'REQUEST.VALIDATION_FAILED',
  'REQUEST.UNKNOWN_RELEASE',
  'TRIGGER.MANDATORY_FIELDS_MISSING',
  'TRIGGER.REJECTED',
  'REQUEST.JSON_LIMIT_EXCEEDED',
  'REQUEST.UNSTORABLE_TEXT',
  'REQUEST.RATE_LIMITED',
  'SERVER.INTERNAL',
  'TRIGGER.DELIVERY_FAILED',
  'TRIGGER.NO_MIDDLEWARE',
  'SERVER.UNAVAILABLE',
];

const STATUS_TEXT: Record<number, string> = {
  404: "The role has no such event in the release (the header's, else the one in force).",
  409: 'The prozessId is taken: by another process, or by this trigger with a different body.',
  422:
    'The trigger cannot be sent as it is (`errors[]` names the fields), or the middleware rejected it: then `errorCode` and ' +
    '`message` are its EVENT_FAIL answer and `prozessId` the process, now `failed`.',
  502: 'The middleware refused the request, or it stayed unreachable for all attempts; `reason` says which. The process is `failed`.',
  503: 'No middleware is configured (`TRIGGER.NO_MIDDLEWARE`), or the database is unreachable: nothing was sent.',
};

const EXAMPLE_EVENT = 'START_MALOIDENT';

/** The role's trigger events of every release. */
function eventNamesOf(role: MarketRole): string[] {
  return [...new Set(RELEASES.flatMap((release) => triggerEventNames(release.name, role)))].sort();
}

function errorsOf(code: string) {
  if (code === 'TRIGGER.MANDATORY_FIELDS_MISSING')
    return [{ pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'required by START_MALOIDENT (04/26)' }];
  if (code === 'REQUEST.VALIDATION_FAILED') return [{ pointer: '#/stammdaten', message: 'must be an object' }];
  return undefined;
}

/**
 * `POST /triggers/{eventname}`: the backend starts a process at the middleware. Described for a role, the path
 * parameter lists the role's events of every release; without one (the handler's registration) any name.
 */
export function triggerRoute(role?: MarketRole): RouteDescription {
  const events = role ? eventNamesOf(role) : undefined;
  return describeRoute({
    operationId: 'TRIGGER_EVENT',
    method: 'POST',
    paths: ['/triggers/:eventname'],
    auth: 'role',
    tag: 'Triggers',
    summary: 'Start a process at the middleware',
    description:
      'Checks the body against the event (its required fields in the release), books the process (keyed by ' +
      '`zusatzdaten.prozessId`, a UUID when absent) and sends it to the middleware with `zusatzdaten.prozessId` and ' +
      '`eventname` set. The same prozessId with the same body again is answered from what is stored; nothing is sent twice. ' +
      'The middleware receives the trigger in the BO4E dialect of `MACO_DIALECT` (`en`: `masterData`, `transactionData`, ' +
      '`additionalData`; the `eventname` value stays German); it is stored in German whatever the dialect.',
    pathParameters: {
      eventname: {
        description: `A trigger event of role ${role ?? 'the service'} (the middleware's operationId).`,
        schema: { type: 'string', ...(events ? { enum: events } : {}) },
        example: !events || events.includes(EXAMPLE_EVENT) ? EXAMPLE_EVENT : events[0],
      },
    },
    headers: [{ $ref: '#/components/parameters/triggerFormatVersion' }],
    body: {
      required: true,
      description:
        'German BO4E as described, or the vendor’s English dialect (`masterData`, `transactionData`, `additionalData` ' +
        'with `processId`), read in this German form: problems point into the body as sent, and an English body is the ' +
        'same trigger as its German twin. A body mixing both dialects is 422 at `#`.',
      schema: ref('TriggerRequest'),
      examples: {
        START_MALOIDENT: {
          summary: 'LF asks the grid operator to identify a market location',
          value: {
            stammdaten: {},
            transaktionsdaten: {
              absender: { rollencodenummer: '9900000000003' },
              empfaenger: { rollencodenummer: '9900000000010', marktrolle: 'NB' },
              ausfuehrungsdatum: '2026-05-01T22:00:00Z',
            },
            zusatzdaten: { prozessId: '0b9f5c3e-2d5a-4c59-9a86-7f7e3b1d2c4a' },
          },
        },
      },
    },
    answers: {
      201: {
        description: 'The middleware started the process (EVENT_SUCCESS), or did so for this trigger before.',
        schema: ref('TriggerSent'),
      },
      202: {
        description:
          'Booked, not delivered yet (the middleware is unreachable or answered 5xx/429): the service keeps trying.',
        schema: ref('TriggerPending'),
      },
    },
    problems: PROBLEMS,
    statusText: STATUS_TEXT,
    errorsOf,
  });
}

/** The route as the handler is registered: paths, method, auth and answers do not depend on the role. */
export const TRIGGER_ROUTE = triggerRoute();
