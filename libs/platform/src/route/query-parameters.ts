import { isCalendarInstant, parseRelease, type ReleaseName } from '@maco/domain';
import { type CursorPart, type CursorValues, decodeCursor } from '../http/keyset-cursor';
import type { OpenApiObject } from '../openapi/openapi-contribution';
import type { ProblemFieldError } from '../platform-api';

/**
 * One query parameter of a route: how it is documented and how its text is read. The route's description lists its
 * parameters once; the checker, the handler's typed values and the OpenAPI parameters all come from that list.
 */
export interface QueryParameter<T> {
  description: string;
  /** The documented schema of the text (`type: string` with its pattern, enum or format). */
  schema: OpenApiObject;
  required?: boolean;
  /** The value of a text; undefined when the text does not fit (answered `must be <expected>`). */
  parse(text: string): T | undefined;
  /** What a valid value is, as the problem says it: `must be ${expected}`. */
  expected: string;
  /** The value when the parameter is absent. */
  fallback?: T;
  /** An empty text is read like any other (else it counts as absent). */
  readsEmpty?: boolean;
}

export type QueryParameters = Readonly<Record<string, QueryParameter<unknown>>>;

/** The values a route's handler gets: each parameter's value, undefined when absent (or its fallback). */
export type QueryValues<P extends QueryParameters> = {
  [K in keyof P]: P[K] extends QueryParameter<infer T>
    ? P[K] extends { fallback: T } | { required: true }
      ? T
      : T | undefined
    : never;
};

export interface QueryReading<P extends QueryParameters> {
  values: QueryValues<P>;
  errors: ProblemFieldError[];
  /** Names of the parameters given (for the log line; values stay out). */
  given: string[];
}

/**
 * Reads a query against its parameters and names every problem at once (`#/limit`): absent or empty is undefined (an
 * empty text is read where the parameter `readsEmpty`), a required one missing is `is required`, one given twice
 * `must be given once`, a text that does not fit `must be <expected>`. Parameters the route does not list are left alone.
 */
export function readQuery<P extends QueryParameters>(parameters: P, query: Record<string, unknown>): QueryReading<P> {
  const values: Record<string, unknown> = {};
  const errors: ProblemFieldError[] = [];
  const given: string[] = [];
  for (const [name, parameter] of Object.entries(parameters)) {
    const raw = query[name];
    values[name] = parameter.fallback;
    if (raw === undefined || (raw === '' && !parameter.readsEmpty)) {
      if (parameter.required) errors.push({ pointer: `#/${name}`, message: 'is required' });
      continue;
    }
    if (typeof raw !== 'string') {
      errors.push({ pointer: `#/${name}`, message: 'must be given once' });
      continue;
    }
    const value = parameter.parse(raw);
    if (value === undefined) {
      errors.push({ pointer: `#/${name}`, message: `must be ${parameter.expected}` });
      continue;
    }
    values[name] = value;
    given.push(name);
  }
  return { values: values as QueryValues<P>, errors, given };
}

/** The OpenAPI parameter objects of a route's query parameters, in their order. */
export function queryParametersOpenApi(parameters: QueryParameters): OpenApiObject[] {
  return Object.entries(parameters).map(([name, parameter]) => ({
    name,
    in: 'query',
    required: parameter.required === true,
    description: parameter.description,
    schema: parameter.fallback === undefined ? parameter.schema : { ...parameter.schema, default: parameter.fallback },
  }));
}

// The parameter kinds the routes share. Each builds a QueryParameter; a route names its parameters with them.

/** A text matching `pattern`. */
export function textParameter(
  description: string,
  pattern: RegExp,
  expected: string,
  schema: OpenApiObject = {},
): QueryParameter<string> {
  return {
    description,
    expected,
    schema: { type: 'string', pattern: pattern.source, ...schema },
    parse: (text) => (pattern.test(text) ? text : undefined),
  };
}

/** One of a list of words. */
export function oneOfParameter<const T extends string>(description: string, allowed: readonly T[]): QueryParameter<T> {
  return {
    description,
    expected: `one of ${allowed.join(', ')}`,
    schema: { type: 'string', enum: [...allowed] },
    parse: (text) => ((allowed as readonly string[]).includes(text) ? (text as T) : undefined),
  };
}

/** `true` or `false`, documented as the two words. */
export function booleanParameter(description: string): QueryParameter<boolean> {
  return {
    description,
    expected: 'true or false',
    schema: { type: 'string', enum: ['true', 'false'] },
    parse: (text) => (text === 'true' ? true : text === 'false' ? false : undefined),
  };
}

// A date-time with offset (UTC `Z` or `+02:00`), seconds and fractions optional: an instant, never a local time.
// Not RFC3339_DATE_TIME: a filter may leave out the seconds, and a year below 1000 is refused.
const INSTANT_SECONDS_OPTIONAL = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** An instant: a date-time with offset, seconds optional. */
export function instantParameter(description: string): QueryParameter<Date> {
  return {
    description,
    expected: 'an ISO 8601 date-time with offset (2026-05-04T08:00:00Z)',
    schema: { type: 'string', format: 'date-time' },
    parse: (text) => {
      const instant = INSTANT_SECONDS_OPTIONAL.test(text) && isCalendarInstant(text) ? new Date(text) : undefined;
      return instant && !Number.isNaN(instant.getTime()) ? instant : undefined;
    },
  };
}

/** A release by name or format version (`04/26`, `FV2604`). */
export function releaseParameter(description: string): QueryParameter<ReleaseName> {
  return {
    description,
    expected: 'a known release (04/26 or FV2604)',
    schema: { type: 'string', example: '04/26' },
    parse: (text) => parseRelease(text),
  };
}

/** A page size from 1 to `max`, `fallback` when absent. */
export function limitParameter(fallback: number, max: number): QueryParameter<number> & { fallback: number } {
  return {
    description: `Rows per page, 1 to ${max}.`,
    expected: `a whole number from 1 to ${max}`,
    schema: { type: 'integer', minimum: 1, maximum: max },
    fallback,
    parse: (text) => {
      const limit = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
      return limit >= 1 && limit <= max ? limit : undefined;
    },
  };
}

/** The `nextCursor` of an earlier page of the same list, decoded to its parts. */
export function cursorParameter<const S extends readonly CursorPart[]>(shape: S): QueryParameter<CursorValues<S>> {
  return {
    description: 'The `nextCursor` of the previous page (opaque).',
    expected: 'the nextCursor of an earlier page of this list',
    schema: { type: 'string' },
    parse: (text) => decodeCursor(text, shape),
  };
}
