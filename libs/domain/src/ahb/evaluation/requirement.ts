import { conditionKindOf, type AhbExpression, type ConditionNode } from '../expression/ahb-expression';
import type { ConditionContext, Decider } from '../conditions/condition-context';
import type { ValueCondition } from '../conditions/value-conditions';

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
}

/** A key that constrains the value does not decide whether the line is required. */
function isValueKey(key: number, conditions: ReleaseConditions): boolean {
  return conditionKindOf(key) !== 'requirement' || conditions.valueCondition(key) !== undefined;
}

/** The outcome of a condition tree: fulfilled, not fulfilled, undecided, or neutral (no say). */
type Outcome = true | false | undefined | 'neutral';
type CompiledNode = (context: ConditionContext) => Outcome;

/** An expression compiled once per release into closures: evaluated per body without re-walking the syntax tree. */
export function compileRequirement(expression: AhbExpression, conditions: ReleaseConditions): (context: ConditionContext) => Requirement {
  const clauses = expression.clauses.map((clause) => ({
    mandatory: clause.indicator === 'Muss' || clause.indicator === 'X',
    optional: clause.indicator === 'Soll' || clause.indicator === 'Kann',
    condition: clause.condition ? compileNode(clause.condition, conditions) : undefined,
  }));
  return (context) => {
    // Clauses are alternatives in order (`Muss [1] Soll [2]`): the first whose condition holds sets the requirement.
    for (const clause of clauses) {
      if (!clause.mandatory && !clause.optional) return undefined; // prefix operators O/U: no meaning on their own
      const outcome = clause.condition ? clause.condition(context) : 'neutral';
      if (outcome === undefined) return undefined;
      if (outcome === true || outcome === 'neutral') return clause.mandatory ? 'mandatory' : 'optional';
    }
    // No clause applies: the line is not to be sent, so nothing here is mandatory.
    return 'optional';
  };
}

function compileNode(node: ConditionNode, conditions: ReleaseConditions): CompiledNode {
  switch (node.kind) {
    case 'condition': {
      if (conditionKindOf(node.key) === undefined) return () => undefined;
      if (isValueKey(node.key, conditions)) return () => 'neutral';
      return conditions.decider(node.key) ?? (() => undefined);
    }
    case 'time':
      return () => 'neutral';
    case 'package':
      return node.min === 0 ? () => false : () => undefined;
    case 'and':
    case 'then':
      return binary(compileNode(node.left, conditions), compileNode(node.right, conditions), and);
    case 'or':
      return binary(compileNode(node.left, conditions), compileNode(node.right, conditions), or);
    case 'xor':
      return binary(compileNode(node.left, conditions), compileNode(node.right, conditions), xor);
  }
}

function binary(left: CompiledNode, right: CompiledNode, combine: (a: Outcome, b: Outcome) => Outcome): CompiledNode {
  return (context) => combine(left(context), right(context));
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
 * is, optional when one link is, else undecided.
 */
export function chainRequirement(links: readonly ((context: ConditionContext) => Requirement)[], context: ConditionContext): Requirement {
  let result: Requirement = 'mandatory';
  for (const link of links) {
    const requirement = link(context);
    if (requirement === 'optional') return 'optional';
    if (requirement === undefined) result = undefined;
  }
  return result;
}

/**
 * The value conditions (format conditions, [UB1], [87], [494]) that bind a field's value on one body: those in a
 * Muss/X clause, outside branches whose requirement conditions fail. Undecided branches bind nothing (strictness
 * follows only from decided data).
 */
export function compileBindingValueKeys(expression: AhbExpression, conditions: ReleaseConditions): (context: ConditionContext) => (number | string)[] {
  const clauses = expression.clauses
    .filter((clause) => (clause.indicator === 'Muss' || clause.indicator === 'X') && clause.condition !== null)
    .map((clause) => compileValueKeys(clause.condition as ConditionNode, conditions));
  if (clauses.length === 0) return () => [];
  if (clauses.length === 1) return (context) => clauses[0](context) ?? [];
  return (context) => {
    const keys: (number | string)[] = [];
    for (const clause of clauses) keys.push(...(clause(context) ?? []));
    return keys;
  };
}

/** Binding value keys of a subtree: a list, null when the branch fails, undefined when undecided. */
type ValueKeysOf = (context: ConditionContext) => (number | string)[] | null | undefined;

function compileValueKeys(node: ConditionNode, conditions: ReleaseConditions): ValueKeysOf {
  switch (node.kind) {
    case 'condition': {
      const key = node.key;
      if (conditionKindOf(key) === 'format' || conditions.valueCondition(key)) return () => [key];
      if (conditionKindOf(key) !== 'requirement') return () => [];
      const decide = conditions.decider(key);
      if (!decide) return () => undefined;
      return (context) => {
        const decision = decide(context);
        return decision === true ? [] : decision === false ? null : undefined;
      };
    }
    case 'time': {
      const key = node.key;
      return () => [key];
    }
    case 'package':
      return () => [];
    case 'and':
    case 'then': {
      const left = compileValueKeys(node.left, conditions);
      const right = compileValueKeys(node.right, conditions);
      return (context) => {
        const a = left(context);
        const b = right(context);
        if (a === null || b === null) return null;
        return a === undefined || b === undefined ? undefined : [...a, ...b];
      };
    }
    case 'or':
    case 'xor': {
      const left = compileValueKeys(node.left, conditions);
      const right = compileValueKeys(node.right, conditions);
      return (context) => {
        const a = left(context);
        const b = right(context);
        if (a === undefined || b === undefined) return undefined;
        if (a === null) return b;
        return b === null ? a : [...a, ...b];
      };
    }
  }
}
