import 'reflect-metadata';
import { Type, type TypeHelpOptions } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { IsDateTime } from './date-time';
import { IsOneOfKinds, type JsonKind, mustBeOneOf, oneOfKindsTest } from './json-kind';
import { MESSAGES } from './messages';
import { IsObjectOrObjectArray } from './object-or-object-array';
import { IsStringList, type StringListOptions } from './string-list';

// Every BO4E field is optional, because what is mandatory depends on the Prüfidentifikator (STYLE §3), and carries
// exactly one type check, so a wrong value yields exactly one violation. `{ each: true }` makes the field an array
// whose items get that check.

type ClassRef = (options?: TypeHelpOptions) => new () => object;

export interface EachOptions {
  each?: boolean;
}

export interface NestedOptions extends EachOptions {
  /**
   * The JSON kinds accepted, `object` among them, in the order the message names them; only an object is validated
   * against the class. For fields where schema and payloads disagree, e.g. `freitext` (`['object', 'string']`) or BO
   * references that payloads send as a code (`['string', 'object']`).
   */
  kinds?: readonly JsonKind[];
  /** With `each`: also accept a single object instead of the list (`stammdaten.ANFRAGE` of PIs 17131 and 19124). */
  orSingle?: boolean;
}

function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, propertyKey) => decorators.forEach((decorate) => decorate(target, propertyKey));
}

/** Message for a required field: distinguishes "missing" from "present with the wrong type". */
function requiredOr(message: string): (args: ValidationArguments) => string {
  return ({ value }) => (value === undefined ? MESSAGES.required : message);
}

function optional(
  check: (options: ValidationOptions) => PropertyDecorator,
  message: string,
  { each = false }: EachOptions = {},
): PropertyDecorator {
  return each
    ? compose(IsOptional(), IsArray({ message: MESSAGES.array }), check({ each: true, message }))
    : compose(IsOptional(), check({ message }));
}

export const OptionalString = (options?: EachOptions): PropertyDecorator =>
  optional((o) => IsString(o), MESSAGES.string, options);

/** Finite JSON numbers only; numeric strings are rejected (no implicit conversion). */
export const OptionalNumber = (options?: EachOptions): PropertyDecorator =>
  optional((o) => IsNumber({ allowNaN: false, allowInfinity: false }, o), MESSAGES.number, options);

export const OptionalBoolean = (options?: EachOptions): PropertyDecorator =>
  optional((o) => IsBoolean(o), MESSAGES.boolean, options);

export const OptionalDateTime = (options?: EachOptions): PropertyDecorator =>
  optional((o) => IsDateTime(o), MESSAGES.dateTime, options);

/** Any JSON object, contents unchecked: for fields the schemas leave untyped. */
export const OptionalObject = (options?: EachOptions): PropertyDecorator =>
  optional((o) => IsObject(o), MESSAGES.object, options);

/** One of several JSON kinds, for fields whose schema type contradicts real payloads (backend-interface §9). */
export const OptionalOneOf = (kinds: readonly JsonKind[], options?: EachOptions): PropertyDecorator =>
  optional((o) => IsOneOfKinds(kinds, o), mustBeOneOf(kinds), options);

/** A nested BO/COM (or an array of them with `{ each: true }`), validated against its class. */
export function OptionalNested(type: ClassRef, options: NestedOptions = {}): PropertyDecorator {
  const { each = false, kinds = ['object'], orSingle = false } = options;
  const nested = compose(ValidateNested({ each }), Type(type));
  if (each && orSingle) return compose(IsOptional(), IsObjectOrObjectArray(), nested);
  if (each) {
    const items = IsObject({ each, message: MESSAGES.object });
    return compose(IsOptional(), IsArray({ message: MESSAGES.array }), items, nested);
  }
  const scalars = kinds.filter((kind) => kind !== 'object');
  if (scalars.length) {
    const isScalar = oneOfKindsTest(scalars);
    const unlessScalar = ValidateIf((_object, value) => !isScalar(value));
    return compose(IsOptional(), unlessScalar, IsObject({ message: mustBeOneOf(kinds) }), nested);
  }
  return compose(IsOptional(), IsObject({ message: MESSAGES.object }), nested);
}

/** A list of strings; `orSingle` also takes one string, `nested` also lists of strings as items (see `StringListOptions`). */
export const OptionalStringList = (options: StringListOptions = {}): PropertyDecorator =>
  compose(IsOptional(), IsStringList(options));

export function RequiredNested(type: ClassRef): PropertyDecorator {
  return compose(IsObject({ message: requiredOr(MESSAGES.object) }), ValidateNested(), Type(type));
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function IsNonEmptyString(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNonEmptyString',
      validator: {
        validate: (value) => isNonEmptyString(value),
        defaultMessage: () => MESSAGES.nonEmptyString,
      },
    },
    options,
  );
}

/** `null` counts as absent, as the schemas declare these fields `nullable`. */
export const OptionalNonEmptyString = (): PropertyDecorator => compose(IsOptional(), IsNonEmptyString());

export const RequiredNonEmptyString = (): PropertyDecorator =>
  IsNonEmptyString({ message: requiredOr(MESSAGES.nonEmptyString) });
