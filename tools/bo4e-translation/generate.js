#!/usr/bin/env node
// `node tools/bo4e-translation/generate.js [--print]`: turns the middleware vendor's official German→English BO4E
// name map (reference/bo4e-translation/DE_to_EN.yaml) into libs/domain/src/dialect/bo4e-names.generated.ts: per
// section of the map (field names, type names, container keys, enum values, …) a readonly German→English table and
// its English→German reverse. Reports on stdout the entries of a table that cannot be reversed (two German names with
// one English name); they are left out of that table's reverse. `--print` writes the generated file to stdout instead
// of to the domain. Deterministic output: the committed file is checked by a unit test of libs/domain.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const REPO_ROOT = path.join(__dirname, '..', '..');
const SOURCE = path.join(REPO_ROOT, 'reference', 'bo4e-translation', 'DE_to_EN.yaml');
const OUT_FILE = path.join(REPO_ROOT, 'libs', 'domain', 'src', 'dialect', 'bo4e-names.generated.ts');
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const PRINT_WIDTH = 120;

/**
 * One section of the map: German name → English name, in the map's order.
 * @typedef {Map<string, string>} Table
 * An English name that two or more German names of one table translate to.
 * @typedef {{ table: string, english: string, german: string[] }} NotReversible
 * @typedef {{ tables: Map<string, Table>, notReversible: NotReversible[] }} Translation
 */

/**
 * @param {string[]} argv the command-line arguments after the script
 * @returns {number} the exit code
 */
function main(argv) {
  const translation = readTranslation(fs.readFileSync(SOURCE, 'utf8'));
  const text = render(translation);
  if (argv.includes('--print')) {
    process.stdout.write(text);
    return 0;
  }
  fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  fs.writeFileSync(OUT_FILE, text);
  const total = [...translation.tables.values()].reduce((sum, table) => sum + table.size, 0);
  console.log(`${path.relative(REPO_ROOT, OUT_FILE)}: ${translation.tables.size} tables, ${total} entries`);
  for (const [name, table] of translation.tables) console.log(`  ${name}: ${table.size}`);
  console.log(`not reversible: ${translation.notReversible.length}`);
  for (const { table, english, german } of translation.notReversible)
    console.log(`  ${table}: ${german.join(', ')} → ${english}`);
  return 0;
}

/**
 * The map's sections as tables, exactly as the YAML says (no case folding, no trimming), and what cannot be reversed.
 * @param {string} yamlText the text of DE_to_EN.yaml
 * @returns {Translation}
 */
function readTranslation(yamlText) {
  const doc = YAML.parseDocument(yamlText, { uniqueKeys: true });
  if (doc.errors.length > 0) throw new Error(`DE_to_EN.yaml: ${doc.errors[0].message}`);
  const root = doc.toJS();
  if (!isRecord(root)) throw new Error('DE_to_EN.yaml: expected a mapping of sections');
  /** @type {Map<string, Table>} */
  const tables = new Map();
  /** @type {NotReversible[]} */
  const notReversible = [];
  for (const [name, section] of Object.entries(root)) {
    if (!IDENTIFIER.test(name)) throw new Error(`DE_to_EN.yaml: section name ${name} is not an identifier`);
    if (!isRecord(section)) throw new Error(`DE_to_EN.yaml: section ${name} is not a mapping`);
    /** @type {Table} */
    const table = new Map();
    /** @type {Map<string, string[]>} */
    const byEnglish = new Map();
    for (const [german, english] of Object.entries(section)) {
      if (typeof english !== 'string' || english === '')
        throw new Error(`DE_to_EN.yaml: ${name}.${german} is ${JSON.stringify(english)}, not a name`);
      table.set(german, english);
      byEnglish.set(english, [...(byEnglish.get(english) ?? []), german]);
    }
    for (const [english, german] of byEnglish)
      if (german.length > 1) notReversible.push({ table: name, english, german });
    tables.set(name, table);
  }
  return { tables, notReversible };
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {string} value
 * @returns {string} a single-quoted TypeScript string literal
 */
function quote(value) {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * @param {string} key
 * @returns {string} the key as an object literal's property name
 */
function propertyName(key) {
  return IDENTIFIER.test(key) ? key : quote(key);
}

/**
 * @param {string} constant
 * @param {[string, [string, string][]][]} tables per table name its pairs, key first
 * @returns {string[]}
 */
function renderTables(constant, tables) {
  const lines = [`export const ${constant} = {`];
  for (const [name, pairs] of tables) {
    lines.push(`  ${name}: {`);
    for (const [key, value] of pairs) {
      const line = `    ${propertyName(key)}: ${quote(value)},`;
      // Wrapped as Prettier would (the file is left out of formatting, but reads as if it were not).
      lines.push(...(line.length <= PRINT_WIDTH ? [line] : [`    ${propertyName(key)}:`, `      ${quote(value)},`]));
    }
    lines.push('  },');
  }
  lines.push('} as const satisfies Bo4eNameTables;');
  return lines;
}

/**
 * @param {Translation} translation
 * @returns {string} the TypeScript module
 */
function render({ tables, notReversible }) {
  const ambiguous = new Set(notReversible.map(({ table, english }) => `${table}\u0000${english}`));
  /** @type {[string, [string, string][]][]} */
  const forward = [...tables].map(([name, table]) => [name, [...table]]);
  /** @type {[string, [string, string][]][]} */
  const reverse = forward.map(([name, pairs]) => [
    name,
    pairs
      .filter(([, english]) => !ambiguous.has(`${name}\u0000${english}`))
      .map(([german, english]) => [english, german]),
  ]);
  const notReversibleComment =
    notReversible.length === 0
      ? ['// Not reversible (two German names with one English name within a table): none.']
      : [
          '// Not reversible (two German names with one English name within a table; left out of the reverse table):',
          ...notReversible.map(({ table, english, german }) => `//   ${table}: ${german.join(', ')} → ${english}`),
        ];
  const lines = [
    '// Generated by `node tools/bo4e-translation/generate.js` from reference/bo4e-translation/DE_to_EN.yaml, the',
    "// middleware vendor's official German→English BO4E name map (translation/v1). Do not edit: run the generator again.",
    '// One table per section of the map, exact-match and case-sensitive as the map says.',
    ...notReversibleComment,
    '',
    '/** Per section of the vendor map: name → name. */',
    'export type Bo4eNameTables = Readonly<Record<string, Readonly<Record<string, string>>>>;',
    '',
    '/** German name → English name, per section of the vendor map. */',
    ...renderTables('BO4E_DE_TO_EN', forward),
    '',
    '/** English name → German name, per section of the vendor map (entries that are not reversible left out). */',
    ...renderTables('BO4E_EN_TO_DE', reverse),
    '',
    '/** A section of the vendor map. */',
    'export type Bo4eNameTable = keyof typeof BO4E_DE_TO_EN;',
    '',
    '/** English names that two or more German names of one table translate to. */',
    'export const BO4E_NOT_REVERSIBLE: readonly {',
    '  readonly table: Bo4eNameTable;',
    '  readonly english: string;',
    '  readonly german: readonly string[];',
    ...(notReversible.length === 0
      ? ['}[] = [];']
      : [
          '}[] = [',
          ...notReversible.map(
            ({ table, english, german }) =>
              `  { table: ${quote(table)}, english: ${quote(english)}, german: [${german.map(quote).join(', ')}] },`,
          ),
          '];',
        ]),
  ];
  return `${lines.join('\n')}\n`;
}

module.exports = { main, readTranslation, render };

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
