import { isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * JSON read and written without rounding: the service answers stored bodies with their numbers as sent
 * (`123456789012345678901234567890`, `1e400`), which JSON.parse would turn into `1.2345678901234568e+29` and `null`.
 * A number a double holds exactly stays a number; any other stays its text, as a LosslessNumber.
 */
export function parseExactJson(text: string): unknown {
  return parse(text, undefined, (value) => (isSafeNumber(value) ? Number(value) : new LosslessNumber(value)));
}

/** JSON text of a value that may hold LosslessNumbers (written as their text). */
export function stringifyExactJson(value: unknown, indent?: number): string | undefined {
  return stringify(value, undefined, indent);
}

/** A number kept as its text because a double would not hold it. */
export function isExactNumber(value: unknown): value is LosslessNumber {
  return value instanceof LosslessNumber;
}
