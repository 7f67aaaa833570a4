import type { OpenAPIObject } from '@nestjs/swagger';
import { FINDING_CODES, IDENTIFIER_CHECKS, RELEASES, type MarketRole, type ProcessOperation } from '@maco/domain';
import {
  BEARER_SCHEME,
  buildServiceOpenApi,
  problemResponses,
  renderServiceOpenApi,
  schemaRef as ref,
  serviceProblems,
  type OpenApiContext,
  type OpenApiContribution,
  type OpenApiObject as JsonSchema,
  type ServiceDefinition,
} from '@maco/platform';
import { COMMAND_OF } from '../process-data.service';
import { PROCESS_DATA_PROBLEMS } from '../process-data.problems';
import { envelopeSchemas } from './envelope-schemas';
import { refusedPaths, refusedSchemas } from './refused-openapi';
import { WRITE_PATHS } from '../http/write-paths';
import { OPENAPI_EXAMPLES } from './openapi-examples.generated';
import type { OpenApiExample, OpenApiExamples } from './openapi-examples';

const PATH_OF: Record<ProcessOperation, string> = { create: '/createProcessData', update: '/updateProcessData' };

/** The problem codes each operation can answer, by status; 401/403 come from the bearer guard, 400/413/415 from Fastify. */
const OPERATION_PROBLEMS: Record<ProcessOperation, string[]> = {
  create: [
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
  update: [
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
};


/** What a status means on the booking routes, where it says more than platform's general text. */
const STATUS_TEXT: Record<number, string> = {
  409: 'The business key is already booked for this role with a different body (create), or the request\'s keys name two processes (update).',
  422: 'The request is well-formed JSON but cannot be booked; `code` says why, `errors[]` names the fields.',
  503: 'The database is unreachable: nothing was written, retry later.',
};

/**
 * The group's part of a role's OpenAPI document: both Prozessdaten operations with the role's request body schemas
 * (from the class-validator metadata of `@maco/domain`), the receipt and the findings, with `examples` as request
 * examples. Pure: no app, no database, no file access.
 */
export function processDataOpenApi(examples: OpenApiExamples): OpenApiContribution {
  return (context) => {
    const { role } = context;
    const { bodies, schemas } = envelopeSchemas(role);
    const paths: Record<string, JsonSchema> = {};
    for (const operation of ['create', 'update'] as const) {
      paths[PATH_OF[operation]] = { post: processDataOperation(context, operation, bodies[operation], examples[role][operation] ?? []) };
    }
    paths['/processes/{key}'] = { get: processReadOperation(context) };
    Object.assign(paths, refusedPaths(context));
    return {
      title: 'Prozessdaten',
      description:
        'MACO APP books market processes here. Bodies are validated against the schemas below; members they do not declare are accepted and stored verbatim.',
      tags: [
        { name: 'Prozessdaten', description: 'Book and update market processes.' },
        { name: 'Quarantine', description: 'What the write routes refused: kept, re-resolved, resubmitted or dismissed.' },
      ],
      paths,
      components: {
        parameters: {
          command: {
            name: 'command',
            in: 'query',
            required: false,
            description:
              'The MaCo operationId, optionally with a system prefix (`SAP_ERSTELLEN_PROZESSDATEN`). Optional; when sent it must name ' +
              'the operation of the path (else 422 `REQUEST.COMMAND_MISMATCH`).',
            schema: { type: 'string', pattern: `^([A-Z0-9]+_)?(${Object.values(COMMAND_OF).join('|')})$`, example: COMMAND_OF.create },
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
        },
        schemas: {
          ...schemas,
          BookingReceipt: bookingReceiptSchema(),
          ...(role === 'LF' ? { MaloIdentReceipt: maloIdentReceiptSchema() } : {}),
          Finding: findingSchema(),
          ProcessView: processViewSchema(),
          ...refusedSchemas(),
        },
      },
    };
  };
}

/** A service of `role` that offers this group alone: what the group's own tests document. */
const processDataOnly = (role: MarketRole, examples: OpenApiExamples): ServiceDefinition => ({
  role,
  groups: [{ name: 'process-data', module: class ProcessDataOnly {}, problems: PROCESS_DATA_PROBLEMS, openApi: processDataOpenApi(examples) }],
});

/** The OpenAPI document of a service of `role` that offers the Prozessdaten group alone. */
export function buildOpenApiDocument(role: MarketRole, examples: OpenApiExamples = OPENAPI_EXAMPLES): OpenAPIObject {
  const definition = processDataOnly(role, examples);
  return buildServiceOpenApi(definition, serviceProblems(definition));
}

/** {@link buildOpenApiDocument}, rendered as committed. */
export function renderOpenApiDocument(role: MarketRole, examples: OpenApiExamples = OPENAPI_EXAMPLES): string {
  const definition = processDataOnly(role, examples);
  return renderServiceOpenApi(definition, serviceProblems(definition));
}

function processDataOperation(context: OpenApiContext, operation: ProcessOperation, bodySchema: string, examples: OpenApiExample[]) {
  const { role } = context;
  const create = operation === 'create';
  return {
    tags: ['Prozessdaten'],
    operationId: COMMAND_OF[operation],
    summary: create ? 'Book a new process' : 'Update a booked process',
    description: create
      ? 'Books a new process keyed by `zusatzdaten.businessKey` (unique per role; derived from role and body when absent). ' +
        'The same key with the same body again is a replay (200, `replayed: true`); with another body it is 409.'
      : 'Finds the process by any key its chain has carried, in this order: `zusatzdaten.businessKey`, `targetBusinessKey`, ' +
        '`parentBusinessKey`, `prozessId` (or `referenzProzessId`); an unknown `businessKey` becomes a key of the process found. ' +
        'Keys naming two processes: 409, nothing booked; none known: 422. Merges `stammdaten` into the state, replaces ' +
        '`transaktionsdaten` and appends a revision. An update already applied (same body) is a replay: 200, nothing booked.' +
        (role === 'LF'
          ? ' MaloIdent answers (Prüfidentifikator 03002/03003, also wrapped in `data`) come here too, with their own contract: ' +
            '`zusatzdaten` {`prozessId` (or `referenzProzessId`), `targetBusinessKey`}, 201 `MaloIdentReceipt` on success, 400 ' +
            '`MALO_IDENT.REFUSED` carrying `errorCode` and `message` on any refusal.'
          : '') +
        ` Also served as ${WRITE_PATHS[operation].slice(1).map((path) => `\`/${path.replace(':role', role.toLowerCase())}\``).join(' and ')} (the names the vendor's documents give it).` +
        ' A refusal after authentication is kept in the quarantine (`/refused`).',
    security: [{ [BEARER_SCHEME]: [] }],
    parameters: [{ $ref: '#/components/parameters/command' }, { $ref: '#/components/parameters/formatVersion' }, { $ref: '#/components/parameters/requestId' }],
    requestBody: {
      required: true,
      description: `A Prozessdaten ${create ? 'erstellen' : 'aktualisieren'} body of role ${role}.`,
      content: {
        'application/json': {
          schema: ref(bodySchema),
          ...(examples.length ? { examples: Object.fromEntries(examples.map(({ name, summary, description, value }) => [name, { summary, description, value }])) } : {}),
        },
      },
    },
    responses: {
      200: {
        description: 'Booked (or recognised as a replay).',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
        content: { 'application/json': { schema: ref('BookingReceipt') } },
      },
      ...(!create && role === 'LF'
        ? {
            201: {
              description: 'A MaloIdent answer (PI 03002/03003) booked on the process of its `START_MALOIDENT` trigger.',
              headers: { 'X-Request-Id': { $ref: '#/components/headers/requestId' } },
              content: { 'application/json': { schema: ref('MaloIdentReceipt') } },
            },
          }
        : {}),
      ...problemResponses(!create && role === 'LF' ? [...OPERATION_PROBLEMS[operation], 'MALO_IDENT.REFUSED'] : OPERATION_PROBLEMS[operation], context, {
        statusText: STATUS_TEXT,
        instance: PATH_OF[operation],
        errorsOf,
      }),
    },
  };
}

/** The `errors[]` of a problem example, for the codes that carry them. */
function errorsOf(code: string) {
  if (code === 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN') return [{ pointer: '#/zusatzdaten/businessKey', message: 'no process with this business key exists' }];
  if (code === 'REQUEST.VALIDATION_FAILED' || code === 'PROCESS_DATA.MANDATORY_FIELDS_MISSING') {
    return [{ pointer: '#/stammdaten/BILANZIERUNG/0/jahresverbrauchsprognose/wert', message: 'must be a number' }];
  }
  return undefined;
}

function findingSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'What the AHB check of the release, the identifier checks and (report mode) the domain\'s types found.',
    required: ['code', 'pointer', 'message'],
    properties: {
      code: { type: 'string', enum: [...FINDING_CODES] },
      pointer: { type: 'string', description: 'JSON Pointer (URI fragment form) into the request body.' },
      message: { type: 'string' },
      check: {
        type: 'string',
        description: 'invalid-identifier: the failed check (format or check digit of MaLo, NeLo, TR, SR, MeLo, MP-ID, EIC).',
        enum: [...IDENTIFIER_CHECKS],
      },
      binding: {
        type: 'boolean',
        enum: [true],
        description: 'invalid-identifier: the PI\'s AHB makes the failed format condition binding here (strict mode refuses).',
      },
      condition: { type: 'string', description: 'condition-violated: the AHB condition the value fails, e.g. [UB1].' },
      expected: { type: 'string', description: 'invalid-value: what the value should be (a string, an RFC 3339 date-time, …); it was booked as sent.' },
      got: { type: 'string', description: 'invalid-value: the JSON kind the value has (string, number, boolean, object, array, null, nothing).' },
    },
  };
}

function bookingReceiptSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['businessKey', 'revision', 'replayed', 'release', 'findings'],
    properties: {
      businessKey: { type: 'string', description: 'The process key: the one sent, or the UUID derived for a keyless create.' },
      revision: { type: 'integer', minimum: 1, description: 'The revision the request is stored as (1 for a create).' },
      replayed: { type: 'boolean', description: 'True when the same request was already booked; nothing new was stored.' },
      processBusinessKey: { type: 'string', description: 'Updates: the business key of the process the request was booked on.' },
      matchedBy: { type: 'string', enum: ['businessKey', 'targetBusinessKey', 'parentBusinessKey', 'prozessId'], description: 'Updates: the key that found the process.' },
      release: { type: 'string', enum: RELEASES.map((release) => release.name), description: 'The release the body was validated against.' },
      findings: { type: 'array', items: ref('Finding') },
    },
  };
}

function maloIdentReceiptSchema(): JsonSchema {
  const receipt = bookingReceiptSchema();
  return {
    ...receipt,
    required: ['message', ...(receipt['required'] as string[])],
    properties: { message: { type: 'string', example: 'MaloIdent answer booked' }, ...(receipt['properties'] as object) },
  };
}

function processReadOperation(context: OpenApiContext) {
  return {
    tags: ['Prozessdaten'],
    operationId: 'LESEN_PROZESS',
    summary: 'Read a process by any key it has carried',
    description:
      'The process (business key, status, every key with the revision it was first seen in, linked processes), its ' +
      'revisions (who, when, Prüfidentifikator, release, the key that matched, findings) and its current state. ' +
      '`bodies=true` adds each revision\'s body as received.',
    security: [{ [BEARER_SCHEME]: [] }],
    parameters: [
      { name: 'key', in: 'path', required: true, description: 'Any key of the process: business key, prozessId, a sub-process\'s or the trigger\'s business key.', schema: { type: 'string' } },
      { name: 'bodies', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } },
      { $ref: '#/components/parameters/requestId' },
    ],
    responses: {
      200: { description: 'The process.', content: { 'application/json': { schema: ref('ProcessView') } } },
      ...problemResponses(
        ['AUTH.UNAUTHENTICATED', 'AUTH.ROLE_NOT_PERMITTED', 'PROCESS_DATA.PROCESS_NOT_FOUND', 'PROCESS_DATA.KEYS_AMBIGUOUS', 'REQUEST.VALIDATION_FAILED', 'SERVER.UNAVAILABLE'],
        context,
        { instance: '/processes/5d97c84f-0000-4000-8000-000000000000', statusText: { 409: 'The key names more than one process.' } },
      ),
    },
  };
}

function processViewSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['businessKey', 'role', 'keys', 'revisions', 'current'],
    properties: {
      businessKey: { type: 'string' },
      role: { type: 'string', enum: ['LF', 'NB', 'MSB'] },
      status: { type: 'string', nullable: true, enum: ['pending', 'sent', 'failed'], description: 'Processes started by a trigger: the delivery state.' },
      pruefidentifikator: { type: 'string', nullable: true },
      targetBusinessKey: { type: 'string', nullable: true },
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
      linkedProcesses: { type: 'array', items: { type: 'string' }, description: 'Processes whose targetBusinessKey is one of this process\'s keys.' },
      revisions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            revision: { type: 'integer' },
            operation: { type: 'string', enum: ['create', 'update', 'trigger'] },
            pruefidentifikator: { type: 'string', nullable: true },
            release: { type: 'string' },
            receivedAt: { type: 'string', format: 'date-time' },
            tokenSubject: { type: 'string', nullable: true },
            requestId: { type: 'string', nullable: true },
            matchedBy: { type: 'string', nullable: true },
            findings: { type: 'array', items: ref('Finding') },
            body: { type: 'object', description: 'With `bodies=true`: the body as received.' },
          },
        },
      },
      current: { type: 'object', description: 'The booked state after all revisions.' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  };
}
