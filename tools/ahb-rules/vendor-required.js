// The middleware vendor's per-PI requirements: derives libs/ahb/src/data/vendor-required-FV*.json from the
// vendor's OpenAPI documents the repository carries (reference/maco-api-doc-resources/pruefi/<FV>/<MESSAGE>/
// PI_<n>.yaml) and renders VENDOR-DIFFERENCES.md, which compares them with the AHB rules of generate.js. Called by
// generate.js `main()`; deterministic output, the committed JSON files are checked by a unit test of libs/domain.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const REPO_ROOT = path.join(__dirname, '..', '..');
const PRUEFI = path.join(REPO_ROOT, 'reference', 'maco-api-doc-resources', 'pruefi');
const SCHEMA_REF = '#/components/schemas/';
/** The UTILMD Strom folder; it is read completely, other message folders only for the PIs of the catalogue. */
const UTILMD_STROM = 'UTILMD';
const REPORT_FILE = 'VENDOR-DIFFERENCES.md';
const TOP_PATHS = 10;

/**
 * Vendor folders per release, oldest first. 10/26 has UTILMD Strom only; for everything else it keeps 04/26
 * (maco-api-doc-resources/README.md), so its AHB side and its missing PIs come from 04/26.
 * @type {{ release: string, formatVersion: string, folder: string, catalogueRelease: string, fallback?: string, ahbRules: string }[]}
 */
const VENDOR_RELEASES = [
  { release: '10/25', formatVersion: 'FV2510', folder: '202510', catalogueRelease: '10/25', ahbRules: 'FV2510' },
  { release: '04/26', formatVersion: 'FV2604', folder: '202604', catalogueRelease: '04/26', ahbRules: 'FV2604' },
  {
    release: '10/26',
    formatVersion: 'FV2610',
    folder: '202610',
    catalogueRelease: '04/26',
    fallback: 'FV2604',
    ahbRules: 'FV2604',
  },
];

/**
 * The part of the vendor's OpenAPI schemas this generator walks (they use nothing else: objects with `properties`,
 * `required`, arrays with `items`, `$ref`s to local schemas or to the BO4E field files).
 * @typedef {{
 *   $ref?: string, type?: string, properties?: Record<string, VendorSchema>, items?: VendorSchema, required?: string[],
 *   'x-edifact-segment'?: string[],
 * }} VendorSchema
 * @typedef {Record<string, VendorSchema>} VendorComponents
 * A required field: `[]` = every element of a non-empty array, a trailing `?` = the step may be absent.
 * @typedef {{ path: string, segments: string[] }} VendorField
 * `mapped`: every field the vendor's document names for the PI (required or not), by plain path (no `[]`), with the
 * EDIFACT segments it comes from.
 * @typedef {{ pruefidentifikator: string, message: string, fields: VendorField[], mapped: Map<string, string[]> }} VendorRequirement
 * @typedef {{ description: string, formatVersion: string, source: string, requirements: VendorRequirement[] }} VendorData
 * The part of pi-catalogue.json (catalogue.js `buildCatalogue`) this module reads.
 * @typedef {{ releases: Record<string, { pruefidentifikatoren: Record<string, Record<string, { pruefidentifikator: string }[]>> }> }} Catalogue
 * The part of ahb-rules-FV*.json this module reads; `conditionalFields` is optional (not every generator run has it).
 * @typedef {{ pruefidentifikator: string, message?: string, source: string, fields: { path: string }[], conditionalFields?: { path: string }[] }} AhbPiRules
 * @typedef {{ formatVersion: string, rules: AhbPiRules[] }} AhbRulesData
 * @typedef {'a' | 'b' | 'c' | 'd'} DifferenceClass
 * @typedef {{ pi: string, vendorSource: string, classes: Record<DifferenceClass, string[]>, implied: string[], weaker: string[] }} PiDifference
 */

/**
 * Writes VENDOR-DIFFERENCES.md to `reportDir`. The vendor's requirements are not bundled: real traffic misses
 * vendor-only "required" fields (see the report's decision), so no finding follows them alone.
 * @param {{ vendor: VendorData[], ahbRules: AhbRulesData[], reportDir: string }} options
 */
function writeVendorDifferences({ vendor, ahbRules, reportDir }) {
  fs.writeFileSync(path.join(reportDir, REPORT_FILE), renderDifferences(vendor, ahbRules));
}

// ---------- requirements ----------

/**
 * @param {Catalogue} catalogue
 * @returns {VendorData[]}
 */
function deriveVendorRequired(catalogue) {
  return VENDOR_RELEASES.map(({ formatVersion, folder, catalogueRelease }) => {
    const listed = cataloguePis(catalogue, catalogueRelease);
    const root = path.join(PRUEFI, folder);
    /** @type {VendorRequirement[]} */
    const requirements = [];
    for (const message of fs.readdirSync(root).sort()) {
      for (const file of fs.readdirSync(path.join(root, message)).sort()) {
        const pi = /^PI_(\d{5})\.yaml$/.exec(file)?.[1];
        if (!pi || (message !== UTILMD_STROM && !listed.has(pi))) continue;
        const document = YAML.parse(fs.readFileSync(path.join(root, message, file), 'utf8'));
        const schemas = document.components.schemas;
        requirements.push({
          pruefidentifikator: pi,
          message,
          fields: requiredFields(schemas, `PI_${pi}`),
          mapped: mappedPaths(schemas, `PI_${pi}`),
        });
      }
    }
    requirements.sort(
      (a, b) => compareText(a.pruefidentifikator, b.pruefidentifikator) || compareText(a.message, b.message),
    );
    return {
      description:
        `The middleware vendor's required fields (${formatVersion}) per Prüfidentifikator as BO4E paths: \`[]\` = every ` +
        'element of a non-empty array, a trailing `?` = that step may be absent (what lies below is required only ' +
        'where it is present). UTILMD Strom completely, other messages only for the PIs of pi-catalogue.json. ' +
        'Generated by tools/ahb-rules/generate.js (vendor-required.js) from reference/maco-api-doc-resources; do not edit.',
      formatVersion,
      source: `maco-api-doc-resources/pruefi/${folder}`,
      requirements,
    };
  });
}

/**
 * PIs of a release in any role and operation.
 * @param {Catalogue} catalogue
 * @param {string} release
 */
function cataloguePis(catalogue, release) {
  const entry = catalogue.releases[release];
  if (!entry) throw new Error(`release ${release} is not in the PI catalogue`);
  return new Set(
    Object.values(entry.pruefidentifikatoren).flatMap((operations) =>
      Object.values(operations)
        .flat()
        .map((p) => p.pruefidentifikator),
    ),
  );
}

/**
 * Every field in its container's `required` list, walked from `components.schemas[start]`. Steps of containers that
 * are not required get a `?`; required containers are fields themselves (present, and for arrays non-empty).
 * @param {VendorComponents} schemas
 * @param {string} start
 * @returns {VendorField[]}
 */
function requiredFields(schemas, start) {
  /** @type {Map<string, VendorField>} */
  const fields = new Map();
  /** @type {(name: string, prefix: string, trail: string[]) => void} */
  const visit = (name, prefix, trail) => {
    const schema = schemas[name];
    if (!schema) throw new Error(`${start}: schema ${name} is missing`);
    if (trail.includes(name)) throw new Error(`${start}: schema ${name} references itself`);
    const required = new Set(schema.required ?? []);
    const properties = schema.properties ?? {};
    for (const key of [...new Set([...Object.keys(properties), ...required])].sort(compareText)) {
      const property = properties[key] ?? {};
      const array = property.type === 'array';
      const target = array ? property.items : property;
      const step = `${prefix ? `${prefix}.` : ''}${key}${array ? '[]' : ''}`;
      if (required.has(key)) fields.set(step, { path: step, segments: [...(property['x-edifact-segment'] ?? [])] });
      if (target?.$ref?.startsWith(SCHEMA_REF))
        visit(refName(target.$ref), required.has(key) ? step : `${step}?`, [...trail, name]);
    }
  };
  visit(start, '', []);
  return [...fields.values()].sort((a, b) => compareText(a.path, b.path));
}

/**
 * Every property path of the document (plain: no `[]`, no `?`) with its `x-edifact-segment`s: what the middleware can
 * send for the PI at all, and from where.
 * @param {VendorComponents} schemas
 * @param {string} start
 * @returns {Map<string, string[]>}
 */
function mappedPaths(schemas, start) {
  /** @type {Map<string, string[]>} */
  const paths = new Map();
  /** @type {(name: string, prefix: string, trail: string[]) => void} */
  const visit = (name, prefix, trail) => {
    const schema = schemas[name];
    if (!schema || trail.includes(name)) return;
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const step = prefix ? `${prefix}.${key}` : key;
      paths.set(step, [...(paths.get(step) ?? []), ...(property['x-edifact-segment'] ?? [])]);
      const target = property.type === 'array' ? property.items : property;
      if (target?.$ref?.startsWith(SCHEMA_REF)) visit(refName(target.$ref), step, [...trail, name]);
    }
  };
  visit(start, '', []);
  return paths;
}

/** @param {string} ref */
function refName(ref) {
  return decodeURIComponent(ref.slice(SCHEMA_REF.length));
}

// ---------- difference report ----------

/**
 * @param {VendorData[]} vendor
 * @param {AhbRulesData[]} ahbRules
 */
function renderDifferences(vendor, ahbRules) {
  const byFormatVersion = new Map(vendor.map((data) => [data.formatVersion, data]));
  const lines = [
    '# Vendor requirements vs. AHB rules',
    '',
    'Generated by `node tools/ahb-rules/generate.js` (vendor-required.js); overwritten by each run.',
    '',
  ];
  lines.push('## Decision', '');
  lines.push(
    'Every vendor-required path of a UTILMD Strom PI falls into one class, compared with the unconditional AHB rules',
  );
  lines.push('(`ahb-rules-FV*.json`) of the same release, `?` markers stripped:', '');
  lines.push(
    '- **(a) both** and **(b) AHB only**: finding `missing-mandatory-field`. The AHB is the regulation; the vendor',
  );
  lines.push('  list neither adds to nor relaxes it.');
  lines.push(
    '- **(c) vendor only, the AHB has a conditional line for the path** (`conditionalFields`): the finding follows',
  );
  lines.push('  the evaluated AHB condition: decided mandatory → `missing-mandatory-field`; decided not mandatory or');
  lines.push('  undecided → no finding.');
  lines.push('- **(d) vendor only, no AHB line for the path**: no finding.', '');
  lines.push(
    "Why the vendor's list never yields a finding on its own: every real sample (the vendor's own documentation and",
  );
  lines.push('test cases) lacks 1–15 of its class (c)/(d) fields, e.g. `transaktionsgrundergaenzung` (12 bodies),');
  lines.push(
    '`vertragspartner2[].name3`/`name4` (9), `transaktionsdaten.vertragsbeginn` (9), and some required sets exclude',
  );
  lines.push(
    'each other (a correspondence partner with both `postfach` and `strasse`). `required` there means "mapped when',
  );
  lines.push(
    'the EDIFACT message carries it", not "always sent"; a finding from it would be false on real traffic. None of',
  );
  lines.push('the real samples misses a class (a) field.', '');
  lines.push(
    'Where the vendor list does decide: release 10/26. No FV2610 AHB tables exist, so 10/26 takes the 04/26 AHB',
  );
  lines.push(
    'rules and drops, per UTILMD Strom PI, every field the vendor required in FV2604 and no longer requires in FV2610',
  );
  lines.push(
    "(`ahb-rules-FV2610.json`): the vendor's change between the versions is the only published trace of the new AHB.",
  );
  lines.push('Fields the vendor newly requires are listed below but add no rule, for the reason above.', '');
  lines.push(
    '"No AHB line" means no line the generator could map to the path: fields it skipped as ambiguous (STS+7 carries',
  );
  lines.push(
    '`transaktionsgrund` and its supplements on one element run) or that the BO4E mapping CSV does not name land in (d)',
  );
  lines.push('too, although the AHB table has a line for their segment.', '');
  lines.push(
    'A vendor-required container (`stammdaten.MARKTLOKATION[]`, `transaktionsdaten.absender`) counts as (a) when an',
  );
  lines.push(
    'AHB rule lies below it: the AHB rule needs the container too ("implied" below). (c) likewise covers containers',
  );
  lines.push('with a conditional AHB line below them.', '');
  lines.push(
    'Release 10/26 (FV2610): the vendor publishes UTILMD Strom only (`pruefi/202610`); a PI missing there and every',
  );
  lines.push('other message keep 04/26. The AHB side compared for 10/26 is `ahb-rules-FV2604.json`.', '');
  if (!ahbRules.some((data) => data.rules.some((rule) => rule.conditionalFields))) {
    lines.push(
      'The AHB rules carry no `conditionalFields` yet: every vendor-only path counts as (d) until they do.',
      '',
    );
  }

  for (const { release, formatVersion, fallback, ahbRules: ahbFormatVersion } of VENDOR_RELEASES) {
    const ahb = ahbRules.find((data) => data.formatVersion === ahbFormatVersion);
    const own = byFormatVersion.get(formatVersion);
    if (!ahb || !own) throw new Error(`release ${release}: vendor or AHB data missing`);
    const differences = compareRelease(own, fallback ? byFormatVersion.get(fallback) : undefined, ahb);
    renderRelease(lines, release, formatVersion, ahbFormatVersion, differences);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Per UTILMD Strom PI with both a vendor document and an AHB table: the classified paths.
 * @param {VendorData} own
 * @param {VendorData | undefined} fallback
 * @param {AhbRulesData} ahb
 */
function compareRelease(own, fallback, ahb) {
  /** @type {Map<string, { requirement: VendorRequirement, source: string }>} */
  const vendorPis = new Map();
  for (const data of [fallback, own]) {
    for (const requirement of data?.requirements ?? []) {
      if (requirement.message === UTILMD_STROM)
        vendorPis.set(requirement.pruefidentifikator, { requirement, source: data?.formatVersion ?? '' });
    }
  }
  // The comparison is UTILMD Strom's (the only message whose vendor list decides anything, in 10/26).
  const ahbPis = new Map(
    ahb.rules
      .filter((rule) => rule.source === 'ahb' && (rule.message ?? 'UTILMD_Strom') === 'UTILMD_Strom')
      .map((rule) => [rule.pruefidentifikator, rule]),
  );
  /** @type {PiDifference[]} */
  const rows = [];
  for (const [pi, { requirement, source }] of [...vendorPis].sort((a, b) => compareText(a[0], b[0]))) {
    const rule = ahbPis.get(pi);
    if (rule) rows.push(classify(pi, source, requirement, rule));
  }
  return {
    rows,
    vendorOnlyPis: [...vendorPis.keys()].filter((pi) => !ahbPis.has(pi)).sort(compareText),
    ahbOnlyPis: [...ahbPis.keys()].filter((pi) => !vendorPis.has(pi)).sort(compareText),
  };
}

/**
 * @param {string} pi
 * @param {string} vendorSource
 * @param {VendorRequirement} requirement
 * @param {AhbPiRules} rule
 * @returns {PiDifference}
 */
function classify(pi, vendorSource, requirement, rule) {
  const mandatory = new Set(rule.fields.map((field) => stripOptional(field.path)));
  const mandatoryContainers = containersOf(mandatory);
  const conditional = new Set((rule.conditionalFields ?? []).map((field) => stripOptional(field.path)));
  const conditionalContainers = containersOf(conditional);
  /** @type {PiDifference} */
  const result = { pi, vendorSource, classes: { a: [], b: [], c: [], d: [] }, implied: [], weaker: [] };
  /** @type {Set<string>} */
  const vendorPaths = new Set();
  for (const field of requirement.fields) {
    const plain = stripOptional(field.path);
    vendorPaths.add(plain);
    if (mandatory.has(plain)) {
      result.classes.a.push(plain);
      if (plain !== field.path) result.weaker.push(field.path);
    } else if (mandatoryContainers.has(plain)) {
      result.classes.a.push(plain);
      result.implied.push(plain);
    } else if (conditional.has(plain) || conditionalContainers.has(plain)) result.classes.c.push(plain);
    else result.classes.d.push(plain);
  }
  result.classes.b = [...mandatory].filter((plain) => !vendorPaths.has(plain)).sort(compareText);
  return result;
}

/**
 * Every proper prefix (at a step boundary) of the paths: the containers they need.
 * @param {Set<string>} paths
 */
function containersOf(paths) {
  /** @type {Set<string>} */
  const containers = new Set();
  for (const plain of paths) {
    const steps = plain.split('.');
    for (let i = 1; i < steps.length; i++) containers.add(steps.slice(0, i).join('.'));
  }
  return containers;
}

/** @param {string} vendorPath */
function stripOptional(vendorPath) {
  return vendorPath.replace(/\?/g, '');
}

/**
 * @param {string[]} lines
 * @param {string} release
 * @param {string} formatVersion
 * @param {string} ahbFormatVersion
 * @param {ReturnType<typeof compareRelease>} differences
 */
function renderRelease(lines, release, formatVersion, ahbFormatVersion, { rows, vendorOnlyPis, ahbOnlyPis }) {
  /** @type {DifferenceClass[]} */
  const classes = ['a', 'b', 'c', 'd'];
  const names = {
    a: '(a) both',
    b: '(b) AHB only',
    c: '(c) vendor only, conditional in the AHB',
    d: '(d) vendor only, no AHB line',
  };
  const fallbackRows = rows.filter((row) => row.vendorSource !== formatVersion).length;
  lines.push(`## ${release} (vendor ${formatVersion}, AHB ${ahbFormatVersion})`, '');
  lines.push(
    `${rows.length} UTILMD Strom PIs with a vendor document and an AHB table${fallbackRows ? ` (${fallbackRows} of them with the vendor document of the fallback)` : ''}.`,
  );
  lines.push(`Vendor document without AHB table: ${vendorOnlyPis.join(', ') || '–'}.`);
  lines.push(
    `AHB table without vendor document (not compared): ${ahbOnlyPis.length} PIs${ahbOnlyPis.length ? ` (${ahbOnlyPis.join(', ')})` : ''}.`,
    '',
  );
  lines.push('| class | paths (PI × path) | PIs with ≥1 |', '|---|---|---|');
  for (const key of classes) {
    lines.push(
      `| ${names[key]} | ${rows.reduce((n, row) => n + row.classes[key].length, 0)} | ${rows.filter((row) => row.classes[key].length > 0).length} |`,
    );
  }
  const implied = rows.reduce((n, row) => n + row.implied.length, 0);
  const weaker = rows.reduce((n, row) => n + row.weaker.length, 0);
  lines.push(
    '',
    `Of (a): ${implied} vendor containers implied by an AHB rule below them; ${weaker} paths where the vendor marks a container on the way optional (\`?\`) that the AHB rule needs.`,
    '',
  );
  for (const key of classes) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const row of rows) for (const plain of row.classes[key]) counts.set(plain, (counts.get(plain) ?? 0) + 1);
    const top = [...counts].sort((x, y) => y[1] - x[1] || compareText(x[0], y[0])).slice(0, TOP_PATHS);
    lines.push(
      `Top paths ${names[key]} (PIs): ${top.map(([plain, count]) => `\`${plain}\` (${count})`).join(', ') || '–'}`,
      '',
    );
  }
  lines.push(
    '| PI | vendor | (a) | (b) | (c) | (d) | (b) AHB only | (c) vendor only, conditional in the AHB |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const row of rows) {
    const list = (/** @type {string[]} */ paths) => paths.map((plain) => `\`${plain}\``).join(' ');
    lines.push(
      `| ${row.pi} | ${row.vendorSource} | ${classes.map((key) => row.classes[key].length).join(' | ')} | ${list(row.classes.b)} | ${list(row.classes.c)} |`,
    );
  }
  lines.push('');
}

// ---------- io ----------

/**
 * Code-unit order: independent of the locale, so the output is the same everywhere.
 * @param {string} a
 * @param {string} b
 */
function compareText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every field each PI's document names (`mappedPaths`), for every message of the release's folder (10/26: UTILMD
 * Strom of its own folder, the rest from 04/26): where the AHB rules of any message type may take a conditional line.
 * @param {string} formatVersion FV2510, FV2604 or FV2610
 * @returns {Map<string, Map<string, string[]>>} PI → path → segments
 */
function vendorMappedByPi(formatVersion) {
  const release = VENDOR_RELEASES.find((entry) => entry.formatVersion === formatVersion);
  if (!release) throw new Error(`no vendor folder for ${formatVersion}`);
  /** @type {Map<string, Map<string, string[]>>} */
  const mapped = new Map();
  const folders = [
    release.folder,
    ...(release.fallback
      ? [VENDOR_RELEASES.find((entry) => entry.formatVersion === release.fallback)?.folder ?? '']
      : []),
  ];
  for (const folder of folders) {
    const root = path.join(PRUEFI, folder);
    for (const message of fs.readdirSync(root).sort()) {
      for (const file of fs.readdirSync(path.join(root, message)).sort()) {
        const pi = /^PI_(\d{5})\.yaml$/.exec(file)?.[1];
        if (!pi || mapped.has(pi)) continue;
        const document = YAML.parse(fs.readFileSync(path.join(root, message, file), 'utf8'));
        mapped.set(pi, mappedPaths(document.components.schemas, `PI_${pi}`));
      }
    }
  }
  return mapped;
}

module.exports = {
  deriveVendorRequired,
  writeVendorDifferences,
  vendorMappedByPi,
  internals: { requiredFields, renderDifferences, classify },
};
