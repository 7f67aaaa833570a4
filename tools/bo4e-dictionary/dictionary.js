#!/usr/bin/env node
// `node tools/bo4e-dictionary/dictionary.js [--json] [TYPE…]`: reads the middleware vendor's BO4E dialect
// (reference/maco-api-doc-resources/bo4e/{bo,com,cdoc,enum,fields}) into one plain object: per type of bo, com and
// cdoc each property with its JSON kind, array or single, item kind, nullable, enum (name and values), referenced
// type and format. Without `--json` it prints a summary (or the named types' properties). Used by the agreement test
// of libs/domain (dictionary-agreement.spec.ts), which compares it with the domain's class-validator metadata.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const REPO_ROOT = path.join(__dirname, '..', '..');
const DEFAULT_ROOT = path.join(REPO_ROOT, 'reference', 'maco-api-doc-resources', 'bo4e');
/** The folders holding types with properties; `enum/` holds the enumerations, `fields/` one file per property. */
const TYPE_FOLDERS = ['bo', 'com', 'cdoc'];
const KINDS = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/**
 * One value shape: the JSON kind and what qualifies it. A `$ref` to an enumeration gives kind `string` (the kind the
 * enumeration declares) with `enum`; a `$ref` to a bo/com/cdoc type gives kind `object` with `ref`.
 * @typedef {{
 *   kind: 'string' | 'number' | 'integer' | 'boolean' | 'object',
 *   format?: string,
 *   enum?: { name?: string, values: string[] },
 *   ref?: { folder: string, type: string },
 * }} Shape
 * A property: its shape, or with `array` the shape of its items.
 * @typedef {Shape & { name: string, array: boolean, nullable: boolean, file: string }} Property
 * @typedef {{ folder: string, name: string, required: string[], properties: Property[] }} DictionaryType
 * @typedef {{ name: string, kind: string, values: string[] }} DictionaryEnum
 * @typedef {{
 *   root: string,
 *   types: Record<string, DictionaryType>,
 *   enums: Record<string, DictionaryEnum>,
 * }} Dictionary
 */

/**
 * @param {string} [root] the `bo4e` folder
 * @returns {Dictionary}
 */
function readDictionary(root = DEFAULT_ROOT) {
  const enums = readEnums(root);
  /** @type {Record<string, DictionaryType>} */
  const types = {};
  for (const folder of TYPE_FOLDERS) {
    for (const file of yamlFiles(path.join(root, folder))) {
      const type = readType(root, folder, file, enums);
      types[typeKey(folder, type.name)] = type;
    }
  }
  return { root, types, enums };
}

/**
 * `bo/Marktlokation`: the key of a type, unique across the folders.
 * @param {string} folder
 * @param {string} name
 */
function typeKey(folder, name) {
  return `${folder}/${name}`;
}

/**
 * @param {string} dir
 * @returns {string[]} the `.yaml` files of a folder, sorted
 */
function yamlFiles(dir) {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => path.join(dir, file));
}

/**
 * The one schema of a file (`components.schemas.<name>`) with its name.
 * @param {string} file
 * @returns {{ name: string, schema: any }}
 */
function readSchema(file) {
  const document = YAML.parse(fs.readFileSync(file, 'utf8'));
  const schemas = document?.components?.schemas ?? {};
  const names = Object.keys(schemas);
  if (names.length !== 1) throw new Error(`${file}: expected one schema, found ${names.length}`);
  return { name: names[0], schema: schemas[names[0]] };
}

/**
 * @param {string} root
 * @returns {Record<string, DictionaryEnum>}
 */
function readEnums(root) {
  /** @type {Record<string, DictionaryEnum>} */
  const enums = {};
  for (const file of yamlFiles(path.join(root, 'enum'))) {
    const { name, schema } = readSchema(file);
    // `object.meta.yaml` describes the enum files' own meta-schema, not an enumeration.
    if (!Array.isArray(schema.enum)) continue;
    enums[name] = { name, kind: schema.type ?? 'string', values: schema.enum.map(String) };
  }
  return enums;
}

/**
 * @param {string} root
 * @param {string} folder
 * @param {string} file
 * @param {Record<string, DictionaryEnum>} enums
 * @returns {DictionaryType}
 */
function readType(root, folder, file, enums) {
  const { name, schema } = readSchema(file);
  const properties = Object.entries(schema.properties ?? {}).map(([property, reference]) => {
    if (!reference.$ref) throw new Error(`${file}: property ${property} is not a reference to fields/`);
    const fieldFile = resolveFile(file, reference.$ref);
    const field = readSchema(fieldFile).schema;
    return readProperty(property, field, fieldFile, root, enums);
  });
  return { folder, name, required: schema.required ?? [], properties };
}

/**
 * @param {string} name
 * @param {any} field the property's schema
 * @param {string} file
 * @param {string} root
 * @param {Record<string, DictionaryEnum>} enums
 * @returns {Property}
 */
function readProperty(name, field, file, root, enums) {
  const array = field.type === 'array';
  const shape = readShape(array ? (field.items ?? {}) : field, file, enums);
  return { name, array, nullable: field.nullable === true, ...shape, file: path.relative(root, file) };
}

/**
 * @param {any} schema
 * @param {string} file
 * @param {Record<string, DictionaryEnum>} enums
 * @returns {Shape}
 */
function readShape(schema, file, enums) {
  if (schema.$ref) {
    const target = resolveFile(file, schema.$ref);
    const folder = path.basename(path.dirname(target));
    const type = path.basename(target, '.yaml');
    if (folder === 'enum') {
      const enumeration = enums[type];
      if (!enumeration) throw new Error(`${file}: unknown enum ${type}`);
      return {
        kind: /** @type {Shape['kind']} */ (enumeration.kind),
        enum: { name: type, values: enumeration.values },
      };
    }
    if (!TYPE_FOLDERS.includes(folder)) throw new Error(`${file}: reference outside bo/com/cdoc/enum: ${schema.$ref}`);
    return { kind: 'object', ref: { folder, type } };
  }
  const kind = schema.type;
  if (!KINDS.has(kind) || kind === 'array') throw new Error(`${file}: unsupported type ${JSON.stringify(kind)}`);
  /** @type {Shape} */
  const shape = { kind };
  if (schema.format) shape.format = schema.format;
  if (Array.isArray(schema.enum)) shape.enum = { values: schema.enum.map(String) };
  return shape;
}

/**
 * The file a `$ref` (`../fields/bo/X/y.yaml#/components/schemas/y`) names, relative to the file holding it.
 * @param {string} from
 * @param {string} ref
 */
function resolveFile(from, ref) {
  const [relative] = ref.split('#');
  return path.resolve(path.dirname(from), relative.trim());
}

/**
 * `integer`, `string(date-time)`, `Verbrauchsart[]`, `com/Verbrauch[]`, with ` | null` when nullable.
 * @param {Property} property
 */
function describe(property) {
  const base = property.ref
    ? typeKey(property.ref.folder, property.ref.type)
    : (property.enum?.name ??
      `${property.kind}${property.format ? `(${property.format})` : ''}${property.enum ? ' enum' : ''}`);
  return `${base}${property.array ? '[]' : ''}${property.nullable ? ' | null' : ''}`;
}

/**
 * @param {string[]} argv the command-line arguments after the script
 * @returns {number} the exit code
 */
function main(argv) {
  const dictionary = readDictionary();
  const names = argv.filter((arg) => !arg.startsWith('--'));
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(dictionary, null, 2)}\n`);
    return 0;
  }
  const types = Object.values(dictionary.types);
  if (names.length === 0) {
    const properties = types.reduce((sum, type) => sum + type.properties.length, 0);
    process.stdout.write(
      `${types.length} types, ${properties} properties, ${Object.keys(dictionary.enums).length} enums\n`,
    );
    for (const folder of TYPE_FOLDERS) {
      const inFolder = types.filter((type) => type.folder === folder);
      process.stdout.write(`${folder}: ${inFolder.map((type) => type.name).join(', ')}\n`);
    }
    return 0;
  }
  for (const name of names) {
    const matching = types.filter((type) => type.name === name || typeKey(type.folder, type.name) === name);
    if (matching.length === 0) throw new Error(`no type ${name}`);
    for (const type of matching) {
      process.stdout.write(`${typeKey(type.folder, type.name)}\n`);
      for (const property of type.properties) process.stdout.write(`  ${property.name}: ${describe(property)}\n`);
    }
  }
  return 0;
}

module.exports = { readDictionary, typeKey, describe, DEFAULT_ROOT };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
