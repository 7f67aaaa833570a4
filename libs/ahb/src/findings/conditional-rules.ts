import { isPlainObject } from '@maco/domain';
import { releaseConditions } from '../conditions/catalogue';
import type { ConditionContext } from '../conditions/condition-context';
import { IDENTIFIER_FORMATS, VALUE_CONDITION_KEYS, type ValueCondition } from '../conditions/value-conditions';
import {
  binary,
  bothRequirement,
  chainRequirement,
  type Compiled,
  concatKeys,
  constant,
  NO_KEYS,
  perBody,
  planBindingValueKeys,
  planRequirement,
  type ReleaseConditions,
  type Requirement,
  type ValueKey,
} from '../evaluation/requirement';
import { AhbExpressionSyntaxError, parseAhbExpression } from '../expression/ahb-expression';
import { child, isAbsent, isMissingAlong, joinedTokens, missingPointers, type PathStep, pathSteps } from './body-walk';

/** The conditional part of a release's generated AHB rules (`ahb-rules-FVxxxx.json`). */
export interface ConditionalRulesData {
  formatVersion: string;
  /** The condition texts of UTILMD Strom, common to its PIs. */
  conditions: Record<string, string>;
  /** Every other message type's common texts: each numbers its conditions from [1]. */
  messageConditions?: Record<string, Record<string, string>>;
  expressions: string[];
  rules: {
    pruefidentifikator: string;
    message?: string;
    conditionalFields?: { path: string; segment?: string; chains: number[][] }[];
    /** The PI's own texts where they differ from its message type's common ones ([48] means A99 or E14). */
    conditionTexts?: Record<string, string>;
  }[];
}

/** What the conditional rules found in one body. */
export interface ConditionalOutcome {
  /** Pointers of mandatory fields that are absent, with the rule's path and segment. */
  missing: { pointer: string; path: string; segment: string | undefined }[];
  /** Present values that fail a binding value condition ([931], [UB1], [87], [494]). */
  violations: { pointer: string; path: string; label: string; text: string }[];
  /** Pointers where an identifier format condition ([950], [951], [960], [922], [961]) binds, with its checks. */
  bindingIdentifierChecks: Map<string, readonly string[]>;
}

type Link = (context: ConditionContext) => Requirement;

/** One AHB expression (a link of a chain) compiled for a release's conditions. */
interface CompiledLink {
  requirement: Compiled<Requirement>;
  valueKeys: Compiled<readonly ValueKey[]>;
}

/** What a binding value key does to a present value: marks its identifier checks binding, or checks the value. */
type Binding =
  | { identifierChecks: readonly string[]; condition: undefined }
  | { identifierChecks: undefined; condition: ValueCondition };

interface CompiledField {
  path: string;
  segment: string | undefined;
  /** `stammdaten` key the rule is evaluated per element of; undefined for `transaktionsdaten` paths. */
  scopeKey: string | undefined;
  /** `#/stammdaten/KEY`, escaped once. */
  scopePointer: string;
  /** Steps below the scope object (or below the body when there is none); `token` = `/` + the escaped key. */
  steps: PathStep[];
  /** `joinedTokens(steps)`: set when the path has no `[]` step, so that it is missing at one place at most. */
  tokens: string | undefined;
  /** The requirement of the links that do not look at the body, over all chains (`chainRequirement` of them all). */
  known: Requirement;
  /** Per chain that has links decided per body, those links (in order). */
  decidedChains: Link[][];
  /** What binds the field's present values, from the value keys bound in every chain. */
  bindings: Compiled<readonly Binding[]>;
}

/**
 * A PI's conditional rules, compiled for its conditions. Left out: fields optional for every body (a link that does not
 * look at the body makes them so) and fields that can neither be mandatory nor bind a value; they never yield anything.
 */
interface CompiledPi {
  transaction: CompiledField[];
  byScope: Map<string, CompiledField[]>;
}

/** One release's conditional rules, compiled per PI on first use (most deployments see a few dozen PIs). */
export class ConditionalRules {
  private readonly conditions: ReleaseConditions;
  private readonly links = new Map<ReleaseConditions, Map<number, CompiledLink>>();
  private readonly byPi = new Map<string, CompiledPi>();
  private readonly rulesOf = new Map<string, ConditionalRulesData['rules'][number]>();

  constructor(private readonly data: ConditionalRulesData) {
    this.conditions = releaseConditions(data.conditions);
    for (const rule of data.rules) this.rulesOf.set(rule.pruefidentifikator, rule);
  }

  get formatVersion(): string {
    return this.data.formatVersion;
  }

  /** The texts of the release's conditions, by key (`'7'`, `'UB1'`). */
  get conditionTexts(): Readonly<Record<string, string>> {
    return this.data.conditions;
  }

  /** The conditional rules of a PI on one body; `whole` is the context of the whole body (no scope). */
  evaluate(pruefidentifikator: string, whole: ConditionContext): ConditionalOutcome {
    const outcome: ConditionalOutcome = { missing: [], violations: [], bindingIdentifierChecks: new Map() };
    const { transaction, byScope } = this.compiled(pruefidentifikator);
    const body = whole.body;
    for (const field of transaction) evaluateField(field, whole, body, '#', outcome);
    if (byScope.size === 0) return outcome;
    const stammdaten = child(body, 'stammdaten');
    for (const [key, fields] of byScope) {
      const objects = child(stammdaten, key);
      const scopePointer = fields[0].scopePointer;
      if (Array.isArray(objects) && objects.length > 0) {
        for (let index = 0; index < objects.length; index++) {
          const object: unknown = objects[index];
          const context = scopedContext(whole, key, object);
          const pointer = `${scopePointer}/${index}`;
          for (const field of fields) evaluateField(field, context, object, pointer, outcome);
        }
      } else if (isPlainObject(objects)) {
        // Tolerated: a single object where the schema has an array.
        const context = scopedContext(whole, key, objects);
        for (const field of fields) evaluateField(field, context, objects, scopePointer, outcome);
      } else {
        // No such object: "this SG8" conditions stay undecided, the rest may still require it.
        for (const field of fields) {
          if (fieldRequirement(field, whole) === 'mandatory')
            outcome.missing.push({ pointer: scopePointer, path: field.path, segment: field.segment });
        }
      }
    }
    return outcome;
  }

  private compiled(pruefidentifikator: string): CompiledPi {
    let compiled = this.byPi.get(pruefidentifikator);
    if (compiled) return compiled;
    const rule = this.rulesOf.get(pruefidentifikator);
    const common = (rule?.message && this.data.messageConditions?.[rule.message]) || undefined;
    const conditions =
      rule?.conditionTexts || common
        ? releaseConditions({ ...(common ?? this.data.conditions), ...rule?.conditionTexts })
        : this.conditions;
    compiled = { transaction: [], byScope: new Map() };
    for (const source of rule?.conditionalFields ?? []) {
      const field = this.compileField(source, conditions);
      if (field.scopeKey === undefined) {
        if (yieldsAnything(field)) compiled.transaction.push(field);
      } else {
        // Every scope keeps its place (from its first field) even when that field is left out.
        const fields = compiled.byScope.get(field.scopeKey) ?? [];
        if (yieldsAnything(field)) fields.push(field);
        compiled.byScope.set(field.scopeKey, fields);
      }
    }
    for (const [key, fields] of compiled.byScope) if (fields.length === 0) compiled.byScope.delete(key);
    this.byPi.set(pruefidentifikator, compiled);
    return compiled;
  }

  private compileField(
    field: { path: string; segment?: string; chains: number[][] },
    conditions: ReleaseConditions,
  ): CompiledField {
    const all = pathSteps(field.path);
    const scoped = all[0].key === 'stammdaten' && all.length > 2;
    const steps = scoped ? all.slice(2) : all;
    const chains = field.chains.map((chain) => chain.map((index) => this.link(index, conditions)));
    // A field without chains is undecided, like one whose shared links are.
    let known: Requirement = chains.length === 0 ? undefined : 'mandatory';
    const decidedChains: Link[][] = [];
    for (const links of chains) {
      known = bothRequirement(known, knownRequirement(links));
      const decided = links.flatMap(({ requirement }) => (requirement.constant ? [] : [requirement.decide]));
      if (decided.length > 0) decidedChains.push(decided);
    }
    // Only expressions naming a value condition can bind one (else no value is looked at).
    const hasValueKeys = field.chains.some((chain) => chain.some((index) => this.valueKeyHint(index)));
    return {
      path: field.path,
      segment: field.segment,
      scopeKey: scoped ? all[1].key : undefined,
      scopePointer: scoped ? `#/stammdaten${all[1].token}` : '#',
      steps,
      tokens: joinedTokens(steps),
      known,
      decidedChains,
      bindings: hasValueKeys ? planBindings(chains, conditions) : constant(NO_BINDINGS),
    };
  }

  /** Whether an expression can bind value conditions at all: it names a format condition or a value condition's key. */
  private valueKeyHint(index: number): boolean {
    return VALUE_KEY_MENTION.test(this.data.expressions[index]);
  }

  private compileLink(source: string, conditions: ReleaseConditions): CompiledLink {
    let expression;
    try {
      expression = parseAhbExpression(source);
    } catch (error) {
      if (error instanceof AhbExpressionSyntaxError) return UNREADABLE_LINK;
      throw error;
    }
    return {
      requirement: planRequirement(expression, conditions),
      valueKeys: planBindingValueKeys(expression, conditions),
    };
  }

  private link(index: number, conditions: ReleaseConditions): CompiledLink {
    let links = this.links.get(conditions);
    if (!links) this.links.set(conditions, (links = new Map()));
    let compiled = links.get(index);
    if (!compiled) {
      compiled = this.compileLink(this.data.expressions[index], conditions);
      links.set(index, compiled);
    }
    return compiled;
  }
}

/** `[9xx]` or the key of a value condition (`[UB1]`, `[494]`, …) somewhere in an expression. */
const VALUE_KEY_MENTION = new RegExp(`\\[(9\\d\\d|${VALUE_CONDITION_KEYS.join('|')})\\]`);

const NO_BINDINGS: readonly Binding[] = Object.freeze([]);

/** A link the AHB spells wrongly (`… ∧ [2080]]` in two FV2510 tables) decides nothing instead of failing the booking. */
const UNREADABLE_LINK: CompiledLink = { requirement: constant(undefined), valueKeys: constant(NO_KEYS) };

/** The requirement of the links of a chain every body shares (`chainRequirement` of those). */
function knownRequirement(links: readonly CompiledLink[]): Requirement {
  let result: Requirement = 'mandatory';
  for (const { requirement } of links) if (requirement.constant) result = bothRequirement(result, requirement.value);
  return result;
}

/** A field some body could get a finding from: not optional for every body, and mandatory for some or binding a value. */
function yieldsAnything(field: CompiledField): boolean {
  if (field.known === 'optional') return false;
  return field.known === 'mandatory' || !field.bindings.constant || field.bindings.value.length > 0;
}

/**
 * What binds the field's present values: the value keys bound in every chain (a key one chain leaves out does not bind),
 * in the first chain's order, each chain's keys those of its links in link order; known once per release where no link
 * decides them per body.
 */
function planBindings(
  chains: readonly (readonly CompiledLink[])[],
  conditions: ReleaseConditions,
): Compiled<readonly Binding[]> {
  let common: Compiled<readonly ValueKey[]> | undefined;
  for (const links of chains) {
    const keys = links.reduce((sum, link) => binary(sum, link.valueKeys, concatKeys), constant(NO_KEYS));
    common = common ? binary(common, keys, (a, b) => a.filter((key) => b.includes(key))) : keys;
    if (common.constant && common.value.length === 0) break; // no later chain can add a key
  }
  if (!common) return constant(NO_BINDINGS);
  if (common.constant) return constant(bindingsOf(common.value, conditions));
  const keysOf = common.decide;
  return perBody((context) => bindingsOf(keysOf(context), conditions));
}

/** What each key does, in key order; keys that do nothing (no decided value condition) are left out. */
function bindingsOf(keys: readonly ValueKey[], conditions: ReleaseConditions): readonly Binding[] {
  const bindings: Binding[] = [];
  for (const key of keys) {
    const identifierChecks = typeof key === 'number' ? IDENTIFIER_FORMATS.get(key) : undefined;
    if (identifierChecks) {
      bindings.push({ identifierChecks, condition: undefined });
      continue;
    }
    const condition = conditions.valueCondition(key);
    if (condition) bindings.push({ identifierChecks: undefined, condition });
  }
  return bindings.length === 0 ? NO_BINDINGS : bindings;
}

/** Built field by field: V8's object spread (`{ ...whole, scope }`) costs about half a microsecond per context. */
function scopedContext(whole: ConditionContext, key: string, object: unknown): ConditionContext {
  return {
    body: whole.body,
    scope: { key, object },
    receiverRole: whole.receiverRole,
    senderRoles: whole.senderRoles,
    receivedAt: whole.receivedAt,
  };
}

function evaluateField(
  field: CompiledField,
  context: ConditionContext,
  root: unknown,
  pointer: string,
  outcome: ConditionalOutcome,
): void {
  const requirement = fieldRequirement(field, context);
  if (requirement === 'optional') return;
  if (requirement === 'mandatory') addMissing(field, root, pointer, outcome);
  const bindings = field.bindings.constant ? field.bindings.value : field.bindings.decide(context);
  if (bindings.length > 0) checkValues(field, bindings, context, root, 0, pointer, outcome);
}

/** Every chain of a field must make it mandatory (it may come from several segment instances); one optional suffices. */
function fieldRequirement(field: CompiledField, context: ConditionContext): Requirement {
  let result = field.known;
  for (const links of field.decidedChains) {
    const requirement = chainRequirement(links, context);
    if (requirement === 'optional') return 'optional';
    if (requirement === undefined) result = undefined;
  }
  return result;
}

/**
 * Where a mandatory field is missing below one scope object. An array below the scope needs the field in one of its
 * elements, not in each: its elements may come from different segments (`marktrollen` holds the ÜNB from CAV+Z90 and
 * the MSB from CAV+Z91, and only the MSB's needs `messstellenbetreiberEigenschaft`).
 */
function addMissing(field: CompiledField, root: unknown, pointer: string, outcome: ConditionalOutcome): void {
  if (field.tokens !== undefined) {
    if (isMissingAlong(root, field.steps))
      outcome.missing.push({ pointer: pointer + field.tokens, path: field.path, segment: field.segment });
    return;
  }
  for (const missing of missingPointers(root, field.steps, 0, pointer, 'some')) {
    outcome.missing.push({ pointer: missing, path: field.path, segment: field.segment });
  }
}

/** Applies the bindings to the present values at the field's steps below `value` (every array met is searched). */
function checkValues(
  field: CompiledField,
  bindings: readonly Binding[],
  context: ConditionContext,
  value: unknown,
  index: number,
  pointer: string,
  outcome: ConditionalOutcome,
): void {
  const steps = field.steps;
  if (index === steps.length) {
    if (!isAbsent(value)) checkValue(field, bindings, context, value, pointer, outcome);
    return;
  }
  const step = steps[index];
  const childValue = child(value, step.key);
  const childPointer = pointer + step.token;
  if (!Array.isArray(childValue)) {
    checkValues(field, bindings, context, childValue, index + 1, childPointer, outcome);
    return;
  }
  for (let position = 0; position < childValue.length; position++) {
    checkValues(field, bindings, context, childValue[position], index + 1, `${childPointer}/${position}`, outcome);
  }
}

function checkValue(
  field: CompiledField,
  bindings: readonly Binding[],
  context: ConditionContext,
  value: unknown,
  pointer: string,
  outcome: ConditionalOutcome,
): void {
  for (const binding of bindings) {
    if (binding.identifierChecks) {
      outcome.bindingIdentifierChecks.set(pointer, binding.identifierChecks);
    } else if (binding.condition.check(value, context) === false) {
      const condition = binding.condition;
      outcome.violations.push({ pointer, path: field.path, label: condition.label, text: condition.text });
    }
  }
}
