import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { REFERENCE_DIR } from '@maco/reference-samples';
import {
  type AhbClause,
  AhbExpressionSyntaxError,
  conditionKeysOf,
  conditionKindOf,
  type ConditionNode,
  formatAhbExpression,
  parseAhbExpression,
} from './ahb-expression';

const c = (key: number): ConditionNode => ({ kind: 'condition', key });
const op =
  (kind: 'and' | 'or' | 'xor' | 'then') =>
  (left: ConditionNode, right: ConditionNode): ConditionNode => ({ kind, left, right });
const and = op('and');
const or = op('or');
const xor = op('xor');
const then = op('then');

function conditionOf(source: string): ConditionNode | null {
  const { clauses } = parseAhbExpression(source);
  expect(clauses).toHaveLength(1);
  return clauses[0].condition;
}

function syntaxErrorOf(source: string): AhbExpressionSyntaxError {
  try {
    parseAhbExpression(source);
  } catch (error) {
    if (error instanceof AhbExpressionSyntaxError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(source)} parsed`);
}

describe('parseAhbExpression', () => {
  it.each([
    ['Muss [1] ∧ [2] ∨ [3]', or(and(c(1), c(2)), c(3))],
    ['Muss [1] ∨ [2] ∧ [3]', or(c(1), and(c(2), c(3)))],
    ['Muss [1] [2] ∧ [3]', and(then(c(1), c(2)), c(3))],
    ['Muss [1] ∧ [2] [3]', and(c(1), then(c(2), c(3)))],
    ['Muss [1] ⊻ [2] ∨ [3]', or(xor(c(1), c(2)), c(3))],
    ['Muss [1] ∨ [2] ⊻ [3]', or(c(1), xor(c(2), c(3)))],
    ['Muss [1] ∧ [2] ⊻ [3]', xor(and(c(1), c(2)), c(3))],
    ['Muss [1] ∧ [2] ∧ [3]', and(and(c(1), c(2)), c(3))],
    ['Muss [1] [2] [3]', then(then(c(1), c(2)), c(3))],
  ])('should apply precedence and left associativity to %j', (source, expected) => {
    expect(conditionOf(source)).toEqual(expected);
  });

  it('should let brackets override precedence', () => {
    expect(conditionOf('Muss [1] ∧ ([2] ∨ [3])')).toEqual(and(c(1), or(c(2), c(3))));
    expect(conditionOf('X (([939] [321]) ∨ ([940] [322])) ∧ [514]')).toEqual(
      and(or(then(c(939), c(321)), then(c(940), c(322))), c(514)),
    );
    expect(conditionOf('Muss [1] ([2] ⊻ [3])')).toEqual(then(c(1), xor(c(2), c(3))));
  });

  it('should read the words U, O, X and the sloppy V as operators between operands', () => {
    expect(conditionOf('Muss [2] U [950]')).toEqual(and(c(2), c(950)));
    expect(conditionOf('Soll [3] O [4]')).toEqual(or(c(3), c(4)));
    expect(conditionOf('Muss [3] X [4]')).toEqual(xor(c(3), c(4)));
    expect(conditionOf('Muss [3] v [4] V [5]')).toEqual(or(or(c(3), c(4)), c(5)));
    expect(conditionOf('Muss [1] U [2] O [3] X [4]')).toEqual(or(and(c(1), c(2)), xor(c(3), c(4))));
  });

  it('should tell the prefix operator X from the xor word X', () => {
    expect(parseAhbExpression('X [1] X [2]').clauses).toEqual([{ indicator: 'X', condition: xor(c(1), c(2)) }]);
    expect(parseAhbExpression('X [1] X').clauses).toEqual([
      { indicator: 'X', condition: c(1) },
      { indicator: 'X', condition: null },
    ]);
    expect(parseAhbExpression('Muss\nX [1]').clauses).toEqual([
      { indicator: 'Muss', condition: null },
      { indicator: 'X', condition: c(1) },
    ]);
  });

  it('should parse packages with and without repeatability and time conditions', () => {
    expect(conditionOf('X [1P0..1]')).toEqual({ kind: 'package', key: 1, min: 0, max: 1 });
    expect(conditionOf('X [2P0..n]')).toEqual({ kind: 'package', key: 2, min: 0, max: null });
    expect(conditionOf('X [3P]')).toEqual({ kind: 'package', key: 3, min: null, max: null });
    expect(conditionOf('X [28P0..1] ⊻ [39P1..1]')).toEqual(
      xor({ kind: 'package', key: 28, min: 0, max: 1 }, { kind: 'package', key: 39, min: 1, max: 1 }),
    );
    expect(conditionOf('Muss [UB1]')).toEqual({ kind: 'time', key: 'UB1' });
    expect(conditionOf('X [UB1] ∧ [88]')).toEqual(and({ kind: 'time', key: 'UB1' }, c(88)));
  });

  it('should parse bare indicators, short forms and case variants', () => {
    const indicators = (source: string): AhbClause['indicator'][] =>
      parseAhbExpression(source).clauses.map((clause) => clause.indicator);
    expect(parseAhbExpression('Muss').clauses).toEqual([{ indicator: 'Muss', condition: null }]);
    expect(indicators('M [1] S [2] K [3]')).toEqual(['Muss', 'Soll', 'Kann']);
    expect(indicators('muss [1] SOLL [2] kann')).toEqual(['Muss', 'Soll', 'Kann']);
    expect(indicators('x [1]')).toEqual(['X']);
    expect(indicators('O')).toEqual(['O']);
    expect(indicators('u [1]')).toEqual(['U']);
  });

  it('should split clauses at whitespace, \\r\\n and \\r, and turn no-break spaces into spaces', () => {
    expect(parseAhbExpression('Muss ([446] ∧ ([465] ∨ [466])) ⊻ [448]\r\nSoll [165]').clauses).toEqual([
      { indicator: 'Muss', condition: xor(and(c(446), or(c(465), c(466))), c(448)) },
      { indicator: 'Soll', condition: c(165) },
    ]);
    expect(parseAhbExpression('Muss [1] Soll [2]\rKann').clauses).toEqual([
      { indicator: 'Muss', condition: c(1) },
      { indicator: 'Soll', condition: c(2) },
      { indicator: 'Kann', condition: null },
    ]);
    expect(parseAhbExpression('\u00a0Muss\u00a0[1]\u00a0∧\u00a0[2] \r\n').clauses).toEqual([
      { indicator: 'Muss', condition: and(c(1), c(2)) },
    ]);
    expect(conditionOf('X ([1] ∧ [2]) ⊻ \r\n([3] ∧ [4])')).toEqual(xor(and(c(1), c(2)), and(c(3), c(4))));
  });

  it.each([
    ['Muss [', 6, ['condition number']],
    ['[1] ∧', 0, ['requirement indicator']],
    ['Muss [1] ∧', 10, ['(', '[']],
    ['Muss [1]]', 8, ['(', '[', 'end of input', 'requirement indicator', '⊻ (or X)', '∧ (or U)', '∨ (or O, V)']],
    ['Foo', 0, ['requirement indicator']],
    ['M uss', 2, ['(', '[', 'end of input', 'requirement indicator']],
    ['Muss ([1]', 9, [')', '(', '[', '⊻ (or X)', '∧ (or U)', '∨ (or O, V)']],
    ['', 0, ['requirement indicator']],
  ])('should refuse %j at offset %i', (source, offset, expected) => {
    const error = syntaxErrorOf(source);
    expect(error).toMatchObject({ name: 'AhbExpressionSyntaxError', expression: source, offset });
    expect([...error.expected].sort()).toEqual([...expected].sort());
  });

  it('should report offsets in the unsanitised input', () => {
    expect(syntaxErrorOf(' \r\nMuss [1]\r\nSoll [2]]').offset).toBe(21);
  });

  it('should cache per input string and freeze the shared result', () => {
    const first = parseAhbExpression('Muss [7] ∧ [8]');
    expect(parseAhbExpression('Muss [7] ∧ [8]')).toBe(first);
    expect(Object.isFrozen(first.clauses[0].condition)).toBe(true);
  });
});

describe('conditionKindOf', () => {
  it.each([
    [1, 'requirement'],
    [499, 'requirement'],
    [500, 'hint'],
    [900, 'hint'],
    [901, 'format'],
    [999, 'format'],
    [2000, 'repeatability'],
    [2499, 'repeatability'],
    [0, undefined],
    [1000, undefined],
    [2500, undefined],
    [1.5, undefined],
  ])('should classify %p as %p', (key, kind) => {
    expect(conditionKindOf(key)).toBe(kind);
  });
});

describe('conditionKeysOf', () => {
  it('should list the [n] keys in source order, each once, without packages and time conditions', () => {
    expect(conditionKeysOf(conditionOf('X ([942] [270] ⊻ [1P0..1]) ∧ [UB1] ∧ [270] ∧ [2]'))).toEqual([942, 270, 2]);
    expect(conditionKeysOf(null)).toEqual([]);
  });
});

describe('formatAhbExpression', () => {
  it.each([
    ['Muss [1] U ([2] O [3])', 'Muss [1] ∧ ([2] ∨ [3])'],
    ['Muss (([1] ∧ [2])) ∨ [3]', 'Muss [1] ∧ [2] ∨ [3]'],
    ['Muss [1] ∧ ([2] ∧ [3])', 'Muss [1] ∧ ([2] ∧ [3])'],
    ['X ([1] ∨ [2]) [3]', 'X ([1] ∨ [2]) [3]'],
    ['x [1P0..n] v [2P] ⊻ [UB1]', 'X [1P0..n] ∨ [2P] ⊻ [UB1]'],
    ['M [1]\r\nS [2]\r\nKann', 'Muss [1] Soll [2] Kann'],
  ])('should format %j as %j', (source, expected) => {
    expect(formatAhbExpression(parseAhbExpression(source))).toBe(expected);
  });
});

// ---------- every expression of the reference AHB tables ----------

const REFERENCE = path.join(REFERENCE_DIR, 'ahb');

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[index + 1] === '"') cell += text[++index];
      else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The JSON tables: `lines[].ahb_expression`. */
function tableExpressions(): string[] {
  const found: string[] = [];
  for (const version of ['FV2510', 'FV2604']) {
    const folder = path.join(REFERENCE, version);
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      const table = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as {
        lines: { ahb_expression?: string }[];
      };
      for (const line of table.lines) if (line.ahb_expression) found.push(line.ahb_expression);
    }
  }
  return found;
}

/** The mapping CSVs: non-empty cells of the PI columns (5-digit header from column 18 on), below the two header rows. */
function mappingCells(): string[] {
  const found: string[] = [];
  const root = path.join(REFERENCE, 'bo4e-mapping');
  for (const version of readdirSync(root)) {
    for (const file of readdirSync(path.join(root, version)).filter((name) => name.endsWith('.csv'))) {
      const [header, , ...rows] = readCsv(readFileSync(path.join(root, version, file), 'utf8'));
      const columns = header.flatMap((cell, index) => (index >= 18 && /^\d{5}$/.test(cell.trim()) ? [index] : []));
      for (const row of rows) for (const index of columns) if (row[index]?.trim()) found.push(row[index]);
    }
  }
  return found;
}

function parses(source: string): boolean {
  try {
    parseAhbExpression(source);
    return true;
  } catch (error) {
    if (error instanceof AhbExpressionSyntaxError) return false;
    throw error;
  }
}

/**
 * Typos of the JSON tables (every message type, FV2510 and FV2604), each in the tables named; they must stay syntax
 * errors: a stray `]` (UTILMD 55692), a space inside a condition (INVOIC 33003), a cut-off indicator (35005).
 */
const TABLE_TYPOS: readonly { source: string; tables: number; offset: number }[] = [
  { source: 'Muss [315] ∧ [2080]\r\nSoll [8] ∧ [301] ∧ [2080]]', tables: 2, offset: 46 },
  {
    source:
      'X ([14] ⊻ [16]) ∧ ([11] ⊻ [12] ⊻ [47] ⊻ [48] ⊻ [75] ⊻ [76] ⊻ [77] ⊻ [78] ⊻ [79] ⊻ [80] ⊻ [91] ⊻ [92 ]⊻ [105] ⊻ [106] ⊻ [107] ⊻ [108])',
    tables: 2,
    offset: 99,
  },
  { source: 'Mus', tables: 1, offset: 0 },
];
const isTypo = (source: string) => TABLE_TYPOS.some((typo) => typo.source === source);

/**
 * Mapping cells that are clearly no expression, skipped only because they fail to parse. (1) Cells that neither start
 * with an indicator word nor hold a `[`: value-pool codes and qualifiers in the PI columns (`Z09`, `E03`, `BGM+7`,
 * `QTY+220`, `K3 / H87`, PI numbers such as `44001`), cross marks `(x)`, the Gas mark `G`. (2) These hand-written
 * annotations that start like an indicator: Strom/Gas marks (`Soll G`), typos (`M uss`), `Muss/Soll`, notes (`x ^ k`).
 * Note: `Muss S`, `Soll S`, `Kann S` (S = Strom) are valid syntax, two clauses, and so count as expressions.
 */
const NOT_AN_EXPRESSION = /^(?!\s*(?:muss|soll|kann|[mskxou])(?![\wäöüß]))[^[]*$/i;
const ANNOTATIONS = [
  'M uss',
  'M;uss',
  'Muss G',
  'Muss/Soll',
  'Kann G',
  'Soll G',
  'S\nS\nS\nS\nS\nS\nG\nG\nG\nG\nG\nG\nX\nX\nX\nX',
  'x 1',
  'x ^ k',
];

describe('the reference AHB expressions', () => {
  const tables = tableExpressions();
  const cells = mappingCells();
  const codes = cells.filter((cell) => !parses(cell) && NOT_AN_EXPRESSION.test(cell));
  const annotations = cells.filter((cell) => !parses(cell) && !NOT_AN_EXPRESSION.test(cell));
  const expressions = [...new Set([...tables.filter((source) => !isTypo(source)), ...cells.filter(parses)])];

  it('should parse every expression of the JSON tables of every message type except the known typos', () => {
    expect(tables.length).toBe(114_720);
    expect(tables.filter((source) => !isTypo(source) && !parses(source))).toEqual([]);
    for (const typo of TABLE_TYPOS) {
      expect([typo.source, tables.filter((source) => source === typo.source).length]).toEqual([
        typo.source,
        typo.tables,
      ]);
      expect([typo.source, syntaxErrorOf(typo.source).offset]).toEqual([typo.source, typo.offset]);
    }
  });

  it('should parse every mapping cell but the named non-expressions', () => {
    expect({ cells: cells.length, codes: codes.length, distinctCodes: new Set(codes).size }).toEqual({
      cells: 28135,
      codes: 2188,
      distinctCodes: 530,
    });
    expect([...new Set(annotations)].sort()).toEqual([...ANNOTATIONS].sort());
    expect(annotations.length).toBe(63);
  });

  it('should keep the golden count of clauses per indicator and nodes per kind', () => {
    const indicators: Record<AhbClause['indicator'], number> = { Muss: 0, Soll: 0, Kann: 0, X: 0, O: 0, U: 0 };
    const kinds: Record<ConditionNode['kind'], number> = {
      condition: 0,
      time: 0,
      package: 0,
      and: 0,
      or: 0,
      xor: 0,
      then: 0,
    };
    const visit = (node: ConditionNode): void => {
      kinds[node.kind]++;
      if ('left' in node) {
        visit(node.left);
        visit(node.right);
      }
    };
    for (const source of expressions) {
      for (const { indicator, condition } of parseAhbExpression(source).clauses) {
        indicators[indicator]++;
        if (condition) visit(condition);
      }
    }
    expect(expressions.length).toBe(1629);
    expect(indicators).toEqual({ Muss: 678, Soll: 255, Kann: 33, X: 756, O: 0, U: 0 });
    expect(kinds).toEqual({ condition: 3581, time: 44, package: 169, and: 1215, or: 161, xor: 540, then: 233 });
  });

  it('should round-trip every expression through formatAhbExpression', () => {
    const mismatches = expressions.filter((source) => {
      const parsed = parseAhbExpression(source);
      return !isDeepStrictEqual(parseAhbExpression(formatAhbExpression(parsed)).clauses, parsed.clauses);
    });
    expect(mismatches).toEqual([]);
  });
});

describe('the generated parser', () => {
  it('should equal what tools/ahb-rules/generate-parser.js makes of ahb-expression.peggy now', () => {
    const tool = path.join(__dirname, '../../../../tools/ahb-rules/generate-parser.js');
    const rendered = execFileSync(process.execPath, [tool, '--stdout'], { encoding: 'utf8' });
    expect(readFileSync(path.join(__dirname, 'ahb-expression.generated.ts'), 'utf8')).toBe(rendered);
  });
});
