import {
  getMetadataStorage,
  isArray,
  isBoolean,
  isNumber,
  isObject,
  isString,
  ValidationTypes,
  type IsNumberOptions,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { typeMetadataStorage } from './class-transformer-storage';

type ClassType = new () => object;
type JsonObject = Record<string, unknown>;

type Test = (value: unknown) => boolean;
type Condition = (object: object, value: unknown) => boolean;

interface ConstraintCheck {
  instance: ValidatorConstraintInterface;
  constraints: unknown[];
  each: boolean;
  /** The same verdict as `instance.validate` without its arguments object, for class-validator's built-in checks. */
  test?: Test;
}

interface PropertyPlan {
  name: string;
  conditions: Condition[];
  checks: ConstraintCheck[];
  nested: boolean;
  /** The class class-transformer would instantiate for a nested value (`@Type`); absent: a plain object. */
  nestedType?: ClassType;
}

/**
 * A class's rules, read once: the properties checked on every object, and those `@IsOptional()` alone guards, by name —
 * they are checked only when the object has them (a BO4E body fills a few of a class's many optional fields).
 * `undefined` when the rules use something this checker does not mirror (async, discriminators).
 */
type ClassPlan = { always: PropertyPlan[]; optional: Map<string, PropertyPlan> } | undefined;

const plans = new Map<ClassType, ClassPlan>();

/**
 * Answers "would class-validator find no violation?" for a plain JSON value without building class instances:
 * the same rules (class-validator's metadata, class-transformer's `@Type`), the same order of conditions, the same
 * constraint instances — just no error objects. It only says yes when class-validator would: any doubt (an
 * unsupported rule, an object without rules) says no, and the caller then asks class-validator itself.
 */
export function passesAllRules(type: ClassType, value: unknown): boolean {
  return isPlainObject(value) && passesClass(type, value);
}

function passesClass(type: ClassType, object: JsonObject): boolean {
  const plan = planOf(type);
  // No plan, or no rules at all: class-validator (with forbidUnknownValues) would report the object.
  if (!plan || plan.always.length + plan.optional.size === 0) return false;
  for (const property of plan.always) if (!passesProperty(type, object, property)) return false;
  if (plan.optional.size > 0) {
    for (const name of Object.keys(object)) {
      const property = plan.optional.get(name);
      if (property && !passesProperty(type, object, property)) return false;
    }
  }
  return true;
}

function passesProperty(type: ClassType, object: JsonObject, property: PropertyPlan): boolean {
  const value = object[property.name];
  if (!conditionsHold(property.conditions, object, value)) return true;
  for (const check of property.checks) {
    if (check.test) {
      if (check.each && Array.isArray(value)) {
        for (const item of value) if (!check.test(item)) return false;
      } else if (!check.test(value)) {
        return false;
      }
      continue;
    }
    const args: ValidationArguments = { value, constraints: check.constraints, targetName: type.name, object, property: property.name };
    if (check.each && Array.isArray(value)) {
      // class-validator hands each item the arguments of the whole array, so do we.
      for (const item of value) if (check.instance.validate(item, args) !== true) return false;
    } else if (check.instance.validate(value, args) !== true) {
      return false;
    }
  }
  return !(property.nested && value !== undefined && !passesNested(property, value));
}

function conditionsHold(conditions: Condition[], object: object, value: unknown): boolean {
  for (const condition of conditions) if (!condition(object, value)) return false;
  return true;
}

function passesNested(property: PropertyPlan, value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => item === undefined || passesNested(property, item));
  if (!isPlainObject(value)) return false;
  return property.nestedType !== undefined && passesClass(property.nestedType, value);
}

function planOf(type: ClassType): ClassPlan {
  if (!plans.has(type)) plans.set(type, buildPlan(type));
  return plans.get(type);
}

function buildPlan(type: ClassType): ClassPlan {
  const storage = getMetadataStorage();
  // The arguments class-validator's executor uses for validateSync without groups.
  const metadata = storage.getTargetValidationMetadatas(type, undefined as unknown as string, false, false, undefined);
  const byProperty = new Map<string, PropertyPlan>();
  for (const entry of metadata) {
    let property = byProperty.get(entry.propertyName);
    if (!property) byProperty.set(entry.propertyName, (property = { name: entry.propertyName, conditions: [], checks: [], nested: false }));
    switch (entry.type) {
      case ValidationTypes.CONDITIONAL_VALIDATION: {
        const condition = entry.constraints[0] as Condition;
        property.conditions.push(entry.name === 'isOptional' && sameCondition(condition, entry.propertyName) ? isPresent : condition);
        break;
      }
      case ValidationTypes.CUSTOM_VALIDATION:
      case ValidationTypes.IS_DEFINED:
        for (const constraint of storage.getTargetValidatorConstraints(entry.constraintCls)) {
          if (constraint.async) return undefined;
          const constraints = entry.constraints ?? [];
          const check: ConstraintCheck = { instance: constraint.instance, constraints, each: entry.each === true };
          check.test = builtInTest(constraint.name, check, type, entry.propertyName);
          property.checks.push(check);
        }
        break;
      case ValidationTypes.NESTED_VALIDATION: {
        const typeMetadata = typeMetadataStorage.findTypeMetadata(type, entry.propertyName);
        if (typeMetadata?.options?.discriminator) return undefined;
        property.nested = true;
        property.nestedType = typeMetadata?.typeFunction() as ClassType | undefined;
        break;
      }
      case ValidationTypes.WHITELIST:
        break;
      default:
        return undefined;
    }
  }
  const plan = { always: [] as PropertyPlan[], optional: new Map<string, PropertyPlan>() };
  for (const property of byProperty.values()) {
    const onlyIfPresent = property.conditions.length === 1 && property.conditions[0] === isPresent;
    if (onlyIfPresent) plan.optional.set(property.name, property);
    else plan.always.push(property);
  }
  return plan;
}

// class-validator's own predicates behind its built-in decorators: called directly, they skip two call layers and an
// arguments object per value.
const BUILT_IN_TESTS: Record<string, (constraints: unknown[]) => Test> = {
  isString: () => isString,
  isBoolean: () => isBoolean,
  isArray: () => isArray,
  isObject: () => isObject,
  isNumber: (constraints) => {
    const options = (constraints[0] ?? {}) as IsNumberOptions;
    return (value) => isNumber(value, options);
  },
};

const PROBES: unknown[] = [undefined, null, '', 'x', 0, -1.5, 2 ** 60, NaN, Infinity, -Infinity, true, false, {}, [], [1], ['x'], { a: 1 }];

/** A direct test for a built-in constraint, used only if it gives the constraint's own verdict on every probe value. */
function builtInTest(name: string, check: ConstraintCheck, type: ClassType, property: string): Test | undefined {
  const test = BUILT_IN_TESTS[name]?.(check.constraints);
  if (!test) return undefined;
  const args = (value: unknown): ValidationArguments => ({ value, constraints: check.constraints, targetName: type.name, object: {}, property });
  return PROBES.every((probe) => test(probe) === (check.instance.validate(probe, args(probe)) === true)) ? test : undefined;
}

const isPresent: Condition = (_object, value) => value !== null && value !== undefined;

/** `@IsOptional()`'s condition reads `object[property]`, which is the value here: checked on the probes, then replaced. */
function sameCondition(condition: Condition, property: string): boolean {
  return PROBES.every((probe) => condition({ [property]: probe }, probe) === isPresent({}, probe));
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
