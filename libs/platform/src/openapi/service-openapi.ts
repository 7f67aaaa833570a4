import type { OpenAPIObject } from '@nestjs/swagger';
import type { MarketRole } from '@maco/domain';
import type { ServiceDefinition } from '../group/interface-group';
import type { ProblemFieldError } from '../platform-api';
import type { ProblemCatalog } from '../problem/problem-catalog';
import { PROBLEM_CONTENT_TYPE } from '../problem/problem-details.filter';
import type { OpenApiContext, OpenApiObject, OpenApiPart } from './openapi-contribution';

export const OPENAPI_UI_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs/openapi.json';
export const BEARER_SCHEME = 'bearer';
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** `$ref` to a named schema. */
export const schemaRef = (name: string): OpenApiObject => ({ $ref: SCHEMA_REF_PREFIX + name });

const ROLE_NAMES: Record<MarketRole, string> = {
  LF: 'Lieferant (supplier)',
  NB: 'Netzbetreiber (grid operator)',
  MSB: 'Messstellenbetreiber (metering point operator)',
};

/** What each status means when a group says nothing more specific. */
const STATUS_TEXT: Record<number, string> = {
  400: 'The body is not valid JSON.',
  401: 'No valid bearer token (missing, malformed, expired or wrongly signed). Carries `WWW-Authenticate: Bearer`.',
  403: "The token's `roles` claim does not contain this service's market role.",
  404: 'No such resource.',
  405: 'The path exists for other methods only; `Allow` lists them.',
  413: 'The body exceeds the configured size limit.',
  415: 'The body is not `application/json`.',
  422: 'The request is well-formed JSON but cannot be processed; `code` says why, `errors[]` names the fields.',
  429: 'Too many requests for this token (`RATE_LIMIT` per `RATE_LIMIT_WINDOW_MS`); `Retry-After` gives the seconds to wait.',
  500: 'Unexpected failure; the body carries no internals, `correlationId` finds the log entry.',
  503: 'The database is unreachable or the service is not ready (health): retry later. A write cut off mid-commit may have been booked; its retry is answered as a replay.',
};

export interface ProblemResponseOptions {
  /** What a status means on this operation, where it says more than the general text. */
  statusText?: Record<number, string>;
  /** The example's `instance`: the operation's path. */
  instance: string;
  /** The example's `errors[]` for codes that carry them. */
  errorsOf?: (code: string) => ProblemFieldError[] | undefined;
}

/** The problem-details responses of an operation that can answer `codes`, grouped by status, one example per code. */
export function problemResponses(
  codes: readonly string[],
  context: OpenApiContext,
  options: ProblemResponseOptions,
): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const definition = context.problems[code];
    if (!definition) throw new Error(`OpenAPI names problem code ${code}, which no group registers`);
    byStatus.set(definition.status, [...(byStatus.get(definition.status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      String(status),
      {
        description: `${options.statusText?.[status] ?? STATUS_TEXT[status]} Codes: ${statusCodes.map((code) => `\`${code}\``).join(', ')}.`,
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/requestId' },
          ...(status === 401 ? { 'WWW-Authenticate': { $ref: '#/components/headers/wwwAuthenticate' } } : {}),
          ...(status === 405 ? { Allow: { $ref: '#/components/headers/allow' } } : {}),
        },
        content: {
          [PROBLEM_CONTENT_TYPE]: {
            schema: schemaRef('ProblemDetails'),
            examples: Object.fromEntries(
              statusCodes.map((code) => [
                code,
                { summary: context.problems[code].title, value: problemExample(code, context.problems, options) },
              ]),
            ),
          },
        },
      },
    ]),
  );
}

function problemExample(
  code: string,
  problems: ProblemCatalog,
  options: ProblemResponseOptions,
): Record<string, unknown> {
  const { status, slug, title } = problems[code];
  const errors = options.errorsOf?.(code);
  return {
    type: `urn:maco:problem:${slug}`,
    title,
    status,
    detail: title + '.',
    instance: options.instance,
    code,
    correlationId: '0b9f5c3e-2d5a-4c59-9a86-7f7e3b1d2c4a',
    ...(errors ? { errors } : {}),
  };
}

/**
 * The OpenAPI document of a service: each group's part (paths, schemas, parameters, tags), with what platform serves
 * for all of them — the bearer scheme, the request id, problem details with every registered code, and the public
 * health endpoints. Pure: no app, no database, no file access.
 */
export function buildServiceOpenApi(definition: ServiceDefinition, problems: ProblemCatalog): OpenAPIObject {
  const context: OpenApiContext = { role: definition.role, problems };
  const parts: OpenApiPart[] = definition.groups.flatMap((group) => (group.openApi ? [group.openApi(context)] : []));
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const parameters: Record<string, unknown> = {};
  const headers: Record<string, unknown> = {};
  for (const part of parts) {
    mergeInto(paths, part.paths, 'path');
    mergeInto(schemas, part.components?.schemas ?? {}, 'schema');
    mergeInto(parameters, part.components?.parameters ?? {}, 'parameter');
    mergeInto(headers, part.components?.headers ?? {}, 'header');
  }
  paths['/health/live'] = { get: healthOperation('live') };
  paths['/health/ready'] = { get: healthOperation('ready') };
  const titles = parts.map((part) => part.title);

  const document = {
    openapi: '3.0.3',
    info: {
      title: `MaCo backend ${definition.role}${titles.length ? `: ${titles.join(', ')}` : ''}`,
      version: '1.0.0',
      description: [
        `The ${ROLE_NAMES[definition.role]} service of the MaCo backend.`,
        ...parts.map((part) => part.description),
        'Errors are RFC 9457 problem details (`application/problem+json`).',
      ].join(' '),
    },
    tags: [
      ...parts.flatMap((part) => part.tags),
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
        ...parameters,
        requestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Correlation id (1–128 of `A-Za-z0-9_.:-`); generated when absent or invalid, always echoed.',
          schema: { type: 'string', pattern: '^[\\w.:-]{1,128}$' },
        },
      },
      headers: {
        ...headers,
        requestId: { description: 'The request id: the one sent, else a generated UUID.', schema: { type: 'string' } },
        wwwAuthenticate: {
          description: 'The bearer challenge (RFC 6750).',
          schema: { type: 'string', example: 'Bearer' },
        },
        allow: {
          description: 'The methods the path answers (RFC 9110 §10.2.1).',
          schema: { type: 'string', example: 'POST' },
        },
      },
      schemas: { ...schemas, ProblemDetails: problemSchema(problems), HealthStatus: healthSchema() },
    },
  };
  return document as unknown as OpenAPIObject;
}

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, what: string): void {
  for (const [name, value] of Object.entries(source)) {
    if (name in target && JSON.stringify(target[name]) !== JSON.stringify(value)) {
      throw new Error(`Two interface groups define the OpenAPI ${what} ${name} differently`);
    }
    target[name] = value;
  }
}

function problemSchema(problems: ProblemCatalog): OpenApiObject {
  return {
    type: 'object',
    description:
      'RFC 9457 problem details. Further members may appear (named per operation, e.g. the key a conflict is about).',
    required: ['type', 'title', 'status', 'code', 'correlationId'],
    properties: {
      type: {
        type: 'string',
        format: 'uri-reference',
        description: 'Stable URI per problem kind (`PROBLEM_TYPE_BASE` + slug).',
        example: 'urn:maco:problem:invalid',
      },
      title: { type: 'string', description: 'Short summary of the problem kind.' },
      status: { type: 'integer', description: 'The HTTP status.', minimum: 400, maximum: 599 },
      detail: { type: 'string', description: 'What went wrong with this request.' },
      instance: { type: 'string', description: 'The request path.' },
      code: { type: 'string', description: 'Machine-readable problem code.', enum: Object.keys(problems) },
      correlationId: { type: 'string', description: 'The request id, also in the `X-Request-Id` header.' },
      errors: {
        type: 'array',
        description: 'The failing fields, for validation problems.',
        items: {
          type: 'object',
          required: ['pointer', 'message'],
          properties: {
            pointer: {
              type: 'string',
              description: 'JSON Pointer (URI fragment form) into the request body.',
              example: '#/transaktionsdaten/nachrichtendatum',
            },
            message: { type: 'string', example: 'must be a date-time' },
          },
        },
      },
    },
  };
}

function healthSchema(): OpenApiObject {
  return {
    type: 'object',
    description:
      'Terminus health check result. `degraded` (readiness, 200): the database is down but the instance takes writes ' +
      "on without it (`detail`, and the write journal's figures under `journal`); reads answer 503 meanwhile.",
    properties: {
      status: { type: 'string', enum: ['ok', 'error', 'shutting_down', 'degraded'] },
      detail: { type: 'string' },
      journal: { type: 'object' },
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
    summary:
      kind === 'live'
        ? 'Liveness: the process accepts requests'
        : 'Readiness: the database answers and all migrations are applied',
    security: [],
    responses: {
      200: {
        description:
          kind === 'live'
            ? 'Alive.'
            : 'Ready; or `degraded`: the database is down and the write journal takes the writes (keep the instance in the balancer).',
        content: { 'application/json': { schema: schemaRef('HealthStatus') } },
      },
      ...(kind === 'ready'
        ? {
            503: {
              description:
                'The service is not ready: the database does not answer or migrations are pending. Code: `SERVER.UNAVAILABLE`; `checks` names the failed checks.',
              content: { [PROBLEM_CONTENT_TYPE]: { schema: schemaRef('ProblemDetails') } },
            },
          }
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
  const exampleValue =
    (key === 'value' && grandparent === 'examples') || (key === 'example' && parent !== 'properties');
  if (exampleValue) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(
    entries.map(([member, memberValue]) => [member, canonicalOpenApi(memberValue, [...path, member])]),
  ) as T;
}

/** The document as committed under `docs/openapi/<role>.json` and served at `/docs/openapi.json`. */
export function renderServiceOpenApi(definition: ServiceDefinition, problems: ProblemCatalog): string {
  return JSON.stringify(canonicalOpenApi(buildServiceOpenApi(definition, problems)), null, 2) + '\n';
}
