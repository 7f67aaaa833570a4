import type { OpenAPIObject } from '@nestjs/swagger';
import { RELEASES, type MarketRole, type ProcessOperation } from '@maco/domain';
import { PROBLEM_CONTENT_TYPE, PROBLEMS, type ProblemCode } from '@maco/platform';
import { COMMAND_OF } from '../process-data.service';
import { envelopeSchemas, SCHEMA_REF_PREFIX, type JsonSchema } from './envelope-schemas';
import { OPENAPI_EXAMPLES } from './openapi-examples.generated';
import type { OpenApiExample, OpenApiExamples } from './openapi-examples';

export const OPENAPI_UI_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs/openapi.json';
export const BEARER_SCHEME = 'bearer';

const ROLE_NAMES: Record<MarketRole, string> = {
  LF: 'Lieferant (supplier)',
  NB: 'Netzbetreiber (grid operator)',
  MSB: 'Messstellenbetreiber (metering point operator)',
};

const PATH_OF: Record<ProcessOperation, string> = { create: '/createProcessData', update: '/updateProcessData' };

const ref = (name: string): JsonSchema => ({ $ref: SCHEMA_REF_PREFIX + name });

/** The problem codes each operation can answer, by status; 401/403 come from the bearer guard, 400/413/415 from Fastify. */
const OPERATION_PROBLEMS: Record<ProcessOperation, ProblemCode[]> = {
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

const STATUS_TEXT: Record<number, string> = {
  400: 'The body is not valid JSON.',
  401: 'No valid bearer token (missing, malformed, expired or wrongly signed). Carries `WWW-Authenticate: Bearer`.',
  403: "The token's `roles` claim does not contain this service's market role.",
  404: 'No such resource.',
  409: 'The business key is already booked for this role with a different body.',
  413: 'The body exceeds the configured size limit.',
  415: 'The body is not `application/json`.',
  422: 'The request is well-formed JSON but cannot be booked; `code` says why, `errors[]` names the fields.',
  429: 'Too many requests for this token (`RATE_LIMIT` per `RATE_LIMIT_WINDOW_MS`); `Retry-After` gives the seconds to wait.',
  500: 'Unexpected failure; the body carries no internals, `correlationId` finds the log entry.',
  503: 'The database is unreachable (booking routes; nothing was written, retry later) or the service is not ready (health).',
};

/**
 * The OpenAPI document of a role's service: both Prozessdaten operations with the role's request body schemas (from
 * the class-validator metadata of `@maco/domain`), the receipt, the problem-details errors, the bearer scheme and the
 * public health endpoints. Pure: no app, no database, no file access; the examples are the committed ones.
 */
export function buildOpenApiDocument(role: MarketRole, examples: OpenApiExamples = OPENAPI_EXAMPLES): OpenAPIObject {
  const { bodies, schemas } = envelopeSchemas(role);
  const paths: Record<string, unknown> = {};
  for (const operation of ['create', 'update'] as const) {
    paths[PATH_OF[operation]] = { post: processDataOperation(role, operation, bodies[operation], examples[role][operation] ?? []) };
  }
  paths['/health/live'] = { get: healthOperation('live') };
  paths['/health/ready'] = { get: healthOperation('ready') };

  const document = {
    openapi: '3.0.3',
    info: {
      title: `MaCo backend ${role}: Prozessdaten`,
      version: '1.0.0',
      description:
        `The ${ROLE_NAMES[role]} service of the MaCo backend: MACO APP books market processes here. ` +
        'Bodies are validated against the schemas below; members they do not declare are accepted and stored verbatim. ' +
        'Errors are RFC 9457 problem details (`application/problem+json`).',
    },
    tags: [
      { name: 'Prozessdaten', description: 'Book and update market processes.' },
      { name: 'Health', description: 'Liveness and readiness probes; no token needed.' },
    ],
    paths,
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A JWT whose `roles` claim (array or space-separated string) contains this service's role.",
        },
      },
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
        requestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Correlation id (1–128 of `A-Za-z0-9_.:-`); generated when absent or invalid, always echoed.',
          schema: { type: 'string', pattern: '^[\\w.:-]{1,128}$' },
        },
      },
      headers: {
        requestId: { description: 'The request id: the one sent, else a generated UUID.', schema: { type: 'string' } },
        wwwAuthenticate: { description: 'The bearer challenge (RFC 6750).', schema: { type: 'string', example: 'Bearer' } },
      },
      schemas: { ...schemas, BookingReceipt: bookingReceiptSchema(), Finding: findingSchema(), ProblemDetails: problemSchema(), HealthStatus: healthSchema() },
    },
  };
  return document as unknown as OpenAPIObject;
}

function processDataOperation(role: MarketRole, operation: ProcessOperation, bodySchema: string, examples: OpenApiExample[]) {
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
      ...problemResponses(OPERATION_PROBLEMS[operation]),
    },
  };
}

function problemResponses(codes: ProblemCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(PROBLEMS[code].status, [...(byStatus.get(PROBLEMS[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      String(status),
      {
        description: `${STATUS_TEXT[status]} Codes: ${statusCodes.map((code) => `\`${code}\``).join(', ')}.`,
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/requestId' },
          ...(status === 401 ? { 'WWW-Authenticate': { $ref: '#/components/headers/wwwAuthenticate' } } : {}),
        },
        content: {
          [PROBLEM_CONTENT_TYPE]: {
            schema: ref('ProblemDetails'),
            examples: Object.fromEntries(statusCodes.map((code) => [code, { summary: PROBLEMS[code].title, value: problemExample(code) }])),
          },
        },
      },
    ]),
  );
}

function problemExample(code: ProblemCode): Record<string, unknown> {
  const { status, slug, title } = PROBLEMS[code];
  const withErrors = code === 'REQUEST.VALIDATION_FAILED' || code === 'PROCESS_DATA.MANDATORY_FIELDS_MISSING' || code === 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN';
  const errors =
    code === 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN'
      ? [{ pointer: '#/zusatzdaten/businessKey', message: 'no process with this business key exists' }]
      : [{ pointer: '#/stammdaten/BILANZIERUNG/0/jahresverbrauchsprognose/wert', message: 'must be a number' }];
  return {
    type: `urn:maco:problem:${slug}`,
    title,
    status,
    detail: title + '.',
    instance: '/createProcessData',
    code,
    correlationId: '0b9f5c3e-2d5a-4c59-9a86-7f7e3b1d2c4a',
    ...(withErrors ? { errors } : {}),
  };
}

function problemSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'RFC 9457 problem details. Further members may appear (e.g. `businessKey` on 409, `release` in strict mode).',
    required: ['type', 'title', 'status', 'code', 'correlationId'],
    properties: {
      type: { type: 'string', format: 'uri-reference', description: 'Stable URI per problem kind (`PROBLEM_TYPE_BASE` + slug).', example: 'urn:maco:problem:invalid' },
      title: { type: 'string', description: 'Short summary of the problem kind.' },
      status: { type: 'integer', description: 'The HTTP status.', minimum: 400, maximum: 599 },
      detail: { type: 'string', description: 'What went wrong with this request.' },
      instance: { type: 'string', description: 'The request path.', example: '/createProcessData' },
      code: { type: 'string', description: 'Machine-readable problem code.', enum: Object.keys(PROBLEMS) },
      correlationId: { type: 'string', description: 'The request id, also in the `X-Request-Id` header.' },
      errors: {
        type: 'array',
        description: 'The failing fields, for validation problems.',
        items: {
          type: 'object',
          required: ['pointer', 'message'],
          properties: {
            pointer: { type: 'string', description: 'JSON Pointer (URI fragment form) into the request body.', example: '#/transaktionsdaten/nachrichtendatum' },
            message: { type: 'string', example: 'must be a date-time' },
          },
        },
      },
    },
  };
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

function healthSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'Terminus health check result.',
    properties: {
      status: { type: 'string', enum: ['ok', 'error', 'shutting_down'] },
      info: { type: 'object', additionalProperties: { type: 'object' } },
      error: { type: 'object', additionalProperties: { type: 'object' } },
      details: { type: 'object', additionalProperties: { type: 'object' } },
    },
  };
}

function healthOperation(kind: 'live' | 'ready') {
  return {
    tags: ['Health'],
    operationId: kind === 'live' ? 'healthLive' : 'healthReady',
    summary: kind === 'live' ? 'Liveness: the process accepts requests' : 'Readiness: the database answers and all migrations are applied',
    security: [],
    responses: {
      200: { description: kind === 'live' ? 'Alive.' : 'Ready.', content: { 'application/json': { schema: ref('HealthStatus') } } },
      ...(kind === 'ready'
        ? { 503: { description: STATUS_TEXT[503] + ' Code: `SERVER.UNAVAILABLE`; `checks` names the failed checks.', content: { [PROBLEM_CONTENT_TYPE]: { schema: ref('ProblemDetails') } } } }
        : {}),
    },
  };
}

/**
 * Recursively sorted keys (stable output), except inside example values (`examples.<name>.value`, a schema's
 * `example`), which stay as the samples have them.
 */
export function canonicalOpenApi<T>(value: T, path: readonly string[] = []): T {
  if (Array.isArray(value)) return value.map((item) => canonicalOpenApi(item, [...path, '[]'])) as T;
  if (value === null || typeof value !== 'object') return value;
  const [grandparent, parent, key] = path.slice(-3);
  const exampleValue = (key === 'value' && grandparent === 'examples') || (key === 'example' && parent !== 'properties');
  if (exampleValue) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([member, memberValue]) => [member, canonicalOpenApi(memberValue, [...path, member])])) as T;
}

/** The document as committed under `docs/openapi/<role>.json` and served at `/docs/openapi.json`. */
export function renderOpenApiDocument(role: MarketRole, examples?: OpenApiExamples): string {
  return JSON.stringify(canonicalOpenApi(buildOpenApiDocument(role, examples)), null, 2) + '\n';
}
