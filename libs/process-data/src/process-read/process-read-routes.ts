import { describeRoute, oneOfParameter, schemaRef as ref } from '@maco/platform';
import { PROZESSDATEN_TAG } from '../openapi/route-tags';

/** `GET /processes/{key}`: operators read a process by any key it has carried. */
export const PROCESS_READ_ROUTE = describeRoute({
  operationId: 'LESEN_PROZESS',
  method: 'GET',
  paths: ['/processes/:key'],
  auth: 'role+operator',
  tag: PROZESSDATEN_TAG.name,
  summary: 'Read a process by any key it has carried',
  description:
    'The process (business key, status, every key with the revision it was first seen in, linked processes), its ' +
    'revisions (who, when, Prüfidentifikator, release, the key that matched, findings, the BO4E dialect its body came ' +
    'in) and its current state, in the dialect of `MACO_DIALECT` (`en`: `masterData`, `transactionData`, ' +
    "`additionalData`; stored in German either way). `bodies=true` adds each revision's body as received.",
  pathParameters: {
    key: {
      description: "Any key of the process: business key, prozessId, a sub-process's or the trigger's business key.",
      schema: { type: 'string' },
    },
  },
  query: {
    bodies: {
      ...oneOfParameter('`true`: each revision with its body as received.', ['true', 'false']),
      expected: 'true or false',
    },
  },
  answers: { 200: { description: 'The process.', schema: ref('ProcessView') } },
  problems: [
    'AUTH.UNAUTHENTICATED',
    'AUTH.ROLE_NOT_PERMITTED',
    'PROCESS_DATA.PROCESS_NOT_FOUND',
    'PROCESS_DATA.KEYS_AMBIGUOUS',
    'REQUEST.VALIDATION_FAILED',
    'REQUEST.RATE_LIMITED',
    'SERVER.INTERNAL',
    'SERVER.UNAVAILABLE',
  ],
  statusText: { 409: 'The key names more than one process.' },
  errorsOf: (code) =>
    code === 'REQUEST.VALIDATION_FAILED' ? [{ pointer: '#/bodies', message: 'must be true or false' }] : undefined,
});
