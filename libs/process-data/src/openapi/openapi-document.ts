import type { OpenAPIObject } from '@nestjs/swagger';
import { RELEASES, type MarketRole, type ProcessOperation } from '@maco/domain';
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
    // No 409: a second update with another body is a new revision, the same body a replay.
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
  409: 'The business key is already booked for this role with a different body.',
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
    return {
      title: 'Prozessdaten',
      description:
        'MACO APP books market processes here. Bodies are validated against the schemas below; members they do not declare are accepted and stored verbatim.',
      tags: [{ name: 'Prozessdaten', description: 'Book and update market processes.' }],
      paths,
      components: {
        parameters: {
          command: {
            name: 'command',
            in: 'query',
            required: false,
            description: 'The MaCo operationId. Optional; when sent it must name the operation of the path (else 422 `REQUEST.COMMAND_MISMATCH`).',
            schema: { type: 'string', enum: Object.values(COMMAND_OF) },
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
        schemas: { ...schemas, BookingReceipt: bookingReceiptSchema(), Finding: findingSchema() },
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
      : 'Finds the process by `zusatzdaten.businessKey` (unknown: 422), merges `stammdaten` into its state, replaces ' +
        '`transaktionsdaten` and appends a revision. An update already applied (same body) is a replay: 200, nothing booked.',
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
      ...problemResponses(OPERATION_PROBLEMS[operation], context, { statusText: STATUS_TEXT, instance: PATH_OF[operation], errorsOf }),
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
    description: 'What the AHB check of the release found.',
    required: ['code', 'pointer', 'message'],
    properties: {
      code: { type: 'string', enum: ['unlisted-pi', 'missing-mandatory-field'] },
      pointer: { type: 'string', description: 'JSON Pointer (URI fragment form) into the request body.' },
      message: { type: 'string' },
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
      release: { type: 'string', enum: RELEASES.map((release) => release.name), description: 'The release the body was validated against.' },
      findings: { type: 'array', items: ref('Finding') },
    },
  };
}
