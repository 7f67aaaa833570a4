import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { bdewCheckDigit, BO4E_DE_TO_EN, BO4E_EN_TO_DE, type ReleaseName, toEnglish } from '@maco/domain';
import { referenceDir } from './samples';
import { seededRandom, seededUuid } from './seeded-random';

/**
 * Request bodies generated from the middleware vendor's per-PI OpenAPI documents
 * (`reference/maco-api-doc-resources/pruefi/<FV>/<MESSAGE>/PI_<n>.yaml`), every `$ref` resolved through its BO4E
 * dialect (`reference/maco-api-doc-resources/bo4e/{bo,com,cdoc,enum,fields}`):
 * - `minimal`: only what the `required` lists demand, recursively (a required array gets one element);
 * - `maximal`: every declared property, arrays with one element; types of the dictionary reached through a field
 *   (`bo/`, `com/`) are expanded up to {@link MAX_DICTIONARY_DEPTH} levels and never inside themselves.
 * Values follow the schema: `default`, else the first `enum` value, else by `format` (date-time with the offset of
 * German legal time at the start of the format version), else by type; identifier fields (MaLo-, MeLo-, NeLo-,
 * Tranche-, Ressource-, MP-IDs) get valid check digits. Output is deterministic for (format version, PI, kind, seed).
 *
 * The vendor publishes the same documents in its English dialect (`pruefi-en/`, resolved through `bo4e-en/`):
 * option `dialect: 'en'` generates from those. The walk is the same and draws its random choices in the same order
 * (the documents are structurally parallel), and every value derived from a name (identifier kinds, free texts such
 * as `name1-X3K9QZ`, location types) is derived from the German name the vendor's name map
 * (`BO4E_EN_TO_DE` of `@maco/domain`) gives it, so with the same seed the English body is the translation of the
 * German one: free texts alike, keys and enumeration values in English.
 */

/** The vendor's folders: one per format version. */
export type VendorFormatVersion = '202510' | '202604' | '202610';

export type VendorBodyKind = 'minimal' | 'maximal';

/** The vendor's two dialects: the canonical German documents (`pruefi/`, `bo4e/`), the English ones (`-en`). */
export type VendorDialect = 'de' | 'en';

export interface VendorBodyOptions {
  /** The documents to generate from (default `de`); `en` gives the body in the English dialect. */
  dialect?: VendorDialect;
  /** Mixed into the seed of every random choice (ids, business key); the same seed gives the same body. */
  seed?: number;
  /** `zusatzdaten.businessKey`; a fresh (seeded) one when absent. An update names the process to book on with it. */
  businessKey?: string;
  /**
   * Further `zusatzdaten` fields (e.g. `targetBusinessKey`), named in German; an English body has them in
   * `additionalData` under their English names (`prozessId` → `processId`).
   */
  zusatzdaten?: Record<string, unknown>;
}

export interface VendorSpec {
  formatVersion: VendorFormatVersion;
  message: string;
  pruefidentifikator: string;
  file: string;
}

export type VendorBody = Record<string, unknown> & {
  stammdaten: Record<string, unknown>;
  transaktionsdaten: Record<string, unknown>;
  zusatzdaten: Record<string, unknown>;
};

/** A body in the vendor's English dialect (`dialect: 'en'`). */
export type EnglishVendorBody = Record<string, unknown> & {
  masterData: Record<string, unknown>;
  transactionData: Record<string, unknown>;
  additionalData: Record<string, unknown>;
};

/** Levels of dictionary types (`bo/`, `com/`) a maximal body expands below a field the PI document does not detail. */
export const MAX_DICTIONARY_DEPTH = 2;

/** The release a format version folder starts (midnight German legal time), used for every date value. */
const INSTANT_OF: Record<VendorFormatVersion, { date: string; offset: string }> = {
  '202510': { date: '2025-10-01', offset: '+02:00' },
  '202604': { date: '2026-04-01', offset: '+02:00' },
  '202610': { date: '2026-10-01', offset: '+02:00' },
};

/**
 * The vendor's folders per release, first match wins: 10/26 has UTILMD Strom only and keeps 04/26 for everything else
 * (maco-api-doc-resources README; `tools/ahb-rules/vendor-required.js` reads them the same way).
 */
export const VENDOR_FOLDERS: Record<ReleaseName, VendorFormatVersion[]> = {
  '10/25': ['202510'],
  '04/26': ['202604'],
  '10/26': ['202610', '202604'],
};

export function vendorDocsDir(): string {
  return join(referenceDir(), 'maco-api-doc-resources');
}

function pruefiDir(formatVersion: VendorFormatVersion, dialect: VendorDialect): string {
  return join(vendorDocsDir(), dialect === 'en' ? 'pruefi-en' : 'pruefi', formatVersion);
}

const specIndex = new Map<string, Map<string, VendorSpec>>();

/**
 * Every PI the vendor documents in a format version folder, by PI (message folder order; the first one wins); of
 * its English documents (`pruefi-en/`) with `dialect` `en`.
 */
export function vendorSpecs(
  formatVersion: VendorFormatVersion,
  dialect: VendorDialect = 'de',
): Map<string, VendorSpec> {
  const cacheKey = `${dialect}/${formatVersion}`;
  let index = specIndex.get(cacheKey);
  if (index) return index;
  index = new Map();
  const root = pruefiDir(formatVersion, dialect);
  for (const message of existsSync(root) ? readdirSync(root).sort() : []) {
    for (const name of readdirSync(join(root, message)).sort()) {
      const pruefidentifikator = /^PI_(\d{5})\.yaml$/.exec(name)?.[1];
      if (pruefidentifikator && !index.has(pruefidentifikator)) {
        index.set(pruefidentifikator, { formatVersion, message, pruefidentifikator, file: join(root, message, name) });
      }
    }
  }
  specIndex.set(cacheKey, index);
  return index;
}

/** The vendor document of a PI for a release: 10/26 takes UTILMD Strom from 202610, every other message from 202604. */
export function vendorSpecFor(
  release: ReleaseName,
  pruefidentifikator: string,
  dialect: VendorDialect = 'de',
): VendorSpec | undefined {
  for (const formatVersion of VENDOR_FOLDERS[release]) {
    const spec = vendorSpecs(formatVersion, dialect).get(pruefidentifikator);
    if (spec) return spec;
  }
  return undefined;
}

// ---------- schema documents ----------

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/** A schema with the document its local `$ref`s resolve in; `entered`: the dictionary type its `$ref`s led into. */
interface Located {
  schema: Schema;
  file: string;
  entered?: string;
}

const documents = new Map<string, { components?: { schemas?: Record<string, Schema> } }>();

/** A parsed YAML document, parsed once per process. */
function documentAt(file: string): { components?: { schemas?: Record<string, Schema> } } {
  let document = documents.get(file);
  if (!document) {
    document = parse(readFileSync(file, 'utf8')) as { components?: { schemas?: Record<string, Schema> } };
    documents.set(file, document);
  }
  return document;
}

function schemaAt(file: string, pointer: string): Schema {
  const name = /^\/components\/schemas\/(.+)$/.exec(pointer)?.[1];
  const schema = name ? documentAt(file).components?.schemas?.[name] : undefined;
  if (!schema) throw new Error(`unresolvable $ref ${pointer} in ${file}`);
  return schema;
}

/** Follows `$ref`s (siblings of a `$ref` such as `default` override the target), merging `allOf`. */
function resolveSchema(located: Located): Located {
  let { schema, file } = located;
  let entered: string | undefined;
  const overrides: Schema[] = [];
  for (let hops = 0; schema.$ref !== undefined; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${file}`);
    const { $ref, ...siblings } = schema;
    overrides.unshift(siblings);
    const [target, pointer = ''] = $ref.split('#');
    if (target) {
      file = resolve(dirname(file), target.trim());
      // `bo4e/bo/X.yaml`, `bo4e/com/X.yaml` (`bo4e-en/…` in English): a dictionary type (fields and enums are not).
      const type = /[\\/]bo4e(?:-en)?[\\/](bo|com|cdoc)[\\/]([^\\/]+)\.yaml$/.exec(file);
      if (type) entered = `${type[1]}/${type[2]}`;
    }
    schema = schemaAt(file, pointer);
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolveSchema({ schema: part, file }).schema);
    schema = parts.reduce<Schema>(
      (merged, part) => ({
        ...merged,
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      }),
      { ...schema, allOf: undefined },
    );
  }
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative && !schema.type && !schema.properties) {
    const inner = resolveSchema({ schema: { ...alternative, ...withoutUndefined(overrides) }, file });
    return { ...inner, entered: inner.entered ?? entered };
  }
  return { schema: { ...schema, ...withoutUndefined(overrides) }, file, entered };
}

function withoutUndefined(overrides: Schema[]): Schema {
  const merged: Record<string, unknown> = {};
  for (const override of overrides)
    for (const [key, value] of Object.entries(override))
      if (value !== undefined && key !== 'description') merged[key] = value;
  return merged as Schema;
}

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (schema.enum) return typeof schema.enum[0];
  return undefined;
}

// ---------- identifiers ----------

type IdKind = 'malo' | 'melo' | 'nelo' | 'tr' | 'sr' | 'mpid' | 'eic';

/** Fields whose name says which identifier they hold (as `identifierFindings` of the domain reads them). */
const ID_KIND_BY_FIELD: Record<string, IdKind> = {
  marktlokationsId: 'malo',
  tranchenId: 'malo',
  referenzMarktlokationsId: 'malo',
  messlokationsId: 'melo',
  netzlokationsId: 'nelo',
  technischeRessourceId: 'tr',
  steuerbareRessourceId: 'sr',
  rollencodenummer: 'mpid',
};

/** Location id fields whose kind a sibling type field names. */
const TYPE_FIELD_OF: Record<string, string> = {
  lokationsId: 'lokationsTyp',
  referenzLokationsId: 'referenzLokationsTyp',
  vorgelagerteLokationId: 'vorgelagerteLokationTyp',
};

const ID_KIND_BY_LOCATION_TYPE: Record<string, IdKind> = {
  MALO: 'malo',
  MARKTLOKATION: 'malo',
  MELO: 'melo',
  MESSLOKATION: 'melo',
  NELO: 'nelo',
  NETZLOKATION: 'nelo',
  TECHNISCHE_RESSOURCE: 'tr',
  STEUERBARE_RESSOURCE: 'sr',
  TRANCHE: 'malo',
};

const DIGITS = '0123456789';
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function draw(random: () => number, alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** An identifier of the kind with a valid format and check digit (the domain's `check*` functions accept it). */
export function generatedIdentifier(kind: IdKind, random: () => number): string {
  switch (kind) {
    case 'malo': {
      const stem = draw(random, '123456789', 1) + draw(random, DIGITS, 9);
      return stem + bdewCheckDigit(stem, 10);
    }
    case 'nelo':
    case 'tr':
    case 'sr': {
      const stem = { nelo: 'E', tr: 'D', sr: 'C' }[kind] + draw(random, ALNUM, 9);
      return stem + bdewCheckDigit(stem, 10);
    }
    case 'melo':
      return 'DE' + draw(random, ALNUM, 31);
    case 'mpid': {
      const stem = '99' + draw(random, DIGITS, 10);
      return stem + bdewCheckDigit(stem, 12);
    }
    case 'eic':
      // A fixed, valid EIC (a control area), so no check-character code is duplicated here.
      return '10YDE-RWENET---I';
  }
}

// ---------- dialects ----------

/** How a dialect names what the walk derives values from; German: the names themselves. */
interface DialectNames {
  stammdaten: string;
  transaktionsdaten: string;
  zusatzdaten: string;
  /** The key of `transaktionsdaten.pruefidentifikator`. */
  pruefidentifikator: string;
  /** The German name of a key (field, stammdaten kind), which every value derived from a name is derived from. */
  german(name: string): string;
  /** The key of a German field name in this dialect. */
  local(germanName: string): string;
  /** The German value of an enumeration value. */
  germanValue(value: string): string;
  /** The names of a `required` list that are properties of the schema. */
  required(required: readonly string[], properties: Readonly<Record<string, Schema>>): string[];
  /** `options.zusatzdaten` (German names) in this dialect. */
  zusatzdatenFields(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined;
}

const identity = (name: string): string => name;

const GERMAN: DialectNames = {
  stammdaten: 'stammdaten',
  transaktionsdaten: 'transaktionsdaten',
  zusatzdaten: 'zusatzdaten',
  pruefidentifikator: 'pruefidentifikator',
  german: identity,
  local: identity,
  germanValue: identity,
  required: (required) => [...required],
  zusatzdatenFields: (fields) => fields,
};

/** The flat tables of the vendor's name map (no English name is in two of them with different German names). */
const GERMAN_KEY_OF: Readonly<Record<string, string>> = {
  ...BO4E_EN_TO_DE.object_property_names,
  ...BO4E_EN_TO_DE.transaktionsdaten_properties,
  ...BO4E_EN_TO_DE.stammdaten_properties,
};
const ENGLISH_KEY_OF: Readonly<Record<string, string>> = BO4E_DE_TO_EN.object_property_names;
/** Enumeration values; the BO kinds (`TECHNISCHE_RESSOURCE`) are in the map only as `stammdaten` keys. */
const GERMAN_VALUE_OF: Readonly<Record<string, string>> = {
  ...BO4E_EN_TO_DE.enumeration_case_values,
  ...BO4E_EN_TO_DE.stammdaten_properties,
};

const ENGLISH: DialectNames = {
  stammdaten: BO4E_DE_TO_EN.processdata_properties.stammdaten,
  transaktionsdaten: BO4E_DE_TO_EN.processdata_properties.transaktionsdaten,
  zusatzdaten: BO4E_DE_TO_EN.processdata_properties.zusatzdaten,
  pruefidentifikator: BO4E_DE_TO_EN.transaktionsdaten_properties.pruefidentifikator,
  german: (name) => (Object.hasOwn(GERMAN_KEY_OF, name) ? GERMAN_KEY_OF[name] : name),
  local: (germanName) => (Object.hasOwn(ENGLISH_KEY_OF, germanName) ? ENGLISH_KEY_OF[germanName] : germanName),
  germanValue: (value) => (Object.hasOwn(GERMAN_VALUE_OF, value) ? GERMAN_VALUE_OF[value] : value),
  required: (required, properties) => englishRequiredNames(required, Object.keys(properties)),
  zusatzdatenFields: (fields) =>
    fields === undefined
      ? undefined
      : (toEnglish({ zusatzdaten: fields }) as { [key: string]: Record<string, unknown> })[
          BO4E_DE_TO_EN.processdata_properties.zusatzdaten
        ],
};

const DIALECT_NAMES: Record<VendorDialect, DialectNames> = { de: GERMAN, en: ENGLISH };

/**
 * The names an English `required` list demands of a schema with these properties.
 *
 * Vendor defect: the English BO types (`bo4e-en/bo/*.yaml`, 34 of 35; BalancingGroup has no `required`) list
 * `required: [boTyp, versionStruktur]` under their German names while their properties are `boType` and
 * `structureVersion`. A required name that is no property is translated through the vendor's name map
 * (`BO4E_DE_TO_EN.object_property_names`) and kept when its English name is a property; a name that is neither is
 * ignored (it demands nothing a body could hold). So a minimal English body has what the minimal German one has
 * wherever the walk enters a BO type (no PI document leads a minimal body into one today).
 */
export function englishRequiredNames(required: readonly string[], properties: readonly string[]): string[] {
  const declared = new Set(properties);
  return required.flatMap((name) => {
    if (declared.has(name)) return [name];
    const english = Object.hasOwn(ENGLISH_KEY_OF, name) ? ENGLISH_KEY_OF[name] : undefined;
    return english !== undefined && declared.has(english) ? [english] : [];
  });
}

// ---------- bodies ----------

interface Walk {
  kind: VendorBodyKind;
  random: () => number;
  instant: { date: string; offset: string };
  pruefidentifikator: string;
  names: DialectNames;
  /** The stammdaten kind (`MARKTLOKATION`, `TECHNISCHE_RESSOURCE`, …; German) the walk is inside, for `ressourcenId`. */
  stammdatenKind?: string;
}

/** The value of a schema (undefined: nothing to emit, e.g. a recursive type at the bound). */
function valueOf(walk: Walk, located: Located, name: string, stack: readonly string[]): unknown {
  const resolved = resolveSchema(located);
  const { schema } = resolved;
  let nextStack = stack;
  if (resolved.entered && typeOf(schema) === 'object') {
    if (stack.includes(resolved.entered) || stack.length >= MAX_DICTIONARY_DEPTH)
      return walk.kind === 'maximal' ? undefined : {};
    nextStack = [...stack, resolved.entered];
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return objectOf(walk, resolved, nextStack);
    case 'array': {
      if (!schema.items) return [];
      const element = valueOf(walk, { ...resolved, schema: schema.items }, name, nextStack);
      return element === undefined ? undefined : [element];
    }
    case 'string':
      return stringOf(walk, name, schema.format);
    case 'number':
      return 1.5;
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      return stringOf(walk, name, schema.format);
  }
}

function objectOf(walk: Walk, located: Located, stack: readonly string[]): Record<string, unknown> {
  const { schema } = located;
  const required = new Set(walk.names.required(schema.required ?? [], schema.properties ?? {}));
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (walk.kind === 'minimal' && !required.has(name)) continue;
    const value = valueOf(walk, { ...located, schema: property }, name, stack);
    if (value !== undefined) object[name] = value;
  }
  // Location ids whose kind a sibling type names: drawn again once the sibling has its value.
  for (const [germanField, germanTypeField] of Object.entries(TYPE_FIELD_OF)) {
    const field = walk.names.local(germanField);
    if (typeof object[field] !== 'string') continue;
    const locationType = walk.names.germanValue(String(object[walk.names.local(germanTypeField)]));
    const kind = ID_KIND_BY_LOCATION_TYPE[locationType] ?? 'malo';
    object[field] = generatedIdentifier(kind, walk.random);
  }
  return object;
}

function stringOf(walk: Walk, localName: string, format: string | undefined): string {
  const name = walk.names.german(localName);
  if (name === 'pruefidentifikator') return walk.pruefidentifikator;
  const kind =
    ID_KIND_BY_FIELD[name] ??
    (name === 'ressourcenId' ? (walk.stammdatenKind === 'STEUERBARE_RESSOURCE' ? 'sr' : 'tr') : undefined);
  if (kind) return generatedIdentifier(kind, walk.random);
  if (name === 'bilanzierungsgebiet') return generatedIdentifier('eic', walk.random);
  switch (format) {
    case 'date-time':
      return `${walk.instant.date}T00:00:00${walk.instant.offset}`;
    case 'date':
      return walk.instant.date;
    case 'time':
      return '00:00:00';
    case 'uuid':
      return seededUuid(walk.random);
    case 'email':
      return `${name.toLowerCase()}@example.org`;
    case 'uri':
      return `https://example.org/${name}`;
    default:
      return `${name}-${draw(walk.random, ALNUM, 6)}`;
  }
}

/** A stable 32-bit hash of a text (FNV-1a), so each (format version, PI, kind) has its own random sequence. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}

/**
 * One generated body of a PI in a format version folder; throws when the vendor has no document for it. With
 * `dialect: 'en'` from the English documents: the same seed gives the English translation of the German body.
 */
export function vendorBody(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  kind: VendorBodyKind,
  options?: VendorBodyOptions & { dialect?: 'de' },
): VendorBody;
export function vendorBody(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  kind: VendorBodyKind,
  options: VendorBodyOptions & { dialect: 'en' },
): EnglishVendorBody;
export function vendorBody(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  kind: VendorBodyKind,
  options?: VendorBodyOptions,
): VendorBody | EnglishVendorBody;
export function vendorBody(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  kind: VendorBodyKind,
  options: VendorBodyOptions = {},
): VendorBody | EnglishVendorBody {
  const dialect = options.dialect ?? 'de';
  const names = DIALECT_NAMES[dialect];
  const spec = vendorSpecs(formatVersion, dialect).get(pruefidentifikator);
  if (!spec) {
    const where = dialect === 'en' ? `${formatVersion} (English)` : formatVersion;
    throw new Error(`the vendor has no document for PI ${pruefidentifikator} in ${where}`);
  }
  // The dialect is not part of the seed: both dialects draw the same sequence.
  const random = seededRandom(hash(`${formatVersion}/${pruefidentifikator}/${kind}`) ^ (options.seed ?? 0));
  const walk: Walk = { kind, random, instant: INSTANT_OF[formatVersion], pruefidentifikator, names };
  const root = resolveSchema({
    schema: schemaAt(spec.file, `/components/schemas/PI_${pruefidentifikator}`),
    file: spec.file,
  });
  const properties = root.schema.properties ?? {};
  const stammdaten: Record<string, unknown> = {};
  const stammdatenSchema = properties[names.stammdaten]
    ? resolveSchema({ ...root, schema: properties[names.stammdaten] }).schema
    : {};
  const requiredStammdaten = new Set(stammdatenSchema.required ?? []);
  for (const [stammdatenKind, property] of Object.entries(stammdatenSchema.properties ?? {})) {
    if (kind === 'minimal' && !requiredStammdaten.has(stammdatenKind)) continue;
    const inKind: Walk = { ...walk, stammdatenKind: names.german(stammdatenKind) };
    const value = valueOf(inKind, { ...root, schema: property }, stammdatenKind, []);
    if (value !== undefined) stammdaten[stammdatenKind] = value;
  }
  const transaktionsdaten = properties[names.transaktionsdaten]
    ? (valueOf(walk, { ...root, schema: properties[names.transaktionsdaten] }, names.transaktionsdaten, []) as Record<
        string,
        unknown
      >)
    : {};
  transaktionsdaten[names.pruefidentifikator] = pruefidentifikator;
  const businessKey = options.businessKey ?? seededUuid(random);
  const zusatzdaten = { ...names.zusatzdatenFields(options.zusatzdaten), businessKey };
  if (dialect === 'en')
    return { masterData: stammdaten, transactionData: transaktionsdaten, additionalData: zusatzdaten };
  return { stammdaten, transaktionsdaten, zusatzdaten };
}

/** The minimal and the maximal body of a PI (see the module comment); throws without a vendor document. */
export function vendorBodies(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  options?: VendorBodyOptions & { dialect?: 'de' },
): { minimal: VendorBody; maximal: VendorBody };
export function vendorBodies(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  options: VendorBodyOptions & { dialect: 'en' },
): { minimal: EnglishVendorBody; maximal: EnglishVendorBody };
export function vendorBodies(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  options: VendorBodyOptions = {},
): { minimal: VendorBody | EnglishVendorBody; maximal: VendorBody | EnglishVendorBody } {
  return {
    minimal: vendorBody(formatVersion, pruefidentifikator, 'minimal', options),
    maximal: vendorBody(formatVersion, pruefidentifikator, 'maximal', options),
  };
}

/**
 * Every property the PI document declares directly in a container (`stammdaten`, `transaktionsdaten`); of an English
 * document (`vendorSpecs(…, 'en')`) with `dialect` `en` (its `masterData`, `transactionData`, names as declared).
 */
export function vendorContainerProperties(
  spec: VendorSpec,
  container: 'stammdaten' | 'transaktionsdaten',
  dialect: VendorDialect = 'de',
): { declared: string[]; required: string[] } {
  const root = resolveSchema({
    schema: schemaAt(spec.file, `/components/schemas/PI_${spec.pruefidentifikator}`),
    file: spec.file,
  });
  const property = root.schema.properties?.[DIALECT_NAMES[dialect][container]];
  if (!property) return { declared: [], required: [] };
  const { schema } = resolveSchema({ ...root, schema: property });
  return { declared: Object.keys(schema.properties ?? {}), required: schema.required ?? [] };
}
