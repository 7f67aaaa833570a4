import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Checks HTTP answers against a service's OpenAPI 3.0 document: is the operation and status documented, does the
 * content type match, and does the body validate against the documented schema (ajv with ajv-formats, after the
 * OpenAPI 3.0 schema dialect is turned into JSON Schema: ajv's own `nullable` only widens `type`, so a nullable `enum`
 * or `$ref` would still refuse the `null` the document allows).
 */

type Json = Record<string, unknown>;

/** The parts of an OpenAPI 3.0 document the checker reads. */
export interface OpenApiDocumentShape {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/** One answer as a service sent it. */
export interface ObservedAnswer {
  method: string;
  /** The request's path as sent, without the query (`/processes/5d97c84f-…`): what the document's paths are matched with. */
  path: string;
  status: number;
  /** The `Content-Type` header, parameters included. */
  contentType: string | undefined;
  /** The body as sent: '' when there is none; undefined when it was a stream the checker cannot read. */
  body: string | undefined;
}

/** A documented answer: operation and status, as the coverage counts them. */
export interface DocumentedAnswer {
  method: string;
  /** The document's path (`/processes/{key}`). */
  path: string;
  status: number;
}

export type AnswerVerdict =
  /** Not an operation of the document (see `outsideReason`); nothing checked. */
  | { kind: 'outside'; reason: string }
  /** A documented operation and status, and the body agrees. */
  | { kind: 'valid'; answer: DocumentedAnswer }
  /** A documented operation, but the status is not documented or the body does not agree. */
  | { kind: 'invalid'; answer: DocumentedAnswer; problems: string[] };

/** Keywords of OpenAPI 3.0 schema objects that JSON Schema does not have (annotations only): dropped. */
const OPENAPI_ONLY_KEYWORDS = new Set(['nullable', 'discriminator', 'xml', 'externalDocs', 'example', 'deprecated']);
/** Keywords whose value is a map of name → schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
/** Keywords whose value is a schema (or, for `items`, possibly a list of schemas). */
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not', 'additionalItems', 'contains', 'propertyNames']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);

const COMPONENTS_ID = 'openapi-components';
const COMPONENT_REF = '#/components/schemas/';

/**
 * An OpenAPI 3.0 schema object as JSON Schema (draft-07 keywords): `nullable: true` admits `null` (also where an `enum` or a
 * `$ref` would not), `#/components/schemas/X` refers to the components registered with ajv, boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become the numeric form, and the annotations JSON Schema lacks are dropped.
 */
export function openApiSchemaToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiSchemaToJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const source = schema as Json;
  const result: Json = {};
  for (const [keyword, value] of Object.entries(source)) {
    if (OPENAPI_ONLY_KEYWORDS.has(keyword) || keyword.startsWith('x-')) continue;
    if (keyword === '$ref' && typeof value === 'string') {
      if (!value.startsWith(COMPONENT_REF))
        throw new Error(`Unsupported $ref ${value}: only ${COMPONENT_REF}… is resolved`);
      result[keyword] = `${COMPONENTS_ID}#/definitions/${value.slice(COMPONENT_REF.length)}`;
    } else if (SCHEMA_MAPS.has(keyword) && value && typeof value === 'object') {
      result[keyword] = Object.fromEntries(
        Object.entries(value as Json).map(([name, member]) => [name, openApiSchemaToJsonSchema(member)]),
      );
    } else if (SCHEMA_VALUES.has(keyword) || SCHEMA_LISTS.has(keyword)) {
      result[keyword] = openApiSchemaToJsonSchema(value);
    } else {
      result[keyword] = value;
    }
  }
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof result[bound] === 'boolean') {
      if (result[bound] && typeof result[limit] === 'number') {
        result[bound] = result[limit];
        delete result[limit];
      } else delete result[bound];
    }
  }
  return source['nullable'] === true ? { anyOf: [{ type: 'null' }, result] } : result;
}

const segmentsOf = (path: string) => path.split('/').slice(1);
const isTemplateSegment = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Whether a document path (`/processes/{key}`) matches a request's path: literal segments equal, a parameter any segment. */
export function pathMatches(template: string, path: string): boolean {
  const expected = segmentsOf(template);
  const actual = segmentsOf(path);
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => (isTemplateSegment(segment) ? actual[index] !== '' : segment === actual[index]))
  );
}

/**
 * Whether a Fastify route (`/prozessdaten/:role/create`) and a document path (`/prozessdaten/lf/create`) can name the same
 * request: segment by segment, a parameter of either side takes any segment of the other.
 */
export function routeOverlaps(route: string, template: string): boolean {
  const routeSegments = segmentsOf(route);
  const expected = segmentsOf(template);
  return (
    routeSegments.length === expected.length &&
    routeSegments.every(
      (segment, index) => segment.startsWith(':') || isTemplateSegment(expected[index]) || segment === expected[index],
    )
  );
}

/** The media type of a `Content-Type` header, lower case, without parameters. */
const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() || undefined;
const isJsonMediaType = (mediaType: string) =>
  mediaType === 'application/json' || /^[a-z]+\/[^;]+\+json$/.test(mediaType);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class OpenApiAnswerChecker {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocumentShape) {
    // Unknown keywords and formats fail the compilation (the conversion must leave none); untyped `properties` are fine.
    this.ajv = new Ajv({
      allErrors: true,
      strictSchema: true,
      strictTypes: false,
      strictTuples: false,
      strictRequired: false,
    });
    addFormats(this.ajv);
    const schemas = document.components?.schemas ?? {};
    this.ajv.addSchema(
      {
        definitions: Object.fromEntries(
          Object.entries(schemas).map(([name, schema]) => [name, openApiSchemaToJsonSchema(schema)]),
        ),
      },
      COMPONENTS_ID,
    );
  }

  /** Every documented (method, path, status): what a complete set of requests produces. */
  documentedAnswers(): DocumentedAnswer[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .flatMap(([method, operation]) =>
          Object.keys((operation as { responses?: Json }).responses ?? {})
            .filter((status) => /^\d{3}$/.test(status))
            .map((status) => ({ method: method.toUpperCase(), path, status: Number(status) })),
        ),
    );
  }

  /** Compiles the schema of every documented JSON answer: throws on one the checker could not check. */
  compileEveryAnswerSchema(): number {
    let compiled = 0;
    for (const { method, path, status } of this.documentedAnswers()) {
      const content = ((this.document.paths[path][method.toLowerCase()] as Json)['responses'] as Record<string, Json>)[
        String(status)
      ]['content'] as Record<string, { schema?: unknown }> | undefined;
      for (const [mediaType, { schema }] of Object.entries(content ?? {})) {
        if (schema === undefined || !isJsonMediaType(mediaType)) continue;
        this.validatorFor(schema);
        compiled += 1;
      }
    }
    return compiled;
  }

  /**
   * The document's operation for a request, found as a router would: the paths with an operation of the method that match
   * the request's path, the most literal one first (`/triggers/events` before `/triggers/{eventname}`).
   */
  operationOf(method: string, path: string): { path: string; operation: Json } | undefined {
    const literalSegments = (template: string) =>
      segmentsOf(template).filter((segment) => !isTemplateSegment(segment)).length;
    const candidates = Object.keys(this.document.paths)
      .filter((template) => this.document.paths[template][method.toLowerCase()] && pathMatches(template, path))
      .sort((a, b) => literalSegments(b) - literalSegments(a));
    return candidates.length
      ? { path: candidates[0], operation: this.document.paths[candidates[0]][method.toLowerCase()] as Json }
      : undefined;
  }

  /** Whether the document has the method on some path the route serves (perhaps for other values of its parameters only). */
  documentsRoute(method: string, route: string): boolean {
    return Object.keys(this.document.paths).some(
      (template) => this.document.paths[template][method.toLowerCase()] && routeOverlaps(route, template),
    );
  }

  check(answer: ObservedAnswer): AnswerVerdict {
    const found = this.operationOf(answer.method, answer.path);
    if (!found) return { kind: 'outside', reason: `${answer.method} ${answer.path} is no operation of the document` };
    const documented: DocumentedAnswer = {
      method: answer.method.toUpperCase(),
      path: found.path,
      status: answer.status,
    };
    const problems = this.problemsOf(found.operation, answer);
    return problems.length ? { kind: 'invalid', answer: documented, problems } : { kind: 'valid', answer: documented };
  }

  private problemsOf(operation: Json, answer: ObservedAnswer): string[] {
    const responses = (operation['responses'] ?? {}) as Record<string, Json>;
    const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((key) => responses[key]);
    if (!statusKey)
      return [`status ${answer.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const content = responses[statusKey]['content'] as Record<string, { schema?: unknown }> | undefined;
    const mediaType = mediaTypeOf(answer.contentType);
    if (!content || Object.keys(content).length === 0) {
      return answer.body === '' || answer.body === undefined
        ? []
        : [
            `status ${answer.status} is documented without content, but the answer has a body (${mediaType ?? 'no content type'})`,
          ];
    }
    if (answer.body === '')
      return [
        `status ${answer.status} is documented with content (${Object.keys(content).join(', ')}), but the answer has no body`,
      ];
    const documentedType =
      mediaType === undefined
        ? undefined
        : Object.keys(content).find((candidate) => matchesMediaType(candidate, mediaType));
    if (documentedType === undefined)
      return [
        `content type ${answer.contentType ?? '(none)'} is not documented for status ${answer.status} (documented: ${Object.keys(content).join(', ')})`,
      ];
    const schema = content[documentedType].schema;
    if (schema === undefined || answer.body === undefined || !isJsonMediaType(documentedType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`the body is not JSON although the content type is ${mediaType}`];
    }
    const validate = this.validatorFor(schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `body${error.instancePath} ${error.message}${paramsText(error)} (schema ${error.schemaPath})`,
    );
  }

  /** One validator per distinct schema: most answers share a few (`ProblemDetails`). */
  private validatorFor(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(openApiSchemaToJsonSchema(schema) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function matchesMediaType(documented: string, actual: string): boolean {
  const pattern = documented.toLowerCase().split(';')[0].trim();
  if (pattern === '*/*' || pattern === actual) return true;
  return pattern.endsWith('/*') && actual.startsWith(pattern.slice(0, -1));
}

function paramsText(error: ErrorObject): string {
  const params = error.params as Json;
  if ('additionalProperty' in params) return ` (${String(params['additionalProperty'])})`;
  if ('allowedValues' in params) return ` (${JSON.stringify(params['allowedValues'])})`;
  return '';
}
