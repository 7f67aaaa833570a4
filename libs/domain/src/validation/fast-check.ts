import { getMetadataStorage, ValidationTypes, type ValidationArguments, type ValidatorConstraintInterface } from 'class-validator';
import { typeMetadataStorage } from './class-transformer-storage';

type ClassType = new () => object;
type JsonObject = Record<string, unknown>;

interface ConstraintCheck {
  instance: ValidatorConstraintInterface;
  constraints: unknown[];
  each: boolean;
}

interface PropertyPlan {
  name: string;
  conditions: ((object: object, value: unknown) => boolean)[];
  checks: ConstraintCheck[];
  nested: boolean;
  /** The class class-transformer would instantiate for a nested value (`@Type`); absent: a plain object. */
  nestedType?: ClassType;
}

/** A class's rules, read once; `undefined` when they use something this checker does not mirror (async, discriminators). */
type ClassPlan = PropertyPlan[] | undefined;

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
  if (!plan || plan.length === 0) return false;
  for (const property of plan) {
    const value = object[property.name];
    if (!property.conditions.every((condition) => condition(object, value))) continue;
    if (property.checks.length > 0) {
      const args: ValidationArguments = { value, constraints: [], targetName: type.name, object, property: property.name };
      for (const check of property.checks) {
        args.constraints = check.constraints;
        if (check.each && Array.isArray(value)) {
          // class-validator hands each item the arguments of the whole array, so do we.
          for (const item of value) if (check.instance.validate(item, args) !== true) return false;
        } else if (check.instance.validate(value, args) !== true) {
          return false;
        }
      }
    }
    if (property.nested && value !== undefined && !passesNested(property, value)) return false;
  }
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
      case ValidationTypes.CONDITIONAL_VALIDATION:
        property.conditions.push(entry.constraints[0] as (object: object, value: unknown) => boolean);
        break;
      case ValidationTypes.CUSTOM_VALIDATION:
      case ValidationTypes.IS_DEFINED:
        for (const constraint of storage.getTargetValidatorConstraints(entry.constraintCls)) {
          if (constraint.async) return undefined;
          property.checks.push({ instance: constraint.instance, constraints: entry.constraints ?? [], each: entry.each === true });
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

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
