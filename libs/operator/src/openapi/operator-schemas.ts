import { type OpenApiObject, schemaRef as ref } from '@maco/platform';
import { BOOKING_BUCKETS } from '../bookings/bookings.repository';
import { DEADLINE_STATES } from '../deadlines/deadline-list.repository';
import { DEADLINE_RULE_IDS } from '../deadlines/deadline-list-route';
import { FINDING_BUCKETS } from '../findings/findings.repository';
import { PROCESS_STATUSES } from '../processes/process-list.repository';

const text = (description: string, extra: OpenApiObject = {}): OpenApiObject => ({
  type: 'string',
  description,
  ...extra,
});
const nullable = (schema: OpenApiObject): OpenApiObject => ({ ...schema, nullable: true });
const dateTime = (description: string): OpenApiObject => text(description, { format: 'date-time' });

const page = (item: string): OpenApiObject => ({
  type: 'object',
  required: ['items', 'nextCursor'],
  properties: {
    items: { type: 'array', items: ref(item) },
    nextCursor: nullable(text('Where the next page starts; null on the last page.')),
  },
});

/** The answers of the console's reads, by component name. */
export const OPERATOR_SCHEMAS: Record<string, OpenApiObject> = {
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
    required: [
      'businessKey',
      'status',
      'pruefidentifikator',
      'release',
      'revisionCount',
      'findingCount',
      'findingCodes',
      'marktlokationsIds',
      'createdAt',
      'updatedAt',
    ],
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
            required: {
              type: 'array',
              items: { type: 'string' },
              description: 'Dotted paths of required body fields; `*` stands for every array element.',
            },
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
  Operator_BookingSummary: {
    type: 'object',
    required: ['from', 'to', 'bucket', 'rows'],
    properties: {
      from: dateTime('Start (inclusive).'),
      to: dateTime('End (exclusive).'),
      bucket: text('Bucket size (UTC).', { enum: BOOKING_BUCKETS }),
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['bucketStart', 'pruefidentifikator', 'count'],
          properties: {
            bucketStart: dateTime('Start of the UTC bucket.'),
            pruefidentifikator: nullable(text('Prüfidentifikator of the revisions.')),
            count: { type: 'integer', description: 'Revisions received in the bucket.' },
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
  Operator_Deadline: {
    type: 'object',
    required: ['businessKey', 'rule', 'description', 'due', 'state', 'pruefidentifikator', 'requestRevision'],
    properties: {
      businessKey: text('The process.'),
      rule: text('The deadline rule.', { example: DEADLINE_RULE_IDS[0] }),
      description: nullable(text('What the rule asks, by when; null for a rule no longer defined.')),
      due: dateTime('When the answer is due.'),
      state: text('State as read: an open deadline past its due is missed.', { enum: DEADLINE_STATES }),
      pruefidentifikator: nullable(text('Prüfidentifikator of the process.')),
      requestRevision: { type: 'integer', description: 'The revision whose request started the deadline.' },
      requestReferences: {
        type: 'array',
        items: text('A number of the request.'),
        description:
          'The numbers the request is known by (its `vorgangsnummer`, `dokumentennummer`); an answer that refers to ' +
          'one of them (`anfragereferenznummer`, `auftragsReferenz`) meets this deadline only. Absent: none.',
      },
      answeredBy: {
        type: 'object',
        description:
          'The answer booked on the process or another of its chain (a sub-process created with its key as ' +
          '`targetBusinessKey`, a trigger sent with it, once the middleware accepted it); absent while none was.',
        required: ['pruefidentifikator', 'revision', 'at'],
        properties: {
          pruefidentifikator: text('Prüfidentifikator of the answer.'),
          revision: { type: 'integer', description: 'The revision of the answering process.' },
          at: dateTime('When the answer was transmitted.'),
          businessKey: text('The answering process, when it is another of the chain.'),
        },
      },
    },
  },
  Operator_ProcessPage: page('Operator_ProcessSummary'),
  Operator_TriggerPage: page('Operator_TriggerDelivery'),
  Operator_FindingPage: page('Operator_Finding'),
  Operator_DeadlinePage: page('Operator_Deadline'),
};
