import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type * as TransformerStorage from 'class-transformer/types/storage';
import { getMetadataStorage } from 'class-validator';

// class-transformer types its metadata storage only under `types/`; the runtime module sits under `cjs/`. A plain
// `require` (not `createRequire`) so that a test runner hands out the same instance the decorators wrote to.
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof TransformerStorage;

export type Role = 'LF' | 'NB' | 'MSB';
export type Operation = 'create' | 'update';
export type ClassType = abstract new (...args: never[]) => object;

/** The parts of an OpenAPI 3 schema object the walker reads. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  example?: unknown;
  examples?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: SchemaNode }> } }>>;
  components: { schemas: Record<string, SchemaNode> };
}

export const SCHEMA_FILES: ReadonlyArray<{ role: Role; operation: Operation; file: string }> = [
  { role: 'LF', operation: 'create', file: 'lf-create.json' },
  { role: 'LF', operation: 'update', file: 'lf-update.json' },
  { role: 'NB', operation: 'create', file: 'nb-create.json' },
  { role: 'NB', operation: 'update', file: 'nb-update.json' },
  { role: 'MSB', operation: 'create', file: 'msb-create.json' },
  { role: 'MSB', operation: 'update', file: 'msb-update.json' },
];

/** `stammdaten` keys in UPPER_SNAKE are BO kinds (backend-interface §3.1); lower-case keys there are doc defects. */
const KIND_KEY = /^[A-Z][A-Z0-9_]*$/;
const STAMMDATEN = '#/stammdaten';

/** The workspace root: the nearest folder above `from` holding nx.json. */
export function workspaceRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no nx.json above ${from}`);
  }
}

/** The published request schemas, as the repository carries them (`reference/schemas`). */
export function schemasDir(root: string = workspaceRoot()): string {
  return join(root, 'reference', 'schemas');
}

export function readSchemaDocument(file: string, dir: string = schemasDir()): OpenApiDocument {
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as OpenApiDocument;
}

// ---------------------------------------------------------------------------------------------------------------
// Class metadata

const declaredCache = new WeakMap<object, ReadonlySet<string>>();

/** Properties the class (or an ancestor) declares a class-validator rule for. */
export function declaredProperties(type: ClassType): ReadonlySet<string> {
  let declared = declaredCache.get(type);
  if (!declared) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    declared = new Set(metadata.map((entry) => entry.propertyName));
    declaredCache.set(type, declared);
  }
  return declared;
}

/** The class `@Type(() => X)` assigns to a property, if any. */
export function nestedClass(type: ClassType, property: string): ClassType | undefined {
  const metadata = defaultMetadataStorage.findTypeMetadata(type, property);
  const nested = metadata?.typeFunction() as ClassType | undefined;
  return nested && nested !== Object && declaredProperties(nested).size > 0 ? nested : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Schema walking

function refName(ref: string): string {
  return decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1));
}

/** The schema and every part it combines (`$ref`, allOf, anyOf, oneOf), each reference followed once per path. */
function parts(document: OpenApiDocument, schema: SchemaNode, seen: ReadonlySet<string> = new Set()): SchemaNode[] {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    const target = document.components.schemas[name];
    return target && !seen.has(name) ? parts(document, target, new Set([...seen, name])) : [];
  }
  const combined = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [schema, ...combined.flatMap((part) => parts(document, part, seen))];
}

/** The object schemas a value may be: the schema itself or its array items, at any array depth. */
function objectParts(document: OpenApiDocument, schema: SchemaNode): SchemaNode[] {
  return parts(document, schema).flatMap((part) => [
    ...(part.properties ? [part] : []),
    ...(part.items ? objectParts(document, part.items) : []),
  ]);
}

/**
 * The JSON types a schema allows, one descriptor each: `string`, `string:date-time`, `string:pattern`, `integer`,
 * `object`, `array<string>`, `array<array<string>>`, …, with a value the schema offers as example for strings.
 */
function typeDescriptors(document: OpenApiDocument, schema: SchemaNode): Map<string, unknown> {
  const descriptors = new Map<string, unknown>();
  for (const part of parts(document, schema)) {
    const types = Array.isArray(part.type) ? part.type : part.type ? [part.type] : part.properties ? ['object'] : [];
    for (const type of types) {
      if (type === 'array') {
        const items = part.items ? typeDescriptors(document, part.items) : new Map([['', undefined]]);
        for (const [item, example] of items) descriptors.set(item ? `array<${item}>` : 'array', example);
      } else if (type === 'string') {
        const refinement = part.format ?? (part.pattern ? 'pattern' : undefined);
        const example = part.examples?.[0] ?? part.example ?? part.enum?.[0];
        const descriptor = refinement ? `string:${refinement}` : 'string';
        descriptors.set(descriptor, descriptors.get(descriptor) ?? example);
      } else {
        descriptors.set(type, undefined);
      }
    }
  }
  return descriptors;
}

/** The request-body schema of the document's only operation. */
export function requestSchema(document: OpenApiDocument): SchemaNode {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (schema) return schema;
    }
  }
  throw new Error('no application/json request body in the document');
}

/** The named alternatives of the request schema: one `PI_xxxxx` per Prüfidentifikator, plus `ZUSATZDATEN …`. */
export function alternatives(document: OpenApiDocument): Array<{ name: string; schema: SchemaNode }> {
  const found = new Map<string, SchemaNode>();
  const visit = (schema: SchemaNode): void => {
    if (schema.$ref) {
      const name = refName(schema.$ref);
      const target = document.components.schemas[name];
      if (!target || found.has(name)) return;
      const combined = [...(target.allOf ?? []), ...(target.anyOf ?? []), ...(target.oneOf ?? [])];
      // A reference that only combines others (the root `Prozessdaten …` schema) is not an alternative itself.
      if (target.properties || !combined.length) found.set(name, target);
      else combined.forEach(visit);
      return;
    }
    [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].forEach(visit);
  };
  visit(requestSchema(document));
  return [...found].map(([name, schema]) => ({ name, schema }));
}

export type FieldArea = 'stammdaten' | 'transaktionsdaten' | 'zusatzdaten' | 'envelope';

export interface KindCoverage {
  kind: string;
  /** JSON types the schemas give the kind's value (`array<object>`, sometimes `object`), with their alternatives. */
  types: Record<string, string[]>;
  /** The BO class of the kind; undefined while the kind is an untyped placeholder. */
  className?: string;
  typed: boolean;
  alternatives: string[];
}

export interface FieldCoverage {
  /** JSON Pointer of the field with array indices left out, e.g. `#/stammdaten/MARKTLOKATION/lokationsadresse/ort`. */
  pointer: string;
  area: FieldArea;
  /** The class that should declare the field; undefined when its parent is not typed by a class. */
  owner?: string;
  typed: boolean;
  /** JSON types the schemas give the field (see `typeDescriptors`), each with the alternatives giving it. */
  types: Record<string, string[]>;
  /** A value the schema offers per string type (`examples`, `example` or the first `enum` value). */
  examples: Record<string, unknown>;
  /** Schema alternatives (`PI_55001`, …) defining the field. */
  alternatives: string[];
}

export interface SchemaCoverage {
  role: Role;
  operation: Operation;
  file: string;
  envelope: string;
  kinds: KindCoverage[];
  fields: FieldCoverage[];
}

function areaOf(pointer: string): FieldArea {
  const top = pointer.split('/')[1];
  return top === 'stammdaten' || top === 'transaktionsdaten' || top === 'zusatzdaten' ? top : 'envelope';
}

/** A reference token as the domain's violation pointers write it: RFC 6901 escaping, then percent-encoding. */
function escapeToken(token: string): string {
  return encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function unescapeToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Walks every property the schema defines (union over its Prüfidentifikatoren) alongside the envelope class: a
 * field is typed when the class at its parent declares it. The walk follows `@Type` classes; below a declared
 * field without a class (an open object) its schema properties count as untyped; below an undeclared field it stops.
 */
export function schemaCoverage(
  document: OpenApiDocument,
  envelope: ClassType,
  identity: { role: Role; operation: Operation; file: string },
): SchemaCoverage {
  const kinds = new Map<string, KindCoverage>();
  const merge = (
    entry: { types: Record<string, string[]>; alternatives: string[] },
    types: string[],
    alternative: string,
  ): void => {
    for (const type of types) {
      const giving = (entry.types[type] ??= []);
      if (!giving.includes(alternative)) giving.push(alternative);
    }
    if (!entry.alternatives.includes(alternative)) entry.alternatives.push(alternative);
  };
  const fields = new Map<string, FieldCoverage>();

  const walk = (schema: SchemaNode, owner: ClassType | undefined, pointer: string, alternative: string): void => {
    for (const part of objectParts(document, schema)) {
      for (const [name, child] of Object.entries(part.properties ?? {})) {
        const childPointer = `${pointer}/${escapeToken(name)}`;
        const typed = owner !== undefined && declaredProperties(owner).has(name);
        const nested = typed ? nestedClass(owner, name) : undefined;
        const descriptors = typeDescriptors(document, child);
        const types = [...descriptors.keys()];
        if (pointer === STAMMDATEN && KIND_KEY.test(name)) {
          const kind = kinds.get(name) ?? {
            kind: name,
            types: {},
            className: nested?.name,
            typed: nested !== undefined,
            alternatives: [],
          };
          merge(kind, types, alternative);
          kinds.set(name, kind);
        } else if (!(pointer === '#' && typed)) {
          // Envelope parts the class declares (`stammdaten`, …) are structure, not fields.
          const field = fields.get(childPointer) ?? {
            pointer: childPointer,
            area: areaOf(childPointer),
            owner: owner?.name,
            typed,
            types: {},
            examples: {},
            alternatives: [],
          };
          merge(field, types, alternative);
          for (const [type, example] of descriptors) if (example !== undefined) field.examples[type] ??= example;
          fields.set(childPointer, field);
        }
        // Into `stammdaten` even when the envelope lacks it, so its kinds are counted (as untyped) all the same.
        if (typed || childPointer === STAMMDATEN) walk(child, nested, childPointer, alternative);
      }
    }
  };

  for (const { name, schema } of alternatives(document)) walk(schema, envelope, '#', name);
  const byName = <T extends { pointer?: string; kind?: string }>(a: T, b: T) =>
    (a.pointer ?? a.kind ?? '') < (b.pointer ?? b.kind ?? '') ? -1 : 1;
  return {
    ...identity,
    envelope: envelope.name,
    kinds: [...kinds.values()].sort(byName),
    fields: [...fields.values()].sort(byName),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Type conformance: does the class accept a value of each type the schema gives a field?

export type Validate = (
  role: Role,
  operation: Operation,
  body: unknown,
) => ReadonlyArray<{ pointer: string; message: string }>;

export interface TypeConflict {
  pointer: string;
  /** The schema type the class rejects. */
  type: string;
  /** The violations, prefixed with their path below the field when not at the field itself. */
  messages: string[];
  alternatives: string[];
}

function exampleOf(descriptor: string, example: unknown): unknown {
  const array = /^array<(.*)>$/.exec(descriptor);
  if (array) return [exampleOf(array[1], example)];
  if (descriptor.startsWith('string')) {
    if (typeof example === 'string') return example;
    return descriptor === 'string:date-time' ? '2024-04-01T22:00:00Z' : 'x';
  }
  const examples: Record<string, unknown> = {
    integer: 1,
    number: 1.5,
    boolean: true,
    object: {},
    array: [],
    null: null,
  };
  return examples[descriptor];
}

/**
 * For every typed field and every JSON type the schemas give it: a body holding only that field with a value of
 * that type; the field conflicts when the envelope class reports a violation.
 */
export function typeConflicts(coverage: SchemaCoverage, validate: Validate): TypeConflict[] {
  const arrays = new Set([
    ...coverage.kinds.map((kind) => `${STAMMDATEN}/${escapeToken(kind.kind)}`),
    ...coverage.fields.filter((field) => 'array<object>' in field.types).map((field) => field.pointer),
  ]);
  const conflicts: TypeConflict[] = [];
  for (const field of coverage.fields) {
    if (!field.typed || field.area === 'envelope') continue;
    for (const [type, giving] of Object.entries(field.types)) {
      const body: Record<string, unknown> = { transaktionsdaten: {}, zusatzdaten: { businessKey: 'k' } };
      const tokens = field.pointer.split('/').slice(1);
      let node = body;
      let collapsed = '#';
      let concrete = '#';
      tokens.forEach((token, index) => {
        const key = unescapeToken(token);
        collapsed += `/${token}`;
        concrete += `/${token}`;
        if (index === tokens.length - 1) {
          node[key] = exampleOf(type, field.examples[type]);
          return;
        }
        const existing = node[key];
        const child = (Array.isArray(existing) ? existing[0] : (existing ?? {})) as Record<string, unknown>;
        if (arrays.has(collapsed)) {
          node[key] = [child];
          concrete += '/0';
        } else {
          node[key] = child;
        }
        node = child;
      });
      const messages = validate(coverage.role, coverage.operation, body)
        .filter((violation) => violation.pointer === concrete || violation.pointer.startsWith(`${concrete}/`))
        .map(({ pointer, message }) =>
          pointer === concrete ? message : `${pointer.slice(concrete.length + 1)}: ${message}`,
        );
      if (messages.length) conflicts.push({ pointer: field.pointer, type, messages, alternatives: giving });
    }
  }
  return conflicts;
}
