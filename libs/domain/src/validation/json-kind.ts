import { isBoolean, isNumber, isObject, isString, ValidateBy, type ValidationOptions } from 'class-validator';

/** The JSON value kinds a union-typed field may accept. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'object' | 'array';

export type JsonObject = Record<string, unknown>;

/** What the schemas' property-less `object` fields carry in real payloads (backend-interface §9). */
export type JsonScalarOrObject = string | number | boolean | JsonObject;

export const SCALAR_OR_OBJECT: readonly JsonKind[] = ['string', 'number', 'boolean', 'object'];

const KIND_CHECKS: Readonly<Record<JsonKind, (value: unknown) => boolean>> = {
  string: isString,
  number: (value) => isNumber(value),
  boolean: isBoolean,
  object: isObject,
  array: Array.isArray,
};

const KIND_NAMES: Readonly<Record<JsonKind, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
};

/** Whether a value is of one of the kinds; the kinds are bound once, as the test runs on every request. */
export function oneOfKindsTest(kinds: readonly JsonKind[]): (value: unknown) => boolean {
  const checks = kinds.map((kind) => KIND_CHECKS[kind]);
  return (value) => {
    for (const check of checks) if (check(value)) return true;
    return false;
  };
}

/** "must be a string, a number or an object" */
export function mustBeOneOf(kinds: readonly JsonKind[]): string {
  const names = kinds.map((kind) => KIND_NAMES[kind]);
  const last = names.pop();
  return `must be ${names.length ? `${names.join(', ')} or ${last}` : last}`;
}

/** Accepts a value of any of the given JSON kinds, for fields where schema and real payloads disagree. */
export function IsOneOfKinds(kinds: readonly JsonKind[], options?: ValidationOptions): PropertyDecorator {
  const message = mustBeOneOf(kinds);
  const test = oneOfKindsTest(kinds);
  return ValidateBy(
    {
      name: 'isOneOfKinds',
      constraints: [kinds],
      validator: { validate: (value) => test(value), defaultMessage: () => message },
    },
    options,
  );
}
