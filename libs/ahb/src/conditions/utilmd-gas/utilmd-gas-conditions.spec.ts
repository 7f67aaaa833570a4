import { ahbConditionTexts, messagePis, normaliseWhitespace as normalise } from '../../../test/ahb-condition-texts';
import { CONDITION_CATALOGUE, entryFor } from '../catalogue';
import type { ConditionContext, Decision } from '../condition-context';
import { UTILMD_GAS_CONDITIONS, UTILMD_GAS_UNDECIDABLE } from './utilmd-gas-conditions';

type Scope = { readonly key: string; readonly object: unknown };

function context(body: unknown, scope?: Scope): ConditionContext {
  return { body, scope, receiverRole: 'NB', senderRoles: [] };
}

/** A body holding `object` as the only `stammdaten[key]` element, evaluated for that object. */
function inObject(key: string, object: Record<string, unknown>): [unknown, Scope] {
  return [{ stammdaten: { [key]: [object] } }, { key, object }];
}

function transaction(transaktionsdaten: Record<string, unknown>): unknown {
  return { stammdaten: {}, transaktionsdaten };
}

function stammdaten(data: Record<string, unknown>): unknown {
  return { stammdaten: data, transaktionsdaten: {} };
}

const EMPTY = transaction({});
const MALO = '51238696788';
const MELO = 'DE0001234567890123456789012345678';
const bilanzkreise = (count: number) =>
  stammdaten({
    BILANZIERUNG: [{ bilanzkreise: Array.from({ length: count }, (_, index) => ({ bezeichnung: `37W${index}` })) }],
  });
const lastprofil = (herausgeber: string) =>
  stammdaten({ BILANZIERUNG: [{ lastprofile: [{ bezeichnung: 'D14', herausgeber }] }] });
const zaehlwerke = (...obis: string[]) =>
  inObject('ZAEHLER', { zaehlernummer: '123', zaehlwerke: obis.map((obisKennzahl) => ({ obisKennzahl })) });
const konzession = (...saetze: string[]) =>
  inObject('MARKTLOKATION', {
    zaehlwerke: saetze.map((satz) => ({ obisKennzahl: '7-0:3.0.0', konzessionsabgabe: { satz } })),
  });

type Case = readonly [
  key: number,
  name: string,
  body: unknown,
  scope: Scope | undefined,
  expected: Decision,
  text?: string,
];

const TEXT_10_FV2510 = 'Wenn SG4 STS+7++xxx+xxx+E01/E03 (Transaktionsgrund befristete Anmeldung) vorhanden';
const TEXT_203_SHORT = 'Wenn STS+7++E06 / Z39 / ZC6 / ZC7 / ZC6 / ZT6 / ZT7';
const TEXT_203_LONG = 'Wenn STS+7++E06 / Z39 / ZC6 / ZC7/ ZT6/ ZT7 vorhanden';

const CASES: readonly Case[] = [
  [9, 'ZE4', transaction({ transaktionsgrund: 'ZE4' }), undefined, false],
  [9, 'E01', transaction({ transaktionsgrund: 'E01' }), undefined, true],

  [
    10,
    'befristet',
    transaction({ transaktionsgrundergaenzungBefristeteAnmeldung: 'E03' }),
    undefined,
    true,
    TEXT_10_FV2510,
  ],
  [10, 'unbefristet', transaction({ transaktionsgrund: 'E03' }), undefined, false, TEXT_10_FV2510],

  [13, 'Z01', transaction({ antwortstatus: 'Z01' }), undefined, false],
  [13, 'A01', transaction({ antwortstatus: 'A01' }), undefined, true],
  [13, 'unfamiliar value', transaction({ antwortstatus: 'ZUSTIMMUNG' }), undefined, undefined],

  [16, 'Z12', transaction({ antwortstatus: 'Z12' }), undefined, true],
  [16, 'A01', transaction({ antwortstatus: 'A01' }), undefined, false],

  [19, 'WERTE', stammdaten({ BILANZIERUNG: [{ prognosegrundlage: 'WERTE' }] }), undefined, true],
  [19, 'ZC0', stammdaten({ BILANZIERUNG: [{ prognosegrundlage: 'ZC0' }] }), undefined, true],
  [19, 'PROFILE', stammdaten({ BILANZIERUNG: [{ prognosegrundlage: 'PROFILE' }] }), undefined, false],
  [19, 'no BILANZIERUNG', EMPTY, undefined, false],
  [19, 'unfamiliar value', stammdaten({ BILANZIERUNG: [{ prognosegrundlage: 'SONSTIGE' }] }), undefined, undefined],

  [
    24,
    'DTM+Z21',
    stammdaten({
      NETZNUTZUNGSVERTRAG: [{ vertragskonditionen: { netznutzungsabrechnung: { abrechnungsZeitraum: '0101' } } }],
    }),
    undefined,
    true,
  ],
  [
    24,
    'no DTM+Z21',
    stammdaten({ NETZNUTZUNGSVERTRAG: [{ vertragskonditionen: { startAbrechnungsjahr: '2026-01-01' } }] }),
    undefined,
    false,
  ],

  [25, 'MaLo only', stammdaten({ MARKTLOKATION: [{ marktlokationsId: MALO }] }), undefined, true],
  [25, 'MeLo only', stammdaten({ MESSLOKATION: [{ messlokationsId: MELO }] }), undefined, false],
  [
    25,
    'both',
    stammdaten({ MARKTLOKATION: [{ marktlokationsId: MALO }], MESSLOKATION: [{ messlokationsId: MELO }] }),
    undefined,
    undefined,
  ],
  [25, 'neither', EMPTY, undefined, undefined],
  [25, 'malformed MaLo-ID', stammdaten({ MARKTLOKATION: [{ marktlokationsId: '123' }] }), undefined, undefined],

  [26, 'MeLo only', stammdaten({ MESSLOKATION: [{ messlokationsId: MELO }] }), undefined, true],
  [26, 'MaLo only', stammdaten({ MARKTLOKATION: [{ marktlokationsId: MALO }] }), undefined, false],
  [
    26,
    'both',
    stammdaten({ MARKTLOKATION: [{ marktlokationsId: MALO }], MESSLOKATION: [{ messlokationsId: MELO }] }),
    undefined,
    undefined,
  ],

  [28, 'DTM+93 in transaktionsdaten', transaction({ vertragsende: '2026-05-01T00:00:00+02:00' }), undefined, true],
  [
    28,
    'DTM+93 in NETZNUTZUNGSVERTRAG',
    stammdaten({ NETZNUTZUNGSVERTRAG: [{ vertragsende: '2026-05-01T00:00:00+02:00' }] }),
    undefined,
    true,
  ],
  [28, 'no DTM+93', transaction({ endezumtermin: '2026-05-01T00:00:00+02:00' }), undefined, false],

  [32, 'E03', transaction({ kategorie: 'E03' }), undefined, true],
  [32, 'Z26', transaction({ kategorie: 'Z26' }), undefined, false],

  [46, 'TUM', lastprofil('TUM'), undefined, true],
  [46, '293', lastprofil('293'), undefined, true],
  [46, 'NB', lastprofil('NB'), undefined, false],
  [46, 'no Lastprofil', EMPTY, undefined, false],
  [46, 'unfamiliar herausgeber', lastprofil('DVGW'), undefined, undefined],

  [47, 'NB', lastprofil('NB'), undefined, true],
  [47, '89', lastprofil('89'), undefined, true],
  [47, 'TUM', lastprofil('TUM'), undefined, false],
  [47, 'unfamiliar herausgeber', lastprofil('DVGW'), undefined, undefined],

  [48, 'E14', transaction({ antwortstatus: 'E14' }), undefined, true],
  [48, 'A99', transaction({ antwortstatus: 'A99' }), undefined, false],

  [
    64,
    'DTM+158',
    stammdaten({ BILANZIERUNG: [{ bilanzierungsbeginn: '2026-05-01T00:00:00+02:00' }] }),
    undefined,
    true,
  ],
  [
    64,
    'no DTM+158',
    stammdaten({ BILANZIERUNG: [{ bilanzierungsende: '2026-05-01T00:00:00+02:00' }] }),
    undefined,
    false,
  ],

  [66, 'two', bilanzkreise(2), undefined, true],
  [66, 'one', bilanzkreise(1), undefined, false],
  [68, 'three', bilanzkreise(3), undefined, true],
  [68, 'two', bilanzkreise(2), undefined, false],
  [69, 'four', bilanzkreise(4), undefined, true],
  [69, 'three', bilanzkreise(3), undefined, false],
  [70, 'five', bilanzkreise(5), undefined, true],
  [70, 'four', bilanzkreise(4), undefined, false],
  [70, 'six', bilanzkreise(6), undefined, false],

  [77, 'no Gerätenummer', stammdaten({ ZAEHLER: [{ zaehlertyp: 'BGZ' }] }), undefined, true],
  [77, 'Gerätenummer', stammdaten({ ZAEHLER: [{ zaehlernummer: '4711' }] }), undefined, false],

  [78, 'E02', transaction({ transaktionsgrund: 'E02' }), undefined, false],
  [78, 'E03', transaction({ transaktionsgrund: 'E03' }), undefined, true],

  [106, 'PROFILE', ...inObject('BILANZIERUNG', { prognosegrundlage: 'PROFILE' }), true],
  [106, 'ZA6', ...inObject('BILANZIERUNG', { prognosegrundlage: 'ZA6' }), true],
  [106, 'WERTE', ...inObject('BILANZIERUNG', { prognosegrundlage: 'WERTE' }), false],
  [106, 'no scope', stammdaten({ BILANZIERUNG: [{ prognosegrundlage: 'PROFILE' }] }), undefined, undefined],

  [128, 'KAS', ...konzession('KAS'), true],
  [128, 'TAS and SAS', ...konzession('TAS', 'SAS'), true],
  [128, 'TA', ...konzession('TA'), false],
  [128, 'TA and TAS', ...konzession('TA', 'TAS'), undefined],
  [128, 'no Konzessionsabgabe', ...inObject('MARKTLOKATION', { zaehlwerke: [{ obisKennzahl: '7-0:3.0.0' }] }), false],

  [138, 'no Meldepunkt', stammdaten({ ZAEHLER: [{ zaehlernummer: '4711' }] }), undefined, true],
  [138, 'MeLo', stammdaten({ MESSLOKATION: [{ messlokationsId: MELO }] }), undefined, false],
  [138, 'MaLo', stammdaten({ MARKTLOKATION: [{ marktlokationsId: MALO }] }), undefined, false],

  [200, 'Z26', transaction({ kategorie: 'Z26' }), undefined, true],
  [200, 'E03', transaction({ kategorie: 'E03' }), undefined, false],

  [202, 'ZG2', transaction({ antwortstatus: 'ZG2' }), undefined, true],
  [202, 'A01', transaction({ antwortstatus: 'A01' }), undefined, false],

  [203, 'ZC6 (short text)', transaction({ transaktionsgrund: 'ZC6' }), undefined, true, TEXT_203_SHORT],
  [203, 'E01 (short text)', transaction({ transaktionsgrund: 'E01' }), undefined, false, TEXT_203_SHORT],
  [203, 'ZT7 (long text)', transaction({ transaktionsgrund: 'ZT7' }), undefined, true, TEXT_203_LONG],
  [203, 'E01 (long text)', transaction({ transaktionsgrund: 'E01' }), undefined, false, TEXT_203_LONG],

  [
    205,
    'no TUM Kundenwert',
    stammdaten({ BILANZIERUNG: [{ jahresverbrauchsprognose: { wert: 1000 } }] }),
    undefined,
    true,
  ],
  [205, 'TUM Kundenwert', stammdaten({ BILANZIERUNG: [{ kundenwert: { wert: 12.5 } }] }), undefined, false],

  [274, 'volume register', ...zaehlwerke('7-1:3.0.0'), true],
  [274, 'escaped colon', ...zaehlwerke('7-10?:13.2.0'), true],
  [274, 'other register', ...zaehlwerke('7-1:3.3.0'), false],
  [274, 'Strom register', ...zaehlwerke('1-1:1.8.1'), false],
  [274, 'registers differ', ...zaehlwerke('7-1:3.0.0', '7-1:99.0.0'), undefined],
  [274, 'no scope', stammdaten({ ZAEHLER: [{ zaehlwerke: [{ obisKennzahl: '7-1:3.0.0' }] }] }), undefined, undefined],

  [328, 'Z12', transaction({ identifikationslogik: 'Z12' }), undefined, true],
  [328, 'Z13', transaction({ identifikationslogik: 'Z13' }), undefined, false],
  [328, 'unfamiliar value', transaction({ identifikationslogik: 'MARKTLOKATIONS_ID' }), undefined, undefined],
  [333, 'Z13', transaction({ identifikationslogik: 'Z13' }), undefined, true],
  [333, 'no IMD', EMPTY, undefined, false],

  [345, 'MeLo only', stammdaten({ MESSLOKATION: [{ messlokationsId: MELO }] }), undefined, true],
  [345, 'MaLo only', stammdaten({ MARKTLOKATION: [{ marktlokationsId: MALO }] }), undefined, false],
  [
    345,
    'both',
    stammdaten({ MARKTLOKATION: [{ marktlokationsId: MALO }], MESSLOKATION: [{ messlokationsId: MELO }] }),
    undefined,
    undefined,
  ],

  [362, 'A17', transaction({ antwortstatus: 'A17' }), undefined, false],
  [362, 'A04', transaction({ antwortstatus: 'A04' }), undefined, true],

  [367, 'A04', transaction({ antwortstatus: 'A04' }), undefined, true],
  [367, 'A03', transaction({ antwortstatus: 'A03' }), undefined, false],
];

const ENTRIES = [...UTILMD_GAS_CONDITIONS, ...UTILMD_GAS_UNDECIDABLE];

/** The one entry of `key` (several only where the texts differ: the case then names its text). */
function entryOf(key: number, text: string | undefined) {
  const candidates = UTILMD_GAS_CONDITIONS.filter(
    (entry) => entry.key === key && (text === undefined || normalise(entry.text) === normalise(text)),
  );
  expect(candidates).toHaveLength(1);
  return candidates[0];
}

describe('UTILMD Gas requirement conditions', () => {
  // Rows of one length for jest (a shorter row would hand the test a `done` callback for the missing text).
  it.each(CASES.map((row) => [row[0], row[1], row] as const))(
    '[%i] %s',
    (_key, _name, [key, , body, scope, expected, text]) => {
      expect(entryOf(key, text).decide(context(body, scope))).toBe(expected);
    },
  );

  it('gives every entry a text the UTILMD Gas AHB gives its key (FV2510 or FV2604)', () => {
    const texts = ahbConditionTexts(['FV2510', 'FV2604'], messagePis('UTILMD_Gas'));
    expect(messagePis('UTILMD_Gas').size).toBeGreaterThan(80);
    for (const entry of ENTRIES) {
      expect({ key: entry.key, known: texts.get(entry.key)?.has(normalise(entry.text)) ?? false }).toEqual({
        key: entry.key,
        known: true,
      });
    }
  });

  it('keeps requirement conditions only, one entry per key and text', () => {
    const ids = ENTRIES.map((entry) => `${entry.key}|${normalise(entry.text)}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of ENTRIES) expect(entry.key >= 1 && entry.key <= 499).toBe(true);
  });

  it('gives every undecidable entry a reason', () => {
    for (const entry of UTILMD_GAS_UNDECIDABLE) expect(entry.reason.trim()).not.toBe('');
  });

  it('has a fulfilled and an unfulfilled case for every decided entry', () => {
    for (const entry of UTILMD_GAS_CONDITIONS) {
      const outcomes = CASES.filter(
        ([key, , , , , text]) => key === entry.key && (text === undefined || normalise(text) === normalise(entry.text)),
      ).map(([, , , , expected]) => expected);
      expect({
        key: entry.key,
        text: entry.text,
        fulfilled: outcomes.includes(true),
        unfulfilled: outcomes.includes(false),
      }).toEqual({
        key: entry.key,
        text: entry.text,
        fulfilled: true,
        unfulfilled: true,
      });
    }
  });

  it('is what the catalogue decides for these texts', () => {
    for (const entry of UTILMD_GAS_CONDITIONS) expect(entryFor(CONDITION_CATALOGUE, entry.key, entry.text)).toBe(entry);
  });
});
