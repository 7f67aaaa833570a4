import { releaseConditions } from '../ahb/conditions/catalogue';
import type { ConditionContext } from '../ahb/conditions/condition-context';
import { IDENTIFIER_FORMATS, VALUE_CONDITION_KEYS } from '../ahb/conditions/value-conditions';
import {
  chainRequirement,
  compileBindingValueKeys,
  compileRequirement,
  type ReleaseConditions,
  type Requirement,
} from '../ahb/evaluation/requirement';
import { AhbExpressionSyntaxError, parseAhbExpression } from '../ahb/expression/ahb-expression';
import { child, isAbsent, isObject, missingPointers, pathSteps, type PathStep } from './body-walk';

/** The conditional part of a release's generated AHB rules (`ahb-rules-FVxxxx.json`). */
export interface ConditionalRulesData {
  formatVersion: string;
  conditions: Record<string, string>;
  expressions: string[];
  rules: {
    pruefidentifikator: string;
    conditionalFields?: { path: string; segment?: string; chains: number[][] }[];
    /** The PI's own texts where they differ from the release's common `conditions` ([48] means A99 or E14). */
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
type ValueKeys = (context: ConditionContext) => (number | string)[];

interface CompiledField {
  path: string;
  segment: string | undefined;
  /** `stammdaten` key the rule is evaluated per element of; undefined for `transaktionsdaten` paths. */
  scopeKey: string | undefined;
  /** `#/stammdaten/KEY`, escaped once. */
  scopePointer: string;
  /** Steps below the scope object (or below the body when there is none); `token` = `/` + the escaped key. */
  steps: PathStep[];
  chains: { links: Link[]; valueKeys: ValueKeys[] }[];
  /** Whether any expression of the field names a value condition at all (else no value is looked at). */
  hasValueKeys: boolean;
}

interface CompiledPi {
  transaction: CompiledField[];
  byScope: Map<string, CompiledField[]>;
  conditions: ReleaseConditions;
}

/** One release's conditional rules, compiled per PI on first use (most deployments see a few dozen PIs). */
export class ConditionalRules {
  private readonly conditions: ReleaseConditions;
  private readonly links = new Map<ReleaseConditions, Map<number, { link: Link; valueKeys: ValueKeys }>>();
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

  evaluate(pruefidentifikator: string, body: unknown, base: Omit<ConditionContext, 'body' | 'scope'>): ConditionalOutcome {
    const outcome: ConditionalOutcome = { missing: [], violations: [], bindingIdentifierChecks: new Map() };
    const { transaction, byScope, conditions } = this.compiled(pruefidentifikator);
    const whole = contextOf(base, body, undefined);
    for (const field of transaction) evaluateField(field, conditions, whole, body, '#', outcome);
    if (byScope.size === 0) return outcome;
    const stammdaten = child(body, 'stammdaten');
    for (const [key, fields] of byScope) {
      const objects = child(stammdaten, key);
      const scopePointer = fields[0].scopePointer;
      if (Array.isArray(objects) && objects.length > 0) {
        for (let index = 0; index < objects.length; index++) {
          const object: unknown = objects[index];
          const context = contextOf(base, body, { key, object });
          const pointer = `${scopePointer}/${index}`;
          for (const field of fields) evaluateField(field, conditions, context, object, pointer, outcome);
        }
      } else if (isObject(objects)) {
        // Tolerated: a single object where the schema has an array.
        const context = contextOf(base, body, { key, object: objects });
        for (const field of fields) evaluateField(field, conditions, context, objects, scopePointer, outcome);
      } else {
        // No such object: "this SG8" conditions stay undecided, the rest may still require it.
        for (const field of fields) {
          if (fieldRequirement(field, whole) === 'mandatory') outcome.missing.push({ pointer: scopePointer, path: field.path, segment: field.segment });
        }
      }
    }
    return outcome;
  }

  private compiled(pruefidentifikator: string): CompiledPi {
    let compiled = this.byPi.get(pruefidentifikator);
    if (compiled) return compiled;
    const rule = this.rulesOf.get(pruefidentifikator);
    const conditions = rule?.conditionTexts ? releaseConditions({ ...this.data.conditions, ...rule.conditionTexts }) : this.conditions;
    compiled = { transaction: [], byScope: new Map(), conditions };
    for (const source of rule?.conditionalFields ?? []) {
      const field = this.compileField(source, conditions);
      if (field.scopeKey === undefined) {
        compiled.transaction.push(field);
      } else {
        const fields = compiled.byScope.get(field.scopeKey) ?? [];
        fields.push(field);
        compiled.byScope.set(field.scopeKey, fields);
      }
    }
    this.byPi.set(pruefidentifikator, compiled);
    return compiled;
  }

  private compileField(field: { path: string; segment?: string; chains: number[][] }, conditions: ReleaseConditions): CompiledField {
    const all = pathSteps(field.path);
    const scoped = all[0].key === 'stammdaten' && all.length > 2;
    const chains = field.chains.map((chain) => {
      const compiled = chain.map((index) => this.link(index, conditions));
      return { links: compiled.map((entry) => entry.link), valueKeys: compiled.map((entry) => entry.valueKeys) };
    });
    return {
      path: field.path,
      segment: field.segment,
      scopeKey: scoped ? all[1].key : undefined,
      scopePointer: scoped ? `#/stammdaten${all[1].token}` : '#',
      steps: scoped ? all.slice(2) : all,
      chains,
      hasValueKeys: field.chains.some((chain) => chain.some((index) => this.valueKeyHint(index))),
    };
  }

  /** Whether an expression can bind value conditions at all: it names a format condition or a value condition's key. */
  private valueKeyHint(index: number): boolean {
    return VALUE_KEY_MENTION.test(this.data.expressions[index]);
  }

  private compileLink(source: string, conditions: ReleaseConditions): { link: Link; valueKeys: ValueKeys } {
    let expression;
    try {
      expression = parseAhbExpression(source);
    } catch (error) {
      if (error instanceof AhbExpressionSyntaxError) return UNREADABLE_LINK;
      throw error;
    }
    return { link: compileRequirement(expression, conditions), valueKeys: compileBindingValueKeys(expression, conditions) };
  }

  private link(index: number, conditions: ReleaseConditions): { link: Link; valueKeys: ValueKeys } {
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

/** A link the AHB spells wrongly (`… ∧ [2080]]` in two FV2510 tables) decides nothing instead of failing the booking. */
const UNREADABLE_LINK = { link: (): Requirement => undefined, valueKeys: (): (number | string)[] => [] };

/** Built field by field: V8's object spread (`{ ...base, body }`) costs about half a microsecond per context. */
function contextOf(base: Omit<ConditionContext, 'body' | 'scope'>, body: unknown, scope: ConditionContext['scope']): ConditionContext {
  return { body, scope, receiverRole: base.receiverRole, senderRoles: base.senderRoles, receivedAt: base.receivedAt };
}

type ValueKey = number | string;
const NO_KEYS: readonly ValueKey[] = [];

function evaluateField(
  field: CompiledField,
  conditions: ReleaseConditions,
  context: ConditionContext,
  root: unknown,
  pointer: string,
  outcome: ConditionalOutcome,
): void {
  const requirement = fieldRequirement(field, context);
  if (requirement === 'optional') return;
  if (requirement === 'mandatory') {
    for (const missing of missingBelow(root, field.steps, pointer)) {
      outcome.missing.push({ pointer: missing, path: field.path, segment: field.segment });
    }
  }
  if (!field.hasValueKeys) return;
  const keys = bindingKeys(field, context);
  if (keys.length === 0) return;
  for (const [valuePointer, value] of presentValues(root, field.steps, 0, pointer)) {
    for (const key of keys) {
      const identifierChecks = typeof key === 'number' ? IDENTIFIER_FORMATS.get(key) : undefined;
      if (identifierChecks) {
        outcome.bindingIdentifierChecks.set(valuePointer, identifierChecks);
        continue;
      }
      const condition = conditions.valueCondition(key);
      if (condition && condition.check(value, context) === false) {
        outcome.violations.push({ pointer: valuePointer, path: field.path, label: condition.label, text: condition.text });
      }
    }
  }
}

/** Every chain of a field must make it mandatory (it may come from several segment instances); one optional suffices. */
function fieldRequirement(field: CompiledField, context: ConditionContext): Requirement {
  let result: Requirement = 'mandatory';
  for (const chain of field.chains) {
    const requirement = chainRequirement(chain.links, context);
    if (requirement === 'optional') return 'optional';
    if (requirement === undefined) result = undefined;
  }
  return field.chains.length === 0 ? undefined : result;
}

/** Value keys binding in every chain of the field (a key one chain leaves out does not bind). */
function bindingKeys(field: CompiledField, context: ConditionContext): readonly ValueKey[] {
  let common: readonly ValueKey[] | undefined;
  for (const chain of field.chains) {
    const keys = chainKeys(chain.valueKeys, context);
    common = common ? common.filter((key) => keys.includes(key)) : keys;
    if (common.length === 0) break; // no later chain can add a key
  }
  return common ?? NO_KEYS;
}

/** The value keys the links of one chain bind, in link order; no array is built while at most one link binds any. */
function chainKeys(links: readonly ValueKeys[], context: ConditionContext): readonly ValueKey[] {
  let keys = NO_KEYS;
  for (const valueKeys of links) {
    const more = valueKeys(context);
    if (more.length > 0) keys = keys.length === 0 ? more : [...keys, ...more];
  }
  return keys;
}

/**
 * Where a mandatory field is missing below one scope object. An array below the scope needs the field in one of its
 * elements, not in each: its elements may come from different segments (`marktrollen` holds the ÜNB from CAV+Z90 and
 * the MSB from CAV+Z91, and only the MSB's needs `messstellenbetreiberEigenschaft`).
 */
function missingBelow(root: unknown, steps: readonly PathStep[], pointer: string): string[] {
  return missingPointers(root, steps, 0, pointer, 'some');
}

/** The present values at the field's steps below `value`, with their pointers, appended to `into`. */
function presentValues(value: unknown, steps: CompiledField['steps'], index: number, pointer: string, into: [string, unknown][] = []): [string, unknown][] {
  if (index === steps.length) {
    if (!isAbsent(value)) into.push([pointer, value]);
    return into;
  }
  const step = steps[index];
  const childValue = child(value, step.key);
  const childPointer = pointer + step.token;
  if (!Array.isArray(childValue)) return presentValues(childValue, steps, index + 1, childPointer, into);
  for (let position = 0; position < childValue.length; position++) {
    presentValues(childValue[position], steps, index + 1, `${childPointer}/${position}`, into);
  }
  return into;
}
