import { releaseConditions } from '../ahb/conditions/catalogue';
import type { ConditionContext } from '../ahb/conditions/condition-context';
import { IDENTIFIER_FORMATS } from '../ahb/conditions/value-conditions';
import {
  chainRequirement,
  compileBindingValueKeys,
  compileRequirement,
  type ReleaseConditions,
  type Requirement,
} from '../ahb/evaluation/requirement';
import { AhbExpressionSyntaxError, parseAhbExpression } from '../ahb/expression/ahb-expression';

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
  /** Steps below the scope object (or below the body when there is none). */
  steps: { key: string; array: boolean }[];
  chains: { links: Link[]; valueKeys: ValueKeys[] }[];
}

/** One release's conditional rules, compiled per PI on first use (most deployments see a few dozen PIs). */
export class ConditionalRules {
  private readonly conditions: ReleaseConditions;
  private readonly links = new Map<ReleaseConditions, Map<number, { link: Link; valueKeys: ValueKeys }>>();
  private readonly byPi = new Map<string, { fields: CompiledField[]; conditions: ReleaseConditions }>();
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
    const { fields, conditions } = this.compiled(pruefidentifikator);
    for (const field of fields) {
      if (field.scopeKey === undefined) {
        this.evaluateField(field, conditions, { ...base, body }, body, '#', outcome);
        continue;
      }
      const objects = child(child(body, 'stammdaten'), field.scopeKey);
      const scopePointer = `#/stammdaten/${escapePointerToken(field.scopeKey)}`;
      const key = field.scopeKey;
      if (Array.isArray(objects) && objects.length > 0) {
        objects.forEach((object, index) => {
          this.evaluateField(field, conditions, { ...base, body, scope: { key, object } }, object, `${scopePointer}/${index}`, outcome);
        });
      } else if (isObject(objects)) {
        // Tolerated: a single object where the schema has an array.
        this.evaluateField(field, conditions, { ...base, body, scope: { key, object: objects } }, objects, scopePointer, outcome);
      } else {
        // No such object: "this SG8" conditions stay undecided, the rest may still require it.
        if (fieldRequirement(field, { ...base, body }) === 'mandatory') {
          outcome.missing.push({ pointer: scopePointer, path: field.path, segment: field.segment });
        }
      }
    }
    return outcome;
  }

  private evaluateField(
    field: CompiledField,
    conditions: ReleaseConditions,
    context: ConditionContext,
    root: unknown,
    pointer: string,
    outcome: ConditionalOutcome,
  ): void {
    const requirement = fieldRequirement(field, context);
    if (requirement === 'mandatory') {
      for (const missing of missingPointers(root, field.steps, 0, pointer)) {
        outcome.missing.push({ pointer: missing, path: field.path, segment: field.segment });
      }
    } else if (requirement === 'optional') {
      return;
    }
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

  private compiled(pruefidentifikator: string): { fields: CompiledField[]; conditions: ReleaseConditions } {
    let compiled = this.byPi.get(pruefidentifikator);
    if (compiled) return compiled;
    const rule = this.rulesOf.get(pruefidentifikator);
    const conditions = rule?.conditionTexts ? releaseConditions({ ...this.data.conditions, ...rule.conditionTexts }) : this.conditions;
    compiled = { fields: (rule?.conditionalFields ?? []).map((field) => this.compileField(field, conditions)), conditions };
    this.byPi.set(pruefidentifikator, compiled);
    return compiled;
  }

  private compileField(field: { path: string; segment?: string; chains: number[][] }, conditions: ReleaseConditions): CompiledField {
    const all = field.path.split('.').map((part) => ({ key: part.replace(/\[\]$/, ''), array: part.endsWith('[]') }));
    const scoped = all[0].key === 'stammdaten' && all.length > 2;
    return {
      path: field.path,
      segment: field.segment,
      scopeKey: scoped ? all[1].key : undefined,
      steps: scoped ? all.slice(2) : all,
      chains: field.chains.map((chain) => {
        const compiled = chain.map((index) => this.link(index, conditions));
        return { links: compiled.map((entry) => entry.link), valueKeys: compiled.map((entry) => entry.valueKeys) };
      }),
    };
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

/** A link the AHB spells wrongly (`… ∧ [2080]]` in two FV2510 tables) decides nothing instead of failing the booking. */
const UNREADABLE_LINK = { link: (): Requirement => undefined, valueKeys: (): (number | string)[] => [] };

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
function bindingKeys(field: CompiledField, context: ConditionContext): (number | string)[] {
  let common: Set<number | string> | undefined;
  for (const chain of field.chains) {
    if (chainRequirement(chain.links, context) === 'optional') return [];
    const keys = new Set(chain.valueKeys.flatMap((valueKeys) => valueKeys(context)));
    common = common ? new Set([...common].filter((key) => keys.has(key))) : keys;
  }
  return common ? [...common] : [];
}

function missingPointers(value: unknown, steps: CompiledField['steps'], index: number, pointer: string): string[] {
  if (index === steps.length) return [];
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

function presentValues(value: unknown, steps: CompiledField['steps'], index: number, pointer: string): [string, unknown][] {
  if (index === steps.length) return isAbsent(value) ? [] : [[pointer, value]];
  const step = steps[index];
  const childValue = child(value, step.key);
  const childPointer = `${pointer}/${escapePointerToken(step.key)}`;
  if (Array.isArray(childValue)) {
    return childValue.flatMap((element, position) => presentValues(element, steps, index + 1, `${childPointer}/${position}`));
  }
  return presentValues(childValue, steps, index + 1, childPointer);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function escapePointerToken(token: string): string {
  return encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));
}
