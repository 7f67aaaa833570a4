import {
  getMetadataStorage,
  isArray,
  isBoolean,
  isNumber,
  type IsNumberOptions,
  isObject,
  isString,
  type ValidationArguments,
  ValidationTypes,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { isPlainObject } from '../json/plain-object';
import { typeMetadataStorage } from './class-transformer-storage';
import { isDateTime } from './date-time';
import { isNonEmptyString } from './decorators';
import { type JsonKind, oneOfKindsTest } from './json-kind';
import { isLocatingConstraint } from './locating-constraint';

type ClassType = new () => object;
type JsonObject = Record<string, unknown>;

/** A check of the value alone. */
type Test = (value: unknown) => boolean;
/** All rules of one property, given its value and the object holding it (for conditions and custom constraints). */
type PropertyTest = (value: unknown, object: JsonObject) => boolean;
type Condition = (object: object, value: unknown) => boolean;

interface ConstraintCheck {
  instance: ValidatorConstraintInterface;
  constraints: unknown[];
  each: boolean;
  /** The same verdict as `instance.validate` without its arguments object, for constraints known to this checker. */
  test?: Test;
}

/** One property's metadata, gathered from class-validator and class-transformer. */
interface PropertyRules {
  name: string;
  conditions: Condition[];
  checks: ConstraintCheck[];
  nested: boolean;
  /** The class class-transformer would instantiate for a nested value (`@Type`); absent: a plain object. */
  nestedType?: ClassType;
}

/** Tests by property name, without a prototype: an own-key lookup, and `constructor` or `toString` find nothing. */
type PropertyTests = Record<string, PropertyTest | undefined>;

/**
 * A class's rules, compiled once into one test per property. `optional` holds the properties `@IsOptional()` alone
 * guards, by name: they are checked only when the object has them (a BO4E body fills a few of a class's many optional
 * fields), so the object's keys drive that loop. `always` holds the rest. A nested property's test holds the nested
 * class's plan itself, so a nested object costs no lookup.
 */
interface ClassPlan {
  /**
   * False when class-validator (with forbidUnknownValues) would report any object of the class, as it has no rules,
   * or when the rules use something this checker does not mirror (async, discriminators).
   */
  checkable: boolean;
  always: { name: string; passes: PropertyTest }[];
  optional: PropertyTests;
}

/** The plan of a nested property without `@Type`: class-validator reports such an object. */
const UNCHECKABLE: ClassPlan = { checkable: false, always: [], optional: Object.create(null) };

const plans = new Map<ClassType, ClassPlan>();

/**
 * Answers "would class-validator find no violation?" for a plain JSON value without building class instances:
 * the same rules (class-validator's metadata, class-transformer's `@Type`), the same order of conditions, the same
 * constraints — just no error objects. It only says yes when class-validator would: any doubt (an unsupported rule,
 * an object without rules) says no, and the caller then asks class-validator itself.
 */
export function passesAllRules(type: ClassType, value: unknown): boolean {
  return isPlainObject(value) && passesClass(planOf(type), value);
}

function passesClass(plan: ClassPlan, object: JsonObject): boolean {
  if (!plan.checkable) return false;
  for (const property of plan.always) if (!property.passes(object[property.name], object)) return false;
  return optionalPropertiesPass(plan.optional, object);
}

/**
 * `for…in` instead of `Object.keys`: no key array per object, and V8 reads `object[name]` from the enumeration cache.
 * It also visits inherited enumerable keys (only a polluted `Object.prototype` has any); checking more can only say
 * no more often, which sends the body to class-validator — never a wrong yes.
 */
function optionalPropertiesPass(optional: PropertyTests, object: JsonObject): boolean {
  for (const name in object) {
    const passes = optional[name];
    if (passes === undefined) continue;
    const value = object[name];
    // `@IsOptional()`: null and undefined skip the property's other rules.
    if (value !== null && value !== undefined && !passes(value, object)) return false;
  }
  return true;
}

function passesNested(plan: ClassPlan, value: unknown): boolean {
  if (Array.isArray(value)) {
    for (const item of value) if (item !== undefined && !passesNested(plan, item)) return false;
    return true;
  }
  return isPlainObject(value) && passesClass(plan, value);
}

function planOf(type: ClassType): ClassPlan {
  let plan = plans.get(type);
  if (!plan) {
    // Registered before it is filled, so that a class nested in itself (directly or not) refers to this same plan.
    plan = { checkable: false, always: [], optional: Object.create(null) };
    plans.set(type, plan);
    fillPlan(type, plan);
  }
  return plan;
}

function fillPlan(type: ClassType, plan: ClassPlan): void {
  const rules = readRules(type);
  if (!rules || rules.length === 0) return;
  for (const property of rules) {
    const onlyIfPresent = property.conditions.length === 1 && property.conditions[0] === isPresent;
    if (onlyIfPresent) plan.optional[property.name] = compileChecks(type, property);
    else plan.always.push({ name: property.name, passes: guarded(property.conditions, compileChecks(type, property)) });
  }
  plan.checkable = true;
}

/** The class's rules per property; `undefined` when they use something this checker does not mirror. */
function readRules(type: ClassType): PropertyRules[] | undefined {
  const storage = getMetadataStorage();
  // The arguments class-validator's executor uses for validateSync without groups.
  const metadata = storage.getTargetValidationMetadatas(type, undefined as unknown as string, false, false, undefined);
  const byProperty = new Map<string, PropertyRules>();
  for (const entry of metadata) {
    let property = byProperty.get(entry.propertyName);
    if (!property)
      byProperty.set(
        entry.propertyName,
        (property = { name: entry.propertyName, conditions: [], checks: [], nested: false }),
      );
    switch (entry.type) {
      case ValidationTypes.CONDITIONAL_VALIDATION: {
        const condition = entry.constraints[0] as Condition;
        property.conditions.push(
          entry.name === 'isOptional' && sameCondition(condition, entry.propertyName) ? isPresent : condition,
        );
        break;
      }
      case ValidationTypes.CUSTOM_VALIDATION:
      case ValidationTypes.IS_DEFINED:
        for (const constraint of storage.getTargetValidatorConstraints(entry.constraintCls)) {
          if (constraint.async) return undefined;
          const check: ConstraintCheck = {
            instance: constraint.instance,
            constraints: entry.constraints ?? [],
            each: entry.each === true,
          };
          check.test = directTest(constraint.name, check, type, entry.propertyName);
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
  return [...byProperty.values()];
}

/** One test for the property's checks in their order, then its nested object(s). */
function compileChecks(type: ClassType, property: PropertyRules): PropertyTest {
  const tests = property.checks.map((check) => checkTest(type, property.name, check));
  if (property.nested) tests.push(nestedTest(property.nestedType ? planOf(property.nestedType) : UNCHECKABLE));
  return allOf(tests);
}

function checkTest(type: ClassType, property: string, check: ConstraintCheck): PropertyTest {
  const { test, each } = check;
  if (!test) return constraintTest(type, property, check);
  return each ? (value) => (Array.isArray(value) ? everyItem(value, test) : test(value)) : test;
}

/** The constraint's own `validate`, with the arguments class-validator would pass. */
function constraintTest(
  type: ClassType,
  property: string,
  { instance, constraints, each }: ConstraintCheck,
): PropertyTest {
  const targetName = type.name;
  return (value, object) => {
    const args: ValidationArguments = { value, constraints, targetName, object, property };
    if (!each || !Array.isArray(value)) return instance.validate(value, args) === true;
    // class-validator hands each item the arguments of the whole array, so do we.
    for (const item of value) if (instance.validate(item, args) !== true) return false;
    return true;
  };
}

function nestedTest(plan: ClassPlan): PropertyTest {
  return (value) => value === undefined || passesNested(plan, value);
}

function everyItem(items: unknown[], test: Test): boolean {
  for (const item of items) if (!test(item)) return false;
  return true;
}

function allOf(tests: PropertyTest[]): PropertyTest {
  if (tests.length === 1) return tests[0];
  // Most properties have two checks (a type, then its items or nested object): spelled out, no loop.
  if (tests.length === 2) {
    const [first, second] = tests;
    return (value, object) => first(value, object) && second(value, object);
  }
  return (value, object) => {
    for (const test of tests) if (!test(value, object)) return false;
    return true;
  };
}

/** The property's rules apply only when all its conditions hold, evaluated in order. */
function guarded(conditions: Condition[], passes: PropertyTest): PropertyTest {
  if (conditions.length === 0) return passes;
  return (value, object) => {
    for (const condition of conditions) if (!condition(object, value)) return true;
    return passes(value, object);
  };
}

// Direct tests for constraints by name: class-validator's own predicates behind its built-in decorators, and ours.
// Called directly, they skip two call layers and an arguments object per value. Each reads only its first argument,
// so it can serve as a `PropertyTest` itself; the predicates are taken once (class-validator's exports are getters).
const DIRECT_TESTS: Record<string, (constraints: unknown[]) => Test> = {
  isString: () => isString,
  isBoolean: () => isBoolean,
  isArray: () => isArray,
  isObject: () => isObject,
  isNumber: (constraints) => {
    const options = (constraints[0] ?? {}) as IsNumberOptions;
    return (value) => isNumber(value, options);
  },
  isDateTime: () => isDateTime,
  isNonEmptyString: () => isNonEmptyString,
  isOneOfKinds: (constraints) => oneOfKindsTest(constraints[0] as JsonKind[]),
};

const PROBES: unknown[] = [
  ...[undefined, null, '', 'x', '2024-04-01T10:57:00Z', 0, -1.5, 2 ** 60, NaN, Infinity, -Infinity, true, false],
  ...[{}, [], [1], ['x'], [['x']], [{}], { a: 1 }, { a: [] }, { a: [{}] }],
];

/**
 * A direct test for a constraint (a locating constraint's `passes`, or one of `DIRECT_TESTS` by name), used only if it
 * gives the constraint's own verdict on every probe value — a guard against a name taken by another constraint.
 */
function directTest(name: string, check: ConstraintCheck, type: ClassType, property: string): Test | undefined {
  const { instance, constraints } = check;
  const test = isLocatingConstraint(instance)
    ? (value: unknown) => instance.passes(value, constraints)
    : DIRECT_TESTS[name]?.(constraints);
  if (!test) return undefined;
  const args = (value: unknown): ValidationArguments => ({
    value,
    constraints,
    targetName: type.name,
    object: {},
    property,
  });
  return PROBES.every((probe) => test(probe) === (instance.validate(probe, args(probe)) === true)) ? test : undefined;
}

const isPresent: Condition = (_object, value) => value !== null && value !== undefined;

/** `@IsOptional()`'s condition reads `object[property]`, which is the value here: checked on the probes, then replaced. */
function sameCondition(condition: Condition, property: string): boolean {
  return PROBES.every((probe) => condition({ [property]: probe }, probe) === isPresent({}, probe));
}
