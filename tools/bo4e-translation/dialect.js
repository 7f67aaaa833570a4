#!/usr/bin/env node
// `node tools/bo4e-translation/dialect.js [--print]`: the walk tables of the vendor's English BO4E dialect, generated
// into libs/domain/src/dialect/bo4e-dialect.generated.ts from its official name map (reference/bo4e-translation) and
// its German type dictionary (reference/maco-api-doc-resources/bo4e). Per BO4E type, each field's name in the other
// dialect with the type its value has or the enumeration its values come from; per enumeration the values whose names
// differ. A translator walks a body from `ProcessData` with them: keys by their place, values only of enumerations.
// Prints what it inferred and what the vendor's English dictionary (bo4e-en) disagrees with. Deterministic output:
// the committed file is checked by a unit test of libs/domain.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');
const { readDictionary } = require('../bo4e-dictionary/dictionary');
const { readTranslation } = require('./generate');

const REPO_ROOT = path.join(__dirname, '..', '..');
const MAP_FILE = path.join(REPO_ROOT, 'reference', 'bo4e-translation', 'DE_to_EN.yaml');
const ENGLISH_ROOT = path.join(REPO_ROOT, 'reference', 'maco-api-doc-resources', 'bo4e-en');
const OUT_FILE = path.join(REPO_ROOT, 'libs', 'domain', 'src', 'dialect', 'bo4e-dialect.generated.ts');
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The types whose keys have a section of their own in the map; every other type's keys are `object_property_names`.
 * @type {Record<string, string>}
 */
const PLACE_SECTIONS = {
  ProcessData: 'processdata_properties',
  Stammdaten: 'stammdaten_properties',
  Transaktionsdaten: 'transaktionsdaten_properties',
  Zusatzdaten: 'zusatzdaten_properties',
  Process: 'process_properties',
};
/** Values that stay German in both dialects whatever their type says (the vendor's README: `eventname` is German). */
const UNTRANSLATED = new Set(['Zusatzdaten.eventname']);

/**
 * A field: its German and English name, and the type of its value or the enumeration of its values.
 * @typedef {{ de: string, en: string, type?: string, enum?: string }} Field
 * @typedef {{ types: Map<string, Field[]>, enums: Map<string, [string, string][]>, report: string[] }} Dialect
 * Looks a name up: the map's translation, or undefined.
 * @typedef {{ get: (name: string) => string | undefined }} Lookup
 * @typedef {import('../bo4e-dictionary/dictionary').Dictionary} Dictionary
 */

/**
 * @returns {Dialect}
 */
function buildDialect() {
  const { tables } = readTranslation(fs.readFileSync(MAP_FILE, 'utf8'));
  /** @param {string} name @returns {Map<string, string>} */
  const table = (name) => {
    const found = tables.get(name);
    if (!found) throw new Error(`DE_to_EN.yaml: no section ${name}`);
    return found;
  };
  const dictionary = readDictionary();
  const fieldNames = table('object_property_names');
  const caseValues = table('enumeration_case_values');
  // The BO kinds (BOTyp, Vertragsart, Lokationstyp values) are in the map only as container keys of `stammdaten`.
  const containerKeys = table('stammdaten_properties');
  /** @type {Lookup} */
  const enumValues = { get: (value) => caseValues.get(value) ?? containerKeys.get(value) };
  /** @type {string[]} */
  const report = [];

  // A field declared a plain string in one type and an enumeration in others is read as that enumeration when the
  // others agree on one (the vendor's dictionary has `Marktlokation.sparte` as text; its values are Sparte's).
  /** @type {Map<string, Set<string>>} */
  const enumsByField = new Map();
  for (const type of Object.values(dictionary.types))
    for (const property of type.properties)
      if (property.enum?.name)
        enumsByField.set(property.name, (enumsByField.get(property.name) ?? new Set()).add(property.enum.name));

  // A field name the map has only under another container's section (StatusmitteilungPosition's fields are named under
  // `transaktionsdaten_properties` alone): that name, reported.
  /** @param {string} name @param {string} typeName @returns {string} */
  const elsewhere = (name, typeName) => {
    for (const section of Object.values(PLACE_SECTIONS)) {
      const en = table(section).get(name);
      if (en === undefined) continue;
      report.push(`map gap: ${typeName}.${name} named only under ${section} (→ ${en})`);
      return en;
    }
    return name;
  };

  /** @type {Map<string, Set<string>>} German values per enumeration (inline ones named `<Type>.<field>`) */
  const enumMembers = new Map(
    Object.values(dictionary.enums).map((enumeration) => [enumeration.name, new Set(enumeration.values)]),
  );
  /** @type {Map<string, Field[]>} */
  const types = new Map();
  for (const type of Object.values(dictionary.types).sort((a, b) => a.name.localeCompare(b.name))) {
    const section = table(PLACE_SECTIONS[type.name] ?? 'object_property_names');
    /** @type {Map<string, Field>} */
    const fields = new Map();
    for (const property of type.properties) {
      const en = section.get(property.name) ?? fieldNames.get(property.name) ?? elsewhere(property.name, type.name);
      /** @type {Field} */
      const field = { de: property.name, en };
      const place = `${type.name}.${property.name}`;
      if (property.ref) field.type = property.ref.type;
      else if (UNTRANSLATED.has(place)) {
        // values as sent
      } else if (property.enum?.name) field.enum = property.enum.name;
      else if (property.enum) {
        field.enum = place;
        enumMembers.set(place, new Set(property.enum.values));
      } else if (property.kind === 'string') {
        const inferred = inferredEnum(property.name, enumsByField, dictionary.enums);
        if (inferred) {
          field.enum = inferred;
          report.push(`inferred: ${place} (text in the dictionary) read as enumeration ${inferred}`);
        }
      }
      fields.set(property.name, field);
    }
    // Keys the map places in this container that the dictionary's type lacks: names only.
    if (PLACE_SECTIONS[type.name]) for (const [de, en] of section) if (!fields.has(de)) fields.set(de, { de, en });
    types.set(type.name, [...fields.values()]);
  }

  /** @type {Map<string, [string, string][]>} */
  const enums = new Map();
  for (const [name, members] of [...enumMembers].sort(([a], [b]) => a.localeCompare(b))) {
    const pairs = [...members].flatMap((de) => {
      const en = enumValues.get(de);
      return en !== undefined && en !== de ? [/** @type {[string, string]} */ ([de, en])] : [];
    });
    enums.set(name, pairs);
  }
  report.push(...englishDisagreements(dictionary, enumMembers, enumValues, table('enumeration_names')));
  // Type names are in `object_names`, the envelope's in its `*_schema` sections, IPAdresseCLSDevice among the fields.
  const typeNameSections = [...tables.keys()].filter((name) => name === 'object_names' || name.endsWith('_schema'));
  /** @type {Lookup} */
  const typeNames = {
    get: (name) =>
      typeNameSections.map((section) => table(section).get(name)).find((en) => en !== undefined) ??
      fieldNames.get(name),
  };
  report.push(...englishFieldDisagreements(dictionary, types, typeNames));
  return { types, enums, report };
}

/**
 * The enumeration a field the dictionary types as text holds all the same: the one every other type with a field of
 * that name declares, else the one named like the field (`vertragsart` → Vertragsart).
 * @param {string} name
 * @param {Map<string, Set<string>>} enumsByField
 * @param {Record<string, unknown>} enums
 * @returns {string | undefined}
 */
function inferredEnum(name, enumsByField, enums) {
  const declared = enumsByField.get(name);
  if (declared?.size === 1) return [...declared][0];
  const named = name.charAt(0).toUpperCase() + name.slice(1);
  return declared === undefined && Object.hasOwn(enums, named) ? named : undefined;
}

/**
 * What the vendor's English enumerations (bo4e-en/enum) list that the map's translation of the German ones does not.
 * @param {Dictionary} dictionary
 * @param {Map<string, Set<string>>} enumMembers
 * @param {Lookup} enumValues
 * @param {Map<string, string>} enumNames
 * @returns {string[]}
 */
function englishDisagreements(dictionary, enumMembers, enumValues, enumNames) {
  /** @type {string[]} */
  const lines = [];
  for (const name of Object.keys(dictionary.enums).sort()) {
    const file = path.join(ENGLISH_ROOT, 'enum', `${enumNames.get(name) ?? name}.yaml`);
    if (!fs.existsSync(file)) {
      lines.push(`bo4e-en: no enumeration ${enumNames.get(name) ?? name} (German ${name})`);
      continue;
    }
    const schemas = YAML.parse(fs.readFileSync(file, 'utf8'))?.components?.schemas ?? {};
    const english = new Set((Object.values(schemas)[0]?.enum ?? []).map(String));
    const translated = new Set([...(enumMembers.get(name) ?? [])].map((de) => enumValues.get(de) ?? de));
    const extra = [...english].filter((value) => !translated.has(value));
    const missing = [...translated].filter((value) => !english.has(value));
    if (extra.length + missing.length > 0)
      lines.push(
        `bo4e-en ${enumNames.get(name) ?? name}: not from the map ${extra.join(',')}; missing ${missing.join(',')}`,
      );
  }
  return lines;
}

/**
 * The fields whose English name (as the tables give it) the vendor's English dictionary (bo4e-en/{bo,com,cdoc}) lacks.
 * @param {Dictionary} dictionary
 * @param {Map<string, Field[]>} types
 * @param {Lookup} typeNames
 * @returns {string[]}
 */
function englishFieldDisagreements(dictionary, types, typeNames) {
  /** @type {string[]} */
  const lines = [];
  for (const type of Object.values(dictionary.types)) {
    const file = path.join(ENGLISH_ROOT, type.folder, `${typeNames.get(type.name) ?? type.name}.yaml`);
    if (!fs.existsSync(file)) {
      lines.push(`bo4e-en: no type ${typeNames.get(type.name) ?? type.name} (German ${type.name})`);
      continue;
    }
    const schema = Object.values(YAML.parse(fs.readFileSync(file, 'utf8'))?.components?.schemas ?? {})[0] ?? {};
    const english = new Set(Object.keys(schema.properties ?? {}));
    for (const field of types.get(type.name) ?? [])
      if (type.properties.some((property) => property.name === field.de) && !english.has(field.en))
        lines.push(`bo4e-en ${type.name}.${field.de}: English name ${field.en} not in its type`);
  }
  return lines;
}

/** @param {string} value */
function quote(value) {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** @param {string} key */
function propertyName(key) {
  return IDENTIFIER.test(key) ? key : quote(key);
}

/**
 * @param {Dialect} dialect
 * @param {'de' | 'en'} from the dialect whose names are the keys
 * @returns {string[]}
 */
function renderFields({ types }, from) {
  const to = from === 'de' ? 'en' : 'de';
  const lines = [];
  for (const [name, fields] of types) {
    lines.push(`  ${propertyName(name)}: {`);
    for (const field of [...fields].sort((a, b) => (a[from] < b[from] ? -1 : a[from] > b[from] ? 1 : 0))) {
      const parts = [`to: ${quote(field[to])}`];
      if (field.type) parts.push(`type: ${quote(field.type)}`);
      if (field.enum) parts.push(`enum: ${quote(field.enum)}`);
      lines.push(`    ${propertyName(field[from])}: { ${parts.join(', ')} },`);
    }
    lines.push('  },');
  }
  return lines;
}

/**
 * @param {Dialect} dialect
 * @param {'de' | 'en'} from
 * @returns {string[]}
 */
function renderEnums({ enums }, from) {
  const lines = [];
  for (const [name, pairs] of enums) {
    if (pairs.length === 0) continue;
    lines.push(`  ${propertyName(name)}: {`);
    for (const [de, en] of pairs)
      lines.push(from === 'de' ? `    ${propertyName(de)}: ${quote(en)},` : `    ${propertyName(en)}: ${quote(de)},`);
    lines.push('  },');
  }
  return lines;
}

/**
 * @param {Dialect} dialect
 * @returns {string}
 */
function render(dialect) {
  const lines = [
    '// Generated by `node tools/bo4e-translation/dialect.js` from reference/bo4e-translation/DE_to_EN.yaml and the',
    "// vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e). Do not edit: run the generator again.",
    '',
    "/** A field of a BO4E type: its name in the other dialect, its value's type or its values' enumeration. */",
    'export interface DialectField {',
    '  readonly to: string;',
    '  readonly type?: string;',
    '  readonly enum?: string;',
    '}',
    '',
    '/** Per BO4E type (German name), its fields by their name in one dialect. */',
    'export type DialectFields = Readonly<Record<string, Readonly<Record<string, DialectField>>>>;',
    '',
    '/** Per enumeration, its values by their name in one dialect (values named alike in both are left out). */',
    'export type DialectEnums = Readonly<Record<string, Readonly<Record<string, string>>>>;',
    '',
    '/** German field name → English, per type. */',
    'export const FIELDS_FROM_DE: DialectFields = {',
    ...renderFields(dialect, 'de'),
    '};',
    '',
    '/** English field name → German, per type. */',
    'export const FIELDS_FROM_EN: DialectFields = {',
    ...renderFields(dialect, 'en'),
    '};',
    '',
    '/** German enumeration value → English, per enumeration. */',
    'export const ENUMS_FROM_DE: DialectEnums = {',
    ...renderEnums(dialect, 'de'),
    '};',
    '',
    '/** English enumeration value → German, per enumeration. */',
    'export const ENUMS_FROM_EN: DialectEnums = {',
    ...renderEnums(dialect, 'en'),
    '};',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * @param {string[]} argv
 * @returns {number}
 */
function main(argv) {
  const dialect = buildDialect();
  const text = render(dialect);
  if (argv.includes('--print')) {
    process.stdout.write(text);
    return 0;
  }
  fs.writeFileSync(OUT_FILE, text);
  const fields = [...dialect.types.values()].reduce((sum, fields) => sum + fields.length, 0);
  const values = [...dialect.enums.values()].reduce((sum, pairs) => sum + pairs.length, 0);
  console.log(
    `${path.relative(REPO_ROOT, OUT_FILE)}: ${dialect.types.size} types, ${fields} fields, ` +
      `${dialect.enums.size} enumerations, ${values} values translated`,
  );
  for (const line of dialect.report) console.log(`  ${line}`);
  return 0;
}

module.exports = { buildDialect, render, main };

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
