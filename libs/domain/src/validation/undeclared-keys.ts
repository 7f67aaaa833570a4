import {
  getMetadataStorage,
  isObject,
  registerDecorator,
  type ValidationOptions,
  ValidatorConstraint,
} from 'class-validator';
import { type LocatedViolation, LocatingConstraintBase } from './locating-constraint';
import { MESSAGES } from './messages';

type ClassRef = () => new () => object;

const declaredKeys = new WeakMap<object, ReadonlySet<string>>();

/** Property names the class declares validation for; those are checked by the class itself. */
function declaredKeysOf(type: new () => object): ReadonlySet<string> {
  let keys = declaredKeys.get(type);
  if (!keys) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    keys = new Set(metadata.map((entry) => entry.propertyName));
    declaredKeys.set(type, keys);
  }
  return keys;
}

@ValidatorConstraint({ name: 'undeclaredKeysHoldObjectArrays' })
export class UndeclaredKeysHoldObjectArraysConstraint extends LocatingConstraintBase {
  defaultMessage(): string {
    return MESSAGES.array;
  }

  locate(value: unknown, constraints: readonly unknown[]): LocatedViolation[] {
    if (!isObject(value)) return []; // the object check on the same property reports that
    const declared = declaredKeysOf((constraints[0] as ClassRef)());
    const violations: LocatedViolation[] = [];
    for (const [key, items] of Object.entries(value)) {
      if (declared.has(key)) continue;
      if (!Array.isArray(items)) {
        violations.push({ path: [key], message: MESSAGES.array });
        continue;
      }
      items.forEach((item, index) => {
        if (!isObject(item)) violations.push({ path: [key, index], message: MESSAGES.object });
      });
    }
    return violations;
  }

  passes(value: unknown, constraints: readonly unknown[]): boolean {
    if (!isObject(value)) return true;
    const declared = declaredKeysOf((constraints[0] as ClassRef)());
    for (const key of Object.keys(value)) {
      if (declared.has(key)) continue;
      const items = (value as Record<string, unknown>)[key];
      if (!Array.isArray(items) || !items.every((item) => isObject(item))) return false;
    }
    return true;
  }
}

/**
 * Every key of the object that `type` does not declare must hold an array of objects: `stammdaten` is keyed by BO
 * kind and each value is a list of BOs (backend-interface §3.1), also for kinds we do not model yet.
 */
export function UndeclaredKeysHoldObjectArrays(type: ClassRef, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [type],
      options,
      validator: UndeclaredKeysHoldObjectArraysConstraint,
    });
}
