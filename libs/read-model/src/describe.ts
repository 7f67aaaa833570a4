// A booking's objects described for the projection: ids, validity and location keys per object, by the kind rules.
import { isDeepStrictEqual } from 'node:util';
import { isPlainObject, type Transaktionsdaten } from '@maco/domain';
import { type Bo, idOf } from './json-values';
import { BUSINESS_OBJECT_RULES, metersOf, typedRef } from './kind-rules';
import {
  locationKey,
  lookupKey,
  MAX_ID_LENGTH,
  MESSAGE_LOCATION_LIMIT,
  type MessageFacts,
  type NamedLocation,
} from './locations';
import { type DescribeOptions, type KindRule, objectAt, type ProjectionOptions, type Raw, wire } from './rule-types';

/**
 * One object to project, as the booking statement takes it (`jsonb_to_recordset`): kind, its index in
 * `stammdaten[kind]` (null when the kind holds a single object), id, validity start and end (ISO, null = open) and
 * location keys. The object itself is not repeated: the statement takes it from the stored state.
 */
export interface ObjectDescriptor {
  k: string;
  n: number | null;
  i: string;
  f: string | null;
  t: string | null;
  l: string[];
}

/**
 * The objects of a process state (`stammdaten`) to project. With `previous` (the state before an update), only objects
 * that are new or differ from their form there: an update projects what it changed, never re-asserts the rest. An id
 * twice in one state keeps its last object.
 */
export function describeBusinessObjects(
  stammdaten: unknown,
  previous?: unknown,
  options: DescribeOptions = {},
): ObjectDescriptor[] {
  if (!isPlainObject(stammdaten)) return [];
  const entries = objectsOf(stammdaten);
  if (entries.length === 0) return [];
  // Each object's id once: the message's locations, the descriptors and the comparison with the previous state need it.
  const { ids, message } = identify(entries, options.transaktionsdaten);
  const linked = message.locations.length <= MESSAGE_LOCATION_LIMIT ? message.locations : [];
  const before =
    previous === undefined
      ? undefined
      : byIdentity(isPlainObject(previous) ? objectsOf(previous) : [], options.transaktionsdaten);
  const described = new Map<string, ObjectDescriptor>();
  for (let i = 0; i < entries.length; i++) {
    const id = ids[i];
    if (!id) continue;
    const { kind, index, rule, object } = entries[i];
    if (before && isDeepStrictEqual(before.get(`${kind}\u0000${id}`), object)) continue;
    const [from, to] = validityOf(rule, object);
    described.set(`${kind}\u0000${id}`, {
      k: kind,
      n: index,
      i: id,
      f: from,
      t: to,
      l: locationsOf(rule, object, id, linked, options),
    });
  }
  return Array.from(described.values());
}

/** The object's id under its kind's rule, or undefined (then it is not projected). */
export function ownId(rule: KindRule, object: Bo): string | undefined {
  for (const field of rule.id) {
    const id = idOf(object[field]);
    if (id) return id;
  }
  const derived = rule.derivedId?.(object);
  return derived && derived.length <= MAX_ID_LENGTH ? derived : undefined;
}

/** The object's own id, else the one it takes from what it belongs to in its message (`KindRule.belongingId`). */
export function objectId(rule: KindRule, object: Bo, message: MessageFacts, index: number | null): string | undefined {
  const own = ownId(rule, object);
  if (own) return own;
  const belonging = rule.belongingId?.(object, message, index);
  return belonging && belonging.length <= MAX_ID_LENGTH ? belonging : undefined;
}

/** The ids of a state's objects (own, else belonging) and the message facts the belonging ones come from. */
function identify(
  entries: readonly Entry[],
  transaktionsdaten: unknown,
): { ids: (string | undefined)[]; message: MessageFacts } {
  const ids = entries.map(({ rule, object }) => ownId(rule, object));
  const message = messageFactsOf(entries, transaktionsdaten, ids);
  for (let i = 0; i < entries.length; i++) {
    const { rule, object, index } = entries[i];
    if (ids[i] !== undefined || !rule.belongingId) continue;
    const belonging = rule.belongingId(object, message, index);
    if (belonging && belonging.length <= MAX_ID_LENGTH) ids[i] = belonging;
  }
  return { ids, message };
}

/**
 * What the objects of a state belong to: its locations (the own ids of its location objects, the meters its MeLos
 * name, UTILTS' `transaktionsdaten.lokationsId`), and its sender and category.
 */
export function messageFactsOf(
  entries: readonly Entry[],
  transaktionsdaten?: unknown,
  ownIds?: readonly (string | undefined)[],
): MessageFacts {
  const locations: NamedLocation[] = [];
  const seen = new Set<string>();
  const add = (location: NamedLocation) => {
    const key = locationKey(location.type, location.id);
    if (seen.has(key)) return;
    seen.add(key);
    locations.push(location);
  };
  for (let i = 0; i < entries.length; i++) {
    const { rule, object } = entries[i];
    if (!rule.location) continue;
    const id = ownIds ? ownIds[i] : ownId(rule, object);
    if (id) add({ type: rule.location, id });
    if (rule.location === 'MELO') metersOf(object).forEach(add);
  }
  const transaction: Raw<Transaktionsdaten> = isPlainObject(transaktionsdaten) ? transaktionsdaten : {};
  // `lokationsTyp`: UTILTS' type of the location, not in the domain's Transaktionsdaten.
  const [subject] = typedRef(transaction, 'lokationsId', wire('lokationsTyp'));
  if (subject) add(subject);
  const sender = objectAt(transaction, 'absender');
  return {
    locations,
    ...(subject ? { subject } : {}),
    ...(sender && idOf(sender.rollencodenummer) ? { sender: idOf(sender.rollencodenummer) } : {}),
    ...(idOf(transaction.kategorie) ? { category: idOf(transaction.kategorie) } : {}),
  };
}

/** Validity start and end as ISO text (null = open): the first pair of the rule with a usable date. */
export function validityOf(rule: KindRule, object: Bo): [string | null, string | null] {
  for (const [fromField, toField] of rule.validity) {
    const from = dateAt(object, fromField);
    const to = toField === undefined ? null : dateAt(object, toField);
    if (from === null && to === null) continue;
    // An end not after the start is a data error: the object counts as valid from its start on.
    if (from !== null && to !== null && to <= from) return [from.toISOString(), null];
    return [from?.toISOString() ?? null, to?.toISOString() ?? null];
  }
  return [null, null];
}

/**
 * The object's locations: its own id (locations), the ones it names, and the locations of the same state of every type
 * it names none of (a Bilanzierung naming its MaLo is not linked to the other MaLos of the message, but to its MeLo).
 */
export function locationsOf(
  rule: KindRule,
  object: Bo,
  id: string,
  messageLocations: NamedLocation[],
  options: ProjectionOptions = {},
): string[] {
  // A Set keeps the first of equal keys in order: own id, named locations, the message's others, lookup keys.
  const keys = new Set<string>();
  if (rule.location) keys.add(locationKey(rule.location, id));
  const named = rule.names?.(object) ?? [];
  for (const location of named) keys.add(locationKey(location.type, location.id));
  for (const location of messageLocations) {
    const { type } = location;
    if (type !== rule.location && !named.some((other) => other.type === type)) keys.add(locationKey(type, location.id));
  }
  for (const key of rule.keys?.(object) ?? []) keys.add(lookupKey(key));
  if (options.identification) for (const key of rule.identificationKeys?.(object) ?? []) keys.add(lookupKey(key));
  return Array.from(keys);
}

export interface Entry {
  kind: string;
  index: number | null;
  rule: KindRule;
  object: Bo;
}

/** The objects of a `stammdaten` whose kind has a rule, with their kind and index. */
export function objectsOf(stammdaten: Bo): Entry[] {
  const entries: Entry[] = [];
  for (const kind of Object.keys(stammdaten)) {
    // Own keys only: a kind named `constructor` or `__proto__` is just an unknown kind.
    const rule = Object.hasOwn(BUSINESS_OBJECT_RULES, kind) ? BUSINESS_OBJECT_RULES[kind] : undefined;
    if (!rule) continue;
    const value = stammdaten[kind];
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++)
        if (isPlainObject(value[index])) entries.push({ kind, index, rule, object: value[index] as Bo });
    } else if (isPlainObject(value)) {
      entries.push({ kind, index: null, rule, object: value });
    }
  }
  return entries;
}

function byIdentity(entries: Entry[], transaktionsdaten: unknown): Map<string, Bo> {
  const { ids } = identify(entries, transaktionsdaten);
  const map = new Map<string, Bo>();
  for (let i = 0; i < entries.length; i++) {
    const id = ids[i];
    if (id) map.set(`${entries[i].kind}\u0000${id}`, entries[i].object);
  }
  return map;
}

// A date, or a date-time with its offset (without one it would depend on the server's time zone). Looser than
// RFC3339_DATE_TIME on purpose: master data writes `T` or a space, may omit seconds or the offset's colon.
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** The rules' dotted paths, split once (every booking reads the same few). */
const PATH_PARTS = new Map<string, string[]>();

function dateAt(object: Bo, path: string): Date | null {
  let parts = PATH_PARTS.get(path);
  if (!parts) PATH_PARTS.set(path, (parts = path.split('.')));
  let value: unknown = object;
  for (const part of parts) value = isPlainObject(value) ? value[part] : undefined;
  if (typeof value !== 'string' || !DATE_OR_DATE_TIME.test(value)) return null;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}
