import {
  cursorParameter,
  describeRoute,
  GUARDED_ROUTE_PROBLEMS,
  instantParameter,
  JSON_BODY_PROBLEMS,
  limitParameter,
  oneOfParameter,
  type OpenApiObject,
  schemaRef as ref,
  textParameter,
} from '@maco/platform';
import { QUARANTINE_TAG } from '../openapi/route-tags';
import type { RefusedOperation, RefusedState } from '../process-data-api';

// The quarantine's routes: what the booking routes refused, for operators to read, resubmit or dismiss.

export const DEFAULT_REFUSED_LIMIT = 50;
export const MAX_REFUSED_LIMIT = 200;
const REFUSED_STATES = ['open', 'resolved', 'dismissed'] as const satisfies readonly RefusedState[];
const REFUSED_OPERATIONS = ['create', 'update'] as const satisfies readonly RefusedOperation[];
const QUARANTINE_PROBLEMS = GUARDED_ROUTE_PROBLEMS;
const BODY_PROBLEMS = JSON_BODY_PROBLEMS;
const REFUSED_ID = { id: { description: "The refused write's id.", schema: { type: 'string', format: 'uuid' } } };
/** A dismissal's reason: the checker's schema and the documented one. */
export const DISMISSAL: OpenApiObject = {
  type: 'object',
  required: ['reason'],
  properties: {
    reason: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      pattern: '\\S',
      'x-invalid': 'a non-empty string of at most 2000 characters',
    },
  },
};

export const REFUSED_LIST_ROUTE = describeRoute({
  operationId: 'LESEN_ABGEWIESEN',
  method: 'GET',
  paths: ['/refused'],
  auth: 'role+operator',
  tag: QUARANTINE_TAG.name,
  summary: 'List refused writes, newest first',
  description:
    'Every write of createProcessData/updateProcessData refused after authentication, kept verbatim. Tokens with the service role or OPERATOR.',
  query: {
    state: oneOfParameter('Open, booked since (resolved) or dismissed.', REFUSED_STATES),
    code: textParameter(
      'The problem code it was answered with (a MaloIdent answer: its errorCode).',
      /^[A-Z_.]{1,64}$/,
      'a problem code such as REQUEST.VALIDATION_FAILED',
    ),
    pruefidentifikator: textParameter('Prüfidentifikator of the body.', /^\d{5}$/, 'a Prüfidentifikator (5 digits)'),
    operation: oneOfParameter('The write refused.', REFUSED_OPERATIONS),
    from: instantParameter('Received at or after (date-time with offset).'),
    to: instantParameter('Received before (date-time with offset).'),
    limit: limitParameter(DEFAULT_REFUSED_LIMIT, MAX_REFUSED_LIMIT),
    cursor: cursorParameter(['timestamp', 'uuid']),
  },
  answers: {
    200: {
      description: 'List refused writes, newest first',
      schema: {
        type: 'object',
        required: ['items', 'nextCursor'],
        properties: {
          items: { type: 'array', items: ref('RefusedSummary') },
          nextCursor: { type: 'string', nullable: true },
        },
      },
    },
  },
  problems: [...QUARANTINE_PROBLEMS, 'REFUSED.INVALID_PARAMETER'],
  errorsOf: (code) =>
    code === 'REFUSED.INVALID_PARAMETER'
      ? [{ pointer: '#/query/limit', message: `must be a whole number from 1 to ${MAX_REFUSED_LIMIT}` }]
      : undefined,
});

export const REFUSED_USAGE_ROUTE = describeRoute({
  operationId: 'LESEN_ABGEWIESEN_BELEGUNG',
  method: 'GET',
  paths: ['/refused/usage'],
  auth: 'role+operator',
  tag: QUARANTINE_TAG.name,
  summary: 'How much of its quota the quarantine holds',
  description:
    'The body bytes the role’s quarantine holds against `QUARANTINE_MAX_BYTES`, and its entries per state. At the quota the oldest resolved and dismissed entries are trimmed; open ones fill it, and a refused write that cannot be kept is answered 503.',
  answers: {
    200: {
      description: 'The quarantine’s usage',
      schema: {
        type: 'object',
        required: ['role', 'bytes', 'maxBytes', 'entries'],
        properties: {
          role: { type: 'string', example: 'LF' },
          bytes: { type: 'integer', example: 52_431 },
          maxBytes: { type: 'integer', example: 2_147_483_648 },
          entries: {
            type: 'object',
            required: ['open', 'resolved', 'dismissed'],
            properties: {
              open: { type: 'integer' },
              resolved: { type: 'integer' },
              dismissed: { type: 'integer' },
            },
          },
        },
      },
    },
  },
  problems: [...QUARANTINE_PROBLEMS],
});

export const REFUSED_ENTRY_ROUTE = describeRoute({
  operationId: 'LESEN_ABGEWIESEN_EINTRAG',
  method: 'GET',
  paths: ['/refused/:id'],
  auth: 'role+operator',
  tag: QUARANTINE_TAG.name,
  summary: 'Read one refused write',
  description: 'With the problem it was answered, the body (parsed, and as text) and how it ended.',
  pathParameters: REFUSED_ID,
  answers: { 200: { description: 'Read one refused write', schema: ref('RefusedDetail') } },
  problems: [...QUARANTINE_PROBLEMS, 'REFUSED.NOT_FOUND'],
});

export const REFUSED_RESUBMIT_ROUTE = describeRoute({
  operationId: 'ERNEUT_EINREICHEN',
  method: 'POST',
  paths: ['/refused/:id/resubmit'],
  auth: 'role',
  tag: QUARANTINE_TAG.name,
  summary: 'Book a refused write again through the normal path',
  description: 'Outcome booked (with the receipt) or refused (with the problem); twice books once. Service role only.',
  pathParameters: REFUSED_ID,
  answers: {
    200: {
      description: 'Book a refused write again through the normal path',
      schema: {
        type: 'object',
        required: ['entry'],
        properties: {
          outcome: { type: 'string', enum: ['booked', 'refused'] },
          receipt: ref('BookingReceipt'),
          problem: { type: 'object' },
          entry: ref('RefusedDetail'),
        },
      },
    },
  },
  problems: [...QUARANTINE_PROBLEMS, ...BODY_PROBLEMS, 'REFUSED.NOT_FOUND', 'REFUSED.DISMISSED'],
});

export const REFUSED_DISMISS_ROUTE = describeRoute({
  operationId: 'VERWERFEN',
  method: 'POST',
  paths: ['/refused/:id/dismiss'],
  auth: 'role',
  tag: QUARANTINE_TAG.name,
  summary: 'Dismiss a refused write with a reason',
  description: 'It stays kept, marked dismissed with the reason and who dismissed it. Service role only.',
  pathParameters: REFUSED_ID,
  body: { required: true, schema: DISMISSAL },
  answers: { 200: { description: 'Dismiss a refused write with a reason', schema: ref('RefusedDetail') } },
  problems: [
    ...QUARANTINE_PROBLEMS,
    ...BODY_PROBLEMS,
    'REFUSED.NOT_FOUND',
    'REFUSED.RESOLVED',
    'REQUEST.VALIDATION_FAILED',
  ],
  errorsOf: (code) =>
    code === 'REQUEST.VALIDATION_FAILED'
      ? [{ pointer: '#/reason', message: 'must be a non-empty string of at most 2000 characters' }]
      : undefined,
});
