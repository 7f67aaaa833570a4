import { parseRelease, type ReleaseName } from '@maco/domain';
import { decodeCursor, type CursorPart, type CursorValues, type ProblemFieldError } from '@maco/platform';

// A date-time with offset (UTC `Z` or `+02:00`), seconds and fractions optional: an instant, never a local time.
// Not RFC3339_DATE_TIME: a filter may leave out the seconds, and a year below 1000 is refused.
const INSTANT_SECONDS_OPTIONAL = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/**
 * Reads a request's query parameters one at a time and collects what is wrong with each, so one answer names every bad
 * parameter (`#/limit`, `#/from`). Absent or empty parameters are undefined; a parameter given twice is an error.
 */
export class QueryReader {
  readonly errors: ProblemFieldError[] = [];
  /** Names of the filters given, for the log line (values stay out). */
  readonly given: string[] = [];

  constructor(private readonly query: Record<string, unknown>) {}

  /** A text parameter, optionally of a pattern. */
  text(name: string, pattern?: RegExp, expected = 'a valid value'): string | undefined {
    const value = this.single(name);
    if (value === undefined) return undefined;
    if (pattern && !pattern.test(value)) return this.refuse(name, `must be ${expected}`);
    this.given.push(name);
    return value;
  }

  oneOf<const T extends string>(name: string, allowed: readonly T[]): T | undefined {
    return this.text(name, new RegExp(`^(?:${allowed.join('|')})$`), `one of ${allowed.join(', ')}`) as T | undefined;
  }

  dateTime(name: string): Date | undefined {
    const value = this.single(name);
    if (value === undefined) return undefined;
    const instant = INSTANT_SECONDS_OPTIONAL.test(value) ? new Date(value) : undefined;
    if (!instant || Number.isNaN(instant.getTime())) return this.refuse(name, 'must be an ISO 8601 date-time with offset (2026-05-04T08:00:00Z)');
    this.given.push(name);
    return instant;
  }

  release(name: string): ReleaseName | undefined {
    const value = this.single(name);
    if (value === undefined) return undefined;
    const release = parseRelease(value);
    if (!release) return this.refuse(name, 'must be a known release (04/26 or FV2604)');
    this.given.push(name);
    return release;
  }

  /** `limit`: 1 to 200, 50 when absent. */
  limit(name = 'limit'): number {
    const value = this.single(name);
    if (value === undefined) return DEFAULT_LIMIT;
    const limit = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (!(limit >= 1 && limit <= MAX_LIMIT)) return this.refuse(name, `must be a whole number from 1 to ${MAX_LIMIT}`) ?? DEFAULT_LIMIT;
    return limit;
  }

  /** `cursor`: the `nextCursor` of an earlier page of the same list. */
  cursor<const S extends readonly CursorPart[]>(shape: S, name = 'cursor'): CursorValues<S> | undefined {
    const value = this.single(name);
    if (value === undefined) return undefined;
    return decodeCursor(value, shape) ?? this.refuse(name, 'must be the nextCursor of an earlier page of this list');
  }

  /** Checks a relation between parameters (from before to) after reading them. */
  require(condition: boolean, name: string, message: string): void {
    if (!condition) this.refuse(name, message);
  }

  private single(name: string): string | undefined {
    const value = this.query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return this.refuse(name, 'must be given once');
    return value;
  }

  private refuse(name: string, message: string): undefined {
    this.errors.push({ pointer: `#/${name}`, message });
    return undefined;
  }
}
