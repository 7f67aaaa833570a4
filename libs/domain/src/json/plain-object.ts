/**
 * A JSON object as parsed: not null, not an array. Unlike class-validator's `isObject`, which also accepts functions.
 * One plain function, no allocation: it runs per key on the booking and read-model paths.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
