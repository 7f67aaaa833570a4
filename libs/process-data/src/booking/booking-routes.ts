import type { MarketRole, ProcessOperation } from '@maco/domain';
import { describeRoute, type ProblemFieldError, type RouteDescription, schemaRef as ref } from '@maco/platform';
import type { OpenApiExample } from '../openapi/openapi-examples';
import { PROZESSDATEN_TAG } from '../openapi/route-tags';
import { COMMAND_OF } from './booking-context';

/**
 * The booking routes' own parameters, documented once (`components.parameters`) and read by name by the booking
 * handler. The booking checks them itself, in its order (after the body's storability, before the release).
 */
export const BOOKING_PARAMETERS = {
  command: {
    name: 'command',
    in: 'query',
    required: false,
    description:
      'The MaCo operationId, optionally with a system prefix (`SAP_ERSTELLEN_PROZESSDATEN`). Optional; when sent it must name ' +
      'the operation of the path (else 422 `REQUEST.COMMAND_MISMATCH`).',
    schema: {
      type: 'string',
      pattern: `^([A-Z0-9]+_)?(${Object.values(COMMAND_OF).join('|')})$`,
      example: COMMAND_OF.create,
    },
  },
  formatVersion: {
    name: 'X-Format-Version',
    in: 'header',
    required: false,
    description:
      'The release to validate against, by name (`04/26`) or format version (`FV2604`); an unknown value is 422 ' +
      '`REQUEST.UNKNOWN_RELEASE`. Without it the release in force at `transaktionsdaten.nachrichtendatum` applies, else ' +
      'the deployment default.',
    schema: { type: 'string', example: '04/26' },
  },
} as const;

const bookingParameterRefs = Object.keys(BOOKING_PARAMETERS).map((name) => ({
  $ref: `#/components/parameters/${name}`,
}));

/** What a status means on the booking routes, where it says more than platform's general text. */
const BOOKING_STATUS_TEXT: Record<number, string> = {
  409: "The business key is already booked for this role with a different body (create), or the request's keys name two processes (update).",
  422: 'The request is well-formed JSON but cannot be booked; `code` says why, `errors[]` names the fields.',
  503: 'Not from the database being away (the write journal takes the write then, 200 `journaled`): the quarantine is full. When neither the database nor the journal can take a write, its connection is closed without an answer, which the middleware retries.',
};

/** The `errors[]` of a booking problem's example, for the codes that carry them. */
function bookingErrorsOf(code: string): ProblemFieldError[] | undefined {
  if (code === 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN')
    return [{ pointer: '#/zusatzdaten/businessKey', message: 'no process with this business key exists' }];
  if (code === 'REQUEST.VALIDATION_FAILED' || code === 'PROCESS_DATA.MANDATORY_FIELDS_MISSING') {
    return [{ pointer: '#/stammdaten/BILANZIERUNG/0/jahresverbrauchsprognose/wert', message: 'must be a number' }];
  }
  return undefined;
}

/** The path parameter of the role-structured booking paths (`:role` below): the service's role in lower case. */
export const ROLE_PARAMETER = 'role';

const BOOKING_PATHS: Record<ProcessOperation, readonly string[]> = {
  create: ['/createProcessData', '/erstellenProzessdaten', '/prozessdaten/:role/create'],
  update: ['/updateProcessData', '/aktualisierenProzessdaten', '/prozessdaten/:role/update'],
};

const QUARANTINED = ' A refusal after authentication is kept in the quarantine (`/refused`).';

/**
 * A booking route: the shipped English path, the German one of the vendor's `_build` specs and the role-structured
 * one of its current `maco-api.yaml` (reference/backend-interface.md §11). A middleware may be configured with any of
 * them; a path it cannot reach is a message lost, since writes are never retried. 401/403 come from the bearer guard,
 * 400/413/415 from Fastify. Its body schema and examples are the role's ({@link bookingRouteOf}).
 */
function bookingRoute(operation: ProcessOperation, summary: string, description: string, problems: readonly string[]) {
  return describeRoute({
    operationId: COMMAND_OF[operation],
    method: 'POST',
    paths: BOOKING_PATHS[operation],
    roleParameter: ROLE_PARAMETER,
    auth: 'role',
    tag: PROZESSDATEN_TAG.name,
    summary,
    description: description + QUARANTINED,
    headers: bookingParameterRefs,
    answers: {
      200: {
        description:
          'Booked (or recognised as a replay); or, while the database cannot take writes, kept in the write journal ' +
          '(`journaled: true`) and booked once it is back.',
        schema: { oneOf: [ref('BookingReceipt'), ref('JournaledReceipt')] },
      },
    },
    problems,
    statusText: BOOKING_STATUS_TEXT,
    errorsOf: bookingErrorsOf,
  });
}

export const CREATE_ROUTE = bookingRoute(
  'create',
  'Book a new process',
  'Books a new process keyed by `zusatzdaten.businessKey` (unique per role; derived from role and body when absent). ' +
    'The same key with the same body again is a replay (200, `replayed: true`); with another body it is 409.',
  [
    'REQUEST.MALFORMED_JSON',
    'AUTH.UNAUTHENTICATED',
    'AUTH.ROLE_NOT_PERMITTED',
    'PROCESS_DATA.BUSINESS_KEY_CONFLICT',
    'REQUEST.PAYLOAD_TOO_LARGE',
    'REQUEST.UNSUPPORTED_MEDIA_TYPE',
    'REQUEST.VALIDATION_FAILED',
    'REQUEST.COMMAND_MISMATCH',
    'REQUEST.UNKNOWN_RELEASE',
    'PROCESS_DATA.MANDATORY_FIELDS_MISSING',
    'REQUEST.JSON_LIMIT_EXCEEDED',
    'REQUEST.UNSTORABLE_TEXT',
    'REQUEST.RATE_LIMITED',
    'SERVER.INTERNAL',
    'SERVER.UNAVAILABLE',
  ],
);

export const UPDATE_ROUTE = bookingRoute(
  'update',
  'Update a booked process',
  'Finds the process by any key its chain has carried, in this order: `zusatzdaten.businessKey`, `targetBusinessKey`, ' +
    '`parentBusinessKey`, `prozessId` (or `referenzProzessId`); an unknown `businessKey` becomes a key of the process found. ' +
    'Keys naming two processes: 409, nothing booked; none known: 422. Merges `stammdaten` into the state, replaces ' +
    '`transaktionsdaten` and appends a revision. An update already applied (same body) is a replay: 200, nothing booked.',
  [
    'REQUEST.MALFORMED_JSON',
    'AUTH.UNAUTHENTICATED',
    'AUTH.ROLE_NOT_PERMITTED',
    // 409 only when the request's keys name two processes: a second update with another body is a new revision.
    'PROCESS_DATA.KEYS_AMBIGUOUS',
    'REQUEST.PAYLOAD_TOO_LARGE',
    'REQUEST.UNSUPPORTED_MEDIA_TYPE',
    'REQUEST.VALIDATION_FAILED',
    'REQUEST.COMMAND_MISMATCH',
    'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
    'REQUEST.UNKNOWN_RELEASE',
    'PROCESS_DATA.MANDATORY_FIELDS_MISSING',
    'REQUEST.JSON_LIMIT_EXCEEDED',
    'REQUEST.UNSTORABLE_TEXT',
    'REQUEST.RATE_LIMITED',
    'SERVER.INTERNAL',
    'SERVER.UNAVAILABLE',
  ],
);

export const BOOKING_ROUTES: Readonly<Record<ProcessOperation, RouteDescription>> = {
  create: CREATE_ROUTE,
  update: UPDATE_ROUTE,
};

/** The operation of a booking route, by the route path Fastify matched (`/prozessdaten/:role/create`). */
export const OPERATION_OF_WRITE_ROUTE: Readonly<Record<string, ProcessOperation>> = Object.fromEntries(
  (['create', 'update'] as const).flatMap((operation) =>
    BOOKING_ROUTES[operation].paths.map((path) => [path, operation]),
  ),
);

/**
 * A booking route as a role's document describes it: the role's body (its envelope class's schema, `envelope`) with
 * the examples, and on LF's update the MaloIdent answers (PI 03002/03003), which have a contract of their own.
 */
export function bookingRouteOf(
  operation: ProcessOperation,
  role: MarketRole,
  envelope: string,
  examples: readonly OpenApiExample[],
): RouteDescription {
  const route = BOOKING_ROUTES[operation];
  const maloIdent = operation === 'update' && role === 'LF';
  const body = {
    required: true,
    description: `A Prozessdaten ${operation === 'create' ? 'erstellen' : 'aktualisieren'} body of role ${role}.`,
    schema: ref(envelope),
    ...(examples.length
      ? {
          examples: Object.fromEntries(
            examples.map(({ name, summary, description, value }) => [name, { summary, description, value }]),
          ),
        }
      : {}),
  };
  if (!maloIdent) return { ...route, body };
  return {
    ...route,
    body,
    description:
      `${route.description} MaloIdent answers (Prüfidentifikator 03002/03003, also wrapped in \`data\`) come here too, with their own contract: ` +
      '`zusatzdaten` {`prozessId` (or `referenzProzessId`), `targetBusinessKey`}, 201 `MaloIdentReceipt` on success, 400 ' +
      '`MALO_IDENT.REFUSED` carrying `errorCode` and `message` on any refusal.',
    answers: {
      ...route.answers,
      201: {
        description:
          'A MaloIdent answer (PI 03002/03003) booked on the process of its `START_MALOIDENT` trigger, or kept in the write journal while the database is away.',
        schema: { oneOf: [ref('MaloIdentReceipt'), ref('JournaledMaloIdentReceipt')] },
      },
    },
    problems: [...route.problems, 'MALO_IDENT.REFUSED'],
  };
}
