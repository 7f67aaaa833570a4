import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MarketRole } from '@maco/domain';
import { REFERENCE_DIR } from '@maco/reference-samples';
import RULES_FV2510 from '../../data/ahb-rules-FV2510.json';
import RULES_FV2604 from '../../data/ahb-rules-FV2604.json';
import type { ConditionContext, Decision } from '../condition-context';
import { IFTSTA_CONDITIONS, IFTSTA_UNDECIDABLE } from './iftsta-conditions';

function context(body: unknown, receiverRole: MarketRole = 'LF'): ConditionContext {
  return { body, receiverRole, senderRoles: [] };
}

/** A body of one SG14: the PI, its SG15 statuses (statusObjekt, auftragsstatus) and further transaktionsdaten. */
function report(
  pi: string,
  statuses: readonly Record<string, string>[],
  transaktionsdaten: Record<string, unknown> = {},
): ConditionContext {
  return context({
    stammdaten: { STATUSMITTEILUNG: statuses },
    transaktionsdaten: { pruefidentifikator: pi, ...transaktionsdaten },
  });
}

const sperren = (auftragsstatus: string) => ({ statusObjekt: 'SPERREN', auftragsstatus });
const entsperren = (auftragsstatus: string) => ({ statusObjekt: 'ENTSPERREN', auftragsstatus });
const answer = (antwortstatus: string, antwortstatusCodeliste: string) => ({ antwortstatus, antwortstatusCodeliste });

/** 21039 with one SG15 and its answer. */
const sperrung = (status: Record<string, string>, antwortstatus: string, codeliste: string) =>
  report('21039', [status], answer(antwortstatus, codeliste));

/** NAD+MR in the role BKV, ÜNB, ESA: the booking service (LF, NB or MSB) is never one. */
const NEVER_FULFILLED = [16, 29, 76];

type Case = readonly [label: string, context: ConditionContext, expected: Decision];

const roleCases = (role: MarketRole): readonly Case[] => [
  [`${role} receives`, context({}, role), true],
  ['another role receives', context({}, role === 'LF' ? 'NB' : 'LF'), false],
];
const NO_SERVICE_ROLE: readonly Case[] = [
  ['LF receives', context({}, 'LF'), false],
  ['NB receives', context({}, 'NB'), false],
  ['MSB receives', context({}, 'MSB'), false],
];

/** "Wenn in diesem STS DE1131 = <ebd>": the PI's one SG15, several SG15 undecided. */
const ebdCases = (ebd: string, other: string): readonly Case[] => [
  [ebd, sperrung(sperren('Z13'), 'A04', ebd), true],
  [other, sperrung(sperren('Z13'), 'A04', other), false],
  ['no DE1131', report('21039', [sperren('Z14')]), false],
  ['two SG15', report('21039', [sperren('Z13'), entsperren('Z14')], answer('A04', ebd)), undefined],
  ['not an EBD number', sperrung(sperren('Z13'), 'A04', 'irgendwas'), undefined],
];

/** "STS+<q>+<status>+<answer>:<ebd> in dieser SG14 vorhanden". */
const answerCases = (
  pi: string,
  status: Record<string, string>,
  antwortstatus: string,
  ebd: string,
  otherStatus: Record<string, string>,
): readonly Case[] => [
  ['status and answer', report(pi, [status], answer(antwortstatus, ebd)), true],
  ['other answer code', report(pi, [status], answer('A98', ebd)), false],
  ['other EBD', report(pi, [status], answer(antwortstatus, 'E_9999')), false],
  ['other status', report(pi, [otherStatus], answer(antwortstatus, ebd)), false],
  [
    'unreadable status',
    report(pi, [{ ...status, auftragsstatus: 'Irgendwie' }], answer(antwortstatus, ebd)),
    undefined,
  ],
];

const ersteinbau = (transaktionsdaten: Record<string, unknown>) =>
  report('21029', [{ auftragsstatus: 'GEPLANT' }], transaktionsdaten);
const lieferschein = (auftragsstatus: string, antwortstatus?: string) =>
  report('21035', [{ auftragsstatus }], antwortstatus ? { antwortstatus } : {});
const menge = (einheit: string) =>
  context({ stammdaten: {}, transaktionsdaten: { pruefidentifikator: '21035', menge: { wert: 10, einheit } } });
const EMPTY = context({ stammdaten: {}, transaktionsdaten: {} });

const CASES: Readonly<Record<number, readonly Case[]>> = {
  16: NO_SERVICE_ROLE,
  18: [
    ['Z24 by its DTM+469', ersteinbau({ startdatum: '2026-05-01T22:00:00Z' }), true],
    ['Z19 by its DTM+76', ersteinbau({ lieferdatum: '2026-05-02' }), false],
    ['Z19 by statusObjekt', report('21029', [{ statusObjekt: 'ERSTEINBAUIMS', auftragsstatus: 'Z17' }]), false],
    ['neither shows', ersteinbau({}), undefined],
  ],
  19: [
    ['Z19 by its RFF+Z45', ersteinbau({ referenzArtikelID: '4-02-0-004', lieferdatum: '2026-05-02' }), true],
    ['Z24 by statusObjekt', report('21029', [{ statusObjekt: 'ERSTEINBAUMME', auftragsstatus: 'GEPLANT' }]), false],
    ['neither shows', ersteinbau({}), undefined],
  ],
  20: roleCases('LF'),
  23: [
    ['widersprochen A09', lieferschein('WIDERSPROCHEN', 'A09'), true],
    ['Z31 A16', lieferschein('Z31', 'A16'), true],
    ['widersprochen A01', lieferschein('WIDERSPROCHEN', 'A01'), false],
    ['zugestimmt', lieferschein('ZUGESTIMMT', 'A09'), false],
  ],
  26: roleCases('NB'),
  29: NO_SERVICE_ROLE,
  30: answerCases('21033', { auftragsstatus: 'ABGELEHNT' }, 'A07', 'E_0207', { auftragsstatus: 'Z13' }),
  31: [
    ['KWH', menge('KWH'), true],
    ['K3', menge('K3'), true],
    ['KVARH', menge('KVARH'), true],
    ['KWT', menge('KWT'), false],
    ['no QTY', EMPTY, false],
    ['unknown unit', menge('Liter'), undefined],
  ],
  32: [
    ['KWT', menge('KWT'), true],
    ['KVAR', menge('KVAR'), true],
    ['KWH', menge('KWH'), false],
  ],
  33: [
    ['DTM+163', context({ stammdaten: {}, transaktionsdaten: { verwendungAb: '2026-03-31T22:00:00Z' } }), true],
    ['none', EMPTY, false],
  ],
  49: [
    ['zugestimmt', lieferschein('ZUGESTIMMT'), true],
    ['widersprochen', lieferschein('WIDERSPROCHEN'), false],
    ['unreadable', lieferschein('Vielleicht'), undefined],
  ],
  50: [
    ['widersprochen', lieferschein('Z31'), true],
    ['zugestimmt', lieferschein('Z30'), false],
  ],
  76: NO_SERVICE_ROLE,
  77: [
    ['Sperren erfolgreich', report('21039', [sperren('ERFOLGREICH')]), true],
    ['Z37 Z14 as codes', report('21039', [{ statusObjekt: 'Z37', auftragsstatus: 'Z14' }]), true],
    ['Sperren gescheitert', report('21039', [sperren('GESCHEITERT')]), false],
    ['Entsperren erfolgreich', report('21039', [entsperren('ERFOLGREICH')]), false],
    ['no statusObjekt', report('21039', [{ auftragsstatus: 'ERFOLGREICH' }]), undefined],
    ['no STS', report('21039', []), false],
  ],
  78: [
    ['only Sperren', report('21039', [sperren('Z14')]), true],
    ['Entsperren too', report('21039', [sperren('Z14'), entsperren('Z14')]), false],
    ['no statusObjekt', report('21039', [{ auftragsstatus: 'Z14' }]), undefined],
  ],
  79: [
    ['only Entsperren', report('21039', [entsperren('Z14')]), true],
    ['Sperren', report('21039', [sperren('Z13')]), false],
  ],
  80: [
    ['Entsperren erfolgreich', report('21039', [sperren('Z13'), entsperren('ERFOLGREICH')]), true],
    ['Entsperren gescheitert', report('21039', [entsperren('GESCHEITERT')]), false],
    ['21040 (Z39) is not Z38', report('21040', [entsperren('ERFOLGREICH')]), false],
  ],
  83: [
    ...answerCases('21039', sperren('GESCHEITERT'), 'A05', 'E_0472', sperren('ERFOLGREICH')),
    [
      'two SG15, answer of the other',
      report('21039', [sperren('Z13'), entsperren('Z13')], answer('A02', 'E_0499')),
      undefined,
    ],
    ['two SG15, answer matches', report('21039', [sperren('Z13'), entsperren('Z14')], answer('A04', 'E_0472')), true],
  ],
  84: answerCases('21039', entsperren('GESCHEITERT'), 'A02', 'E_0499', entsperren('ERFOLGREICH')),
  85: answerCases('21039', sperren('ABGELEHNT'), 'A01', 'E_0501', sperren('GESCHEITERT')),
  91: ebdCases('E_0472', 'E_1003'),
  92: ebdCases('E_0501', 'E_1002'),
  93: [
    ['Sperren gescheitert', report('21039', [sperren('GESCHEITERT')]), true],
    ['Sperren abgelehnt', report('21039', [sperren('ABGELEHNT')]), false],
  ],
  94: [
    ['Sperren erfolgreich', report('21039', [sperren('Z14')]), true],
    ['Sperren gescheitert', report('21039', [sperren('Z13')]), false],
  ],
  95: ebdCases('E_0499', 'E_1005'),
  96: ebdCases('E_0487', 'E_0499'),
  97: [
    ['Entsperren gescheitert', report('21039', [entsperren('GESCHEITERT')]), true],
    ['Entsperren erfolgreich', report('21039', [entsperren('ERFOLGREICH')]), false],
  ],
  98: [
    ['Entsperren erfolgreich', report('21039', [entsperren('Z14')]), true],
    ['Sperren erfolgreich', report('21039', [sperren('Z14')]), false],
  ],
  99: ebdCases('E_0487', 'E_1020'),
  103: [
    ['no DE1131', report('21025', [{ auftragsstatus: 'GESCHEITERT' }], { antwortstatus: 'Z74' }), true],
    ['DE1131', report('21025', [{ auftragsstatus: 'GESCHEITERT' }], answer('A99', 'E_0286')), false],
    ['two SG15', report('21025', [{ auftragsstatus: 'Z13' }, { auftragsstatus: 'Z13' }]), undefined],
  ],
  107: [
    ['Sperren abgelehnt', report('21039', [sperren('Z32')]), true],
    ['Entsperren', report('21039', [entsperren('Z13')]), false],
  ],
  117: roleCases('MSB'),
  129: answerCases('21033', { auftragsstatus: 'ABGELEHNT' }, 'A99', 'E_0524', { auftragsstatus: 'GESCHEITERT' }),
  130: answerCases('21033', { auftragsstatus: 'Z32' }, 'A99', 'E_0531', { auftragsstatus: 'Z14' }),
  131: answerCases('21039', sperren('Z13'), 'A06', 'E_1003', sperren('Z32')),
  132: answerCases('21039', sperren('Z32'), 'A01', 'E_1002', entsperren('Z32')),
  133: ebdCases('E_1003', 'E_0472'),
  134: ebdCases('E_1002', 'E_0501'),
  136: answerCases('21039', entsperren('Z13'), 'A02', 'E_1005', sperren('Z13')),
  137: ebdCases('E_1005', 'E_0499'),
  138: ebdCases('E_1020', 'E_0487'),
  139: ebdCases('E_1020', 'E_1005'),
  144: [
    ['no RFF+Z45', ersteinbau({ lieferdatum: '2026-05-02' }), true],
    ['RFF+Z45', ersteinbau({ referenzArtikelID: '4-02-0-004' }), false],
  ],
  145: [
    ['no RFF+Z17', ersteinbau({ lieferdatum: '2026-05-02' }), true],
    ['RFF+Z17', ersteinbau({ referenzPreisschluesselstamm: 'FX12' }), false],
  ],
  149: [
    ['E_0207', report('21033', [{ auftragsstatus: 'ABGELEHNT' }], answer('A07', 'E_0207')), true],
    ['E_0278', report('21033', [{ auftragsstatus: 'ABGELEHNT' }], answer('A99', 'E_0278')), false],
  ],
  150: [
    ['E_0278', report('21033', [{ auftragsstatus: 'ABGELEHNT' }], answer('A99', 'E_0278')), true],
    ['E_0281', report('21033', [{ auftragsstatus: 'ABGELEHNT' }], answer('A99', 'E_0281')), false],
  ],
  151: answerCases('21033', { auftragsstatus: 'ABGELEHNT' }, 'A99', 'E_0278', { auftragsstatus: 'ERFOLGREICH' }),
  152: answerCases('21033', { auftragsstatus: 'ABGELEHNT' }, 'A99', 'E_0281', { auftragsstatus: 'ERFOLGREICH' }),
  153: [
    ['E_0286', report('21025', [{ auftragsstatus: 'GESCHEITERT' }], answer('A99', 'E_0286')), true],
    ['no DE1131', report('21025', [{ auftragsstatus: 'GESCHEITERT' }], { antwortstatus: 'Z74' }), false],
  ],
  154: [
    ...answerCases('21025', { auftragsstatus: 'GESCHEITERT' }, 'A99', 'E_0286', { auftragsstatus: 'ERFOLGREICH' }),
    [
      '21024 by statusObjekt',
      report('21024', [{ statusObjekt: 'UMBAUMELO', auftragsstatus: 'Z13' }], answer('A99', 'E_0286')),
      true,
    ],
  ],
};

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

interface RuleData {
  rules: { pruefidentifikator: string; message?: string }[];
}

/** Every text the IFTSTA AHB tables of a format version give each condition key (`lines[].conditions`: `[n] text`). */
function ahbTexts(formatVersion: string, data: RuleData): Map<number, Set<string>> {
  const texts = new Map<number, Set<string>>();
  for (const rule of data.rules.filter((candidate) => candidate.message === 'IFTSTA')) {
    const file = path.join(REFERENCE_DIR, 'ahb', formatVersion, `AHB_${formatVersion}_${rule.pruefidentifikator}.json`);
    if (!fs.existsSync(file)) continue;
    const ahb = JSON.parse(fs.readFileSync(file, 'utf8')) as { lines: { conditions?: string }[] };
    for (const line of ahb.lines) {
      for (const match of (line.conditions ?? '').matchAll(/\[(\d+)\]([\s\S]*?)(?=\n\[[^\]]+\]|$)/g)) {
        const key = Number(match[1]);
        const known = texts.get(key) ?? new Set<string>();
        known.add(normalise(match[2]));
        texts.set(key, known);
      }
    }
  }
  return texts;
}

describe('IFTSTA requirement conditions', () => {
  it('lists each key once', () => {
    const keys = [...IFTSTA_CONDITIONS, ...IFTSTA_UNDECIDABLE].map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    ['FV2510', RULES_FV2510 as RuleData],
    ['FV2604', RULES_FV2604 as RuleData],
  ])('writes each entry for the text the %s IFTSTA AHB gives its key', (formatVersion, data) => {
    const texts = ahbTexts(formatVersion, data);
    expect(texts.size).toBeGreaterThan(0);
    for (const entry of [...IFTSTA_CONDITIONS, ...IFTSTA_UNDECIDABLE]) {
      expect({ key: entry.key, known: texts.get(entry.key)?.has(normalise(entry.text)) ?? false }).toEqual({
        key: entry.key,
        known: true,
      });
    }
  });

  it('gives every undecidable entry a reason', () => {
    for (const entry of IFTSTA_UNDECIDABLE) expect(entry.reason.trim()).not.toBe('');
  });

  it('has test cases for every decided entry, fulfilled (but for roles the service never has) and not fulfilled', () => {
    for (const entry of IFTSTA_CONDITIONS) {
      const outcomes = (CASES[entry.key] ?? []).map(([, , expected]) => expected);
      const fulfilled = outcomes.includes(true) || NEVER_FULFILLED.includes(entry.key);
      expect({ key: entry.key, fulfilled, unfulfilled: outcomes.includes(false) }).toEqual({
        key: entry.key,
        fulfilled: true,
        unfulfilled: true,
      });
    }
  });

  const table = IFTSTA_CONDITIONS.flatMap((entry) =>
    (CASES[entry.key] ?? []).map(([label, ctx, expected]) => [entry.key, label, entry, ctx, expected] as const),
  );
  it.each(table)('[%i] %s', (_key, _label, entry, ctx, expected) => {
    expect(entry.decide(ctx)).toBe(expected);
  });
});
