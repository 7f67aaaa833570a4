import { isPlainObject } from '../json/plain-object';
import { appendPointer, ROOT_POINTER, unescapePointerToken } from '../validation/json-pointer';
import {
  type DialectEnums,
  type DialectField,
  type DialectFields,
  ENUMS_FROM_DE,
  ENUMS_FROM_EN,
  FIELDS_FROM_DE,
  FIELDS_FROM_EN,
} from './bo4e-dialect.generated';
import { BO4E_DE_TO_EN, BO4E_EN_TO_DE } from './bo4e-names.generated';

/** The dialects the middleware speaks: the canonical German BO4E, and the vendor's English one. */
export const DIALECTS = ['de', 'en'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** The BO4E types a body can be read from: a Prozessdaten body, or a process (`{data: …}`) around one. */
export type DialectRoot = 'ProcessData' | 'Process' | 'Stammdaten' | 'Transaktionsdaten';

const GERMAN_CONTAINERS = Object.keys(BO4E_DE_TO_EN.processdata_properties);
const ENGLISH_CONTAINERS = Object.keys(BO4E_EN_TO_DE.processdata_properties);

/** One direction of the translation: the walk tables, and the flat name table for keys of no known type. */
interface Direction {
  fields: DialectFields;
  enums: DialectEnums;
  names: Readonly<Record<string, string>>;
}

const FROM_EN: Direction = { fields: FIELDS_FROM_EN, enums: ENUMS_FROM_EN, names: BO4E_EN_TO_DE.object_property_names };
const FROM_DE: Direction = { fields: FIELDS_FROM_DE, enums: ENUMS_FROM_DE, names: BO4E_DE_TO_EN.object_property_names };

/**
 * The dialect of a body by its top-level containers (three key lookups: German bodies pay nothing more): `mixed` when
 * it has containers of both; a body with neither (not an object, or no container) counts as German.
 */
export function dialectOf(body: unknown): Dialect | 'mixed' {
  if (!isPlainObject(body)) return 'de';
  const english = ENGLISH_CONTAINERS.some((key) => key in body);
  if (!english) return 'de';
  return GERMAN_CONTAINERS.some((key) => key in body) ? 'mixed' : 'en';
}

/**
 * An English body in the canonical German form: keys by their place (container, type, field), values only of fields
 * the dictionary types as enumerations. What the map does not name stays as sent. A new value; the body is not changed.
 */
export function fromEnglish(body: unknown, root: DialectRoot = 'ProcessData'): unknown {
  return translate(body, root, undefined, FROM_EN);
}

/** A canonical German value in the vendor's English dialect (for answers and trigger bodies); `eventname` stays. */
export function toEnglish(value: unknown, root: DialectRoot = 'ProcessData'): unknown {
  return translate(value, root, undefined, FROM_DE);
}

/** A canonical value in the given dialect: itself for German. */
export function inDialect<T>(value: T, dialect: Dialect, root: DialectRoot = 'ProcessData'): T {
  return dialect === 'de' ? value : (toEnglish(value, root) as T);
}

function translate(
  value: unknown,
  type: string | undefined,
  enumeration: string | undefined,
  direction: Direction,
): unknown {
  if (Array.isArray(value)) return value.map((item): unknown => translate(item, type, enumeration, direction));
  if (isPlainObject(value)) {
    const fields = type === undefined ? undefined : direction.fields[type];
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const field = fieldOf(fields, key);
      out[field?.to ?? direction.names[key] ?? key] = translate(value[key], field?.type, field?.enum, direction);
    }
    return out;
  }
  if (typeof value === 'string' && enumeration !== undefined) return direction.enums[enumeration]?.[value] ?? value;
  return value;
}

function fieldOf(fields: Readonly<Record<string, DialectField>> | undefined, key: string): DialectField | undefined {
  return fields !== undefined && Object.hasOwn(fields, key) ? fields[key] : undefined;
}

/**
 * A pointer into the canonical form of an English body, as a pointer into the body as received: each token is the
 * received key that translates to it; a member the body lacks (a missing mandatory field) is named in English.
 */
export function receivedPointer(received: unknown, canonical: string, root: DialectRoot = 'ProcessData'): string {
  if (canonical === ROOT_POINTER || !canonical.startsWith(`${ROOT_POINTER}/`)) return canonical;
  let node: unknown = received;
  let type: string | undefined = root;
  let pointer = ROOT_POINTER;
  for (const token of canonical.slice(ROOT_POINTER.length + 1).split('/')) {
    const key = unescapePointerToken(decodeURIComponent(token));
    if (Array.isArray(node) || /^\d+$/.test(key)) {
      pointer = appendPointer(pointer, key);
      node = Array.isArray(node) ? node[Number(key)] : undefined;
      continue;
    }
    const englishFields: Readonly<Record<string, DialectField>> | undefined =
      type === undefined ? undefined : FIELDS_FROM_EN[type];
    const sent: string | undefined = isPlainObject(node)
      ? Object.keys(node).find(
          (candidate) => (fieldOf(englishFields, candidate)?.to ?? FROM_EN.names[candidate] ?? candidate) === key,
        )
      : undefined;
    if (sent !== undefined) {
      pointer = appendPointer(pointer, sent);
      node = (node as Record<string, unknown>)[sent];
      type = fieldOf(englishFields, sent)?.type;
      continue;
    }
    const field = fieldOf(type === undefined ? undefined : FIELDS_FROM_DE[type], key);
    pointer = appendPointer(pointer, field?.to ?? FROM_DE.names[key] ?? key);
    node = undefined;
    type = field?.type;
  }
  return pointer;
}
