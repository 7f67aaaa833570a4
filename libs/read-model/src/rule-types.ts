// The shape of a kind's rule, with field names checked against the domain's classes at compile time.
import { isPlainObject, type Stammdaten } from '@maco/domain';
import { arrayOf, type Bo } from './json-values';
import { type LocationType, type MessageFacts, type NamedLocation } from './locations';

// ---------- Field names, checked against the domain classes (@maco/domain) ----------
// A rule names fields of its kind's class, the class the domain's `Stammdaten` holds that kind as: renaming a field of
// a class fails to compile here. A spelling of the wire format the class lacks (a vendor's or BO4E's alias) is a
// `wire(…)` name, each with a comment saying why. Kinds the domain leaves untyped (`JsonObject` in `Stammdaten`) take
// any name.

/** Carries an object's class for the type checker (`Raw`); no object has it. */
declare const CLASS: unique symbol;

/** A property of the class T (none of `never`; any name of untyped JSON). */
export type Field<T> = [T] extends [never] ? never : Extract<keyof T, string>;

/**
 * The class of a property's values: of a list its elements', of a union its object members'; none of a scalar or of
 * JSON the domain leaves untyped.
 */
type ClassOf<V> = V extends readonly (infer E)[]
  ? ClassOf<E>
  : V extends object
    ? string extends keyof V
      ? never
      : V
    : never;

/** A property of T, or a property of the class of one of T's properties (`gueltigkeitszeitraum.startdatum`). */
type Path<T> = { [K in Field<T>]-?: K | `${K}.${Field<ClassOf<T[K]>>}` }[Field<T>];

/** A name of the wire format that the domain class lacks: unchecked, so each one is marked and says why. */
export type WireName = string & { readonly wireFormat: true };
export const wire = (name: string): WireName => name as WireName;

/**
 * An object of class T as it arrives (untrusted JSON): T's properties, each of unknown content. Naming a property T does
 * not have fails to compile.
 */
export type Raw<T> = { readonly [K in Field<T>]?: unknown } & { readonly [CLASS]?: T };

/** The class of the values of property K of an object (`Raw`); `Bo` when the object is untyped JSON. */
export type ValueClass<O, K extends string> = string extends keyof O
  ? Bo
  : O extends { readonly [CLASS]?: infer T }
    ? K extends keyof NonNullable<T>
      ? ClassOf<NonNullable<T>[K]>
      : never
    : never;

export const valueAt = (object: object, name: string): unknown => (object as Bo)[name];

/** The JSON objects among the elements of the list `field`, as objects of the class of its elements. */
export function elementsOf<O extends object, K extends Field<O>>(object: O, field: K): Raw<ValueClass<O, K>>[] {
  return arrayOf(valueAt(object, field)).filter(isPlainObject) as Raw<ValueClass<O, K>>[];
}

/** The JSON object `field` holds, as an object of the field's class; undefined when it holds none. */
export function objectAt<O extends object, K extends Field<O>>(object: O, field: K): Raw<ValueClass<O, K>> | undefined {
  const value = valueAt(object, field);
  return isPlainObject(value) ? (value as Raw<ValueClass<O, K>>) : undefined;
}

/** Fields (dotted paths) that hold a validity start and end (a kind may know only a start). */
export type ValidityFields<T = Bo> = readonly [from: Path<T> | WireName, to?: Path<T> | WireName];

/** The rule of one `stammdaten` kind, of class T: where its id, validity and locations are. */
export interface KindRule<T = Bo> {
  /** The location type objects of this kind are, if they are locations. */
  location?: LocationType;
  /** The object's own id: the first of these fields that holds one. */
  id: readonly (Field<T> | WireName)[];
  /** Validity fields, first pair with a usable date wins; none → open. */
  validity: readonly ValidityFields<T>[];
  /** The locations the object names itself (besides its own id). */
  names?: (object: Raw<T>) => NamedLocation[];
  /** An id made from other fields, when none of `id` holds one. */
  derivedId?: (object: Raw<T>) => string | undefined;
  /**
   * The id of an object that has none of its own, from what it belongs to: the message's location, its sender
   * (`index`: its position in its kind's list). Most contracts, balancing records and formulas arrive so.
   */
  belongingId?: (object: Raw<T>, message: MessageFacts, index: number | null) => string | undefined;
  /** Keys the object is read by besides locations (stored as `lookupKey`). */
  keys?: (object: Raw<T>) => string[];
  /**
   * Keys the grid operator's MaLo identification finds the object by (normalised address, names, meter numbers; stored
   * as `lookupKey`). Projected for the role that identifies (NB) only: other roles would pay GIN entries for nothing.
   */
  identificationKeys?: (object: Raw<T>) => string[];
}

/** The kinds of `stammdaten` (the upper-case properties of the domain's `Stammdaten`). */
type StammdatenKind = Extract<keyof Stammdaten, Uppercase<string>>;
/** The class of the objects of a kind: `Stammdaten`'s (a kind holds a list of them, or one). */
type ClassOfKind<K extends StammdatenKind> =
  NonNullable<Stammdaten[K]> extends readonly (infer E)[] | infer E ? E : never;
/**
 * What `BUSINESS_OBJECT_RULES` is checked against: per kind of `Stammdaten` a rule of that kind's class, and the kinds
 * the domain has no property of `Stammdaten` for.
 */
export type RuleTable = { readonly [K in StammdatenKind]?: KindRule<ClassOfKind<K>> } & {
  readonly ZUORDNUNGSERMAECHTIGUNG?: KindRule;
};

/** Which roles' projections carry `KindRule.identificationKeys`. */
export const IDENTIFYING_ROLES: readonly string[] = ['NB'];

/** What a projection adds besides the rules: the identification keys, for an identifying role. */
export interface ProjectionOptions {
  identification?: boolean;
}

/** A booking's projection: the options, and the message's `transaktionsdaten` (sender, UTILTS location). */
export interface DescribeOptions extends ProjectionOptions {
  transaktionsdaten?: unknown;
}

/** The projection options of a role. */
export const projectionOptionsOf = (role: string): ProjectionOptions => ({
  identification: IDENTIFYING_ROLES.includes(role),
});
