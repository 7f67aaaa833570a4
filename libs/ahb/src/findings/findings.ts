import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarketRole, ProcessOperation } from '@maco/domain';
import type { Finding, FindingCode, ReleaseName } from '@maco/domain';
import { identifierFindings } from '@maco/domain';
import type { ConditionContext } from '../conditions/condition-context';
import CATALOGUE_DATA from '../data/pi-catalogue.json';
import { child, isMissingAlong, joinedTokens, missingPointers, type PathStep, pathSteps } from './body-walk';
import { ConditionalRules, type ConditionalRulesData } from './conditional-rules';

export type { Finding, FindingCode } from '@maco/domain';

/** Every finding code of the wire type, in the order of their introduction. */
export const FINDING_CODES = [
  'unlisted-pi',
  'missing-mandatory-field',
  'invalid-identifier',
  'condition-violated',
  'invalid-value',
  'unknown-pi',
] as const satisfies readonly FindingCode[];
/** Compiles only while FINDING_CODES lists every code of the wire type (`satisfies` rules out any other). */
type _EveryFindingCodeListed = Expect<Exclude<FindingCode, (typeof FINDING_CODES)[number]>>;
type Expect<Missing extends never> = Missing;

/** Codes strict mode (`AHB_RULE_MODE=strict`) refuses a body for: what the regulation makes binding, decided on the data. */
export function isBindingFinding(finding: Finding): boolean {
  return (
    finding.code === 'missing-mandatory-field' || finding.code === 'condition-violated' || finding.binding === true
  );
}

/** What the caller knows beyond the body: when it arrived (for conditions comparing dates with the receipt). */
export interface FindingsOptions {
  receivedAt?: number;
}

/**
 * A Prüfidentifikator a role receives for an operation in a release: `source` `schema` when the request schema's
 * `anyOf` lists it, `sender` when the role sends it itself (the middleware reports it back as an update).
 */
export interface CatalogueEntry {
  pruefidentifikator: string;
  meaning: string;
  direction: string;
  source: 'schema' | 'sender';
}

/** A Prüfidentifikator of a release (any role): its EDIFACT message type (`UTILMD`, `UTILMD_GAS`, `MSCONS`, …). */
export interface KnownPi {
  messageType: string;
  /** Which source gave the message type: the AHB table, the vendor's folder, BDEW's PI range or the request schema. */
  messageTypeFrom: 'ahb' | 'vendor' | 'range' | 'schema';
  meaning: string;
  direction: string;
  /** The AHB version of the PI's table in this release and when it was published (from the release's AHB index). */
  ahbVersion?: string;
  publishedOn?: string;
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
  known: Record<string, KnownPi>;
  pruefidentifikatoren: Partial<Record<string, Partial<Record<string, CatalogueEntry[]>>>>;
}

/** The table a PI's rules were derived from when its release has none of its own. */
export interface StandIn {
  formatVersion: string;
  ahbVersion: string;
  publishedOn: string;
}

interface RulesData extends ConditionalRulesData {
  formatVersion: string;
  rules: {
    pruefidentifikator: string;
    standIn?: StandIn;
    fields: AhbFieldRule[];
    conditionalFields?: ConditionalRulesData['rules'][number]['conditionalFields'];
  }[];
}

interface CompiledRule extends AhbFieldRule {
  steps: PathStep[];
  /** `#/transaktionsdaten/vorgangsnummer`: built once for a path without `[]` steps, its only possible missing place. */
  pointer: string | undefined;
}

interface ResolvedRelease {
  /** Role → operation → PI → entry (nested: no `role|operation` key string is built per call). */
  catalogue: Map<string, Map<string, Map<string, CatalogueEntry>>>;
  /** Every PI of the release, listed for some role or not. */
  known: Map<string, KnownPi>;
  /** The AHB rules, read and compiled on first use (`ahbRulesOf`). */
  ahb: () => ReleaseRules;
}

interface ReleaseRules {
  rules: Map<string, CompiledRule[]>;
  conditional: ConditionalRules;
  /** Per PI the table its rules come from, as findings name it (`FV2610, stand-in FV2604 AHB 2.1`). */
  tables: Map<string, string>;
  formatVersion: string;
}

/**
 * The rules of a format version, read on first use: each file holds every message type (a few MB in memory), and a
 * service may never see a body of an older release.
 */
const RULES_BY_FORMAT_VERSION = new Map<string, RulesData>();

function rulesData(formatVersion: string): RulesData {
  let data = RULES_BY_FORMAT_VERSION.get(formatVersion);
  if (data) return data;
  const file = join(__dirname, '..', 'data', `ahb-rules-${formatVersion}.json`);
  data = JSON.parse(readFileSync(file, 'utf8')) as RulesData;
  RULES_BY_FORMAT_VERSION.set(formatVersion, data);
  return data;
}

/** `FV2610`, or `FV2610, stand-in FV2604 AHB 2.1` for a PI whose table the release lacks: what findings name. */
function tableLabel(formatVersion: string, standIn: StandIn | undefined): string {
  return standIn ? `${formatVersion}, stand-in ${standIn.formatVersion} AHB ${standIn.ahbVersion}` : formatVersion;
}

const RELEASE_DATA = (CATALOGUE_DATA as { releases: Record<string, ReleaseData> }).releases;
const RELEASES = new Map<string, ResolvedRelease>(
  Object.keys(RELEASE_DATA).map((name) => [name, resolveRelease(name)]),
);

/**
 * Findings of one body for (release, role, operation):
 * - `unlisted-pi` when its Prüfidentifikator is a PI of the release but not listed for the role and operation,
 *   `unknown-pi` when the release has no such PI at all;
 * - `missing-mandatory-field` for every field the PI's AHB makes mandatory that is absent (`undefined`, `null`, `''`):
 *   unconditionally, or under conditions the catalogue decides on this body (undecided conditions never yield one);
 * - `invalid-identifier` for every known identifier whose format or check digit is wrong (`identifierFindings`,
 *   independent of release and PI), `binding` where the PI's AHB names that format condition for the place;
 * - `condition-violated` for a present value that fails a binding value condition ([931], [UB1], [87], [494]).
 * Sorted by pointer; a body without a string `transaktionsdaten.pruefidentifikator` has only the identifier findings.
 */
export function findingsFor(
  release: ReleaseName,
  role: MarketRole,
  operation: ProcessOperation,
  body: unknown,
  options: FindingsOptions = {},
): Finding[] {
  const identifiers = identifierFindings(body);
  const resolved = RELEASES.get(release);
  const pruefidentifikator = child(child(body, 'transaktionsdaten'), 'pruefidentifikator');
  if (!resolved || typeof pruefidentifikator !== 'string') return identifiers.sort(byPointer);
  const data = resolved.ahb();
  const table = data.tables.get(pruefidentifikator) ?? data.formatVersion;

  const findings = new Map<string, Finding>();
  // A present identifier is never also a missing field (empty strings are not checked): pointers do not collide.
  for (const finding of identifiers) findings.set(finding.pointer, finding);
  const entry = resolved.catalogue.get(role)?.get(operation)?.get(pruefidentifikator);
  if (!entry) {
    const pointer = '#/transaktionsdaten/pruefidentifikator';
    const known = resolved.known.get(pruefidentifikator);
    findings.set(
      pointer,
      known
        ? {
            code: 'unlisted-pi',
            pointer,
            message: `Prüfidentifikator ${pruefidentifikator} (${known.messageType}) is not listed for ${role} ${operation} in release ${release}`,
          }
        : {
            code: 'unknown-pi',
            pointer,
            message: `Prüfidentifikator ${pruefidentifikator} is not a Prüfidentifikator of release ${release}`,
          },
    );
  }
  for (const rule of data.rules.get(pruefidentifikator) ?? []) {
    if (rule.pointer !== undefined) {
      if (isMissingAlong(body, rule.steps)) addMissing(findings, rule, rule.pointer, pruefidentifikator, table);
      continue;
    }
    for (const pointer of missingPointers(body, rule.steps, 0, '#', 'every'))
      addMissing(findings, rule, pointer, pruefidentifikator, table);
  }

  // The fields in the order ConditionalRules builds its scoped contexts in: the deciders see one object shape.
  const whole: ConditionContext = {
    body,
    scope: undefined,
    receiverRole: role,
    senderRoles: senderRolesOf(entry?.direction),
    receivedAt: options.receivedAt,
  };
  const outcome = data.conditional.evaluate(pruefidentifikator, whole);
  for (const missing of outcome.missing) {
    if (findings.has(missing.pointer)) continue;
    findings.set(missing.pointer, {
      code: 'missing-mandatory-field',
      pointer: missing.pointer,
      message: `${missing.path} is required by the AHB of ${pruefidentifikator} (${table}, ${missing.segment ?? 'segment'}) under conditions this body fulfils`,
    });
  }
  for (const [pointer, checks] of outcome.bindingIdentifierChecks) {
    const finding = findings.get(pointer);
    // The identifier findings are this call's own objects: marked in place (a spread copy costs more than the rest).
    if (finding?.code === 'invalid-identifier' && finding.check && checks.includes(finding.check))
      finding.binding = true;
  }
  for (const violation of outcome.violations) {
    findings.set(`${violation.pointer} ${violation.label}`, {
      code: 'condition-violated',
      pointer: violation.pointer,
      condition: violation.label,
      message: `${violation.path} fails ${violation.label} of the AHB of ${pruefidentifikator} (${table}): ${violation.text}`,
    });
  }
  return [...findings.values()].sort(byPointer);
}

function addMissing(
  findings: Map<string, Finding>,
  rule: CompiledRule,
  pointer: string,
  pruefidentifikator: string,
  formatVersion: string,
): void {
  if (findings.has(pointer)) return;
  findings.set(pointer, {
    code: 'missing-mandatory-field',
    pointer,
    message: `${rule.path} is required by the AHB of ${pruefidentifikator} (${formatVersion}, ${rule.segment})`,
  });
}

const SENDER_ROLES = new Map<string, readonly string[]>();

/** `LF → NB` → ['LF']; `NB → LF, NBA → NBN` → ['NB', 'NBA']: the roles that send the PI. */
function senderRolesOf(direction: string | undefined): readonly string[] {
  if (!direction) return [];
  let roles = SENDER_ROLES.get(direction);
  if (!roles) SENDER_ROLES.set(direction, (roles = parseSenderRoles(direction)));
  return roles;
}

function parseSenderRoles(direction: string): string[] {
  const senders = new Set<string>();
  for (const pair of direction.split(',')) {
    const [sender, receiver] = pair.split('→').map((part) => part.trim());
    if (!sender || receiver === undefined || !/^[A-ZÄÖÜ]+$/.test(sender)) return [];
    senders.add(sender);
  }
  return [...senders];
}

function byPointer(a: Finding, b: Finding): number {
  if (a.pointer !== b.pointer) return a.pointer < b.pointer ? -1 : 1;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** The catalogue entry of a Prüfidentifikator for (release, role, operation); undefined when it is not listed. */
export function catalogueEntry(
  release: ReleaseName,
  role: MarketRole,
  operation: ProcessOperation,
  pruefidentifikator: string,
): CatalogueEntry | undefined {
  return RELEASES.get(release)?.catalogue.get(role)?.get(operation)?.get(pruefidentifikator);
}

/** A Prüfidentifikator of a release, whichever role receives it; undefined when the release does not know it. */
export function knownPi(release: ReleaseName, pruefidentifikator: string): KnownPi | undefined {
  return RELEASES.get(release)?.known.get(pruefidentifikator);
}

/** The unconditional AHB rules of a UTILMD Strom PI in a release (inherited if the release has no AHB data). */
export function rulesFor(release: ReleaseName, pruefidentifikator: string): AhbFieldRule[] | undefined {
  return RELEASES.get(release)
    ?.ahb()
    .rules.get(pruefidentifikator)
    ?.map(({ path, expression, segment }) => ({ path, expression, segment }));
}

function resolveRelease(name: string, seen: readonly string[] = []): ResolvedRelease {
  const own = RELEASE_DATA[name];
  if (!own || seen.includes(name)) throw new Error(`release data of ${name} is missing or inherits in a cycle`);
  const parent = own.inherits ? resolveRelease(own.inherits, [...seen, name]) : undefined;

  const catalogue = new Map([...(parent?.catalogue ?? [])].map(([role, operations]) => [role, new Map(operations)]));
  for (const [role, operations] of Object.entries(own.pruefidentifikatoren)) {
    for (const [operation, entries] of Object.entries(operations ?? {})) {
      let listed = catalogue.get(role);
      if (!listed) catalogue.set(role, (listed = new Map()));
      // An override replaces the inherited list of that role and operation.
      listed.set(operation, new Map((entries ?? []).map((entry) => [entry.pruefidentifikator, entry])));
    }
  }

  // Each release carries all of its PIs (an inheriting one too: its own messages replace the parent's).
  const known = new Map(Object.entries(own.known));
  if (!own.ahbRules) {
    if (!parent) throw new Error(`release ${name} has neither AHB rules nor a release to inherit them from`);
    return { ...parent, catalogue, known };
  }
  const formatVersion = own.ahbRules;
  let compiled: ReleaseRules | undefined;
  const ahb = () => {
    if (compiled) return compiled;
    const data = rulesData(formatVersion);
    const rules = new Map(data.rules.map((rule) => [rule.pruefidentifikator, rule.fields.map(compileRule)]));
    const tables = new Map(
      data.rules.map((rule) => [rule.pruefidentifikator, tableLabel(data.formatVersion, rule.standIn)]),
    );
    return (compiled = { rules, conditional: new ConditionalRules(data), tables, formatVersion: data.formatVersion });
  };
  return { catalogue, known, ahb };
}

function compileRule(rule: AhbFieldRule): CompiledRule {
  const steps = pathSteps(rule.path);
  const tokens = joinedTokens(steps);
  return { ...rule, steps, pointer: tokens === undefined ? undefined : `#${tokens}` };
}
