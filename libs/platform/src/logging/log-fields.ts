import type { RequestFacts } from './request-facts';
import { REDACTED_PATHS } from './service-logger';

/** Turns a value a handler offers into what may be logged, or undefined to drop it (it does not look like it claims). */
export type LogFieldRule = (value: unknown) => string | undefined;

/** The request-log fields of one interface group: their names, and the one way to note them on a request. */
export interface LogFields<K extends string = string> {
  readonly names: readonly K[];
  /** Notes the values that pass their field's rule; the others are dropped. */
  note(facts: RequestFacts | undefined, values: Partial<Record<K, unknown>>): void;
}

/** Fields of the request log line that belong to platform; a group may not register these names. */
export const PLATFORM_LOG_FIELDS = [
  'requestId',
  'req',
  'res',
  'durationMs',
  'route',
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'role',
  'err',
];

/**
 * Declares a group's request-log fields, each with the rule a value must pass. Register the result in the group's
 * definition: the request log writes only registered names.
 */
export function defineLogFields<const T extends Record<string, LogFieldRule>>(rules: T): LogFields<keyof T & string> {
  const names = Object.keys(rules) as (keyof T & string)[];
  const clash = names.find((name) => PLATFORM_LOG_FIELDS.includes(name));
  if (clash) throw new Error(`Log field ${clash} is platform's own`);
  const redacted = names.find((name) => REDACTED_PATHS.includes(name));
  if (redacted) throw new Error(`Log field ${redacted} names what logs never hold (bodies, headers, credentials)`);
  return {
    names,
    note(facts, values) {
      if (!facts) return;
      for (const name in values) {
        const rule = rules[name];
        const logged = rule ? rule(values[name]) : undefined;
        if (logged !== undefined) facts.fields[name] = logged;
      }
    },
  };
}

/** A field whose values must match `pattern` as strings. */
export const matching =
  (pattern: RegExp): LogFieldRule =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;

/** A field with one of a few known values. */
export const oneOf =
  (...allowed: string[]): LogFieldRule =>
  (value) =>
    typeof value === 'string' && allowed.includes(value) ? value : undefined;

/** Injection token of the names of every registered log field (platform writes no others). */
export const REQUEST_LOG_FIELDS = Symbol('REQUEST_LOG_FIELDS');
