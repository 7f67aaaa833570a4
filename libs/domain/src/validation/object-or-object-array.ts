import { isObject, registerDecorator, type ValidationOptions, ValidatorConstraint } from 'class-validator';
import { mustBeOneOf } from './json-kind';
import { type LocatedViolation, LocatingConstraintBase } from './locating-constraint';
import { MESSAGES } from './messages';

const ARRAY_OR_OBJECT = mustBeOneOf(['array', 'object']);

@ValidatorConstraint({ name: 'isObjectOrObjectArray' })
export class ObjectOrObjectArrayConstraint extends LocatingConstraintBase {
  defaultMessage(): string {
    return ARRAY_OR_OBJECT;
  }

  locate(value: unknown): LocatedViolation[] {
    if (Array.isArray(value)) {
      return value.flatMap((item, index) => (isObject(item) ? [] : [{ path: [index], message: MESSAGES.object }]));
    }
    return isObject(value) ? [] : [{ path: [], message: ARRAY_OR_OBJECT }];
  }

  passes(value: unknown): boolean {
    return Array.isArray(value) ? value.every((item) => isObject(item)) : isObject(value);
  }
}

/** An object, or a list of objects with each non-object reported at its index. */
export function IsObjectOrObjectArray(validationOptions?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [],
      options: validationOptions,
      validator: ObjectOrObjectArrayConstraint,
    });
}
