import { getMetadataStorage, type ValidationError } from 'class-validator';
import type { FieldViolation } from './field-violation';
import { appendPointer, comparePointers } from './json-pointer';
import { isLocatingConstraint, type LocatedViolation } from './locating-constraint';
import { MESSAGES } from './messages';

type Locator = (value: unknown, message: string) => LocatedViolation[];
type ClassType = abstract new (...args: never[]) => object;

// Constraint names class-validator emits itself rather than through a registered constraint class.
const NESTED_VALIDATION = 'nestedValidation';
const UNKNOWN_VALUE = 'unknownValue';
const IS_ARRAY = 'isArray';

const locatorCache = new WeakMap<object, Map<string, Locator | null>>();

/**
 * class-validator reports an `each` or dynamic-key constraint at the container; this finds the items that failed,
 * from the constraint's own metadata, so the pointer names the item. Looked up once per class, property and
 * constraint, and only on the error path.
 */
function locatorFor(owner: object, property: string, constraint: string): Locator | null {
  const type = owner.constructor as ClassType;
  let byProperty = locatorCache.get(type);
  if (!byProperty) {
    byProperty = new Map();
    locatorCache.set(type, byProperty);
  }
  const key = `${property}\u0000${constraint}`;
  if (!byProperty.has(key)) byProperty.set(key, buildLocator(type, property, constraint));
  return byProperty.get(key) ?? null;
}

function buildLocator(type: ClassType, property: string, constraint: string): Locator | null {
  const storage = getMetadataStorage();
  for (const metadata of storage.getTargetValidationMetadatas(type, '', true, false)) {
    if (metadata.propertyName !== property) continue;
    for (const { name, instance } of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
      if (name !== constraint) continue;
      if (isLocatingConstraint(instance)) return (value) => instance.locate(value, metadata.constraints);
      if (!metadata.each) return null;
      const { constraints } = metadata;
      // Item checks only read `value` and `constraints`; the owning object is not needed.
      const argsFor = (item: unknown) => ({ value: item, constraints, targetName: type.name, object: {}, property });
      return (value, message) =>
        Array.isArray(value)
          ? value.flatMap((item, index) => (instance.validate(item, argsFor(item)) ? [] : [{ path: [index], message }]))
          : [];
    }
  }
  return null;
}

function nodeViolations(error: ValidationError, pointer: string): FieldViolation[] {
  const constraints = Object.entries(error.constraints ?? {});
  const arrayCheck = constraints.find(([name]) => name === IS_ARRAY);
  // Not an array at all: item checks would only repeat that.
  if (arrayCheck) return [{ pointer, message: arrayCheck[1] }];
  return constraints.flatMap(([name, message]): FieldViolation[] => {
    if (name === NESTED_VALIDATION) {
      // Raised next to the object check for a scalar; alone it means an array item is not an object.
      return constraints.length === 1 ? [{ pointer, message: MESSAGES.object }] : [];
    }
    if (name === UNKNOWN_VALUE) return [{ pointer, message: MESSAGES.jsonObject }];
    const locator = error.target && locatorFor(error.target, error.property, name);
    const located = locator ? locator(error.value, message) : [];
    if (!located.length) return [{ pointer, message }];
    return located.map(({ path, message: itemMessage }) => ({
      pointer: path.reduce<string>(appendPointer, pointer),
      message: itemMessage,
    }));
  });
}

function collect(errors: readonly ValidationError[], parent: string, into: FieldViolation[]): void {
  for (const error of errors) {
    // `unknownValue` errors carry no property: they concern the object itself.
    const pointer = typeof error.property === 'string' ? appendPointer(parent, error.property) : parent;
    if (error.constraints) into.push(...nodeViolations(error, pointer));
    if (error.children?.length) collect(error.children, pointer, into);
  }
}

function hasFailedAncestor(pointer: string, failed: ReadonlySet<string>): boolean {
  for (let slash = pointer.lastIndexOf('/'); slash > 0; slash = pointer.lastIndexOf('/', slash - 1)) {
    if (failed.has(pointer.slice(0, slash))) return true;
  }
  return false;
}

/**
 * Flattens class-validator's error tree into one violation per failing constraint, sorted by pointer. A value of the
 * wrong shape is reported once at its own pointer; what class-validator found below it is dropped.
 */
export function toFieldViolations(errors: readonly ValidationError[], root: string): FieldViolation[] {
  const all: FieldViolation[] = [];
  collect(errors, root, all);
  const unique = new Map(all.map((violation) => [`${violation.pointer}\u0000${violation.message}`, violation]));
  const failed = new Set(all.map((violation) => violation.pointer));
  return [...unique.values()]
    .filter((violation) => !hasFailedAncestor(violation.pointer, failed))
    .sort(
      (a, b) => comparePointers(a.pointer, b.pointer) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
    );
}
