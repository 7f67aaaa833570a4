import { identifierFindings } from '../identifiers/identifier-findings';
import type { IdentifierCheck } from '../identifiers/identifier-checks';
import type { MarketRole, ProcessOperation } from '../market-role';
import CATALOGUE_DATA from './data/pi-catalogue.json';
import RULES_FV2510 from './data/ahb-rules-FV2510.json';
import RULES_FV2604 from './data/ahb-rules-FV2604.json';
import type { ReleaseName } from './release';

/**
 * A finding about one request body; `pointer` is a JSON Pointer in URI-fragment form (`#/stammdaten/…`); `check`
 * names the identifier check an `invalid-identifier` failed.
 */
export interface Finding {
  code: 'unlisted-pi' | 'missing-mandatory-field' | 'invalid-identifier';
  pointer: string;
  message: string;
  check?: IdentifierCheck;
}

/** A Prüfidentifikator a role receives for an operation in a release (from the request schema's `anyOf`). */
export interface CatalogueEntry {
  pruefidentifikator: string;
  meaning: string;
  direction: string;
}

/** One field the AHB makes unconditionally mandatory; `path` uses `[]` for "every element of a non-empty array". */
export interface AhbFieldRule {
  path: string;
  expression: string;
  segment: string;
}

interface ReleaseData {
  formatVersion: string;
  inherits?: string;
  ahbRules: string | null;
  pruefidentifikatoren: Partial<Record<string, Partial<Record<string, CatalogueEntry[]>>>>;
}

interface RulesData {
  formatVersion: string;
  rules: { pruefidentifikator: string; fields: AhbFieldRule[] }[];
}

interface CompiledRule extends AhbFieldRule {
  steps: { key: string; array: boolean }[];
}

interface ResolvedRelease {
  catalogue: Map<string, Map<string, CatalogueEntry>>;
  rules: Map<string, CompiledRule[]>;
  formatVersion: string;
}

const RULES_BY_FORMAT_VERSION = new Map<string, RulesData>(
  [RULES_FV2510 as RulesData, RULES_FV2604 as RulesData].map((data) => [data.formatVersion, data]),
);
const RELEASE_DATA = (CATALOGUE_DATA as { releases: Record<string, ReleaseData> }).releases;
const RELEASES = new Map<string, ResolvedRelease>(Object.keys(RELEASE_DATA).map((name) => [name, resolveRelease(name)]));

/**
 * Findings of one body for (release, role, operation): `unlisted-pi` when its Prüfidentifikator is not in the
 * catalogue, `missing-mandatory-field` for every unconditionally mandatory AHB field that is absent (`undefined`,
 * `null`, `''`), and `invalid-identifier` for every known identifier whose format or check digit is wrong
 * (`identifierFindings`, independent of release and PI). Sorted by pointer; a body without a string
 * `transaktionsdaten.pruefidentifikator` has only the identifier findings.
 */
export function findingsFor(release: ReleaseName, role: MarketRole, operation: ProcessOperation, body: unknown): Finding[] {
  const identifiers = identifierFindings(body);
  const data = RELEASES.get(release);
  const pruefidentifikator = child(child(body, 'transaktionsdaten'), 'pruefidentifikator');
  if (!data || typeof pruefidentifikator !== 'string') return identifiers.sort(byPointer);

  const findings = new Map<string, Finding>();
  // A present identifier is never also a missing field (empty strings are not checked): pointers do not collide.
  for (const finding of identifiers) findings.set(finding.pointer, finding);
  if (!data.catalogue.get(catalogueKey(role, operation))?.has(pruefidentifikator)) {
    const pointer = '#/transaktionsdaten/pruefidentifikator';
    findings.set(pointer, {
      code: 'unlisted-pi',
      pointer,
      message: `Prüfidentifikator ${pruefidentifikator} is not listed for ${role} ${operation} in release ${release}`,
    });
  }
  for (const rule of data.rules.get(pruefidentifikator) ?? []) {
    for (const pointer of missingPointers(body, rule.steps, 0, '#')) {
      if (findings.has(pointer)) continue;
      findings.set(pointer, {
        code: 'missing-mandatory-field',
        pointer,
        message: `${rule.path} is required by the AHB of ${pruefidentifikator} (${data.formatVersion}, ${rule.segment})`,
      });
    }
  }
  return [...findings.values()].sort(byPointer);
}

function byPointer(a: Finding, b: Finding): number {
  return a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0;
}

/** The catalogue entry of a Prüfidentifikator for (release, role, operation); undefined when it is not listed. */
export function catalogueEntry(
  release: ReleaseName,
  role: MarketRole,
  operation: ProcessOperation,
  pruefidentifikator: string,
): CatalogueEntry | undefined {
  return RELEASES.get(release)?.catalogue.get(catalogueKey(role, operation))?.get(pruefidentifikator);
}

/** The unconditional AHB rules of a UTILMD Strom PI in a release (inherited if the release has no AHB data). */
export function rulesFor(release: ReleaseName, pruefidentifikator: string): AhbFieldRule[] | undefined {
  return RELEASES.get(release)
    ?.rules.get(pruefidentifikator)
    ?.map(({ path, expression, segment }) => ({ path, expression, segment }));
}

function resolveRelease(name: string, seen: readonly string[] = []): ResolvedRelease {
  const own = RELEASE_DATA[name];
  if (!own || seen.includes(name)) throw new Error(`release data of ${name} is missing or inherits in a cycle`);
  const parent = own.inherits ? resolveRelease(own.inherits, [...seen, name]) : undefined;

  const catalogue = new Map(parent?.catalogue);
  for (const [role, operations] of Object.entries(own.pruefidentifikatoren)) {
    for (const [operation, entries] of Object.entries(operations ?? {})) {
      // An override replaces the inherited list of that role and operation.
      catalogue.set(catalogueKey(role, operation), new Map((entries ?? []).map((entry) => [entry.pruefidentifikator, entry])));
    }
  }

  if (!own.ahbRules) {
    if (!parent) throw new Error(`release ${name} has neither AHB rules nor a release to inherit them from`);
    return { catalogue, rules: parent.rules, formatVersion: parent.formatVersion };
  }
  const data = RULES_BY_FORMAT_VERSION.get(own.ahbRules);
  if (!data) throw new Error(`AHB rules ${own.ahbRules} of release ${name} are not bundled`);
  const rules = new Map(data.rules.map((rule) => [rule.pruefidentifikator, rule.fields.map(compileRule)]));
  return { catalogue, rules, formatVersion: data.formatVersion };
}

function compileRule(rule: AhbFieldRule): CompiledRule {
  const steps = rule.path.split('.').map((part) => ({ key: part.replace(/\[\]$/, ''), array: part.endsWith('[]') }));
  return { ...rule, steps };
}

function catalogueKey(role: string, operation: string): string {
  return `${role}|${operation}`;
}

/** Pointers of the places where a rule's path is not satisfied; non-objects on the way count as empty. */
function missingPointers(value: unknown, steps: CompiledRule['steps'], index: number, pointer: string): string[] {
  const step = steps[index];
  const childValue = child(value, step.key);
  const childPointer = `${pointer}/${escapePointerToken(step.key)}`;
  const last = index === steps.length - 1;
  if (step.array) {
    if (!Array.isArray(childValue) || childValue.length === 0) return [childPointer];
    if (last) return [];
    return childValue.flatMap((element, position) => missingPointers(element, steps, index + 1, `${childPointer}/${position}`));
  }
  if (last) return isAbsent(childValue) ? [childPointer] : [];
  return missingPointers(childValue, steps, index + 1, childPointer);
}

function child(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function escapePointerToken(token: string): string {
  return encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));
}
