import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { bdewCheckDigit, type ReleaseName } from '@maco/domain';
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
 */

/** The vendor's folders: one per format version. */
export type VendorFormatVersion = '202510' | '202604' | '202610';

export type VendorBodyKind = 'minimal' | 'maximal';

export interface VendorBodyOptions {
  /** Mixed into the seed of every random choice (ids, business key); the same seed gives the same body. */
  seed?: number;
  /** `zusatzdaten.businessKey`; a fresh (seeded) one when absent. An update names the process to book on with it. */
  businessKey?: string;
  /** Further `zusatzdaten` fields (e.g. `targetBusinessKey`). */
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

function pruefiDir(formatVersion: VendorFormatVersion): string {
  return join(vendorDocsDir(), 'pruefi', formatVersion);
}

const specIndex = new Map<VendorFormatVersion, Map<string, VendorSpec>>();

/** Every PI the vendor documents in a format version folder, by PI (message folder order; the first one wins). */
export function vendorSpecs(formatVersion: VendorFormatVersion): Map<string, VendorSpec> {
  let index = specIndex.get(formatVersion);
  if (index) return index;
  index = new Map();
  const root = pruefiDir(formatVersion);
  for (const message of existsSync(root) ? readdirSync(root).sort() : []) {
    for (const name of readdirSync(join(root, message)).sort()) {
      const pruefidentifikator = /^PI_(\d{5})\.yaml$/.exec(name)?.[1];
      if (pruefidentifikator && !index.has(pruefidentifikator)) {
        index.set(pruefidentifikator, { formatVersion, message, pruefidentifikator, file: join(root, message, name) });
      }
    }
  }
  specIndex.set(formatVersion, index);
  return index;
}

/** The vendor document of a PI for a release: 10/26 takes UTILMD Strom from 202610, every other message from 202604. */
export function vendorSpecFor(release: ReleaseName, pruefidentifikator: string): VendorSpec | undefined {
  for (const formatVersion of VENDOR_FOLDERS[release]) {
    const spec = vendorSpecs(formatVersion).get(pruefidentifikator);
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
      // `bo4e/bo/X.yaml`, `bo4e/com/X.yaml`: a dictionary type (fields and enums are not).
      const type = /[\\/]bo4e[\\/](bo|com|cdoc)[\\/]([^\\/]+)\.yaml$/.exec(file);
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

// ---------- bodies ----------

interface Walk {
  kind: VendorBodyKind;
  random: () => number;
  instant: { date: string; offset: string };
  pruefidentifikator: string;
  /** The stammdaten kind (`MARKTLOKATION`, `TECHNISCHE_RESSOURCE`, …) the walk is inside, for `ressourcenId`. */
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
  const required = new Set(schema.required ?? []);
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (walk.kind === 'minimal' && !required.has(name)) continue;
    const value = valueOf(walk, { ...located, schema: property }, name, stack);
    if (value !== undefined) object[name] = value;
  }
  // Location ids whose kind a sibling type names: drawn again once the sibling has its value.
  for (const [field, typeField] of Object.entries(TYPE_FIELD_OF)) {
    if (typeof object[field] !== 'string') continue;
    const kind = ID_KIND_BY_LOCATION_TYPE[String(object[typeField])] ?? 'malo';
    object[field] = generatedIdentifier(kind, walk.random);
  }
  return object;
}

function stringOf(walk: Walk, name: string, format: string | undefined): string {
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

/** One generated body of a PI in a format version folder; throws when the vendor has no document for it. */
export function vendorBody(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  kind: VendorBodyKind,
  options: VendorBodyOptions = {},
): VendorBody {
  const spec = vendorSpecs(formatVersion).get(pruefidentifikator);
  if (!spec) throw new Error(`the vendor has no document for PI ${pruefidentifikator} in ${formatVersion}`);
  const random = seededRandom(hash(`${formatVersion}/${pruefidentifikator}/${kind}`) ^ (options.seed ?? 0));
  const walk: Walk = { kind, random, instant: INSTANT_OF[formatVersion], pruefidentifikator };
  const root = resolveSchema({
    schema: schemaAt(spec.file, `/components/schemas/PI_${pruefidentifikator}`),
    file: spec.file,
  });
  const properties = root.schema.properties ?? {};
  const stammdaten: Record<string, unknown> = {};
  const stammdatenSchema = properties['stammdaten']
    ? resolveSchema({ ...root, schema: properties['stammdaten'] }).schema
    : {};
  const requiredStammdaten = new Set(stammdatenSchema.required ?? []);
  for (const [stammdatenKind, property] of Object.entries(stammdatenSchema.properties ?? {})) {
    if (kind === 'minimal' && !requiredStammdaten.has(stammdatenKind)) continue;
    const value = valueOf({ ...walk, stammdatenKind }, { ...root, schema: property }, stammdatenKind, []);
    if (value !== undefined) stammdaten[stammdatenKind] = value;
  }
  const transaktionsdaten = properties['transaktionsdaten']
    ? (valueOf(walk, { ...root, schema: properties['transaktionsdaten'] }, 'transaktionsdaten', []) as Record<
        string,
        unknown
      >)
    : {};
  transaktionsdaten['pruefidentifikator'] = pruefidentifikator;
  const businessKey = options.businessKey ?? seededUuid(random);
  return { stammdaten, transaktionsdaten, zusatzdaten: { ...options.zusatzdaten, businessKey } };
}

/** The minimal and the maximal body of a PI (see the module comment); throws without a vendor document. */
export function vendorBodies(
  formatVersion: VendorFormatVersion,
  pruefidentifikator: string,
  options: VendorBodyOptions = {},
): { minimal: VendorBody; maximal: VendorBody } {
  return {
    minimal: vendorBody(formatVersion, pruefidentifikator, 'minimal', options),
    maximal: vendorBody(formatVersion, pruefidentifikator, 'maximal', options),
  };
}

/** Every property the PI document declares directly in a container (`stammdaten`, `transaktionsdaten`). */
export function vendorContainerProperties(
  spec: VendorSpec,
  container: 'stammdaten' | 'transaktionsdaten',
): { declared: string[]; required: string[] } {
  const root = resolveSchema({
    schema: schemaAt(spec.file, `/components/schemas/PI_${spec.pruefidentifikator}`),
    file: spec.file,
  });
  const property = root.schema.properties?.[container];
  if (!property) return { declared: [], required: [] };
  const { schema } = resolveSchema({ ...root, schema: property });
  return { declared: Object.keys(schema.properties ?? {}), required: schema.required ?? [] };
}
