import type { Finding } from '../domain-api';
import { isPlainObject } from '../json/plain-object';
import type { FieldViolation } from './field-violation';
import { appendPointer, ROOT_POINTER, valueAt } from './json-pointer';

/**
 * Report mode's reading of a body (the middleware never retries a refused write, so a refusal loses the message):
 * what the booking works with, the values that disagree with the domain as `invalid-value` findings, and the few
 * violations that still keep it from being booked.
 */
export interface TolerantReading {
  /** The body with `stammdaten`, `transaktionsdaten`, `zusatzdaten` as objects; the body itself when they are. */
  envelope: Record<string, unknown>;
  findings: Finding[];
  /** Violations no booking can get past: the process keys (they decide where it is booked) and a body that is no object. */
  refusals: FieldViolation[];
}

const CONTAINERS = ['stammdaten', 'transaktionsdaten', 'zusatzdaten'] as const;

/** The keys a booking is found and replayed by: a value of another type cannot name a process. */
const KEY_FIELDS = ['businessKey', 'targetBusinessKey', 'parentBusinessKey', 'prozessId', 'referenzProzessId'];
const KEY_POINTERS = new Set(
  KEY_FIELDS.map((field) => appendPointer(appendPointer(ROOT_POINTER, 'zusatzdaten'), field)),
);

/** A container given as `[]` or `null`: a serialiser's empty map, read as `{}` without a finding. */
const isEmptyContainer = (value: unknown): boolean => value === null || (Array.isArray(value) && value.length === 0);

/** The JSON kind of a value as findings name it. */
export function jsonKindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * The three containers as objects: `[]`/`null` silently, any other non-object with a finding; a missing
 * `transaktionsdaten` (which every booking reads) as `{}` with a finding.
 */
export function envelopeOf(body: Record<string, unknown>): { envelope: Record<string, unknown>; findings: Finding[] } {
  let envelope = body;
  const findings: Finding[] = [];
  for (const container of CONTAINERS) {
    const value = body[container];
    if (isPlainObject(value) || (value === undefined && container !== 'transaktionsdaten')) continue;
    if (envelope === body) envelope = { ...body };
    envelope[container] = {};
    const pointer = appendPointer(ROOT_POINTER, container);
    if (value === undefined) findings.push(invalidValue(pointer, 'is required', value));
    else if (!isEmptyContainer(value)) findings.push(invalidValue(pointer, 'must be an object', value));
  }
  return { envelope, findings };
}

/**
 * Splits the violations of `envelope` into refusals (a process key present with a wrong type or empty) and
 * `invalid-value` findings (everything else: the body is booked verbatim and the finding says what disagrees).
 */
export function tolerantReading(
  body: Record<string, unknown>,
  validate: (envelope: Record<string, unknown>) => FieldViolation[],
): TolerantReading {
  const { envelope, findings } = envelopeOf(body);
  const refusals: FieldViolation[] = [];
  for (const violation of validate(envelope)) {
    const value = valueAt(envelope, violation.pointer);
    if (violation.pointer === ROOT_POINTER || (KEY_POINTERS.has(violation.pointer) && value !== undefined))
      refusals.push(violation);
    else findings.push(invalidValue(violation.pointer, violation.message, value));
  }
  return { envelope, findings, refusals };
}

function invalidValue(pointer: string, message: string, value: unknown): Finding {
  const got = jsonKindOf(value);
  return {
    code: 'invalid-value',
    pointer,
    message: `${message} (got ${got})`,
    expected: message.replace(/^(must be|is) /, ''),
    got,
  };
}
