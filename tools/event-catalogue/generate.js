#!/usr/bin/env node
// `node tools/event-catalogue/generate.js [--out DIR]`: derives the trigger event catalogue of
// libs/domain/src/release/data/trigger-events.json from the middleware vendor's event specs beside the repo
// (reference/maco-api-doc-resources/event/<FV>/[ROLE]_<EVENT>.yaml): per release, role and event the
// Prüfidentifikatoren it may produce and the JSON Pointers its body must carry. Deterministic output: the committed
// file is checked by a unit test of libs/domain.
//
// The vendor publishes the same specs in its English dialect (event-en/, event-bauteil-en/: containers masterData,
// transactionData, additionalData; English BO keys and field names). `eventRequirements(folder, { dialect: 'en' })`
// reads those the same way, for comparing them with the German ones (english-events.spec.ts); the catalogue itself is
// built from the German specs only.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const REPO_ROOT = path.join(__dirname, '..', '..');
const RESOURCES = path.join(REPO_ROOT, 'reference', 'maco-api-doc-resources');
const DEFAULT_OUT = path.join(REPO_ROOT, 'libs', 'domain', 'src', 'release', 'data');
const OUT_FILE = 'trigger-events.json';

/**
 * Releases with event specs, oldest first. 10/26 covers only the messages it has building blocks for (UTILMD Strom);
 * for the others it keeps 04/26 (maco-api-doc-resources/README.md), so it inherits from 04/26.
 * @type {{ release: string, formatVersion: string, folder: string, inherits?: string }[]}
 */
const RELEASES = [
  { release: '10/25', formatVersion: 'FV2510', folder: '202510' },
  { release: '04/26', formatVersion: 'FV2604', folder: '202604' },
  { release: '10/26', formatVersion: 'FV2610', folder: '202610', inherits: '04/26' },
];
const ROLES = ['LF', 'NB', 'MSB'];
const FILE_NAME = /^\[(LF|NB|MSB)\]_([A-Z0-9_]+)\.yaml$/;
// Any element of an array, in the pointer templates of the catalogue.
const EACH = '*';

/**
 * Where a dialect's specs lie and what their containers are called. `fields` matches the references to BO4E field
 * definitions, which are leaves (not followed).
 * @typedef {'de' | 'en'} Dialect
 * @typedef {{
 *   events: string, buildingBlocks: string, stammdaten: string, transaktionsdaten: string, zusatzdaten: string,
 *   pruefidentifikator: string, fields: string,
 * }} DialectLayout
 * @type {Record<Dialect, DialectLayout>}
 */
const DIALECTS = {
  de: {
    events: 'event',
    buildingBlocks: 'event-bauteil',
    stammdaten: 'stammdaten',
    transaktionsdaten: 'transaktionsdaten',
    zusatzdaten: 'zusatzdaten',
    pruefidentifikator: 'pruefidentifikator',
    fields: 'bo4e/fields/',
  },
  en: {
    events: 'event-en',
    buildingBlocks: 'event-bauteil-en',
    stammdaten: 'masterData',
    transaktionsdaten: 'transactionData',
    zusatzdaten: 'additionalData',
    pruefidentifikator: 'verificationIdentifier',
    fields: 'bo4e-en/fields/',
  },
};

/**
 * The part of a JSON schema this generator walks.
 * @typedef {{
 *   $ref?: string, oneOf?: JsonSchema[], anyOf?: JsonSchema[], allOf?: JsonSchema[], properties?: Record<string, JsonSchema>, items?: JsonSchema,
 *   required?: string[], type?: string, examples?: string[], const?: string, 'x-pending-pruefis'?: string[],
 * }} JsonSchema
 * A schema node with the file it was read from (for resolving relative references).
 * @typedef {{ file: string, node: JsonSchema }} Located
 * Per Prüfidentifikator: the message folder and file of its stammdaten building block.
 * @typedef {Map<string, { message: string, file: string }>} BuildingBlocks
 * @typedef {{ pruefidentifikatoren: string[], required: string[] }} CatalogueEvent
 * @typedef {Record<string, Record<string, CatalogueEvent>>} EventsByRole
 * @typedef {{ formatVersion: string, inherits?: string, withdrawn?: Record<string, string[]>, events: EventsByRole }} CatalogueRelease
 * What one event spec says, before inheritance is applied. `eventnameDefects`: where the spec's `eventname` disagrees
 * with itself or its file name (the const is taken all the same).
 * @typedef {{
 *   file: string, role: string, eventname: string, pruefidentifikatoren: string[], transaktionsdaten: string[],
 *   alternatives: Map<string, Located>, unresolved: string[], eventnameDefects: string[],
 * }} EventSpec
 * An event's requirements as the catalogue derives them, per spec file (`eventRequirements`).
 * @typedef {{
 *   file: string, role: string, eventname: string, pruefidentifikatoren: string[], required: string[],
 *   eventnameDefects: string[],
 * }} EventRequirements
 */

/**
 * @param {string[]} argv the command-line arguments after the script
 * @returns {number} the exit code
 */
function main(argv) {
  const outIndex = argv.indexOf('--out');
  const outDir = outIndex >= 0 ? path.resolve(argv[outIndex + 1] ?? '') : DEFAULT_OUT;
  if (!fs.existsSync(RESOURCES)) throw new Error(`reference not found at ${RESOURCES}`);
  const catalogue = buildCatalogue();
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, OUT_FILE), render(catalogue));
  return 0;
}

/** @returns {{ description: string, releases: Record<string, CatalogueRelease> }} */
function buildCatalogue() {
  /** @type {Record<string, CatalogueRelease>} */
  const releases = {};
  /** @type {Map<string, { specs: EventSpec[], blocks: BuildingBlocks, events: EventsByRole }>} */
  const derived = new Map();
  for (const { release, formatVersion, folder, inherits } of RELEASES) {
    const blocks = buildingBlocks(folder);
    const specs = readEventSpecs(folder);
    const parent = inherits ? derived.get(inherits) : undefined;
    if (inherits && !parent) throw new Error(`release ${release} inherits ${inherits}, which is not derived before it`);
    // Messages the release has its own building blocks for; for the others it keeps its parent's.
    const covered = new Set([...blocks.values()].map((block) => block.message));
    /** @type {EventsByRole} */
    const events = Object.fromEntries(ROLES.map((role) => [role, {}]));
    for (const spec of specs) {
      // The const is what the middleware checks, so the event is catalogued under it; a disagreeing default or file
      // name is the vendor's slip, worth a look but no reason to stop.
      for (const defect of spec.eventnameDefects) console.warn(`${spec.file}: ${defect}`);
      events[spec.role][spec.eventname] = catalogueEvent(spec, blocks, parent?.blocks);
    }
    derived.set(release, { specs, blocks, events });
    if (!parent || !inherits) {
      releases[release] = { formatVersion, events };
      continue;
    }
    // An event of the parent that this release lacks is kept unless all its PIs are of messages the release covers
    // itself (then the release has dropped it); an event equal to the parent's is left to inheritance.
    /** @type {Record<string, string[]>} */
    const withdrawn = {};
    /** @type {EventsByRole} */
    const own = Object.fromEntries(ROLES.map((role) => [role, {}]));
    for (const role of ROLES) {
      for (const [eventname, inherited] of Object.entries(parent.events[role])) {
        const mine = events[role][eventname];
        if (!mine) {
          const dropped = inherited.pruefidentifikatoren.every((pi) =>
            covered.has(parent.blocks.get(pi)?.message ?? ''),
          );
          if (dropped) (withdrawn[role] ??= []).push(eventname);
        } else if (JSON.stringify(mine) !== JSON.stringify(inherited)) own[role][eventname] = mine;
      }
      for (const [eventname, mine] of Object.entries(events[role]))
        if (!parent.events[role][eventname]) own[role][eventname] = mine;
      // What this release resolves to, for a release inheriting from it in turn.
      events[role] = { ...parent.events[role], ...events[role] };
      for (const eventname of withdrawn[role] ?? []) delete events[role][eventname];
    }
    releases[release] = { formatVersion, inherits, withdrawn, events: own };
  }
  return {
    description:
      'Trigger events per release and role: the Prüfidentifikatoren each may produce and the JSON Pointers (RFC 6901; ' +
      `"${EACH}" = every element of an array) its body must carry, leaves only (a leaf implies its parents). ` +
      'zusatzdaten (prozessId, eventname) is set by the backend and not listed. A release with "inherits" lists only ' +
      'events that differ from that release, and under "withdrawn" the ones it no longer has. Generated by ' +
      'tools/event-catalogue/generate.js from reference/maco-api-doc-resources/event; do not edit.',
    releases,
  };
}

/**
 * An event as the catalogue lists it: its PIs, and the leaves of what its transaktionsdaten require and what all its
 * PIs' building blocks require. A PI whose block the release lacks takes the parent release's block, unless the
 * release has blocks of its own for that message.
 * @param {EventSpec} spec
 * @param {BuildingBlocks} blocks the release's building blocks
 * @param {BuildingBlocks} [parentBlocks] the building blocks of the release it inherits from
 * @param {Dialect} [dialect]
 * @returns {CatalogueEvent}
 */
function catalogueEvent(spec, blocks, parentBlocks, dialect = 'de') {
  // Messages the release has its own building blocks for; for the others it keeps its parent's.
  const covered = new Set([...blocks.values()].map((block) => block.message));
  const alternatives = new Map(spec.alternatives);
  for (const pi of spec.unresolved) {
    const inherited = parentBlocks?.get(pi);
    if (inherited && !covered.has(inherited.message))
      alternatives.set(pi, locate(inherited.file, `#/components/schemas/PI_${pi}__${DIALECTS[dialect].stammdaten}`));
  }
  // A PI without a building block ("pending") may require anything or nothing: then no stammdaten field is
  // known to be required by every PI of the event.
  const complete = spec.pruefidentifikatoren.every((pi) => alternatives.has(pi));
  return {
    pruefidentifikatoren: spec.pruefidentifikatoren,
    required: leaves([
      ...spec.transaktionsdaten,
      ...(complete ? commonRequired([...alternatives.values()], dialect) : []),
    ]),
  };
}

/**
 * Per event spec of a folder (`event/<folder>` or, for dialect `en`, `event-en/<folder>`): its role, eventname, PIs
 * and required pointers in the dialect's own names, as the catalogue derives them (`catalogueEvent`). With
 * `inherits` (a folder), PIs without a block of their own take that folder's, as 10/26 does from 04/26; without, they
 * stay unresolved (no stammdaten requirement is known for the event).
 * @param {string} folder
 * @param {{ dialect?: Dialect, inherits?: string }} [options]
 * @returns {EventRequirements[]}
 */
function eventRequirements(folder, { dialect = 'de', inherits } = {}) {
  const blocks = buildingBlocks(folder, dialect);
  const parentBlocks = inherits ? buildingBlocks(inherits, dialect) : undefined;
  return readEventSpecs(folder, dialect).map((spec) => ({
    file: spec.file,
    role: spec.role,
    eventname: spec.eventname,
    ...catalogueEvent(spec, blocks, parentBlocks, dialect),
    eventnameDefects: spec.eventnameDefects,
  }));
}

/**
 * The event's name from its spec: the const of `<zusatzdaten>.eventname` (what the middleware checks), whatever its
 * `default` or the file name say; where they disagree, the disagreement is returned as a defect. The vendor's English
 * specs give many a `default` in English (`const: START_LIEFERBEGINN`, `default: START_DELIVERY_START`).
 * @param {JsonSchema | undefined} eventname the `eventname` property's schema
 * @param {string} named the eventname the file name gives
 * @param {string} where for messages
 * @returns {{ eventname: string, defects: string[] }}
 */
function declaredEventname(eventname, named, where) {
  const declared = eventname?.const;
  if (typeof declared !== 'string' || !declared) throw new Error(`${where}: eventname has no const`);
  /** @type {string[]} */
  const defects = [];
  const fallback = /** @type {{ default?: unknown }} */ (eventname).default;
  if (fallback !== undefined && fallback !== declared)
    defects.push(`eventname default ${JSON.stringify(fallback)} is not its const ${JSON.stringify(declared)}`);
  if (declared !== named)
    defects.push(`eventname const ${JSON.stringify(declared)} is not the file name's ${JSON.stringify(named)}`);
  return { eventname: declared, defects };
}

/**
 * @param {string} folder
 * @param {Dialect} [dialect]
 * @returns {EventSpec[]}
 */
function readEventSpecs(folder, dialect = 'de') {
  const names = DIALECTS[dialect];
  const dir = path.join(RESOURCES, names.events, folder);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`${folder}/${file}: not named [ROLE]_EVENT.yaml`);
      const [, role, named] = match;
      const location = path.join(dir, file);
      const schemas = Object.values(readYaml(location).components.schemas);
      if (schemas.length !== 1) throw new Error(`${folder}/${file}: expected one schema, found ${schemas.length}`);
      const [schema] = schemas;
      const properties = schema.properties ?? {};
      const { eventname, defects } = declaredEventname(
        properties[names.zusatzdaten]?.properties?.['eventname'],
        named,
        `${names.events}/${folder}/${file}`,
      );
      /** @type {Map<string, Located>} */
      const alternatives = new Map();
      // The later 10/26 specs write the alternatives as anyOf. A block the reference lacks (the later sync's UTILTS,
      // MSCONS, … blocks are not copied) stays unresolved: the parent release's block of the PI stands in.
      const stammdaten = properties[names.stammdaten];
      for (const alternative of stammdaten?.oneOf ?? stammdaten?.anyOf ?? []) {
        // `allOf: [block, { required: [ANFRAGE] }]` (later 10/26 specs): the block, else the inline part's requirements.
        const parts = /** @type {JsonSchema[]} */ (alternative.allOf ?? [alternative]);
        const ref = parts.find((part) => part.$ref)?.$ref;
        const pi = /PI_(\d{5})\.yaml#/.exec(ref ?? '')?.[1];
        if (!pi || !ref) throw new Error(`${folder}/${file}: stammdaten alternative without a PI building block`);
        const inline = parts.find((part) => !part.$ref && part.required);
        if (fs.existsSync(path.resolve(path.dirname(location), ref.split('#')[0])))
          alternatives.set(pi, locate(location, ref));
        else if (inline) alternatives.set(pi, locate(location, undefined, inline));
      }
      const listed = [
        ...(properties[names.transaktionsdaten]?.properties?.[names.pruefidentifikator]?.examples ?? []),
        ...(schema['x-pending-pruefis'] ?? []),
        ...alternatives.keys(),
      ].map(String);
      const pruefidentifikatoren = [...new Set(listed)].sort();
      return {
        file: `${names.events}/${folder}/${file}`,
        role,
        eventname,
        pruefidentifikatoren,
        transaktionsdaten: requiredPointers(
          locate(location, undefined, properties[names.transaktionsdaten] ?? {}),
          `/${names.transaktionsdaten}`,
          dialect,
        ),
        alternatives,
        unresolved: pruefidentifikatoren.filter((pi) => !alternatives.has(pi)),
        eventnameDefects: defects,
      };
    });
}

/**
 * Every PI building block of a release: `event-bauteil/<folder>/<MESSAGE>/PI_<n>.yaml` (`event-bauteil-en/…` for `en`).
 * @param {string} folder
 * @param {Dialect} [dialect]
 * @returns {BuildingBlocks}
 */
function buildingBlocks(folder, dialect = 'de') {
  const dir = path.join(RESOURCES, DIALECTS[dialect].buildingBlocks, folder);
  /** @type {BuildingBlocks} */
  const blocks = new Map();
  for (const message of fs.readdirSync(dir).sort()) {
    for (const file of fs.readdirSync(path.join(dir, message)).sort()) {
      const pi = /^PI_(\d{5})\.yaml$/.exec(file)?.[1];
      if (pi) blocks.set(pi, { message, file: path.join(dir, message, file) });
    }
  }
  return blocks;
}

/**
 * Pointers required in every alternative: the PI is derived by the middleware, so only what all of an event's
 * building blocks require is required of the event.
 * @param {Located[]} alternatives
 * @param {Dialect} [dialect]
 * @returns {string[]}
 */
function commonRequired(alternatives, dialect = 'de') {
  if (alternatives.length === 0) return [];
  const prefix = `/${DIALECTS[dialect].stammdaten}`;
  const [first, ...rest] = alternatives.map((alternative) => new Set(requiredPointers(alternative, prefix, dialect)));
  return [...first].filter((pointer) => rest.every((set) => set.has(pointer)));
}

/**
 * The pointers a schema's nested `required` lists name below `prefix`; references to BO4E field definitions are
 * leaves (their own `required` is the BO's, not the event's).
 * @param {Located} located
 * @param {string} prefix
 * @param {Dialect} [dialect]
 * @returns {string[]}
 */
function requiredPointers(located, prefix, dialect = 'de') {
  const { file, node } = resolve(located, dialect);
  if (node.type === 'array' && node.items)
    return requiredPointers({ file, node: node.items }, `${prefix}/${EACH}`, dialect);
  if (node.oneOf) throw new Error(`${file}: oneOf below ${prefix} is not expected in a building block`);
  return (node.required ?? []).flatMap((key) => {
    const pointer = `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const child = node.properties?.[key];
    if (!child) throw new Error(`${file}: ${pointer} is required but not declared`);
    return [pointer, ...requiredPointers({ file, node: child }, pointer, dialect)];
  });
}

/**
 * Follows references within the event and building-block files; BO4E field definitions are not followed.
 * @param {Located} located
 * @param {Dialect} [dialect]
 * @returns {Located}
 */
function resolve(located, dialect = 'de') {
  const fields = DIALECTS[dialect].fields;
  let current = located;
  for (let depth = 0; current.node.$ref && !current.node.$ref.includes(fields); depth++) {
    if (depth > 20) throw new Error(`${located.file}: reference chain too long`);
    current = locate(current.file, current.node.$ref);
  }
  return current;
}

/**
 * The node a reference (`file#/json/pointer`, or `#/…` within `file`) names; with `node`, that node in `file`.
 * @param {string} file
 * @param {string | undefined} ref
 * @param {JsonSchema} [node]
 * @returns {Located}
 */
function locate(file, ref, node) {
  if (node) return { file, node };
  const [target, fragment = ''] = (ref ?? '').split('#');
  const targetFile = target ? path.resolve(path.dirname(file), target) : file;
  /** @type {unknown} */
  let found = readYaml(targetFile);
  for (const token of fragment.split('/').slice(1)) {
    found = /** @type {Record<string, unknown>} */ (found)?.[
      decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')
    ];
  }
  if (!found || typeof found !== 'object') throw new Error(`${file}: reference ${ref} does not resolve`);
  return { file: targetFile, node: /** @type {JsonSchema} */ (found) };
}

/**
 * Pointers none of the others extends, sorted: a required leaf implies that its parents are present.
 * @param {string[]} pointers
 * @returns {string[]}
 */
function leaves(pointers) {
  const unique = [...new Set(pointers)].sort();
  return unique.filter((pointer) => !unique.some((other) => other.startsWith(`${pointer}/`)));
}

/** @type {Map<string, any>} */
const YAML_CACHE = new Map();

/**
 * @param {string} file
 * @returns {any} the parsed document, typed where it is used
 */
function readYaml(file) {
  if (!YAML_CACHE.has(file)) YAML_CACHE.set(file, YAML.parse(fs.readFileSync(file, 'utf8')));
  return YAML_CACHE.get(file);
}

/**
 * JSON with one line per event, so a change to an event is a one-line diff and the file stays small.
 * @param {{ description: string, releases: Record<string, CatalogueRelease> }} catalogue
 */
function render(catalogue) {
  const lines = ['{', `  "description": ${JSON.stringify(catalogue.description)},`, '  "releases": {'];
  const releases = Object.entries(catalogue.releases);
  releases.forEach(([name, release], releaseIndex) => {
    lines.push(`    ${JSON.stringify(name)}: {`, `      "formatVersion": ${JSON.stringify(release.formatVersion)},`);
    if (release.inherits) lines.push(`      "inherits": ${JSON.stringify(release.inherits)},`);
    if (release.withdrawn) lines.push(`      "withdrawn": ${JSON.stringify(release.withdrawn)},`);
    lines.push('      "events": {');
    ROLES.forEach((role, roleIndex) => {
      const events = Object.entries(release.events[role]).sort(([a], [b]) => (a < b ? -1 : 1));
      lines.push(`        ${JSON.stringify(role)}: {`);
      events.forEach(([eventname, event], index) => {
        lines.push(
          `          ${JSON.stringify(eventname)}: ${JSON.stringify(event)}${index < events.length - 1 ? ',' : ''}`,
        );
      });
      lines.push(`        }${roleIndex < ROLES.length - 1 ? ',' : ''}`);
    });
    lines.push('      }', `    }${releaseIndex < releases.length - 1 ? ',' : ''}`);
  });
  lines.push('  }', '}');
  return `${lines.join('\n')}\n`;
}

module.exports = { main, eventRequirements, DIALECTS };

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
