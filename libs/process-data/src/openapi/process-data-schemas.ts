import { FINDING_CODES } from '@maco/ahb';
import { IDENTIFIER_CHECKS, RELEASES } from '@maco/domain';
import { type OpenApiObject, schemaRef as ref } from '@maco/platform';

const text = { type: 'string' };
const nullableText = { type: 'string', nullable: true };
const dateTime = { type: 'string', format: 'date-time' };

const BOOKING_RECEIPT = {
  type: 'object',
  required: ['businessKey', 'revision', 'replayed', 'release', 'findings'],
  properties: {
    businessKey: {
      type: 'string',
      description: 'The process key: the one sent, or the UUID derived for a keyless create.',
    },
    revision: { type: 'integer', minimum: 1, description: 'The revision the request is stored as (1 for a create).' },
    replayed: {
      type: 'boolean',
      description: 'True when the same request was already booked; nothing new was stored.',
    },
    processBusinessKey: {
      type: 'string',
      description: 'Updates: the business key of the process the request was booked on.',
    },
    matchedBy: {
      type: 'string',
      enum: ['businessKey', 'targetBusinessKey', 'parentBusinessKey', 'prozessId'],
      description: 'Updates: the key that found the process.',
    },
    release: {
      type: 'string',
      enum: RELEASES.map((release) => release.name),
      description: 'The release the body was validated against.',
    },
    findings: { type: 'array', items: ref('Finding') },
  },
};

const JOURNALED_RECEIPT = {
  type: 'object',
  description:
    'The database could not take the write: it is kept in the instance’s write journal on disk and will be booked ' +
    'once the database is back (its revision’s request id `journal:<entry>@<received at>`).',
  required: ['journaled', 'businessKey', 'release', 'findings'],
  properties: {
    journaled: { type: 'boolean', enum: [true] },
    businessKey: {
      type: 'string',
      description: 'The key it will be booked under: the one sent, or the UUID derived for a keyless create.',
    },
    release: BOOKING_RECEIPT.properties.release,
    findings: { type: 'array', items: ref('Finding') },
  },
};

/** The answers of the group's routes besides the request bodies (those come from the domain classes), by component name. */
export const PROCESS_DATA_SCHEMAS: Record<string, OpenApiObject> = {
  BookingReceipt: BOOKING_RECEIPT,
  JournaledReceipt: JOURNALED_RECEIPT,
  Finding: {
    type: 'object',
    description: "What the AHB check of the release, the identifier checks and (report mode) the domain's types found.",
    required: ['code', 'pointer', 'message'],
    properties: {
      code: { type: 'string', enum: [...FINDING_CODES] },
      pointer: { type: 'string', description: 'JSON Pointer (URI fragment form) into the request body.' },
      message: { type: 'string' },
      check: {
        type: 'string',
        description:
          'invalid-identifier: the failed check (format or check digit of MaLo, NeLo, TR, SR, MeLo, MP-ID, EIC).',
        enum: [...IDENTIFIER_CHECKS],
      },
      binding: {
        type: 'boolean',
        enum: [true],
        description:
          "invalid-identifier: the PI's AHB makes the failed format condition binding here (strict mode refuses).",
      },
      condition: { type: 'string', description: 'condition-violated: the AHB condition the value fails, e.g. [UB1].' },
      expected: {
        type: 'string',
        description:
          'invalid-value: what the value should be (a string, an RFC 3339 date-time, …); it was booked as sent.',
      },
      got: {
        type: 'string',
        description:
          'invalid-value: the JSON kind the value has (string, number, boolean, object, array, null, nothing).',
      },
    },
  },
  ProcessView: {
    type: 'object',
    required: ['businessKey', 'role', 'keys', 'revisions', 'current'],
    properties: {
      businessKey: { type: 'string' },
      role: { type: 'string', enum: ['LF', 'NB', 'MSB'] },
      status: {
        type: 'string',
        nullable: true,
        enum: ['pending', 'sent', 'failed'],
        description: 'Processes started by a trigger: the delivery state.',
      },
      pruefidentifikator: nullableText,
      targetBusinessKey: nullableText,
      keys: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            key: { type: 'string' },
            kind: { type: 'string', enum: ['businessKey', 'prozessId', 'subProcessBusinessKey', 'triggerBusinessKey'] },
            firstRevision: { type: 'integer' },
          },
        },
      },
      linkedProcesses: {
        type: 'array',
        items: { type: 'string' },
        description: "Processes whose targetBusinessKey is one of this process's keys.",
      },
      revisions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            revision: { type: 'integer' },
            operation: { type: 'string', enum: ['create', 'update', 'trigger'] },
            pruefidentifikator: nullableText,
            release: { type: 'string' },
            receivedAt: dateTime,
            tokenSubject: nullableText,
            requestId: nullableText,
            matchedBy: nullableText,
            findings: { type: 'array', items: ref('Finding') },
            dialect: {
              type: 'string',
              enum: ['de', 'en'],
              description: "The BO4E dialect the body came in: German (`de`) or the vendor's English (`en`).",
            },
            body: { type: 'object', description: 'With `bodies=true`: the body as received (in its dialect).' },
          },
        },
      },
      deadlines: {
        type: 'array',
        description:
          'The answer deadlines the process owes the market, soonest first: open until an answer PI of the rule is ' +
          'booked on the process or another of its chain (a sub-process created with its key as `targetBusinessKey`, ' +
          'a trigger sent with it, once the middleware accepted it); met when it was transmitted by `due`, missed ' +
          'when `due` passed without one.',
        items: {
          type: 'object',
          required: ['rule', 'description', 'due', 'state', 'requestRevision'],
          properties: {
            rule: text,
            description: text,
            due: dateTime,
            state: { type: 'string', enum: ['open', 'met', 'missed'] },
            requestRevision: { type: 'integer' },
            requestReferences: {
              type: 'array',
              items: text,
              description:
                'The numbers the request is known by (its `vorgangsnummer`, `dokumentennummer`); an answer that ' +
                'refers to one of them (`anfragereferenznummer`, `auftragsReferenz`) meets this deadline only. ' +
                'Absent: none.',
            },
            answeredBy: {
              type: 'object',
              required: ['pruefidentifikator', 'revision', 'at'],
              properties: {
                pruefidentifikator: text,
                revision: { type: 'integer', description: 'The revision of the answering process.' },
                at: dateTime,
                businessKey: { ...text, description: 'The answering process, when it is another of the chain.' },
              },
            },
          },
        },
      },
      current: { type: 'object', description: 'The booked state after all revisions.' },
      createdAt: dateTime,
      updatedAt: dateTime,
    },
  },
  RefusedSummary: {
    type: 'object',
    required: ['id', 'role', 'operation', 'path', 'status', 'code', 'receivedAt', 'state', 'bodySize'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      role: text,
      operation: { type: 'string', enum: ['create', 'update'] },
      path: text,
      status: { type: 'integer' },
      code: text,
      detail: text,
      pruefidentifikator: nullableText,
      receivedAt: dateTime,
      state: { type: 'string', enum: ['open', 'resolved', 'dismissed'] },
      requestId: nullableText,
      tokenSubject: nullableText,
      contentType: nullableText,
      bodySize: { type: 'integer' },
    },
  },
  RefusedDetail: {
    allOf: [
      ref('RefusedSummary'),
      {
        type: 'object',
        properties: {
          command: nullableText,
          problem: { type: 'object', description: 'The problem-details body it was answered with.' },
          body: { description: 'The body parsed as JSON; null when it does not parse.', nullable: true },
          bodyText: { type: 'string', description: 'The bytes as received, as UTF-8 text.' },
          resolvedAt: { ...dateTime, nullable: true },
          resolvedBy: { type: 'string', enum: ['resubmit', 'automatic'], nullable: true },
          resolvedBusinessKey: nullableText,
          resolvedRevision: { type: 'integer', nullable: true },
          dismissedAt: { ...dateTime, nullable: true },
          dismissedReason: nullableText,
          dismissedBy: nullableText,
        },
      },
    ],
  },
};

/** LF's receipt of a MaloIdent answer (201): the booking receipt with the message the MaloIdent group's contract expects. */
export const MALO_IDENT_RECEIPT: OpenApiObject = {
  ...BOOKING_RECEIPT,
  required: ['message', ...BOOKING_RECEIPT.required],
  properties: { message: { type: 'string', example: 'MaloIdent answer booked' }, ...BOOKING_RECEIPT.properties },
};

/** A MaloIdent answer kept in the write journal (201, as its contract wants). */
export const JOURNALED_MALO_IDENT_RECEIPT: OpenApiObject = {
  ...JOURNALED_RECEIPT,
  required: ['message', ...JOURNALED_RECEIPT.required],
  properties: { message: { type: 'string', example: 'MaloIdent answer booked' }, ...JOURNALED_RECEIPT.properties },
};
