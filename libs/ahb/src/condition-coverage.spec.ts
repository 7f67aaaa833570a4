import * as fs from 'node:fs';
import * as path from 'node:path';
import { REFERENCE_DIR } from '@maco/reference-samples';
import { CONDITION_CATALOGUE, entryFor, releaseConditions, UNDECIDABLE_CONDITIONS } from './conditions/catalogue';
import { IDENTIFIER_FORMATS } from './conditions/value-conditions';
import RULES_FV2510 from './data/ahb-rules-FV2510.json';
import RULES_FV2604 from './data/ahb-rules-FV2604.json';
import CATALOGUE_DATA from './data/pi-catalogue.json';
import type { ReleaseConditions } from './evaluation/requirement';
import {
  type AhbExpression,
  AhbExpressionSyntaxError,
  conditionKindOf,
  type ConditionNode,
  parseAhbExpression,
} from './expression/ahb-expression';

/**
 * How much of the AHB the condition catalogue decides, per release, over the UTILMD Strom PIs of the three roles'
 * lists. Rendered into tools/ahb-rules/CONDITIONS.md; the test fails when the committed report is stale
 * (`UPDATE_REPORTS=1` rewrites it) and when the issue's targets are missed.
 */
const REPORT = path.resolve(__dirname, '../../../tools/ahb-rules/CONDITIONS.md');
const AHB_DIR = path.join(REFERENCE_DIR, 'ahb');

const RELEASES = [
  { release: '10/25', formatVersion: 'FV2510', texts: RULES_FV2510.conditions as Record<string, string> },
  { release: '04/26', formatVersion: 'FV2604', texts: RULES_FV2604.conditions as Record<string, string> },
] as const;

/** Conditions about points in time: [UBn], and requirement conditions on dates (DTM segments, Nachrichtendatum). */
const TIME_TEXT = /DTM\+|Nachrichtendatum|Datum|Zeitpunkt|\d+ ?Uhr|Monatserster/;

interface Coverage {
  release: string;
  formatVersion: string;
  pis: number;
  expressions: {
    distinct: number;
    conditional: number;
    decided: number;
    occurrences: number;
    decidedOccurrences: number;
  };
  requirement: { referenced: number[]; decided: number[] };
  format: { referenced: number[]; decided: number[] };
  time: { referenced: string[]; decided: string[] };
}

/** The schema-listed ones: the targets are set over what the roles receive, not the self-sent PIs reported back. */
function listedStromPis(release: string): Set<string> {
  const lists = (
    CATALOGUE_DATA as {
      releases: Record<
        string,
        { pruefidentifikatoren: Record<string, Record<string, { pruefidentifikator: string; source: string }[]>> }
      >;
    }
  ).releases[release].pruefidentifikatoren;
  return new Set(
    Object.values(lists)
      .flatMap((operations) => Object.values(operations).flat())
      .filter((entry) => entry.source === 'schema')
      .map((entry) => entry.pruefidentifikator)
      .filter((pi) => pi.startsWith('55')),
  );
}

type Leaf = Extract<ConditionNode, { kind: 'condition' | 'time' | 'package' }>;

function leaves(node: ConditionNode | null): Leaf[] {
  if (!node) return [];
  if (node.kind === 'condition' || node.kind === 'time' || node.kind === 'package') return [node];
  return [...leaves(node.left), ...leaves(node.right)];
}

function parseOrUndefined(source: string): AhbExpression | undefined {
  try {
    return parseAhbExpression(source);
  } catch (error) {
    if (error instanceof AhbExpressionSyntaxError) return undefined;
    throw error;
  }
}

/** Decided when every leaf that bears on the requirement has an answer: a decider, a value check, or none needed. */
function isDecided(parsed: AhbExpression, conditions: ReleaseConditions): boolean {
  return parsed.clauses.every(
    (clause) =>
      clause.indicator !== 'O' &&
      clause.indicator !== 'U' &&
      leaves(clause.condition).every((leaf) => {
        if (leaf.kind === 'package') return leaf.min === 0;
        if (leaf.kind === 'time') return true;
        if (conditionKindOf(leaf.key) !== 'requirement') return conditionKindOf(leaf.key) !== undefined;
        return conditions.decider(leaf.key) !== undefined || conditions.constrainsValue(leaf.key);
      }),
  );
}

function coverage(release: string, formatVersion: string, texts: Record<string, string>): Coverage {
  const pis = listedStromPis(release);
  const conditions = releaseConditions(texts);
  const counts = new Map<string, number>();
  for (const file of fs.readdirSync(path.join(AHB_DIR, formatVersion)).sort()) {
    const pi = /_(\d{5})\.json$/.exec(file)?.[1];
    if (!pi || !pis.has(pi)) continue;
    const table = JSON.parse(fs.readFileSync(path.join(AHB_DIR, formatVersion, file), 'utf8')) as {
      lines: { ahb_expression?: string }[];
    };
    for (const line of table.lines) {
      const source = (line.ahb_expression ?? '').replace(/\s+/g, ' ').trim();
      if (source) counts.set(source, (counts.get(source) ?? 0) + 1);
    }
  }
  const requirement = new Set<number>();
  const format = new Set<number>();
  const time = new Set<string>();
  let conditional = 0;
  let decided = 0;
  let occurrences = 0;
  let decidedOccurrences = 0;
  for (const [source, count] of counts) {
    const parsed = parseOrUndefined(source);
    if (!parsed) {
      // A misspelt expression (a stray bracket in two tables) is conditional and undecided.
      conditional += 1;
      occurrences += count;
      continue;
    }
    const all = parsed.clauses.flatMap((clause) => leaves(clause.condition));
    if (all.length === 0) continue;
    conditional += 1;
    occurrences += count;
    if (isDecided(parsed, conditions)) {
      decided += 1;
      decidedOccurrences += count;
    }
    for (const leaf of all) {
      if (leaf.kind === 'time') time.add(leaf.key);
      if (leaf.kind !== 'condition') continue;
      const kind = conditionKindOf(leaf.key);
      if (kind === 'requirement') requirement.add(leaf.key);
      if (kind === 'format') format.add(leaf.key);
      if (kind === 'requirement' && TIME_TEXT.test(texts[String(leaf.key)] ?? '')) time.add(String(leaf.key));
    }
  }
  const sorted = (keys: Iterable<number>) => [...keys].sort((a, b) => a - b);
  const decidedTime = (key: string) =>
    /^UB\d$/.test(key)
      ? conditions.valueCondition(key) !== undefined
      : conditions.decider(Number(key)) !== undefined || conditions.valueCondition(Number(key)) !== undefined;
  return {
    release,
    formatVersion,
    pis: pis.size,
    expressions: { distinct: counts.size, conditional, decided, occurrences, decidedOccurrences },
    requirement: {
      referenced: sorted(requirement),
      decided: sorted(
        [...requirement].filter((key) => conditions.decider(key) !== undefined || conditions.constrainsValue(key)),
      ),
    },
    format: {
      referenced: sorted(format),
      decided: sorted(
        [...format].filter((key) => IDENTIFIER_FORMATS.has(key) || conditions.valueCondition(key) !== undefined),
      ),
    },
    time: { referenced: [...time].sort(), decided: [...time].filter(decidedTime).sort() },
  };
}

interface RuleData {
  conditions: Record<string, string>;
  messageConditions?: Record<string, Record<string, string>>;
  rules: { pruefidentifikator: string; message?: string; source: string; conditionTexts?: Record<string, string> }[];
}

interface MessageCoverage {
  message: string;
  pis: number;
  expressions: { conditional: number; decided: number };
  /** Requirement conditions by key and text (numbers mean different things per message type). */
  requirement: { referenced: number; decided: number };
}

/**
 * The same measure per message type, each PI under its own condition texts: every PI with an AHB table and rules,
 * whether or not a role lists it (the middleware reports other message types to every role).
 */
function messageCoverage(formatVersion: string, data: RuleData): MessageCoverage[] {
  const byMessage = new Map<string, MessageCoverage>();
  const counted = new Map<
    string,
    {
      expressions: Set<string>;
      decidedExpressions: Set<string>;
      conditions: Set<string>;
      decidedConditions: Set<string>;
    }
  >();
  for (const rule of data.rules) {
    if (rule.source !== 'ahb' || !rule.message) continue;
    const file = path.join(AHB_DIR, formatVersion, `AHB_${formatVersion}_${rule.pruefidentifikator}.json`);
    if (!fs.existsSync(file)) continue;
    const texts = { ...(data.messageConditions?.[rule.message] ?? data.conditions), ...rule.conditionTexts };
    const conditions = releaseConditions(texts);
    const entry = byMessage.get(rule.message) ?? {
      message: rule.message,
      pis: 0,
      expressions: { conditional: 0, decided: 0 },
      requirement: { referenced: 0, decided: 0 },
    };
    entry.pis += 1;
    byMessage.set(rule.message, entry);
    const sets = counted.get(rule.message) ?? {
      expressions: new Set(),
      decidedExpressions: new Set(),
      conditions: new Set(),
      decidedConditions: new Set(),
    };
    counted.set(rule.message, sets);
    const table = JSON.parse(fs.readFileSync(file, 'utf8')) as { lines: { ahb_expression?: string }[] };
    for (const line of table.lines) {
      const source = (line.ahb_expression ?? '').replace(/\s+/g, ' ').trim();
      const parsed = source ? parseOrUndefined(source) : undefined;
      if (!parsed) continue;
      const all = parsed.clauses.flatMap((clause) => leaves(clause.condition));
      if (all.length === 0) continue;
      // An expression is the same one in another PI only under the same texts of its conditions.
      const identity = `${source}|${all.map((leaf) => (leaf.kind === 'condition' ? (texts[String(leaf.key)] ?? '') : '')).join('|')}`;
      sets.expressions.add(identity);
      if (isDecided(parsed, conditions)) sets.decidedExpressions.add(identity);
      for (const leaf of all) {
        if (leaf.kind !== 'condition' || conditionKindOf(leaf.key) !== 'requirement') continue;
        const condition = `${leaf.key}|${texts[String(leaf.key)] ?? ''}`;
        sets.conditions.add(condition);
        if (conditions.decider(leaf.key) !== undefined || conditions.constrainsValue(leaf.key))
          sets.decidedConditions.add(condition);
      }
    }
  }
  for (const [message, sets] of counted) {
    const entry = byMessage.get(message);
    if (!entry) continue;
    entry.expressions = { conditional: sets.expressions.size, decided: sets.decidedExpressions.size };
    entry.requirement = { referenced: sets.conditions.size, decided: sets.decidedConditions.size };
  }
  return [...byMessage.values()].sort((a, b) => a.message.localeCompare(b.message));
}

/**
 * Message types with a catalogue of their own, held to the target (≥ 50 % of requirement conditions decided). UTILMD
 * Strom is measured over the listed PIs above (its texts vary per PI, which this per-text count would hold against it).
 */
const COVERED_MESSAGES: readonly string[] = [
  'ORDRSP',
  'INVOIC',
  'REMADV',
  'IFTSTA',
  'MSCONS',
  'ORDERS',
  'ORDCHG',
  'UTILMD_Gas',
];

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;
}

function render(results: Coverage[], perMessage: { formatVersion: string; rows: MessageCoverage[] }[]): string {
  const lines = [
    '# AHB conditions decided by the catalogue',
    '',
    'Generated by `libs/ahb/src/condition-coverage.spec.ts` (`UPDATE_REPORTS=1 npx jest --config libs/ahb/jest.config.cjs',
    'condition-coverage` rewrites it). Scope: the UTILMD Strom PIs of the LF, NB and MSB lists of each release; 10/26 uses',
    "04/26's AHB tables (no FV2610 tables exist). An expression is *decided* when every condition that bears on whether",
    'its line is required has an answer on booked data: a catalogue decider (requirement conditions), a value check',
    '(format conditions, [UB1], [87], [494]), or none is needed (hints, repeatability, packages with minimum 0). A',
    'condition the data cannot decide leaves its line undecided, and an undecided line never yields a finding.',
    '',
    '| release | PIs | conditional expressions (distinct) | decided | occurrences | decided | requirement conditions decided | format conditions decided | time conditions decided |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    const { expressions: e, requirement: r, format: f, time: t } = result;
    lines.push(
      `| ${result.release} (${result.formatVersion}) | ${result.pis} | ${e.conditional} | ${e.decided} (${percent(e.decided, e.conditional)}) | ` +
        `${e.occurrences} | ${e.decidedOccurrences} (${percent(e.decidedOccurrences, e.occurrences)}) | ` +
        `${r.decided.length} / ${r.referenced.length} (${percent(r.decided.length, r.referenced.length)}) | ` +
        `${f.decided.length} / ${f.referenced.length} | ${t.decided.length} / ${t.referenced.length} |`,
    );
  }
  lines.push('', '## Per message type', '');
  lines.push(
    'Every PI with an AHB table and rules, each under its own condition texts (every message type numbers its',
  );
  lines.push('conditions from [1]); requirement conditions counted by key and text. 10/26 uses 04/26 here too.', '');
  lines.push(
    '| format version | message | PIs | conditional expressions (distinct) | decided | requirement conditions decided |',
    '|---|---|---|---|---|---|',
  );
  for (const { formatVersion, rows } of perMessage) {
    for (const row of rows) {
      lines.push(
        `| ${formatVersion} | ${row.message} | ${row.pis} | ${row.expressions.conditional} | ${row.expressions.decided} (${percent(row.expressions.decided, row.expressions.conditional)}) | ` +
          `${row.requirement.decided} / ${row.requirement.referenced} (${percent(row.requirement.decided, row.requirement.referenced)}) |`,
      );
    }
  }
  const latest = results[results.length - 1];
  const texts = RULES_FV2604.conditions as Record<string, string>;
  lines.push('', `## Format and time conditions (${latest.formatVersion})`, '');
  lines.push('| condition | decided | text |', '|---|---|---|');
  for (const key of latest.format.referenced) {
    lines.push(`| [${key}] | ${latest.format.decided.includes(key) ? 'yes' : 'no'} | ${texts[String(key)] ?? ''} |`);
  }
  for (const key of latest.time.referenced) {
    lines.push(
      `| [${key}] (time) | ${latest.time.decided.includes(key) ? 'yes' : 'no'} | ${oneLine(texts[key] ?? '')} |`,
    );
  }
  lines.push('', `## Requirement conditions the data cannot decide (${latest.formatVersion})`, '');
  lines.push('| condition | reason | text |', '|---|---|---|');
  for (const key of latest.requirement.referenced) {
    if (latest.requirement.decided.includes(key)) continue;
    const entry = entryFor(UNDECIDABLE_CONDITIONS, key, texts[String(key)]);
    const reason =
      entry?.reason ??
      (CONDITION_CATALOGUE.has(key) ? 'text differs from the catalogue entry' : 'not in the catalogue');
    lines.push(`| [${key}] | ${oneLine(reason)} | ${oneLine(texts[String(key)] ?? '')} |`);
  }
  return `${lines.join('\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

describe('condition coverage', () => {
  const results = [
    ...RELEASES.map(({ release, formatVersion, texts }) => coverage(release, formatVersion, texts)),
    { ...coverage('04/26', 'FV2604', RULES_FV2604.conditions as Record<string, string>), release: '10/26' },
  ];
  const perMessage = [
    { formatVersion: 'FV2510', rows: messageCoverage('FV2510', RULES_FV2510 as RuleData) },
    { formatVersion: 'FV2604', rows: messageCoverage('FV2604', RULES_FV2604 as RuleData) },
  ];

  it('should match the committed report tools/ahb-rules/CONDITIONS.md', () => {
    const rendered = render(results, perMessage);
    if (process.env['UPDATE_REPORTS'] === '1') fs.writeFileSync(REPORT, rendered);
    expect(fs.readFileSync(REPORT, 'utf8')).toBe(rendered);
  });

  it.each(results.map((result) => [result.release, result] as const))(
    'should decide what the issue asks for in %s',
    (_release, result) => {
      expect(result.format.decided).toEqual(
        expect.arrayContaining([...IDENTIFIER_FORMATS.keys()].filter((key) => result.format.referenced.includes(key))),
      );
      expect(result.time.decided).toEqual(result.time.referenced);
      expect(result.requirement.decided.length / result.requirement.referenced.length).toBeGreaterThanOrEqual(0.5);
    },
  );

  it('should decide at least half of the requirement conditions of every message type it covers', () => {
    for (const message of COVERED_MESSAGES) {
      for (const { formatVersion, rows } of perMessage) {
        const row = rows.find((candidate) => candidate.message === message);
        expect([formatVersion, message, row !== undefined]).toEqual([formatVersion, message, true]);
        if (row)
          expect([formatVersion, message, row.requirement.decided / row.requirement.referenced >= 0.5]).toEqual([
            formatVersion,
            message,
            true,
          ]);
      }
    }
  });
});
