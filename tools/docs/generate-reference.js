#!/usr/bin/env node
// `node tools/docs/generate-reference.js [--check]`: writes the reference tables read from the code itself between
// their markers — every problem code platform and the groups register (docs/api.md, `generated:errors`), every
// variable the config readers read (docs/configuration.md, `generated:configuration`) and every answer deadline rule
// (docs/deadlines.md, `generated:deadlines`). `--check` writes nothing and
// exits 1 when a page is stale; tools/docs/generate-reference.spec.ts fails then too (UPDATE_REPORTS=1 rewrites).
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const COMMAND = 'node tools/docs/generate-reference.js';

/**
 * @typedef {import('@maco/platform').ServiceDefinition} ServiceDefinition
 * @typedef {import('@maco/platform').ProblemCatalog} ProblemCatalog
 * @typedef {import('@maco/platform').ConfigVariable} ConfigVariable
 * @typedef {import('@maco/platform').ConfigRead} ConfigRead
 * @typedef {import('@maco/platform').ConfigReader} ConfigReader
 * @typedef {{ name: string, catalog: ProblemCatalog, roles: string[] }} ProblemSource who registers which codes
 * @typedef {{ name: string, variables: readonly ConfigVariable[], read: (reader: ConfigReader) => unknown,
 *   roles: string[] }} ConfigSource a reader with its declared variables
 * @typedef {{ sources: ProblemSource[], configs: ConfigSource[], allRoles: string[],
 *   newReader: (env: Record<string, string>, declared: readonly ConfigVariable[]) => ConfigReader,
 *   problemTypeBase: string }} ReferenceInput
 */

/** The pages and the marked part of each the generator owns. */
const PAGES = [
  { file: 'docs/api.md', marker: 'errors', render: renderErrorTable },
  { file: 'docs/configuration.md', marker: 'configuration', render: renderConfigTable },
  { file: 'docs/deadlines.md', marker: 'deadlines', render: renderDeadlineTable },
];

/**
 * Each role's service definition as the apps start it (libs/roles; required by path, as tools/openapi/export.js does).
 * @returns {ServiceDefinition[]}
 */
function loadServices() {
  require('reflect-metadata');
  const roles = require('../../libs/roles/src/index.ts');
  return [roles.LF_SERVICE, roles.NB_SERVICE, roles.MSB_SERVICE];
}

/**
 * Platform's catalogue and reader, and every group each role's service lists (libs/roles), as the services compose
 * them at start-up.
 * @returns {ReferenceInput}
 */
function loadInput() {
  const platform = require('@maco/platform');
  const services = loadServices();
  const allRoles = services.map((service) => service.role);
  /** @type {Map<string, { group: import('@maco/platform').InterfaceGroup, roles: string[] }>} */
  const groups = new Map();
  for (const service of services)
    for (const group of service.groups) {
      const entry = groups.get(group.name) ?? { group, roles: [] };
      entry.roles.push(service.role);
      groups.set(group.name, entry);
    }
  const listed = [...groups.values()];
  return {
    allRoles,
    sources: [
      { name: 'platform', catalog: platform.PLATFORM_PROBLEMS, roles: allRoles },
      ...listed.flatMap(({ group, roles }) => (group.problems ? [{ name: group.name, catalog: group.problems, roles }] : [])),
    ],
    configs: [
      { name: 'platform', variables: platform.SERVICE_CONFIG_VARIABLES, read: platform.readServiceConfig, roles: allRoles },
      ...listed.flatMap(({ group, roles }) => {
        const config = group.config;
        if (!config) return [];
        if (!config.variables) throw new Error(`The config of group ${group.name} declares no variables`);
        return [{ name: group.name, variables: config.variables, read: config.read, roles }];
      }),
    ],
    newReader: (env, declared) => new platform.ConfigReader(env, declared),
    problemTypeBase: 'urn:maco:problem:',
  };
}

/** @param {string} text */
function cell(text) {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * `LF, NB, MSB` only where a code or variable is not every role's.
 * @param {string} name @param {string[]} roles @param {string[]} allRoles
 */
function withRoles(name, roles, allRoles) {
  return roles.length === allRoles.length ? name : `${name} (${roles.join(', ')})`;
}

/**
 * One row per code, in the order platform and then each group registers them; a code several groups register (the
 * body-validation and jsonb codes) is one row naming them all.
 * @param {ReferenceInput} input
 */
function renderErrorTable(input) {
  /** @type {Map<string, { definition: import('@maco/platform').ProblemDefinition, by: string[], roles: Set<string> }>} */
  const rows = new Map();
  for (const source of input.sources)
    for (const [code, definition] of Object.entries(source.catalog)) {
      const row = rows.get(code) ?? { definition, by: [], roles: new Set() };
      row.by.push(source.name);
      source.roles.forEach((role) => row.roles.add(role));
      rows.set(code, row);
    }
  return [
    `${rows.size} codes. Generated from the catalogues (\`PLATFORM_PROBLEMS\`, each group's \`problems\`) by \`${COMMAND}\`;`,
    '`type` is shown with the default `PROBLEM_TYPE_BASE`.',
    '',
    '| status | `code` | `type` | title | registered by |',
    '|---:|---|---|---|---|',
    ...[...rows].map(([code, { definition, by, roles }]) => {
      const registered = by.join(', ');
      const roleList = input.allRoles.filter((role) => roles.has(role));
      return `| ${definition.status} | \`${code}\` | \`${input.problemTypeBase}${definition.slug}\` | ${cell(definition.title)} | ${withRoles(registered, roleList, input.allRoles)} |`;
    }),
  ].join('\n');
}

/**
 * What a reader reads: run with every declared variable set (each branch that a value opens is taken) and with
 * `NODE_ENV=production` alone (the branches of a missing secret), no file written in either.
 * @param {ReferenceInput} input @param {ConfigSource} config
 * @returns {Map<string, ConfigRead>}
 */
function readsOf(input, config) {
  /** @type {Map<string, ConfigRead>} */
  const reads = new Map();
  const everySet = Object.fromEntries(config.variables.map((variable) => [variable.name, 'x']));
  for (const env of [everySet, { NODE_ENV: 'production' }]) {
    const reader = input.newReader(env, config.variables);
    config.read(reader);
    for (const read of reader.reads) {
      const known = reads.get(read.name);
      if (!known || (known.kind === 'env' && read.kind !== 'env')) reads.set(read.name, read);
    }
  }
  const unread = config.variables.filter((variable) => !reads.has(variable.name)).map((variable) => variable.name);
  if (unread.length) throw new Error(`${config.name} declares variables its reader never reads: ${unread.join(', ')}`);
  return reads;
}

const BINARY_UNITS = [
  [1024 ** 3, 'GiB'],
  [1024 ** 2, 'MiB'],
  [1024, 'KiB'],
];

/** @param {ConfigRead} read @param {ConfigVariable} variable */
function defaultOf(read, variable) {
  const { fallback } = read;
  if (fallback === undefined) return variable.unset ?? '—';
  if (typeof fallback !== 'number') return `\`${fallback}\``;
  if (read.kind === 'seconds' && fallback % 3600 === 0) return `\`${fallback}\` (${fallback / 3600}h)`;
  const unit = variable.name.endsWith('_BYTES') && BINARY_UNITS.find(([size]) => fallback % Number(size) === 0);
  return unit ? `\`${fallback}\` (${fallback / Number(unit[0])} ${unit[1]})` : `\`${fallback}\``;
}

/** @param {ConfigRead} read */
function valuesOf(read) {
  const range = read.range ? `${read.range.min}–${read.range.max}` : '';
  switch (read.kind) {
    case 'integer':
      return `integer ${range}`;
    case 'milliseconds':
      return `milliseconds ${range}`;
    case 'seconds':
      return `seconds ${range}, or with a unit (\`90m\`, \`24h\`, \`7d\`)`;
    case 'choice':
      return (read.choices ?? []).map((choice) => `\`${choice}\``).join(', ');
    case 'flag':
      return '`true`/`false` (`1`/`0`, `yes`/`no`, `on`/`off`)';
    case 'url': {
      const schemes = read.schemes ?? [];
      return schemes.includes('http') && schemes.includes('https')
        ? 'http(s) URL'
        : `${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL`;
    }
    case 'list':
      return 'comma-separated list';
    case 'secret':
      return 'text, taken as given';
    default:
      return 'text';
  }
}

/**
 * One row per variable, platform's first, then each group's in the order the services list the groups; a variable
 * two readers read (NODE_ENV) is one row with each reader's meaning.
 * @param {ReferenceInput} input
 */
function renderConfigTable(input) {
  /** @type {Map<string, { read: ConfigRead, variable: ConfigVariable, meanings: string[], by: string[] }>} */
  const rows = new Map();
  for (const config of input.configs) {
    const reads = readsOf(input, config);
    for (const variable of config.variables) {
      const read = /** @type {ConfigRead} */ (reads.get(variable.name));
      const by = withRoles(config.name, config.roles, input.allRoles);
      const row = rows.get(variable.name);
      if (row) {
        if (row.meanings.length === 1) row.meanings[0] = `*${row.by[0]}*: ${row.meanings[0]}`;
        row.meanings.push(`*${by}*: ${variable.meaning}`);
        row.by.push(by);
      } else rows.set(variable.name, { read, variable, meanings: [variable.meaning], by: [by] });
    }
  }
  return [
    `${rows.size} variables. Generated from the readers' declared variables (\`SERVICE_CONFIG_VARIABLES\`, each group's`,
    `\`config.variables\`) and how the readers read them (default, accepted values) by \`${COMMAND}\`.`,
    '',
    '| variable | default | values | meaning | read by |',
    '|---|---|---|---|---|',
    ...[...rows].map(
      ([name, { read, variable, meanings, by }]) =>
        `| \`${name}\` | ${cell(defaultOf(read, variable))} | ${cell(valuesOf(read))} | ${cell(meanings.join('; '))} | ${by.join(', ')} |`,
    ),
  ].join('\n');
}

/** How the docs name the dates a request carries (`RequestDate`). */
const REQUEST_DATES = { zuordnungsbeginn: 'Zuordnungsbeginn', geraetewechseltermin: 'Gerätewechseltermin' };

/** @param {number} n */
function ordinalWorkingDay(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[n % 10] ?? 'th';
  return `${n}${suffix} WT`;
}

/**
 * @param {import('@maco/domain').DueAt} due
 * @returns {string}
 */
function dueText(due) {
  if ('workingDaysBefore' in due)
    return `end of the ${ordinalWorkingDay(due.workingDaysBefore)} before the ${REQUEST_DATES[due.of]}`;
  if ('whileAhead' in due)
    return `${dueText(due.whileAhead)} while the ${REQUEST_DATES[due.of]} lies ahead, else ${dueText(due.otherwise)}`;
  const day = due.workingDays === 0 ? 'the ÜT' : `the ${ordinalWorkingDay(due.workingDays)}`;
  return 'at' in due ? `${due.at} of ${day}` : `end of ${day}`;
}

/** One row per deadline rule (`DEADLINE_RULES`), in the table's order. */
function renderDeadlineTable() {
  const { DEADLINE_RULES } = require('@maco/domain');
  /** @type {readonly import('@maco/domain').DeadlineRule[]} */
  const rules = DEADLINE_RULES;
  return [
    `${rules.length} rules. Generated from \`DEADLINE_RULES\` (libs/domain/src/deadlines/deadline-rules.ts) by \`${COMMAND}\`;`,
    "the regulation's text behind each is quoted in reference/deadlines/.",
    '',
    '| rule | owed by | request | answers | due | silence is consent | source |',
    '|---|---|---|---|---|---|---|',
    ...rules.map((rule) => {
      const request = rule.request.join(', ') + (rule.requestKategorie ? ` (${rule.requestKategorie.join(', ')})` : '');
      const source = rule.source.replace(/^BK6-24-174 (Anlage \w+), ([^(]+?) \(Lesefassung[^)]*\)/, '$1 $2');
      return `| \`${rule.rule}\` | ${rule.role} | ${request} | ${rule.answers.join(', ')} | ${dueText(rule.due)} | ${rule.silenceIsConsent ? 'yes' : ''} | ${cell(source)} |`;
    }),
  ].join('\n');
}

/**
 * `text` with the part between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` replaced by `content`.
 * @param {string} text @param {string} name @param {string} content
 */
function withGenerated(text, name, content) {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`no ${open} … ${close} in the page`);
  return `${text.slice(0, start + open.length)}\n\n${content}\n\n${text.slice(end)}`;
}

/**
 * Each page as committed and as the generator would write it.
 * @param {ReferenceInput} [input]
 * @returns {{ file: string, committed: string, expected: string }[]}
 */
function referencePages(input = loadInput()) {
  return PAGES.map(({ file, marker, render }) => {
    const committed = readFileSync(join(ROOT, file), 'utf8');
    return { file, committed, expected: withGenerated(committed, marker, render(input)) };
  });
}

/**
 * @param {string[]} args the command-line arguments after the script
 * @returns {number} the exit code
 */
function main(args) {
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length) {
    console.error(`unknown option ${unknown[0]}; usage: ${COMMAND} [--check]`);
    return 2;
  }
  const check = args.includes('--check');
  let stale = 0;
  for (const page of referencePages()) {
    if (page.committed === page.expected) continue;
    stale += 1;
    if (check) console.error(`stale: ${page.file}`);
    else {
      writeFileSync(join(ROOT, page.file), page.expected);
      console.log(`wrote ${page.file}`);
    }
  }
  if (check && stale) console.error(`run \`${COMMAND}\` and commit the result`);
  if (!stale) console.log('reference tables up to date');
  return check && stale ? 1 : 0;
}

module.exports = { COMMAND, loadServices, referencePages, renderErrorTable, renderConfigTable, withGenerated };

if (require.main === module) {
  require('../ts-require');
  process.exitCode = main(process.argv.slice(2));
}
