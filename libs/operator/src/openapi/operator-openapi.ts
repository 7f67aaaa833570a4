import { MALO_ID_PATTERN } from '@maco/domain';
import { BEARER_SCHEME, problemResponses, schemaRef as ref, type OpenApiContext, type OpenApiContribution, type OpenApiObject } from '@maco/platform';
import { FINDING_BUCKETS } from '../findings/findings.repository';
import { PROCESS_STATUSES } from '../processes/process-list.repository';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/query-reader';
import { TRIGGER_STATUSES } from '../triggers/trigger-list.repository';

const TAG = 'Operator';
const READ_PROBLEMS = ['AUTH.UNAUTHENTICATED', 'AUTH.ROLE_NOT_PERMITTED', 'REQUEST.RATE_LIMITED', 'SERVER.INTERNAL', 'SERVER.UNAVAILABLE'];
const WHO = 'Bearer token with the service’s role or `OPERATOR`.';

const text = (description: string, extra: OpenApiObject = {}): OpenApiObject => ({ type: 'string', description, ...extra });
const nullable = (schema: OpenApiObject): OpenApiObject => ({ ...schema, nullable: true });
const dateTime = (description: string): OpenApiObject => text(description, { format: 'date-time' });
const query = (name: string, description: string, schema: OpenApiObject = { type: 'string' }): OpenApiObject => ({ name, in: 'query', required: false, description, schema });

const LIMIT = query('limit', `Rows per page, 1 to ${MAX_LIMIT}.`, { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT });
const CURSOR = query('cursor', 'The `nextCursor` of the previous page (opaque).');
const RELEASE = query('release', 'Release, `04/26` or `FV2604`.');
const PI = query('pruefidentifikator', 'Prüfidentifikator.', { type: 'string', pattern: '^\\d{5}$' });

const page = (item: string): OpenApiObject => ({
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: { items: { type: 'array', items: ref(item) }, nextCursor: nullable(text('Where the next page starts; null on the last page.')) },
});

const SCHEMAS: Record<string, OpenApiObject> = {
  Operator_Session: {
    type: 'object',
    required: ['role', 'subject', 'canWrite', 'operator'],
    properties: {
      role: text('The role this service books for.', { enum: ['LF', 'NB', 'MSB'] }),
      subject: nullable(text('The token’s `sub`.')),
      canWrite: { type: 'boolean', description: 'The token has the service’s role: it may book and send triggers.' },
      operator: { type: 'boolean', description: 'The token carries `OPERATOR`.' },
    },
  },
  Operator_ProcessSummary: {
    type: 'object',
    required: ['businessKey', 'status', 'pruefidentifikator', 'release', 'revisionCount', 'findingCount', 'findingCodes', 'marktlokationsIds', 'createdAt', 'updatedAt'],
    properties: {
      businessKey: text('The process’s business key.'),
      status: nullable(text('Delivery state of a trigger process; null for others.', { enum: PROCESS_STATUSES })),
      pruefidentifikator: nullable(text('Prüfidentifikator of its create.')),
      release: text('Release of the latest revision.'),
      revisionCount: { type: 'integer' },
      findingCount: { type: 'integer', description: 'Findings of the latest revision.' },
      findingCodes: { type: 'array', items: { type: 'string' }, description: 'Their distinct codes, sorted.' },
      marktlokationsIds: { type: 'array', items: { type: 'string' } },
      createdAt: dateTime('When it was booked.'),
      updatedAt: dateTime('When it last changed.'),
    },
  },
  Operator_TriggerDelivery: {
    type: 'object',
    properties: {
      prozessId: nullable(text('Our prozessId of the trigger.')),
      businessKey: nullable(text('The middleware’s business key, once it took the trigger.')),
      eventname: text('The event.'),
      status: text('Delivery state.', { enum: ['pending', 'failed', 'sent'] }),
      attempts: { type: 'integer' },
      nextAttemptAt: nullable(dateTime('When it is tried next (pending only).')),
      lastError: nullable(text('Why the last attempt failed.')),
      errorCode: nullable(text('The middleware’s error code (EVENT_FAIL).')),
      errorMessage: nullable(text('The middleware’s error message.')),
      createdAt: dateTime('When it was booked.'),
      deliveredAt: nullable(dateTime('When the middleware took it.')),
      failedAt: nullable(dateTime('When it was given up.')),
    },
  },
  Operator_TriggerEvents: {
    type: 'object',
    required: ['release', 'events'],
    properties: {
      release: text('The release of the catalogue.'),
      events: {
        type: 'array',
        items: {
          type: 'object',
          required: ['eventname', 'pruefidentifikatoren', 'required'],
          properties: {
            eventname: text('The event.'),
            pruefidentifikatoren: { type: 'array', items: { type: 'string' } },
            required: { type: 'array', items: { type: 'string' }, description: 'Dotted paths of required body fields; `*` stands for every array element.' },
          },
        },
      },
    },
  },
  Operator_FindingSummary: {
    type: 'object',
    required: ['from', 'to', 'bucket', 'rows'],
    properties: {
      from: dateTime('Start (inclusive).'),
      to: dateTime('End (exclusive).'),
      bucket: text('Bucket size (UTC).', { enum: FINDING_BUCKETS }),
      rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            bucketStart: dateTime('Start of the UTC bucket.'),
            pruefidentifikator: nullable(text('Prüfidentifikator of the revision.')),
            release: text('Release of the revision.'),
            code: text('Finding code.'),
            count: { type: 'integer' },
          },
        },
      },
    },
  },
  Operator_Finding: {
    type: 'object',
    properties: {
      businessKey: text('The process.'),
      revision: { type: 'integer' },
      receivedAt: dateTime('When the revision was received.'),
      pruefidentifikator: nullable(text('Prüfidentifikator of the revision.')),
      release: text('Release of the revision.'),
      code: text('Finding code.'),
      pointer: text('JSON Pointer into the revision’s body.'),
      message: text('What was found.'),
    },
  },
};

function read(
  context: OpenApiContext,
  path: string,
  operation: { operationId: string; summary: string; description: string; parameters: OpenApiObject[]; schema: string; paged?: boolean },
): OpenApiObject {
  const parameters = [...operation.parameters, ...(operation.paged ? [LIMIT, CURSOR] : [])];
  const problems = parameters.length > 0 ? ['OPERATOR.INVALID_PARAMETER', ...READ_PROBLEMS] : READ_PROBLEMS;
  return {
    get: {
      tags: [TAG],
      operationId: operation.operationId,
      summary: operation.summary,
      description: `${operation.description} ${WHO}`,
      security: [{ [BEARER_SCHEME]: [] }],
      parameters: [...parameters, { $ref: '#/components/parameters/requestId' }],
      responses: {
        200: { description: operation.summary, headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } }, content: { 'application/json': { schema: ref(operation.schema) } } },
        ...problemResponses(problems, context, {
          instance: path,
          errorsOf: (code) => (code === 'OPERATOR.INVALID_PARAMETER' ? [{ pointer: '#/limit', message: `must be a whole number from 1 to ${MAX_LIMIT}` }] : undefined),
        }),
      },
    },
  };
}

/** The group's part of every role's OpenAPI document. Pure: no app, no database. */
export function operatorOpenApi(): OpenApiContribution {
  return (context) => ({
    title: 'Operator',
    description: 'The operator console reads processes, trigger deliveries and AHB findings (tokens with the role or `OPERATOR`).',
    tags: [{ name: TAG, description: 'Reads of the operator console.' }],
    paths: {
      '/operator/session': read(context, '/operator/session', {
        operationId: 'OPERATOR_SESSION',
        summary: 'The caller’s session',
        description: 'The service’s role, the token’s subject, whether it may write and whether it carries OPERATOR.',
        parameters: [],
        schema: 'Operator_Session',
      }),
      '/processes': read(context, '/processes', {
        operationId: 'OPERATOR_PROCESS_LIST',
        summary: 'Process list',
        description: 'Booked processes, newest first (creation time, then business key, descending), filtered; keyset pages.',
        parameters: [
          query('key', 'Any key the process carries (business key, prozessId, sub-process key), exact.'),
          query('maloId', 'A MaLo-ID of the process, exact.', { type: 'string', pattern: MALO_ID_PATTERN.source }),
          PI,
          query('release', 'Release of the latest revision, `04/26` or `FV2604`.'),
          query('status', 'Delivery state of trigger processes.', { type: 'string', enum: PROCESS_STATUSES }),
          query('findings', '`any`: the latest revision has a finding; else a finding code it has.'),
          query('from', 'Created at or after (date-time with offset).', { type: 'string', format: 'date-time' }),
          query('to', 'Created before (date-time with offset).', { type: 'string', format: 'date-time' }),
        ],
        schema: 'Operator_ProcessPage',
        paged: true,
      }),
      '/triggers': read(context, '/triggers', {
        operationId: 'OPERATOR_TRIGGER_LIST',
        summary: 'Trigger deliveries',
        description: 'The trigger outbox, newest first.',
        parameters: [query('status', 'Delivery state (default pending).', { type: 'string', enum: TRIGGER_STATUSES, default: 'pending' })],
        schema: 'Operator_TriggerPage',
        paged: true,
      }),
      '/triggers/events': read(context, '/triggers/events', {
        operationId: 'OPERATOR_TRIGGER_EVENTS',
        summary: 'Trigger event catalogue',
        description: 'The events this role can send in the release (default: the one in force now), with their PIs and required fields.',
        parameters: [RELEASE],
        schema: 'Operator_TriggerEvents',
      }),
      '/findings/summary': read(context, '/findings/summary', {
        operationId: 'OPERATOR_FINDING_SUMMARY',
        summary: 'Finding counts',
        description: 'Findings of revisions received in [from, to) (default: the last 30 days), per UTC bucket, PI, release and code.',
        parameters: [
          query('from', 'Start, inclusive (date-time with offset).', { type: 'string', format: 'date-time' }),
          query('to', 'End, exclusive (default now).', { type: 'string', format: 'date-time' }),
          query('bucket', 'Bucket size.', { type: 'string', enum: FINDING_BUCKETS, default: 'day' }),
        ],
        schema: 'Operator_FindingSummary',
      }),
      '/findings': read(context, '/findings', {
        operationId: 'OPERATOR_FINDING_LIST',
        summary: 'Findings',
        description: 'The findings behind a count, newest revision first.',
        parameters: [
          query('code', 'Finding code.'),
          PI,
          RELEASE,
          query('from', 'Received at or after.', { type: 'string', format: 'date-time' }),
          query('to', 'Received before.', { type: 'string', format: 'date-time' }),
        ],
        schema: 'Operator_FindingPage',
        paged: true,
      }),
    },
    components: {
      schemas: {
        ...SCHEMAS,
        Operator_ProcessPage: page('Operator_ProcessSummary'),
        Operator_TriggerPage: page('Operator_TriggerDelivery'),
        Operator_FindingPage: page('Operator_Finding'),
      },
    },
  });
}
