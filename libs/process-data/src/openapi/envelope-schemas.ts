import { ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import { envelopeClassFor, type MarketRole, type ProcessOperation } from '@maco/domain';
import { type OpenApiObject as JsonSchema, SCHEMA_REF_PREFIX } from '@maco/platform';

// class-transformer's registry of `@Type` metadata, so nested classes resolve to their `$ref`. Not part of the
// package's public entry point, but 0.5.1 is its final release and it has no `exports` map (as in @maco/domain).
const { defaultMetadataStorage } = require('class-transformer/cjs/storage');

// Markers set by the converters below and resolved by `finish`: lodash.merge combines a property's converters, which
// cannot express "this, or that".
const ALSO_KINDS = 'x-maco-also-kinds';
const OR_SINGLE = 'x-maco-or-single';

type JsonKind = 'string' | 'number' | 'boolean' | 'object' | 'array';
const KIND_PROBES: ReadonlyArray<[JsonKind, unknown]> = [
  ['string', ''],
  ['number', 0],
  ['boolean', true],
  ['array', []],
];

const kindSchema = (kind: JsonKind): JsonSchema => ({ type: kind });

/** Converters for the domain's own validators (by constraint name) and for `@ValidateIf`. */
const DOMAIN_CONVERTERS: Record<string, JsonSchema | ((meta: ValidationMetadata) => JsonSchema)> = {
  isNonEmptyString: { type: 'string', minLength: 1 },
  isDateTime: { type: 'string', format: 'date-time' },
  isOneOfKinds: (meta: ValidationMetadata) => {
    const kinds = meta.constraints[0] as JsonKind[];
    return kinds.length === 1 ? kindSchema(kinds[0]) : { anyOf: kinds.map(kindSchema) };
  },
  isStringList: (meta: ValidationMetadata) => {
    const { orSingle = false, nested = false } = (meta.constraints[0] ?? {}) as {
      orSingle?: boolean;
      nested?: boolean;
    };
    const item = nested
      ? { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }
      : { type: 'string' };
    const list = { type: 'array', items: item };
    return orSingle ? { anyOf: [list, { type: 'string' }] } : list;
  },
  isObjectOrObjectArray: { [OR_SINGLE]: true },
  // `stammdaten`: keys the class does not declare are BO kinds not modelled yet, each a list of objects.
  undeclaredKeysHoldObjectArrays: { additionalProperties: { type: 'array', items: { type: 'object' } } },
  // `@IsOptional` adds nothing; a `@ValidateIf` of `OptionalNested({ kinds })` skips validation for the scalar kinds
  // it accepts besides the object. Which ones is read off the condition itself, never from a list kept here.
  [ValidationTypes.CONDITIONAL_VALIDATION]: (meta: ValidationMetadata) => {
    if (meta.name === 'isOptional') return {};
    const condition = meta.constraints[0] as (object: object, value: unknown) => boolean;
    const kinds = KIND_PROBES.filter(([, probe]) => !condition({}, probe)).map(([kind]) => kind);
    return kinds.length ? { [ALSO_KINDS]: kinds } : {};
  },
};

/** `additionalProperties` found beside a `$ref`: it belongs to the referenced class's schema. */
type Lifted = Map<string, unknown>;

/** Resolves the markers, drops the siblings OpenAPI 3.0 ignores next to `$ref`, marks optional members nullable. */
function finish(schema: JsonSchema, nullable: boolean, lifted: Lifted): JsonSchema {
  let result: JsonSchema = { ...schema };
  if (typeof result['$ref'] === 'string') {
    if (result['additionalProperties'] !== undefined)
      lifted.set(result['$ref'].slice(SCHEMA_REF_PREFIX.length), result['additionalProperties']);
    result = { $ref: result['$ref'], ...pick(result, ALSO_KINDS, OR_SINGLE) };
  }
  if (result['items'] && typeof result['items'] === 'object')
    result['items'] = finish(result['items'] as JsonSchema, false, lifted);
  if (Array.isArray(result['anyOf']))
    result['anyOf'] = (result['anyOf'] as JsonSchema[]).map((member) => finish(member, false, lifted));
  if (result[OR_SINGLE]) {
    const { [OR_SINGLE]: _marker, ...list } = result;
    result = { anyOf: [list, list['items']] };
  }
  if (result[ALSO_KINDS]) {
    const { [ALSO_KINDS]: kinds, ...object } = result;
    result = { anyOf: [...(kinds as JsonKind[]).map(kindSchema), object] };
  }
  if (!nullable) return result;
  // A `$ref` takes no siblings in OpenAPI 3.0; `allOf` carries `nullable` beside it.
  return typeof result['$ref'] === 'string' ? { allOf: [result], nullable: true } : { ...result, nullable: true };
}

function pick(schema: JsonSchema, ...keys: string[]): JsonSchema {
  return Object.fromEntries(keys.filter((key) => key in schema).map((key) => [key, schema[key]]));
}

let allSchemas: Record<string, JsonSchema> | undefined;

/**
 * The schema of every class of `@maco/domain` (and any other class-validator class loaded), by class name, from
 * class-validator's metadata via class-validator-jsonschema: property names as on the wire, unknown members allowed
 * (no `additionalProperties: false`), required as the classes require.
 */
export function domainSchemas(): Record<string, JsonSchema> {
  if (allSchemas) return allSchemas;
  const raw = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: SCHEMA_REF_PREFIX,
    additionalConverters: DOMAIN_CONVERTERS as ISchemaConverters,
  }) as Record<string, JsonSchema>;
  const lifted: Lifted = new Map();
  const schemas: Record<string, JsonSchema> = Object.fromEntries(
    Object.entries(raw).map(([name, schema]) => {
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      // Not required means `@IsOptional`, which lets `null` pass as well.
      const required = (schema['required'] ?? []) as string[];
      const finished = Object.fromEntries(
        Object.entries(properties).map(([property, propertySchema]) => [
          property,
          finish(propertySchema, !required.includes(property), lifted),
        ]),
      );
      return [name, { ...schema, properties: finished }];
    }),
  );
  for (const [name, additionalProperties] of lifted) schemas[name] = { ...schemas[name], additionalProperties };
  allSchemas = schemas;
  return schemas;
}

/** The request body schemas of both operations of a role, and every schema they reference. */
export function envelopeSchemas(role: MarketRole): {
  bodies: Record<ProcessOperation, string>;
  schemas: Record<string, JsonSchema>;
} {
  const all = domainSchemas();
  const bodies = {} as Record<ProcessOperation, string>;
  const roots: Record<string, JsonSchema> = {};
  for (const operation of ['create', 'update'] as const) {
    const envelope = envelopeClassFor(role, operation);
    bodies[operation] = envelope.name;
    // The role classes only subclass the operation's envelope: its schema is the nearest ancestor's.
    let source: unknown = envelope;
    while (typeof source === 'function' && !all[(source as { name: string }).name])
      source = Object.getPrototypeOf(source);
    const inherited = typeof source === 'function' ? all[(source as { name: string }).name] : undefined;
    if (!inherited) throw new Error(`No schema for envelope ${envelope.name}`);
    roots[envelope.name] = inherited;
  }
  return { bodies, schemas: { ...roots, ...reachable(all, Object.values(roots)) } };
}

/** The named schemas `roots` reference, directly or not. */
function reachable(all: Record<string, JsonSchema>, roots: JsonSchema[]): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  const pending = [...roots];
  while (pending.length) {
    const node = pending.pop();
    JSON.stringify(node, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF_PREFIX)) {
        const name = value.slice(SCHEMA_REF_PREFIX.length);
        const target = all[name];
        if (!target) throw new Error(`Schema ${name} is referenced but not generated`);
        if (!found[name]) {
          found[name] = target;
          pending.push(target);
        }
      }
      return value;
    });
  }
  return found;
}
