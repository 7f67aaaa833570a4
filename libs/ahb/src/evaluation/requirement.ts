import type { ConditionContext, Decider } from '../conditions/condition-context';
import type { ValueCondition } from '../conditions/value-conditions';
import { type AhbExpression, conditionKindOf, type ConditionNode } from '../expression/ahb-expression';

/**
 * Whether an AHB expression makes its line mandatory for one body. Requirement conditions ([1]–[499]) are decided by
 * the catalogue; hints, format conditions, repeatability conditions and time conditions do not decide whether a line
 * is required (they say how, or how often) and are neutral; a package with minimum 0 makes its line optional; other
 * packages are undecided (the package tables are not in the reference). Undecided anywhere that matters → undecided,
 * and an undecided line never yields a finding.
 */
export type Requirement = 'mandatory' | 'optional' | undefined;

/** What one release's catalogue knows: deciders of requirement conditions, checks of value conditions. */
export interface ReleaseConditions {
  decider(key: number): Decider | undefined;
  /** Set for keys that constrain the field's own value ([9xx], [UB1], and [87]/[494] although numbered as requirements). */
  valueCondition(key: number | string): ValueCondition | undefined;
  /** A key that only constrains the value: a value condition, or a text such as "Nur MP-ID aus Sparte Strom". */
  constrainsValue(key: number): boolean;
}

/** A key that constrains the value does not decide whether the line is required. */
function isValueKey(key: number, conditions: ReleaseConditions): boolean {
  return conditionKindOf(key) !== 'requirement' || conditions.constrainsValue(key);
}

/** The outcome of a condition tree: fulfilled, not fulfilled, undecided, or neutral (no say). */
type Outcome = true | false | undefined | 'neutral';

/**
 * A compiled part of an expression: its value when nothing in it looks at the body (most AHB lines: `Muss`, `X [950]`,
 * folded once per release), else how to decide it per body.
 */
export type Compiled<T> =
  | { readonly constant: true; readonly value: T }
  | { readonly constant: false; readonly decide: (context: ConditionContext) => T };

/** A part known when the release loads. */
export function constant<T>(value: T): Compiled<T> {
  return { constant: true, value };
}

/** A part decided per body. */
export function perBody<T>(decide: (context: ConditionContext) => T): Compiled<T> {
  return { constant: false, decide };
}

/** The compiled part as a function of the context (a constant one ignores it). */
export function deciderOf<T>(compiled: Compiled<T>): (context: ConditionContext) => T {
  if (compiled.constant) {
    const value = compiled.value;
    return () => value;
  }
  return compiled.decide;
}

/** An expression compiled once per release into closures: evaluated per body without re-walking the syntax tree. */
export function compileRequirement(
  expression: AhbExpression,
  conditions: ReleaseConditions,
): (context: ConditionContext) => Requirement {
  return deciderOf(planRequirement(expression, conditions));
}

/**
 * `compileRequirement`, with the requirement itself where the expression's conditions do not look at the body. Clauses
 * are alternatives in order (`Muss [1] Soll [2]`): the first whose condition holds sets the requirement; compiled from the
 * last clause back, so that a clause whose condition is known to fail is skipped when the release loads.
 */
export function planRequirement(expression: AhbExpression, conditions: ReleaseConditions): Compiled<Requirement> {
  // No clause applies: the line is not to be sent, so nothing here is mandatory.
  let rest: Compiled<Requirement> = constant('optional');
  for (let index = expression.clauses.length - 1; index >= 0; index--) {
    const clause = expression.clauses[index];
    const mandatory = clause.indicator === 'Muss' || clause.indicator === 'X';
    const optional = clause.indicator === 'Soll' || clause.indicator === 'Kann';
    if (!mandatory && !optional) {
      rest = constant(undefined); // prefix operators O/U: no meaning on their own
      continue;
    }
    const condition = clause.condition ? compileNode(clause.condition, conditions) : constant<Outcome>('neutral');
    rest = clauseRequirement(mandatory ? 'mandatory' : 'optional', condition, rest);
  }
  return rest;
}

/** A clause that sets `requirement` when its condition holds, stops when that is undecided, and leaves it to `rest` when it fails. */
function clauseRequirement(
  requirement: Requirement,
  condition: Compiled<Outcome>,
  rest: Compiled<Requirement>,
): Compiled<Requirement> {
  if (condition.constant) {
    const outcome = condition.value;
    if (outcome === undefined) return constant(undefined);
    return outcome === true || outcome === 'neutral' ? constant(requirement) : rest;
  }
  const outcomeOf = condition.decide;
  const restOf = deciderOf(rest);
  return perBody((context) => {
    const outcome = outcomeOf(context);
    if (outcome === undefined) return undefined;
    return outcome === true || outcome === 'neutral' ? requirement : restOf(context);
  });
}

function compileNode(node: ConditionNode, conditions: ReleaseConditions): Compiled<Outcome> {
  switch (node.kind) {
    case 'condition': {
      if (conditionKindOf(node.key) === undefined) return constant(undefined);
      if (isValueKey(node.key, conditions)) return constant('neutral');
      const decider = conditions.decider(node.key);
      return decider ? perBody(decider) : constant(undefined);
    }
    case 'time':
      return constant('neutral');
    case 'package':
      return constant(node.min === 0 ? false : undefined);
    case 'and':
    case 'then':
      return binary(compileNode(node.left, conditions), compileNode(node.right, conditions), and);
    case 'or':
      return binary(compileNode(node.left, conditions), compileNode(node.right, conditions), or);
    case 'xor':
      return binary(compileNode(node.left, conditions), compileNode(node.right, conditions), xor);
  }
}

/** Two parts combined: known when both are, else both decided per body and combined (deciders are pure). */
export function binary<A, B, R>(left: Compiled<A>, right: Compiled<B>, combine: (a: A, b: B) => R): Compiled<R> {
  if (left.constant && right.constant) return constant(combine(left.value, right.value));
  const leftOf = deciderOf(left);
  const rightOf = deciderOf(right);
  return perBody((context) => combine(leftOf(context), rightOf(context)));
}

// Kleene logic with 'neutral' as the identity of every operator.
function and(a: Outcome, b: Outcome): Outcome {
  if (a === 'neutral') return b;
  if (b === 'neutral') return a;
  if (a === false || b === false) return false;
  return a === undefined || b === undefined ? undefined : true;
}

function or(a: Outcome, b: Outcome): Outcome {
  if (a === 'neutral') return b;
  if (b === 'neutral') return a;
  if (a === true || b === true) return true;
  return a === undefined || b === undefined ? undefined : false;
}

function xor(a: Outcome, b: Outcome): Outcome {
  if (a === 'neutral') return b;
  if (b === 'neutral') return a;
  return a === undefined || b === undefined ? undefined : a !== b;
}

/**
 * The requirement of a field reached through one chain (groups, segment, data elements): mandatory when every link
 * is, optional when one is, else undecided.
 */
export function chainRequirement(
  links: readonly ((context: ConditionContext) => Requirement)[],
  context: ConditionContext,
): Requirement {
  let result: Requirement = 'mandatory';
  for (const link of links) {
    const requirement = link(context);
    if (requirement === 'optional') return 'optional';
    if (requirement === undefined) result = undefined;
  }
  return result;
}

/** `chainRequirement` of two parts of a chain (the links known when the release loads, and the others). */
export function bothRequirement(a: Requirement, b: Requirement): Requirement {
  if (a === 'optional' || b === 'optional') return 'optional';
  return a === undefined || b === undefined ? undefined : 'mandatory';
}

/** A key whose condition constrains a field's value: a number (`950`) or a time condition's name (`'UB1'`). */
export type ValueKey = number | string;

/**
 * The value conditions (format conditions, [UB1], [87], [494]) that bind a field's value on one body: those in a
 * Muss/X clause, outside branches whose requirement conditions fail. Undecided branches bind nothing (strictness
 * follows only from decided data).
 */
export function compileBindingValueKeys(
  expression: AhbExpression,
  conditions: ReleaseConditions,
): (context: ConditionContext) => readonly ValueKey[] {
  return deciderOf(planBindingValueKeys(expression, conditions));
}

/** `compileBindingValueKeys`, with the keys themselves where the expression's conditions do not look at the body. */
export function planBindingValueKeys(
  expression: AhbExpression,
  conditions: ReleaseConditions,
): Compiled<readonly ValueKey[]> {
  const clauses = expression.clauses
    .filter((clause) => (clause.indicator === 'Muss' || clause.indicator === 'X') && clause.condition !== null)
    .map((clause) => compileValueKeys(clause.condition as ConditionNode, conditions));
  let keys: Compiled<readonly ValueKey[]> = constant(NO_KEYS);
  for (const clause of clauses) keys = binary(keys, clause, (a, b) => concatKeys(a, b ?? NO_KEYS));
  return keys;
}

/** Binding value keys of a subtree: a list, null when the branch fails, undefined when undecided. */
type ValueKeysOutcome = readonly ValueKey[] | null | undefined;

export const NO_KEYS: readonly ValueKey[] = Object.freeze([]);

/** The keys of `a`, then of `b`; no new array when one is empty (the lists are never changed once built). */
export function concatKeys(a: readonly ValueKey[], b: readonly ValueKey[]): readonly ValueKey[] {
  if (b.length === 0) return a;
  return a.length === 0 ? b : [...a, ...b];
}

function compileValueKeys(node: ConditionNode, conditions: ReleaseConditions): Compiled<ValueKeysOutcome> {
  switch (node.kind) {
    case 'condition': {
      const key = node.key;
      if (conditionKindOf(key) === 'format' || conditions.valueCondition(key)) return constant(Object.freeze([key]));
      if (conditionKindOf(key) !== 'requirement') return constant(NO_KEYS);
      const decide = conditions.decider(key);
      if (!decide) return constant(undefined);
      return perBody((context) => {
        const decision = decide(context);
        return decision === true ? NO_KEYS : decision === false ? null : undefined;
      });
    }
    case 'time':
      return constant(Object.freeze([node.key]));
    case 'package':
      return constant(NO_KEYS);
    case 'and':
    case 'then':
      return binary(compileValueKeys(node.left, conditions), compileValueKeys(node.right, conditions), (a, b) => {
        if (a === null || b === null) return null;
        return a === undefined || b === undefined ? undefined : concatKeys(a, b);
      });
    case 'or':
    case 'xor':
      return binary(compileValueKeys(node.left, conditions), compileValueKeys(node.right, conditions), (a, b) => {
        if (a === undefined || b === undefined) return undefined;
        if (a === null) return b;
        return b === null ? a : concatKeys(a, b);
      });
  }
}
