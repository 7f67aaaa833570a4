import 'reflect-metadata';
import * as path from 'node:path';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import { typeMetadataStorage } from '../src/validation/class-transformer-storage';

// The domain's classes against the vendor's BO4E dictionary (tools/bo4e-dictionary): per property the shapes each
// side accepts, written as signatures such as `string`, `string(date-time)`, `number`, `object:com/Verbrauch[]`.

const DICTIONARY_TOOL = path.resolve(__dirname, '../../../tools/bo4e-dictionary/dictionary.js');

export type ClassType = new () => object;

/** What `tools/bo4e-dictionary/dictionary.js` reads (see its typedefs). */
export interface DictionaryProperty {
  name: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'object';
  array: boolean;
  nullable: boolean;
  format?: string;
  enum?: { name?: string; values: string[] };
  ref?: { folder: string; type: string };
  file: string;
}

export interface DictionaryType {
  folder: string;
  name: string;
  properties: DictionaryProperty[];
}

export interface Dictionary {
  types: Record<string, DictionaryType>;
  enums: Record<string, { name: string; values: string[] }>;
}

export function readDictionary(): Dictionary {
  const tool = require(DICTIONARY_TOOL) as { readDictionary: () => Dictionary };
  return tool.readDictionary();
}

/**
 * The one shape the dictionary allows for a property. `integer` counts as `number` (one JSON kind; the domain has
 * no integer check), formats other than `date-time` (`float`) and enumerations are not checked by the domain
 * (it keeps EDIFACT codes and vendor names alike as strings), so they are not part of the signature.
 */
export function dictionarySignature(property: DictionaryProperty): string {
  const kind = property.kind === 'integer' ? 'number' : property.kind;
  const single = kind === 'string' && property.format === 'date-time' ? 'string(date-time)' : kind;
  return property.array ? `${single}[]` : single;
}

// Probe values, one per shape; a property accepts a shape when class-validator reports nothing for it there.
const DATE_TIME = '2024-04-01T10:57:00Z';
const SINGLE_PROBES: ReadonlyArray<readonly [string, unknown]> = [
  ['string', 'x'],
  ['string(date-time)', DATE_TIME],
  ['number', 1.5],
  ['boolean', true],
  ['object', {}],
];

export interface DomainProperty {
  /** Accepted shapes, e.g. `['string', 'string[]']`; `string` implies `string(date-time)`, which is then left out. */
  shapes: string[];
  nullable: boolean;
  /** The class of a nested object (class-transformer `@Type`). */
  nestedType?: ClassType;
}

/** The properties a class declares rules for (class-validator metadata), with what each accepts. */
export function domainProperties(type: ClassType): Map<string, DomainProperty> {
  const storage = getMetadataStorage();
  const metadata = storage.getTargetValidationMetadatas(type, undefined as unknown as string, false, false, undefined);
  const names = [...new Set(metadata.map((entry) => entry.propertyName))];
  return new Map(names.map((name) => [name, domainProperty(type, name)]));
}

function domainProperty(type: ClassType, name: string): DomainProperty {
  const accepts = (value: unknown) => passes(type, name, value);
  const singles = acceptedShapes(accepts);
  const items = accepts([]) ? acceptedShapes((value) => accepts([value])) : [];
  if (accepts([['x']]) && !items.includes('object')) items.push('string[]');
  // A list whose items are not checked (none or all of the probes pass): `array`.
  const anyItem = items.length === 0 || SINGLE_PROBES.every(([, value]) => accepts([value]));
  const shapes = [...singles, ...(anyItem ? (accepts([]) ? ['array'] : []) : items.map((shape) => `${shape}[]`))];
  const nestedType = typeMetadataStorage.findTypeMetadata(type, name)?.typeFunction() as ClassType | undefined;
  return { shapes, nullable: accepts(null), nestedType };
}

function acceptedShapes(accepts: (value: unknown) => boolean): string[] {
  const shapes = SINGLE_PROBES.filter(([, value]) => accepts(value)).map(([shape]) => shape);
  // A plain string includes a date-time string.
  return shapes.includes('string') ? shapes.filter((shape) => shape !== 'string(date-time)') : shapes;
}

function passes(type: ClassType, property: string, value: unknown): boolean {
  const instance = plainToInstance(type, { [property]: value });
  const errors = validateSync(instance, { forbidUnknownValues: true });
  // Violations inside a nested object (a required field of its class) say nothing about the shape of the value.
  return !errors.some((error) => error.property === property && Object.keys(error.constraints ?? {}).length > 0);
}

/** `string | string[]`: the shapes the domain accepts, the way exceptions name them. */
export function domainSignature(property: DomainProperty): string {
  return property.shapes.join(' | ');
}

export type Verdict = 'agrees' | 'disagrees' | 'missing';

export interface Comparison {
  /** `com/Verbrauch` */
  type: string;
  domainClass: string;
  property: string;
  dictionary: string;
  /** What the domain accepts; `undefined` when the class lacks the property. */
  domain?: string;
  verdict: Verdict;
  /** The dictionary declares it nullable and the domain refuses null. */
  nullRefused: boolean;
}

/**
 * Walks the dictionary from `cdoc/ProcessData` and the domain from each envelope class side by side: a property of
 * the dictionary that references a bo/com/cdoc type pairs that type with the domain's `@Type` class of the same
 * property, and each pair is compared once.
 */
export function compareWithDictionary(
  dictionary: Dictionary,
  roots: ReadonlyArray<readonly [string, ClassType]>,
): Comparison[] {
  const comparisons: Comparison[] = [];
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const [typeKey, domainClass] = queue.shift() as [string, ClassType];
    const pair = `${typeKey}=${domainClass.name}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    const type = dictionary.types[typeKey];
    if (!type) throw new Error(`dictionary has no type ${typeKey}`);
    const properties = domainProperties(domainClass);
    for (const property of type.properties) {
      const domain = properties.get(property.name);
      const expected = dictionarySignature(property);
      const comparison: Comparison = {
        type: typeKey,
        domainClass: domainClass.name,
        property: property.name,
        dictionary: expected,
        verdict: 'missing',
        nullRefused: false,
      };
      comparisons.push(comparison);
      if (!domain) continue;
      comparison.domain = domainSignature(domain);
      comparison.verdict = comparison.domain === expected ? 'agrees' : 'disagrees';
      comparison.nullRefused = property.nullable && !domain.nullable;
      if (property.ref && domain.nestedType)
        queue.push([`${property.ref.folder}/${property.ref.type}`, domain.nestedType]);
    }
  }
  return comparisons;
}
