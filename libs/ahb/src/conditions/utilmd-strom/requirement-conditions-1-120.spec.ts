import { ahbConditionTexts, normaliseWhitespace as normalise } from '../../../test/ahb-condition-texts';
import { conditionContext, type ContextOptions as Options } from '../../../test/condition-context';
import type { ConditionContext, Decision } from '../condition-context';
import { CONDITIONS_1_120, UNDECIDABLE_1_120 } from './requirement-conditions-1-120';

/** The requirement conditions of keys 1..120 that the FV2604 UTILMD AHBs use in the catalogued PIs. */
const KEYS_OF_RANGE = [
  4, 5, 7, 8, 9, 10, 11, 12, 18, 21, 22, 23, 24, 27, 32, 33, 35, 36, 38, 39, 40, 41, 42, 43, 44, 46, 48, 49, 55, 57, 58,
  60, 61, 62, 63, 64, 65, 67, 73, 74, 75, 79, 83, 84, 85, 87, 88, 89, 90, 91, 92, 93, 95, 96, 97, 98, 99, 101, 102, 103,
  104, 105, 106, 108, 111, 112, 113, 114, 115, 116, 118, 119, 120,
];

const context = (body: unknown, options: Options = {}): ConditionContext => conditionContext(body, options, 'NB');

/** A body holding `object` as the only `stammdaten[key]` element, evaluated for that object. */
function inObject(key: string, object: Record<string, unknown>): [unknown, Options] {
  return [{ stammdaten: { [key]: [object] } }, { scope: { key, object } }];
}

function transaction(transaktionsdaten: Record<string, unknown>): unknown {
  return { stammdaten: {}, transaktionsdaten };
}

function stammdaten(data: Record<string, unknown>): unknown {
  return { stammdaten: data, transaktionsdaten: {} };
}

type Case = readonly [key: number, name: string, body: unknown, options: Options, expected: Decision];

const EMPTY = transaction({});
const bilanzierung = (object: Record<string, unknown>) => inObject('BILANZIERUNG', object);
const marktlokation = (object: Record<string, unknown>) => inObject('MARKTLOKATION', object);
const notInScope: Options = { scope: { key: 'MESSLOKATION', object: {} } };

const CASES: readonly Case[] = [
  [4, 'receiver LF', EMPTY, { receiverRole: 'LF' }, true],
  [4, 'receiver NB', EMPTY, { receiverRole: 'NB' }, false],

  [5, 'sender LF', EMPTY, { senderRoles: ['LF'] }, true],
  [5, 'sender LFA', EMPTY, { senderRoles: ['LFA'] }, true],
  [5, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, false],
  [5, 'several senders', EMPTY, { senderRoles: ['NB', 'LF', 'MSB'] }, undefined],
  [5, 'direction unknown', EMPTY, { senderRoles: [] }, undefined],

  [7, 'ZH1', transaction({ transaktionsgrund: 'ZH1' }), {}, true],
  [7, 'E01', transaction({ transaktionsgrund: 'E01' }), {}, false],
  [7, 'no STS+7', EMPTY, {}, false],

  [9, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, true],
  [9, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],
  [9, 'several senders', EMPTY, { senderRoles: ['NB', 'MSB'] }, undefined],

  [10, 'befristet', transaction({ transaktionsgrundergaenzungBefristeteAnmeldung: 'E03' }), {}, true],
  [10, 'unbefristet', transaction({ transaktionsgrund: 'E03', transaktionsgrundergaenzung: 'ZW4' }), {}, false],
  [
    10,
    'unfamiliar filler',
    transaction({ transaktionsgrundergaenzungBefristeteAnmeldung: 'KEINE_BEFRISTUNG' }),
    {},
    undefined,
  ],

  [11, 'ZG9', transaction({ transaktionsgrund: 'ZG9' }), {}, false],
  [11, 'E01', transaction({ transaktionsgrund: 'E01' }), {}, true],

  [12, 'DTM+471 absent', transaction({ vertragsende: '2025-01-01T00:00:00Z' }), {}, true],
  [12, 'DTM+471 present', transaction({ endezumtermin: '2025-01-01T00:00:00Z' }), {}, false],

  [18, 'DTM+93 absent', transaction({ endezumtermin: '2025-01-01T00:00:00Z' }), {}, true],
  [18, 'DTM+93 in transaktionsdaten', transaction({ vertragsende: '2025-01-01T00:00:00Z' }), {}, false],
  [
    18,
    'DTM+93 in NETZNUTZUNGSVERTRAG',
    stammdaten({ NETZNUTZUNGSVERTRAG: [{ vertragsende: '2025-01-01T00:00:00Z' }] }),
    {},
    false,
  ],

  [21, 'PROFILE', ...bilanzierung({ prognosegrundlage: 'PROFILE' }), true],
  [21, 'ZA6', ...bilanzierung({ prognosegrundlage: 'ZA6' }), true],
  [21, 'WERTE', ...bilanzierung({ prognosegrundlage: 'WERTE' }), false],
  [21, 'none', ...bilanzierung({}), false],
  [21, 'unknown spelling', ...bilanzierung({ prognosegrundlage: 'SOMETHING_ELSE' }), undefined],
  [21, 'other scope', { stammdaten: { BILANZIERUNG: [{ prognosegrundlage: 'PROFILE' }] } }, notInScope, undefined],
  [21, 'no scope', { stammdaten: { BILANZIERUNG: [{ prognosegrundlage: 'PROFILE' }] } }, {}, undefined],

  [23, 'A05', transaction({ antwortstatus: 'A05' }), {}, true],
  [23, 'A99 with Zeitraum-ID', transaction({ antwortStatusZeitraum: [{ code: 'A99', zeitraumId: '1' }] }), {}, true],
  [23, 'A01', transaction({ antwortstatus: 'A01' }), {}, false],
  [23, 'no STS+E01', EMPTY, {}, false],

  [24, 'A25', transaction({ antwortstatus: 'A25' }), {}, true],
  [24, 'A05', transaction({ antwortstatus: 'A05' }), {}, false],

  [
    27,
    'T',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: '03MT' } } }] }),
    {},
    true,
  ],
  [
    27,
    'R',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: '14TR' } } }] }),
    {},
    true,
  ],
  [
    27,
    'Q',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: '03MQ' } } }] }),
    {},
    false,
  ],
  [27, 'no DTM+Z01', EMPTY, {}, false],
  [
    27,
    'not ZZRB',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: 'P3M' } } }] }),
    {},
    undefined,
  ],

  [
    35,
    'T',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: '03MT' } } }] }),
    {},
    true,
  ],
  [
    35,
    'R',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: '14TR' } } }] }),
    {},
    false,
  ],

  [
    42,
    'two SEQ+ZH0',
    stammdaten({
      MARKTLOKATION: [
        {
          erforderlichesProduktpaket: [
            { produktpaketId: '1', umsetzungsgradvorgabe: 'Z01', priorisierung: 'Z75' },
            { produktpaketId: '2', umsetzungsgradvorgabe: 'Z02', priorisierung: 'Z76' },
          ],
        },
      ],
    }),
    {},
    true,
  ],
  [
    42,
    'one SEQ+ZH0',
    stammdaten({
      MARKTLOKATION: [{ erforderlichesProduktpaket: [{ produktpaketId: '1', umsetzungsgradvorgabe: 'Z01' }] }],
    }),
    {},
    false,
  ],

  [43, 'A13', transaction({ antwortstatus: 'A13' }), {}, true],
  [43, 'A14', transaction({ antwortstatus: 'A14' }), {}, false],

  [48, 'A99', transaction({ antwortstatus: 'A99' }), {}, true],
  [48, 'A05', transaction({ antwortstatus: 'A05' }), {}, false],

  [49, 'E14', transaction({ antwortstatus: 'E14' }), {}, true],
  [49, 'E15', transaction({ antwortstatus: 'E15' }), {}, false],

  [55, 'A06', transaction({ antwortstatus: 'A06' }), {}, true],
  [55, 'A05', transaction({ antwortstatus: 'A05' }), {}, false],

  [
    57,
    'ZD9',
    ...inObject('NETZLOKATION', { abrechnungsdaten: [{ artikelId: '1-01-1', abrechnungBlindarbeit: true }] }),
    true,
  ],
  [
    57,
    'ZE0',
    ...inObject('NETZLOKATION', { abrechnungsdaten: [{ artikelId: '1-01-1', abrechnungBlindarbeit: false }] }),
    false,
  ],
  [
    57,
    'SG8 groups differ',
    ...inObject('NETZLOKATION', {
      abrechnungsdaten: [{ abrechnungBlindarbeit: true }, { abrechnungBlindarbeit: false }],
    }),
    undefined,
  ],
  [
    57,
    'other scope',
    stammdaten({ NETZLOKATION: [{ abrechnungsdaten: [{ abrechnungBlindarbeit: true }] }] }),
    notInScope,
    undefined,
  ],

  [60, 'Z90', transaction({ kategorie: 'Z90' }), {}, true],
  [60, 'E02', transaction({ kategorie: 'E02' }), {}, false],

  [61, 'Z89', transaction({ kategorie: 'Z89' }), {}, true],
  [61, 'E01', transaction({ kategorie: 'E01' }), {}, false],

  [63, 'A15', transaction({ antwortstatus: 'A15' }), {}, true],
  [63, 'A16', transaction({ antwortstatus: 'A16' }), {}, false],

  [
    64,
    'two 1-08 articles',
    stammdaten({
      MARKTLOKATION: [
        {
          netznutzungsabrechnungsdaten: [{ artikelId: '1-08-1-001' }, { artikelId: '1-08-5' }, { artikelId: '1-01-1' }],
        },
      ],
    }),
    {},
    true,
  ],
  [
    64,
    'one 1-08 article',
    stammdaten({
      MARKTLOKATION: [{ netznutzungsabrechnungsdaten: [{ artikelId: '1-08-1-001' }, { artikelId: '1-08-6' }] }],
    }),
    {},
    false,
  ],

  [65, '1-08-3', ...marktlokation({ netznutzungsabrechnungsdaten: [{ artikelId: '1-08-3-001' }] }), true],
  [65, '1-01-1', ...marktlokation({ netznutzungsabrechnungsdaten: [{ artikelId: '1-01-1' }] }), false],
  [
    65,
    'SG8 groups differ',
    ...marktlokation({ netznutzungsabrechnungsdaten: [{ artikelId: '1-08-3' }, { artikelId: '1-01-1' }] }),
    undefined,
  ],
  [65, 'other scope', stammdaten({}), notInScope, undefined],

  [
    67,
    'other code',
    stammdaten({
      MARKTLOKATION: [{ erforderlichesProduktpaket: [{ produkt: [{ codeProdukteigenschaft: '9991000002420' }] }] }],
    }),
    {},
    true,
  ],
  [67, 'no SEQ+Z79', EMPTY, {}, true],
  [
    67,
    'ruhende MaLo',
    stammdaten({
      MARKTLOKATION: [{ erforderlichesProduktpaket: [{ produkt: [{ codeProdukteigenschaft: '9991000002933' }] }] }],
    }),
    {},
    false,
  ],

  [74, 'PIA+5', ...marktlokation({ konfigurationsprodukt: '9991000000713' }), true],
  [74, 'no PIA+5', ...marktlokation({ konfigurationsprodukt: null }), false],
  [74, 'unfamiliar value', ...marktlokation({ konfigurationsprodukt: 'ZF6' }), undefined],
  [74, 'other scope', stammdaten({}), notInScope, undefined],

  [75, '721', ...marktlokation({ konfigurationsprodukt: '9991000000721' }), true],
  [75, '713', ...marktlokation({ konfigurationsprodukt: '9991000000713' }), false],
  [75, 'other scope', stammdaten({}), notInScope, undefined],

  [79, 'Z33', transaction({ transaktionsgrund: 'Z33' }), {}, true],
  [79, 'ZQ7', transaction({ transaktionsgrund: 'ZQ7' }), {}, false],

  [83, 'A16', transaction({ antwortstatus: 'A16' }), {}, true],
  [83, 'A15', transaction({ antwortstatus: 'A15' }), {}, false],

  [84, 'A57', transaction({ antwortstatus: 'A57' }), {}, true],
  [84, 'A99', transaction({ antwortstatus: 'A99' }), {}, false],

  [
    85,
    'M',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: '01MM' } } }] }),
    {},
    true,
  ],
  [
    85,
    'T',
    stammdaten({ ENERGIELIEFERVERTRAG: [{ vertragskonditionen: { kuendigungsfrist: { zeitraumText: '03MT' } } }] }),
    {},
    false,
  ],

  [
    90,
    'TLP and SLP',
    ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['TLP_TEP', 'SLP_SEP'] }),
    true,
  ],
  [90, 'codes', ...bilanzierung({ prognosegrundlage: 'ZA6', detailsPrognosegrundlage: ['E14', 'E02'] }), true],
  [90, 'SLP only', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['SLP_SEP'] }), false],
  [90, 'other scope', stammdaten({}), notInScope, undefined],

  [
    91,
    'TLP and SLP',
    ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['TLP_TEP', 'SLP_SEP'] }),
    false,
  ],
  [91, 'SLP only', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['SLP_SEP'] }), true],
  [91, 'other scope', stammdaten({}), notInScope, undefined],

  [
    95,
    'E-Mobilität at a TR',
    ...inObject('TECHNISCHE_RESSOURCE', { art: 'STROMVERBRAUCH', verbrauchsart: ['EMOB'] }),
    true,
  ],
  [
    95,
    'Kraft/Licht at a TR',
    ...inObject('TECHNISCHE_RESSOURCE', { art: 'STROMVERBRAUCH', verbrauchsart: ['Z64'] }),
    false,
  ],
  [95, 'E-Mobilität at a MaLo', ...marktlokation({ zaehlwerke: [{ verbrauchsart: ['ZE5'] }] }), true],
  [95, 'Wärme at a MaLo', ...marktlokation({ zaehlwerke: [{ verbrauchsart: ['WK'] }] }), false],
  [
    95,
    'MaLo Zählwerke differ',
    ...marktlokation({ zaehlwerke: [{ verbrauchsart: ['EMOB'] }, { verbrauchsart: ['KL'] }] }),
    undefined,
  ],
  [95, 'other scope', stammdaten({}), notInScope, undefined],

  [96, 'ZAP', transaction({ transaktionsgrund: 'E03', transaktionsgrundergaenzung: 'ZAP' }), {}, true],
  [96, 'ZW4', transaction({ transaktionsgrund: 'E03', transaktionsgrundergaenzung: 'ZW4' }), {}, false],

  [
    97,
    'Marktprämie',
    stammdaten({
      MARKTLOKATION: [{ erforderlichesProduktpaket: [{ produkt: [{ codeProdukteigenschaft: '9991000002420' }] }] }],
    }),
    {},
    true,
  ],
  [
    97,
    'other code',
    stammdaten({
      MARKTLOKATION: [{ erforderlichesProduktpaket: [{ produkt: [{ codeProdukteigenschaft: '9991000002933' }] }] }],
    }),
    {},
    false,
  ],

  [98, 'sender NB', EMPTY, { senderRoles: ['NB'] }, true],
  [98, 'sender NB and NBA', EMPTY, { senderRoles: ['NB', 'NBA'] }, true],
  [98, 'sender LF', EMPTY, { senderRoles: ['LF'] }, false],
  [98, 'direction unknown', EMPTY, {}, undefined],

  [99, 'sender ÜNB', EMPTY, { senderRoles: ['ÜNB'] }, true],
  [99, 'sender LF', EMPTY, { senderRoles: ['LF'] }, false],
  [99, 'several senders', EMPTY, { senderRoles: ['LF', 'MSB', 'ÜNB'] }, undefined],

  [101, 'TEP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['TEP'] }), true],
  [101, 'TLP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['E14'] }), true],
  [101, 'SLP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['SLP_SEP'] }), false],
  [101, 'WERTE', ...bilanzierung({ prognosegrundlage: 'WERTE' }), false],
  [101, 'other scope', stammdaten({}), notInScope, undefined],

  [102, 'TEP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['TEP'] }), true],
  [102, 'TLP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['TLP_TEP'] }), false],
  [102, 'other scope', stammdaten({}), notInScope, undefined],

  [106, 'SLP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['SLP_SEP'] }), true],
  [106, 'TLP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['TLP_TEP'] }), false],
  [106, 'other scope', stammdaten({}), notInScope, undefined],

  [108, '1-08-2', ...marktlokation({ netznutzungsabrechnungsdaten: [{ artikelId: '1-08-2' }] }), true],
  [108, '1-02-0', ...marktlokation({ netznutzungsabrechnungsdaten: [{ artikelId: '1-02-0-001' }] }), false],
  [108, 'other scope', stammdaten({}), notInScope, undefined],

  [111, 'no PIA+5', ...marktlokation({}), true],
  [111, 'PIA+5', ...marktlokation({ konfigurationsprodukt: '9991000000713' }), false],
  [111, 'other scope', stammdaten({}), notInScope, undefined],

  [114, 'NSP', ...marktlokation({ netzebene: 'NSP', umspannung: 'MSP_NSP_UMSP' }), true],
  [114, 'E06', ...marktlokation({ netzebene: 'E06' }), true],
  [114, 'MSP', ...marktlokation({ netzebene: 'MSP' }), false],
  [114, 'an Umspannung name', ...marktlokation({ netzebene: 'MSP_NSP_UMSP' }), undefined],
  [114, 'other scope', stammdaten({}), notInScope, undefined],

  [115, 'MSP', ...marktlokation({ netzebene: 'MSP' }), true],
  [115, 'HSP', ...marktlokation({ netzebene: 'HSP' }), false],
  [115, 'other scope', stammdaten({}), notInScope, undefined],

  [116, 'HSP', ...marktlokation({ netzebene: 'HSP' }), true],
  [116, 'E03', ...marktlokation({ netzebene: 'E03' }), false],
  [116, 'other scope', stammdaten({}), notInScope, undefined],

  [118, 'SLP', ...bilanzierung({ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['SLP_SEP'] }), true],
  [118, 'WERTE', ...bilanzierung({ prognosegrundlage: 'WERTE' }), false],
  [118, 'other scope', stammdaten({}), notInScope, undefined],

  [
    119,
    'one BILANZIERUNG with SLP',
    stammdaten({
      BILANZIERUNG: [
        { lastprofile: [{ bezeichnung: 'H0' }] },
        { prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['SLP_SEP'] },
      ],
    }),
    {},
    true,
  ],
  [
    119,
    'TLP',
    stammdaten({ BILANZIERUNG: [{ prognosegrundlage: 'PROFILE', detailsPrognosegrundlage: ['TLP_TEP'] }] }),
    {},
    false,
  ],
  [119, 'no BILANZIERUNG', EMPTY, {}, false],
];

/** The entries that look at "this SG8" (`inThis`): undecided without a scope. */
const SCOPED_KEYS = [21, 57, 65, 74, 75, 90, 91, 95, 101, 102, 106, 108, 111, 114, 115, 116, 118];

const DECIDED = new Map(CONDITIONS_1_120.map((entry) => [entry.key, entry]));

describe('requirement conditions 1..120', () => {
  it.each(CASES)('[%i] %s', (key, _name, body, options, expected) => {
    const entry = DECIDED.get(key);
    expect(entry).toBeDefined();
    expect(entry?.decide(context(body, options))).toBe(expected);
  });

  it('covers every key of the range exactly once', () => {
    const keys = [...CONDITIONS_1_120, ...UNDECIDABLE_1_120].map((entry) => entry.key);
    expect([...keys].sort((a, b) => a - b)).toEqual(KEYS_OF_RANGE);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every entry a text the FV2604 AHB gives its key', () => {
    const texts = ahbConditionTexts(['FV2604']);
    for (const entry of [...CONDITIONS_1_120, ...UNDECIDABLE_1_120]) {
      expect({ key: entry.key, known: texts.get(entry.key)?.has(normalise(entry.text)) ?? false }).toEqual({
        key: entry.key,
        known: true,
      });
    }
  });

  it.each(SCOPED_KEYS)('[%i] is undecided when the rule is evaluated for no business object', (key) => {
    const body = stammdaten({
      BILANZIERUNG: [{ prognosegrundlage: 'PROFILE' }],
      MARKTLOKATION: [{ netzebene: 'NSP' }],
    });
    expect(DECIDED.get(key)?.decide(context(body))).toBeUndefined();
  });

  it('gives every undecidable entry a reason', () => {
    for (const entry of UNDECIDABLE_1_120) expect(entry.reason.trim()).not.toBe('');
  });

  it('has a fulfilled and an unfulfilled case for every decided entry', () => {
    for (const entry of CONDITIONS_1_120) {
      const outcomes = CASES.filter(([key]) => key === entry.key).map(([, , , , expected]) => expected);
      expect({ key: entry.key, fulfilled: outcomes.includes(true), unfulfilled: outcomes.includes(false) }).toEqual({
        key: entry.key,
        fulfilled: true,
        unfulfilled: true,
      });
    }
  });
});
