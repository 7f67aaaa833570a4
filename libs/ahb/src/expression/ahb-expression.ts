/**
 * Parser for the expressions of the AHB tables (Anwendungshandbuch), e.g. `Muss [2] U [950]`,
 * `X (([939] [321]) ∨ ([940] [322])) ∧ [514]`, `X [28P0..1] ⊻ [39P1..1]`, `Muss [1]\nSoll [2]`.
 *
 * Semantics as in Hochfrequenz' ahbicht (the grammar, ahb-expression.peggy, is our own): an expression is one or more clauses
 * `indicator condition?`; the condition operators bind, strongest first, `( … )` > juxtaposition ("then also",
 * `[939] [321]`) > and (`∧`, `U`) > xor (`⊻`, `X`) > or (`∨`, `O`, sloppy `V`), all left-associative.
 */
import { parse as parseGenerated, SyntaxError as GeneratedSyntaxError } from './ahb-expression.generated';

/** Modal marks (`Muss`, `Soll`, `Kann`) and prefix operators (`X`, `O`, `U`) that open a clause. */
export type RequirementIndicator = 'Muss' | 'Soll' | 'Kann' | 'X' | 'O' | 'U';

/** A parsed AHB expression; `source` is the input as given. */
export interface AhbExpression {
  source: string;
  clauses: AhbClause[];
}

/** One `indicator condition?`; a bare indicator (`Muss`, `X`) has no condition. */
export interface AhbClause {
  indicator: RequirementIndicator;
  condition: ConditionNode | null;
}

/** A condition tree: `[n]`, `[UBn]`, `[nP]` / `[nPa..b]` (b = `n` → max null), or a binary operator. */
export type ConditionNode =
  | { kind: 'condition'; key: number }
  | { kind: 'time'; key: string }
  | { kind: 'package'; key: number; min: number | null; max: number | null }
  | { kind: 'and' | 'or' | 'xor' | 'then'; left: ConditionNode; right: ConditionNode };

/** What a condition number stands for, by the BDEW numbering ranges. */
export type ConditionKind = 'requirement' | 'hint' | 'format' | 'repeatability';

/** A text that is no AHB expression; `offset` points into `expression` (the unsanitised input). */
export class AhbExpressionSyntaxError extends Error {
  constructor(
    readonly expression: string,
    readonly offset: number,
    readonly expected: string[],
    message: string,
  ) {
    super(`Invalid AHB expression ${JSON.stringify(expression)} at offset ${offset}: ${message}`);
    this.name = 'AhbExpressionSyntaxError';
  }
}

/** What the generated parser's SyntaxError carries (peggy's `parser.SyntaxError`), as far as it is read here. */
interface GeneratedError {
  expected: Expectation[] | null;
  found: string | null;
  location: { start: { offset: number } };
}

type Expectation =
  | { type: 'literal'; text: string }
  | { type: 'other'; description: string }
  | { type: 'end' }
  | { type: 'class' | 'any' };

// Parsed expressions are shared by every caller (hence frozen). The reference AHB tables hold under 700 distinct
// expressions; the bound only guards against a caller feeding arbitrary text.
const CACHE = new Map<string, AhbExpression>();
const CACHE_LIMIT = 10_000;

/** Parses an AHB expression; results are cached per input string. Throws {@link AhbExpressionSyntaxError}. */
export function parseAhbExpression(source: string): AhbExpression {
  const cached = CACHE.get(source);
  if (cached) return cached;
  let clauses: AhbClause[];
  try {
    clauses = parseGenerated(sanitise(source), {}) as AhbClause[];
  } catch (error) {
    if (error instanceof GeneratedSyntaxError) throw syntaxError(source, error as unknown as GeneratedError);
    throw error;
  }
  const expression = deepFreeze({ source, clauses });
  if (CACHE.size >= CACHE_LIMIT) CACHE.clear();
  CACHE.set(source, expression);
  return expression;
}

/** The AHB tables come from Word/PDF exports: no-break spaces and CR line ends are noise. */
function sanitise(source: string): string {
  return source
    .replace(/\u00a0/g, ' ')
    .replace(/\r\n?/g, '\n')
    .trim();
}

function syntaxError(source: string, error: GeneratedError): AhbExpressionSyntaxError {
  // Whitespace is allowed almost everywhere, so naming it as expected would only be noise.
  const expected = [...new Set((error.expected ?? []).map(describe))].filter((item) => item !== 'whitespace').sort();
  const found = error.found === null ? 'end of input' : JSON.stringify(error.found);
  const message = `expected ${expected.map(quoteSymbol).join(', ')} but ${found} found`;
  return new AhbExpressionSyntaxError(source, sourceOffset(source, error.location.start.offset), expected, message);
}

/** Single characters (brackets, operators) are quoted; rule names such as `requirement indicator` are not. */
function quoteSymbol(item: string): string {
  return [...item].length === 1 ? JSON.stringify(item) : item;
}

function describe(expectation: Expectation): string {
  switch (expectation.type) {
    case 'literal':
      return expectation.text;
    case 'other':
      return expectation.description;
    case 'end':
      return 'end of input';
    default:
      return 'character class';
  }
}

/** Maps an offset in the sanitised text back to the input: undoes the trimmed start and each `\r\n` → `\n`. */
function sourceOffset(source: string, offset: number): number {
  let index = source.length - source.trimStart().length;
  for (let step = 0; step < offset && index < source.length; step++) index += source.startsWith('\r\n', index) ? 2 : 1;
  return index;
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value))
    if (child !== null && typeof child === 'object') deepFreeze(child as object);
  return Object.freeze(value);
}

/** The BDEW numbering: 1–499 requirement (Voraussetzung), 500–900 hint, 901–999 format, 2000–2499 repeatability. */
export function conditionKindOf(key: number): ConditionKind | undefined {
  if (!Number.isInteger(key)) return undefined;
  if (key >= 1 && key <= 499) return 'requirement';
  if (key >= 500 && key <= 900) return 'hint';
  if (key >= 901 && key <= 999) return 'format';
  if (key >= 2000 && key <= 2499) return 'repeatability';
  return undefined;
}

/** Every `[n]` condition key of a tree (not packages or time conditions), in source order, each once. */
export function conditionKeysOf(node: ConditionNode | null): number[] {
  const keys = new Set<number>();
  const visit = (current: ConditionNode): void => {
    if (current.kind === 'condition') keys.add(current.key);
    else if ('left' in current) {
      visit(current.left);
      visit(current.right);
    }
  };
  if (node) visit(node);
  return [...keys];
}

const PRECEDENCE = { or: 1, xor: 2, and: 3, then: 4 } as const;
const OPERATOR = { or: ' ∨ ', xor: ' ⊻ ', and: ' ∧ ', then: ' ' } as const;
const OPERAND_PRECEDENCE = 5;

/**
 * Canonical text with symbol operators and only the brackets the precedence needs: `Muss [1] ∧ ([2] ∨ [3])`.
 * Parsing it gives the same clauses back. (Not every tree has a text: a clause with a condition followed by an X/O/U
 * clause with one reads back as a single clause, so the parser never produces such a list.)
 */
export function formatAhbExpression(expression: AhbExpression): string {
  return expression.clauses
    .map(({ indicator, condition }) => (condition ? `${indicator} ${formatCondition(condition)}` : indicator))
    .join(' ');
}

function formatCondition(node: ConditionNode): string {
  switch (node.kind) {
    case 'condition':
    case 'time':
      return `[${node.key}]`;
    case 'package':
      return node.min === null && node.max === null
        ? `[${node.key}P]`
        : `[${node.key}P${node.min ?? 0}..${node.max ?? 'n'}]`;
    default: {
      // Left-associative: a right operand of equal precedence keeps its brackets, a left one does not need them.
      const precedence = PRECEDENCE[node.kind];
      const left = formatCondition(node.left);
      const right = formatCondition(node.right);
      return (
        (precedenceOf(node.left) < precedence ? `(${left})` : left) +
        OPERATOR[node.kind] +
        (precedenceOf(node.right) <= precedence ? `(${right})` : right)
      );
    }
  }
}

function precedenceOf(node: ConditionNode): number {
  return 'left' in node ? PRECEDENCE[node.kind] : OPERAND_PRECEDENCE;
}
