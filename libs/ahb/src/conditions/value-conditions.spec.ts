import type { ConditionContext } from './condition-context';
import { germanWallTime, valueConditionFor } from './value-conditions';

const CONTEXT: ConditionContext = {
  body: {},
  receiverRole: 'LF',
  senderRoles: [],
  receivedAt: Date.parse('2026-05-10T08:00:00Z'),
};
const TEXTS: Record<string, string> = {
  '931': 'Format: ZZZ = +00',
  UB1: '([931] ∧ [932] [490]) ⊻ ([931] ∧ [933] [491])',
  '87': 'Es ist ein Monatserster 0 Uhr (gem. deutscher Zeit) anzugeben',
  '494':
    'Das hier genannte Datum muss der Zeitpunkt sein, zu dem das Dokument erstellt wurde, oder ein Zeitpunkt, der davor liegt',
};

function check(key: number | string, value: unknown, context = CONTEXT) {
  const condition = valueConditionFor(key, TEXTS[String(key)]);
  if (!condition) throw new Error(`no value condition ${key}`);
  return condition.check(value, context);
}

describe('value conditions', () => {
  it('should only apply where the release gives the key the text it was written for', () => {
    expect(valueConditionFor(931, 'Format: ZZZ = +00')).toBeDefined();
    expect(valueConditionFor(931, 'Format: something else')).toBeUndefined();
    expect(valueConditionFor(931, undefined)).toBeUndefined();
    expect(valueConditionFor(932, 'Format: HHMM = 2200')).toBeUndefined();
  });

  it('should know German summer and winter time', () => {
    expect(germanWallTime(Date.parse('2026-03-29T00:59:00Z')).toISOString()).toBe('2026-03-29T01:59:00.000Z');
    expect(germanWallTime(Date.parse('2026-03-29T01:00:00Z')).toISOString()).toBe('2026-03-29T03:00:00.000Z');
    expect(germanWallTime(Date.parse('2026-10-25T00:59:00Z')).toISOString()).toBe('2026-10-25T02:59:00.000Z');
    expect(germanWallTime(Date.parse('2026-10-25T01:00:00Z')).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it.each([
    ['2026-04-01T07:00:00Z', true],
    ['2026-04-01T07:00:00+00:00', true],
    ['2026-04-01T07:00:00+0000', true],
    ['2026-04-01T09:00:00+02:00', false],
    ['2026-04-01T07:00:00', undefined],
    ['tomorrow', undefined],
    [42, undefined],
  ] as const)('[931] should judge %s as %s', (value, expected) => {
    expect(check(931, value)).toBe(expected);
  });

  it.each([
    ['2026-03-31T22:00:00Z', true], // 1 April, summer time
    ['2026-01-31T23:00:00Z', true], // 1 February, winter time
    ['2026-10-24T22:00:00Z', true], // the Sunday summer time ends begins at 22:00 UTC the day before
    ['2026-10-25T23:00:00Z', true],
    ['2026-04-01T00:00:00Z', false],
    ['2026-01-31T22:00:00Z', false],
    ['2026-04-01T00:00:00+02:00', false], // midnight German time, but not written in UTC
  ] as const)('[UB1] should judge %s as %s', (value, expected) => {
    expect(check('UB1', value)).toBe(expected);
  });

  it.each([
    ['2026-03-31T22:00:00Z', true],
    ['2026-04-14T22:00:00Z', false],
    ['2026-04-01T06:00:00Z', false],
  ] as const)('[87] should judge %s as %s', (value, expected) => {
    expect(check(87, value)).toBe(expected);
  });

  it('[494] should refuse a date after the receipt beyond the clock skew, and not judge without a receipt time', () => {
    expect(check(494, '2026-05-10T08:10:00Z')).toBe(true);
    expect(check(494, '2026-05-10T09:00:00Z')).toBe(false);
    expect(check(494, '2026-05-10T09:00:00Z', { ...CONTEXT, receivedAt: undefined })).toBeUndefined();
  });
});
