// The request schemas (reference/schemas) and the JSON shape of each BO4E path in them and in the vendor's per-PI
// documents: a mapping CSV's plain path becomes a rule's path only where every step's shape is known.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { REFERENCE } = require('./releases.js');
const { readJson } = require('./io.js');

/**
 * The part of a JSON schema (components.schemas of a request schema) this generator walks.
 * @typedef {{
 *   $ref?: string, allOf?: JsonSchema[], anyOf?: JsonSchema[], oneOf?: JsonSchema[],
 *   properties?: Record<string, JsonSchema>, items?: JsonSchema, type?: string, description?: string,
 * }} JsonSchema
 * @typedef {Record<string, JsonSchema>} SchemaComponents
 * Role → operation → components of each request schema file.
 * @typedef {Record<string, Record<string, SchemaComponents[]>>} SchemasByRole
 * JSON shape of a dotted schema path ("stammdaten.MARKTLOKATION.marktrollen").
 * @typedef {'array' | 'object' | 'scalar' | 'ambiguous'} Shape
 * @typedef {Map<string, Shape>} Shapes
 */

const SCHEMA_FILES = {
  LF: { create: ['lf-create.json'], update: ['lf-update.json'] },
  NB: { create: ['nb-create.json'], update: ['nb-update.json'] },
  MSB: { create: ['msb-create.json'], update: ['msb-update.json'] },
};

/** @returns {SchemasByRole} */
function loadSchemas() {
  /** @type {SchemasByRole} */
  const result = {};
  for (const [role, operations] of Object.entries(SCHEMA_FILES)) {
    result[role] = {};
    for (const [operation, files] of Object.entries(operations)) {
      result[role][operation] = files.map((file) => readJson(path.join(REFERENCE, 'schemas', file)).components.schemas);
    }
  }
  return result;
}

/**
 * Map "stammdaten.MARKTLOKATION.marktrollen" → 'array' | 'object' | 'scalar', over every PI schema.
 * @param {SchemasByRole} schemas
 * @returns {Shapes}
 */
function collectShapes(schemas) {
  /** @type {Shapes} */
  const shapes = new Map();
  /** @type {(node: JsonSchema | undefined, prefix: string, components: SchemaComponents, depth: number) => void} */
  const visit = (node, prefix, components, depth) => {
    if (!node || typeof node !== 'object' || depth > 12) return;
    if (node.$ref) return visit(components[refName(node.$ref)], prefix, components, depth + 1);
    for (const part of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])])
      visit(part, prefix, components, depth + 1);
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const childPath = prefix ? `${prefix}.${key}` : key;
      const resolved = child.$ref ? (components[refName(child.$ref)] ?? {}) : child;
      const kind =
        resolved.type === 'array' ? 'array' : resolved.type === 'object' || resolved.properties ? 'object' : 'scalar';
      const previous = shapes.get(childPath);
      // A key typed differently across PIs is ambiguous: remember that, never guess.
      shapes.set(childPath, previous && previous !== kind ? 'ambiguous' : kind);
      visit(resolved.type === 'array' ? resolved.items : resolved, childPath, components, depth + 1);
    }
  };
  for (const operations of Object.values(schemas)) {
    for (const documents of Object.values(operations)) {
      for (const components of documents) {
        for (const [name, schema] of Object.entries(components))
          if (/\d{5}/.test(name)) visit(schema, '', components, 0);
      }
    }
  }
  return shapes;
}

/**
 * The schema name a `#/components/schemas/…` reference points at.
 * @param {string} ref
 */
function refName(ref) {
  return decodeURIComponent(ref.split('/').pop() ?? ''); // split gives at least one part
}

/**
 * Shapes of every path the vendor's per-PI documents describe (every release folder): a property through a local
 * `$ref` is an object, one with `type: array` an array, a reference to a BO4E field file a leaf.
 * @returns {Shapes}
 */
function collectVendorShapes() {
  const YAML = require('yaml');
  const root = path.join(REFERENCE, 'maco-api-doc-resources', 'pruefi');
  /** @type {Shapes} */
  const shapes = new Map();
  for (const folder of fs.readdirSync(root).sort()) {
    for (const message of fs.readdirSync(path.join(root, folder)).sort()) {
      for (const file of fs.readdirSync(path.join(root, folder, message)).sort()) {
        const pi = /^PI_(\d{5})\.yaml$/.exec(file)?.[1];
        if (!pi) continue;
        const components = YAML.parse(fs.readFileSync(path.join(root, folder, message, file), 'utf8')).components
          .schemas;
        /** @type {(name: string, prefix: string, depth: number) => void} */
        const visit = (name, prefix, depth) => {
          const schema = components[name];
          if (!schema || depth > 12) return;
          for (const [key, property] of Object.entries(schema.properties ?? {})) {
            const childPath = prefix ? `${prefix}.${key}` : key;
            const local = (/** @type {{ $ref?: string } | undefined} */ target) =>
              target?.$ref?.startsWith('#/') ? refName(target.$ref) : undefined;
            const inner = property.type === 'array' ? local(property.items) : local(property);
            const kind = property.type === 'array' ? 'array' : inner ? 'object' : 'scalar';
            const previous = shapes.get(childPath);
            shapes.set(childPath, previous && previous !== kind ? 'ambiguous' : kind);
            if (inner) visit(inner, childPath, depth + 1);
          }
        };
        visit(`PI_${pi}`, '', 0);
      }
    }
  }
  return shapes;
}

/**
 * `primary`'s shape of a path, else `fallback`'s.
 * @param {Shapes} primary
 * @param {Shapes} fallback
 * @returns {Shapes}
 */
function withFallback(primary, fallback) {
  const merged = new Map(fallback);
  for (const [key, shape] of primary) merged.set(key, shape);
  return merged;
}

/**
 * Resolve each intermediate step to object or array via the schemas; undefined when any step is unknown.
 * @param {string} rawPath
 * @param {Shapes} shapes
 * @returns {string | undefined}
 */
function resolvePath(rawPath, shapes) {
  const parts = rawPath.split('.');
  /** @type {string[]} */
  const out = [];
  /** @type {string[]} */
  const schemaPath = [];
  for (let i = 0; i < parts.length; i++) {
    const explicitArray = parts[i].endsWith('[]');
    const name = parts[i].replace(/\[\]$/, '');
    schemaPath.push(name);
    const last = i === parts.length - 1;
    if (i === 0 || (i === 1 && parts[0] === 'stammdaten')) {
      out.push(parts[i]);
      continue;
    }
    const shape = shapes.get(schemaPath.join('.'));
    if (last) {
      // A leaf must not be a container: "present" would then say nothing about its content.
      if (explicitArray || shape === 'array' || shape === 'object' || shape === 'ambiguous') return undefined;
      out.push(name);
    } else if (shape === 'array' || shape === 'object') {
      if (explicitArray && shape !== 'array') return undefined;
      out.push(shape === 'array' ? `${name}[]` : name);
    } else {
      return undefined;
    }
  }
  return out.join('.');
}

module.exports = { loadSchemas, collectShapes, refName, collectVendorShapes, withFallback, resolvePath };
