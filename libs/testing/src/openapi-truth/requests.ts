// The requests the truth suite sends, and what it reads of the OpenAPI document to build them.
import type { OpenApiAnswerChecker } from '../openapi-answers';

export type Json = Record<string, unknown>;

/** One request as the probes send it. */
export interface Ask {
  method: string;
  /** Path and query. */
  url: string;
  /** The bearer token; absent: none. */
  token?: string;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: Json;
}

/** A documented operation: its path in the document, method and OpenAPI operation object. */
export interface Operation {
  method: string;
  path: string;
  key: string;
  /**
   * The operationId without the suffix another name of the same operation gets (`ERSTELLEN_PROZESSDATEN` of
   * `ERSTELLEN_PROZESSDATEN_erstellenProzessdaten`): what the probes know the operation by, under each of its names.
   */
  operation: string;
  spec: Json;
  secured: boolean;
}

export const KEY_DATE = '2026-06-01T00:00:00Z';
export const MALO_ID = '50074561192';
/** Larger than the main service's body limit (`BODY_LIMIT_BYTES`). */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Deeper than any service takes (`JSON_MAX_DEPTH`, default 32). */
export const JSON_DEPTH = 40;

export async function ask(baseUrl: string, request: Ask): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers['authorization'] = `Bearer ${request.token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Json = {};
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    // not JSON: the watch judges the body, the probes only the status
  }
  return { status: response.status, body };
}

export const json = (body: unknown): Pick<Ask, 'contentType' | 'body'> => ({
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/** The operations of a document, secured or not. */
export function operationsOf(checker: OpenApiAnswerChecker): Operation[] {
  return Object.entries(checker.document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, spec]) => {
        const operation = spec as Json;
        const security = operation['security'] as unknown[] | undefined;
        const operationId = String(operation['operationId'] ?? '');
        return {
          method: method.toUpperCase(),
          path,
          key: `${method.toUpperCase()} ${path}`,
          operation: operationId.replace(/_[a-z].*$/, ''),
          spec: operation,
          secured: security === undefined || security.length > 0,
        };
      }),
  );
}

/** The query parameters of an operation, `$ref`s resolved. */
export function queryParameters(checker: OpenApiAnswerChecker, operation: Operation): Json[] {
  const shared = ((checker.document as { components?: { parameters?: Record<string, Json> } }).components?.parameters ??
    {}) as Record<string, Json>;
  return ((operation.spec['parameters'] ?? []) as Json[])
    .map((parameter) =>
      typeof parameter['$ref'] === 'string'
        ? shared[(parameter['$ref'] as string).split('/').pop() as string]
        : parameter,
    )
    .filter((parameter) => parameter?.['in'] === 'query');
}

/** A value the parameter's schema takes: its example, else a date, the first allowed value or its default. */
export function sampleValue(schema: Json): string {
  if (schema['example'] !== undefined) return String(schema['example']);
  if (schema['format'] === 'date-time') return KEY_DATE;
  if (Array.isArray(schema['enum'])) return String(schema['enum'][0]);
  if (schema['default'] !== undefined) return String(schema['default']);
  return 'x';
}

/** A value the parameter's schema refuses, if the schema says enough to build one. */
export function refusedValue(schema: Json): string | undefined {
  if (Array.isArray(schema['enum'])) return 'no-such-value';
  if (typeof schema['minimum'] === 'number') return String(schema['minimum'] - 1);
  if (typeof schema['pattern'] === 'string' && !new RegExp(schema['pattern']).test('!')) return '!';
  if (schema['format'] === 'date-time') return 'not-a-date';
  return undefined;
}

export const queryString = (entries: Array<[string, string]>) =>
  entries.length ? `?${new URLSearchParams(entries).toString()}` : '';

/** A query the operation refuses: without its required parameters, else with one parameter its schema refuses. */
export function refusedQuery(checker: OpenApiAnswerChecker, operation: Operation): string | undefined {
  const parameters = queryParameters(checker, operation);
  if (parameters.some((parameter) => parameter['required'] === true)) return '';
  for (const parameter of parameters) {
    const value = refusedValue((parameter['schema'] ?? {}) as Json);
    if (value !== undefined) return queryString([[String(parameter['name']), value]]);
  }
  return undefined;
}

/** The documented statuses of an operation. */
export const statusesOf = (operation: Operation) =>
  Object.keys((operation.spec['responses'] ?? {}) as Json).map(Number);
