import { registerDecorator, type ValidationOptions, ValidatorConstraint } from 'class-validator';
import { mustBeOneOf } from './json-kind';
import { type LocatedViolation, LocatingConstraintBase } from './locating-constraint';
import { MESSAGES } from './messages';

export interface StringListOptions {
  /** Also accept one string instead of the list (`geschaeftspartnerrolle` in the MSB schema, backend-interface §9). */
  orSingle?: boolean;
  /** Items may themselves be lists of strings (`detailsPrognosegrundlage`: arrays of arrays in the schemas). */
  nested?: boolean;
}

const STRING_OR_ARRAY = mustBeOneOf(['string', 'array']);

function itemViolations(item: unknown, index: number, nested: boolean): LocatedViolation[] {
  if (typeof item === 'string') return [];
  if (!nested) return [{ path: [index], message: MESSAGES.string }];
  if (!Array.isArray(item)) return [{ path: [index], message: STRING_OR_ARRAY }];
  return item.flatMap((inner, innerIndex) =>
    typeof inner === 'string' ? [] : [{ path: [index, innerIndex], message: MESSAGES.string }],
  );
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

@ValidatorConstraint({ name: 'isStringList' })
export class StringListConstraint extends LocatingConstraintBase {
  defaultMessage(): string {
    return MESSAGES.array;
  }

  locate(value: unknown, constraints: readonly unknown[]): LocatedViolation[] {
    const { orSingle = false, nested = false } = constraints[0] as StringListOptions;
    if (orSingle && typeof value === 'string') return [];
    if (!Array.isArray(value)) return [{ path: [], message: orSingle ? STRING_OR_ARRAY : MESSAGES.array }];
    return value.flatMap((item, index) => itemViolations(item, index, nested));
  }

  passes(value: unknown, constraints: readonly unknown[]): boolean {
    const { orSingle = false, nested = false } = constraints[0] as StringListOptions;
    if (orSingle && typeof value === 'string') return true;
    return Array.isArray(value) && value.every((item) => typeof item === 'string' || (nested && isStringArray(item)));
  }
}

/** A list of strings, each wrong item reported at its own index. */
export function IsStringList(options: StringListOptions, validationOptions?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [options],
      options: validationOptions,
      validator: StringListConstraint,
    });
}
