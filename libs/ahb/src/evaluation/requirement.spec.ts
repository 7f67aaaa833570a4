import type { ConditionContext, Decider } from '../conditions/condition-context';
import { isValueConstraintText, valueConditionFor } from '../conditions/value-conditions';
import { parseAhbExpression } from '../expression/ahb-expression';
import {
  chainRequirement,
  compileBindingValueKeys,
  compileRequirement,
  planBindingValueKeys,
  planRequirement,
  type ReleaseConditions,
} from './requirement';

/** Conditions [1] fulfilled, [2] not fulfilled, [3] undecided; [931] and [494] value conditions; [4] has no decider. */
const DECIDERS = new Map<number, Decider>([
  [1, () => true],
  [2, () => false],
  [3, () => undefined],
]);
const TEXTS: Record<string, string> = {
  '931': 'Format: ZZZ = +00',
  '494':
    'Das hier genannte Datum muss der Zeitpunkt sein, zu dem das Dokument erstellt wurde, oder ein Zeitpunkt, der davor liegt',
  UB1: '([931] ∧ [932] [490]) ⊻ ([931] ∧ [933] [491])',
  '117': 'Nur MP-ID aus Sparte Strom',
};
const CONDITIONS: ReleaseConditions = {
  decider: (key) => DECIDERS.get(key),
  valueCondition: (key) => valueConditionFor(key, TEXTS[String(key)]),
  constrainsValue: (key) =>
    valueConditionFor(key, TEXTS[String(key)]) !== undefined || isValueConstraintText(TEXTS[String(key)]),
};
const CONTEXT: ConditionContext = { body: {}, receiverRole: 'LF', senderRoles: ['NB'] };

function requirementOf(source: string) {
  return compileRequirement(parseAhbExpression(source), CONDITIONS)(CONTEXT);
}

describe('compileRequirement', () => {
  it.each([
    ['Muss', 'mandatory'],
    ['X', 'mandatory'],
    ['Soll', 'optional'],
    ['Kann', 'optional'],
    ['Muss [1]', 'mandatory'],
    ['Muss [2]', 'optional'],
    ['Muss [3]', undefined],
    ['Muss [4]', undefined],
    ['Soll [1]', 'optional'],
    ['Muss [1] ∧ [2]', 'optional'],
    ['Muss [1] ∧ [3]', undefined],
    ['Muss [2] ∧ [3]', 'optional'],
    ['Muss [1] ∨ [3]', 'mandatory'],
    ['Muss [2] ∨ [3]', undefined],
    ['Muss [1] ⊻ [2]', 'mandatory'],
    ['Muss [1] ⊻ [1]', 'optional'],
    ['Muss [1] ⊻ [3]', undefined],
  ] as const)('should read %s as %s', (source, expected) => {
    expect(requirementOf(source)).toBe(expected);
  });

  it.each([
    ['X [950]', 'mandatory'],
    ['X [931] [494]', 'mandatory'],
    ['Muss [2061]', 'mandatory'],
    ['Muss [502] ∧ [1]', 'mandatory'],
    ['X [UB1]', 'mandatory'],
    ['Muss [2] ∧ [950]', 'optional'],
  ] as const)('should treat hints, format, repeatability and time conditions as neutral: %s', (source, expected) => {
    expect(requirementOf(source)).toBe(expected);
  });

  it.each([
    ['X [1P0..1]', 'optional'],
    ['X [2P1..1]', undefined],
    ['X [28P0..1] ⊻ [39P1..1]', undefined],
  ] as const)('should make a package with minimum 0 optional and leave others undecided: %s', (source, expected) => {
    expect(requirementOf(source)).toBe(expected);
  });

  it('should take the first clause whose condition holds, and stop at an undecided one', () => {
    expect(requirementOf('Muss [2] Soll [1]')).toBe('optional');
    expect(requirementOf('Muss [1] Soll [2]')).toBe('mandatory');
    expect(requirementOf('Muss [3] Soll [1]')).toBeUndefined();
    expect(requirementOf('Muss [2] Soll [2]')).toBe('optional');
  });

  it('should not let a condition that only constrains the value make its element optional', () => {
    // [117] "Nur MP-ID aus Sparte Strom" says which MP-ID, not whether: X [117] is mandatory; an unknown [3] is not.
    expect(requirementOf('X [117]')).toBe('mandatory');
    expect(requirementOf('X [117] ∧ [3]')).toBeUndefined();
    expect(isValueConstraintText('Es ist die Zeitraum-ID vom DE1156 aus einem passenden SG6 RFF+Z49 einzutragen')).toBe(
      true,
    );
    expect(isValueConstraintText('Es sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.')).toBe(true);
    expect(isValueConstraintText('Der Zeitpunkt muss > dem Wert im DE2380 des DTM+137 sein')).toBe(true);
    expect(isValueConstraintText('wenn ein Korrekturgrund anzugeben ist')).toBe(false);
    expect(isValueConstraintText('Wenn MP-ID in NAD+MR aus Sparte Strom')).toBe(false);
  });

  it('should leave the prefix operators O and U undecided', () => {
    expect(requirementOf('O [1]')).toBeUndefined();
    expect(requirementOf('U [1]')).toBeUndefined();
  });
});

describe('chainRequirement', () => {
  const link = (source: string) => compileRequirement(parseAhbExpression(source), CONDITIONS);

  it('should be mandatory only when every link is, optional when one is', () => {
    expect(chainRequirement([link('Muss'), link('Muss [1]'), link('X [950]')], CONTEXT)).toBe('mandatory');
    expect(chainRequirement([link('Muss [3]'), link('Kann')], CONTEXT)).toBe('optional');
    expect(chainRequirement([link('Muss'), link('Muss [3]')], CONTEXT)).toBeUndefined();
  });
});

describe('compileBindingValueKeys', () => {
  const keys = (source: string) => compileBindingValueKeys(parseAhbExpression(source), CONDITIONS)(CONTEXT);

  it('should bind the value conditions of applying branches only', () => {
    expect(keys('X [950]')).toEqual([950]);
    expect(keys('X [931] [494]')).toEqual([931, 494]);
    expect(keys('X [UB1]')).toEqual(['UB1']);
    expect(keys('X ([1] ∧ [950]) ⊻ ([2] ∧ [951])')).toEqual([950]);
    expect(keys('X ([3] ∧ [950]) ⊻ ([2] ∧ [951])')).toEqual([]);
    expect(keys('Kann [950]')).toEqual([]);
    expect(keys('X')).toEqual([]);
  });
});

describe('planRequirement and planBindingValueKeys', () => {
  const plan = (source: string) => planRequirement(parseAhbExpression(source), CONDITIONS);
  const keysPlan = (source: string) => planBindingValueKeys(parseAhbExpression(source), CONDITIONS);

  it('should fold what no body changes when the release loads', () => {
    expect(plan('Muss')).toEqual({ constant: true, value: 'mandatory' });
    expect(plan('X [950]')).toEqual({ constant: true, value: 'mandatory' });
    expect(plan('Muss [4] Soll [1]')).toEqual({ constant: true, value: undefined });
    expect(plan('Muss [2061] ∧ [1P0..1]')).toEqual({ constant: true, value: 'optional' });
    expect(keysPlan('X [931] [494]')).toEqual({ constant: true, value: [931, 494] });
  });

  it('should leave to each body what a decider decides', () => {
    const requirement = plan('Muss [1P0..1] Muss [1] ∧ [950] Kann');
    expect(requirement.constant).toBe(false);
    expect(requirement.constant ? undefined : requirement.decide(CONTEXT)).toBe('mandatory');
    const keys = keysPlan('X ([1] ∧ [950]) ⊻ ([2] ∧ [951])');
    expect(keys.constant ? undefined : keys.decide(CONTEXT)).toEqual([950]);
  });
});
