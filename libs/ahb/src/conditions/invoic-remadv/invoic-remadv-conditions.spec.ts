import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REFERENCE_DIR } from '@maco/reference-samples';
import { conditionContext, type ContextOptions as Options } from '../../../test/condition-context';
import RULES_FV2510 from '../../data/ahb-rules-FV2510.json';
import RULES_FV2604 from '../../data/ahb-rules-FV2604.json';
import type { ConditionContext, ConditionEntry, Decision } from '../condition-context';
import {
  INVOIC_CONDITIONS,
  INVOIC_UNDECIDABLE,
  REMADV_CONDITIONS,
  REMADV_UNDECIDABLE,
} from './invoic-remadv-conditions';

const context = (body: unknown, options: Options = {}): ConditionContext => conditionContext(body, options);

type Case = readonly [key: number, name: string, body: unknown, options: Options, expected: Decision];

// ---------- INVOIC ----------

/** A body with `rechnung` as its only RECHNUNG, evaluated for it. */
function rechnung(
  object: Record<string, unknown>,
  transaktionsdaten: Record<string, unknown> = {},
): [unknown, Options] {
  return [{ stammdaten: { RECHNUNG: [object] }, transaktionsdaten }, { scope: { key: 'RECHNUNG', object } }];
}

const positions = (...rechnungspositionen: Record<string, unknown>[]) => rechnung({ rechnungspositionen });
const receiver = (empfaenger: Record<string, unknown>) => rechnung({}, { empfaenger });
const EMPTY = rechnung({});
const NO_SCOPE: Options = {};

const INVOIC_CASES: readonly Case[] = [
  [4, 'FTX+REG++RCH', ...rechnung({ istReverseCharge: true }), true],
  [4, 'no reverse charge', ...rechnung({ istReverseCharge: false }), false],
  [4, 'FTX+REG absent', ...EMPTY, undefined],

  [5, 'AT', ...receiver({ partneradresse: { landescode: 'AT' } }), true],
  [5, 'DE', ...receiver({ partneradresse: { landescode: 'DE' } }), false],
  [5, 'no address', ...receiver({ rollencodenummer: '9900000000003' }), undefined],
  [6, 'DE', ...receiver({ partneradresse: { landescode: 'DE' } }), true],
  [6, 'NL', ...receiver({ partneradresse: { landescode: 'NL' } }), false],
  [6, 'no address', ...EMPTY, undefined],

  [8, 'PRI+CAL …ANN', ...positions({ einzelpreis: { wert: 36, bezugswert: 'JAHR' } }), true],
  [8, 'PRI+CAL …DAY as code', ...positions({ einzelpreis: { wert: 1, bezugswert: 'DAY' } }), true],
  [8, 'price per kWh', ...positions({ einzelpreis: { wert: 0.3, bezugswert: 'KWH' } }), false],
  [8, 'no unit', ...positions({ einzelpreis: { wert: 14.5 } }), undefined],
  [
    8,
    'positions disagree',
    ...positions({ einzelpreis: { bezugswert: 'JAHR' } }, { einzelpreis: { bezugswert: 'KWH' } }),
    undefined,
  ],
  [8, 'no scope', rechnung({ rechnungspositionen: [{ einzelpreis: { bezugswert: 'JAHR' } }] })[0], NO_SCOPE, undefined],

  [9, 'no DTM+203', ...positions({ lieferungVon: '2026-01-01T00:00:00+01:00' }), true],
  [9, 'DTM+203 in one SG26', ...positions({}, { ausfuehrungsdatum: '2026-01-05T00:00:00+01:00' }), false],
  [10, 'no DTM+155/156', ...positions({ ausfuehrungsdatum: '2026-01-05T00:00:00+01:00' }), true],
  [10, 'DTM+156', ...positions({ lieferungBis: '2026-02-01T00:00:00+01:00' }), false],

  [12, 'QTY+136', ...positions({ zeitbezogeneMenge: { wert: 31, einheit: 'TAG' } }), true],
  [12, 'no QTY+136', ...positions({ positionsMenge: { wert: 40, einheit: 'KWH' } }), false],

  [14, 'Mehrmenge by name', ...positions({ artikelnummer: 'MEHRMENGE' }), true],
  [14, 'Mehrmenge by code', ...positions({ artikelnummer: '9990001000748' }), true],
  [14, 'another Artikelnummer', ...positions({ artikelnummer: 'GRUNDPREIS' }), false],
  [14, 'an Artikel-ID', ...positions({ artikelnummer: '1-01-1-001' }), false],
  [14, 'filler', ...positions({ artikelnummer: 'artikelnummer-5700XP' }), undefined],

  [17, 'DTM+Z11', ...rechnung({ beginnPeriodeBilanzierung: '2026-01-01T00:00:00+01:00' }), true],
  [17, 'no DTM+Z11', ...EMPTY, false],

  [18, 'IMD++ABR', ...rechnung({ rechnungstyp: 'ABSCHLUSSRECHNUNG' }), true],
  [18, 'IMD++WIM', ...rechnung({ rechnungstyp: 'WIMRECHNUNG' }), false],
  [18, 'unknown name', ...rechnung({ rechnungstyp: 'IRGENDWAS' }), undefined],
  [19, 'IMD++WIM as code', ...rechnung({ rechnungstyp: 'WIM' }), true],
  [19, 'no IMD', ...EMPTY, false],

  [20, 'MOA+9 0', ...rechnung({ zuZahlen: { wert: 0 } }), true],
  [20, 'MOA+9 negative', ...rechnung({ zuZahlen: { wert: -12.5 } }), false],
  [20, 'no MOA+9', ...EMPTY, undefined],
  [21, 'MOA+9 negative', ...rechnung({ zuZahlen: { wert: -12.5 } }), true],
  [21, 'MOA+9 positive', ...rechnung({ zuZahlen: { wert: 33 } }), false],

  [26, 'ALC+A+:Z04', ...positions({ abschlag: { typ: 'ANPASSUNG_P19_STROM_NEV' } }), true],
  [26, 'ALC+A+:Z01', ...positions({ abschlag: { typ: 'Z01' } }), false],
  [26, 'Zuschlag Z04 only', ...positions({ zuschlag: { typ: 'ANPASSUNG_P19_STROM_NEV' } }), false],
  [27, 'ALC+C', ...positions({ zuschlag: { typ: 'UMSPANNUNGSZUSCHLAG', prozent: 10 } }), true],
  [27, 'ALC+A only', ...positions({ abschlag: { typ: 'GEMEINDERABATT_KAV' } }), false],

  [29, '2015', ...rechnung({ rechnungsperiode: { startdatum: '2015-12-31T00:00:00+01:00' } }), true],
  [29, '2016', ...rechnung({ rechnungsperiode: { startdatum: '2016-01-01T00:00:00+01:00' } }), false],
  [29, 'no DTM+155', ...EMPTY, undefined],

  [30, 'service as LF', ...EMPTY, true],
  [31, 'service as NB', EMPTY[0], { receiverRole: 'NB' }, false],
  [72, 'service as LF', EMPTY[0], { receiverRole: 'LF' }, true],
  [72, 'service as MSB', EMPTY[0], { receiverRole: 'MSB' }, false],
  [76, 'service as NB', EMPTY[0], { receiverRole: 'NB' }, true],
  [76, 'service as LF', EMPTY[0], { receiverRole: 'LF' }, false],

  [32, 'Gemeinderabatt', ...positions({ abschlag: { typ: 'GEMEINDERABATT_KAV' } }), true],
  [32, 'no SG39', ...positions({}), false],

  [36, 'end 2020', ...rechnung({ rechnungsperiode: { enddatum: '2020-01-01T00:00:00+01:00' } }), true],
  [36, 'end Nov 2019', ...rechnung({ rechnungsperiode: { enddatum: '2019-11-30T00:00:00+01:00' } }), false],

  [41, 'IMD++SOR', ...rechnung({ rechnungstyp: 'SONDERRECHNUNG' }), true],
  [41, 'IMD++MSB', ...rechnung({ rechnungstyp: 'MSBRECHNUNG' }), false],
  [50, 'IMD++SOR', ...rechnung({ rechnungstyp: 'SOR' }), false],
  [50, 'IMD++ABR', ...rechnung({ rechnungstyp: 'ABR' }), true],

  [42, 'start 2023 (Germany)', ...rechnung({ rechnungsperiode: { startdatum: '2022-12-31T23:00:00Z' } }), true],
  [42, 'start 2022', ...rechnung({ rechnungsperiode: { startdatum: '2022-12-01T00:00:00+01:00' } }), false],
  [42, 'not a date', ...rechnung({ rechnungsperiode: { startdatum: 'startdatum-X' } }), undefined],

  [44, 'IMD++ABR', ...rechnung({ rechnungstyp: 'ABSCHLUSSRECHNUNG' }), true],
  [44, 'IMD++ABS', ...rechnung({ rechnungstyp: 'ABSCHLAGSRECHNUNG' }), false],
  [55, 'IMD++ABS', ...rechnung({ rechnungstyp: 'ABS' }), true],
  [55, 'IMD++ZVR', ...rechnung({ rechnungstyp: 'ZWISCHENRECHNUNG' }), false],
  [47, 'IMD++Z43', ...rechnung({ rechnungstyp: 'SPERRUNG_INBETRIEBNAHME' }), true],
  [47, 'IMD++Z44', ...rechnung({ rechnungstyp: 'VERZUGSKOSTEN' }), false],
  [48, 'IMD++Z44', ...rechnung({ rechnungstyp: 'Z44' }), true],
  [48, 'IMD++Z43', ...rechnung({ rechnungstyp: 'Z43' }), false],
  [49, 'IMD++WIM', ...rechnung({ rechnungstyp: 'WIMRECHNUNG' }), true],
  [49, 'IMD++Z44', ...rechnung({ rechnungstyp: 'VERZUGSKOSTEN' }), false],
  [53, 'IMD++Z45', ...rechnung({ rechnungstyp: 'BLINDARBEIT' }), true],
  [53, 'IMD++ABR', ...rechnung({ rechnungstyp: 'ABSCHLUSSRECHNUNG' }), false],
  [70, 'IMD++Z45', ...rechnung({ rechnungstyp: 'BLINDARBEIT' }), false],
  [70, 'no IMD', ...EMPTY, true],
  [54, 'IMD++JVR', ...rechnung({ rechnungstyp: 'TURNUSRECHNUNG' }), true],
  [54, 'IMD++MVR', ...rechnung({ rechnungstyp: 'MONATSRECHNUNG' }), false],
  [66, 'IMD++KON', ...rechnung({ rechnungstyp: 'ABRECHNUNG_VON_KONFIGURATIONEN_UNIVERSALBESTELLPROZESS' }), true],
  [66, 'IMD++TEC', ...rechnung({ rechnungstyp: 'ABRECHNUNG_VON_TECHNIK' }), false],
  [73, 'IMD++MSB', ...rechnung({ rechnungstyp: 'MSBRECHNUNG' }), true],
  [73, 'IMD++13R', ...rechnung({ rechnungstyp: 'ZUSAETZLICHE_13TE_RECHNUNG' }), false],
  [87, 'IMD++TEC', ...rechnung({ rechnungstyp: 'TEC' }), true],
  [87, 'IMD++NAP', ...rechnung({ rechnungstyp: 'KAPAZITAETSRECHNUNG' }), false],

  [
    51,
    'every SG26 ends by 2023',
    ...positions({ lieferungBis: '2023-01-01T00:00:00+01:00' }, { lieferungBis: '2022-07-01T00:00:00+02:00' }),
    true,
  ],
  [51, 'ends later', ...positions({ lieferungBis: '2023-02-01T00:00:00+01:00' }), false],
  [
    51,
    'positions disagree',
    ...positions({ lieferungBis: '2022-07-01T00:00:00+02:00' }, { lieferungBis: '2023-02-01T00:00:00+01:00' }),
    undefined,
  ],
  [51, 'no DTM+156 in a SG26', ...positions({ lieferungBis: '2022-07-01T00:00:00+02:00' }, {}), undefined],
  [59, 'begins 2023', ...positions({ lieferungVon: '2023-01-01T00:00:00+01:00' }), true],
  [59, 'begins 2022', ...positions({ lieferungVon: '2022-12-01T00:00:00+01:00' }), false],
  [65, 'begins 2024', ...positions({ lieferungVon: '2024-03-01T00:00:00+01:00' }), true],
  [65, 'begins 2023', ...positions({ lieferungVon: '2023-03-01T00:00:00+01:00' }), false],
  [77, 'ends by 2024', ...positions({ lieferungBis: '2024-01-01T00:00:00+01:00' }), true],
  [77, 'ends 2024', ...positions({ lieferungBis: '2024-01-02T00:00:00+01:00' }), false],

  [56, 'Rechnungsdatum 2026', ...rechnung({ rechnungsdatum: '2026-04-01T00:00:00+02:00' }), true],
  [56, 'Nachrichtendatum 2022', ...rechnung({}, { nachrichtendatum: '2022-06-01T00:00:00+02:00' }), false],
  [56, 'no DTM+137', ...EMPTY, undefined],
  [57, 'ends 1.1.2023', ...rechnung({ rechnungsperiode: { enddatum: '2023-01-01T00:00:00+01:00' } }), true],
  [57, 'ends 2.1.2023', ...rechnung({ rechnungsperiode: { enddatum: '2023-01-02T00:00:00+01:00' } }), false],
  [64, 'ends 2023', ...rechnung({ rechnungsperiode: { enddatum: '2023-12-01T00:00:00+01:00' } }), true],
  [64, 'ends 2024', ...rechnung({ rechnungsperiode: { enddatum: '2024-02-01T00:00:00+01:00' } }), false],
  [71, 'begins 2024', ...rechnung({ rechnungsperiode: { startdatum: '2024-01-01T00:00:00+01:00' } }), true],
  [71, 'begins 2023', ...rechnung({ rechnungsperiode: { startdatum: '2023-12-01T00:00:00+01:00' } }), false],
  [88, 'begins 2026', ...rechnung({ rechnungsperiode: { startdatum: '2026-01-01T00:00:00+01:00' } }), true],
  [88, 'begins 2025', ...rechnung({ rechnungsperiode: { startdatum: '2025-12-01T00:00:00+01:00' } }), false],

  [
    58,
    'MOA+113 in the SG52',
    ...rechnung({ steuerbetraege: [{ steuerkennzeichen: 'UST_19', basiswertVorausbezahlt: 116 }] }),
    true,
  ],
  [58, 'no MOA+113', ...rechnung({ steuerbetraege: [{ steuerkennzeichen: 'UST_19', basiswert: 28.45 }] }), false],
  [
    58,
    'SG52s disagree',
    ...rechnung({ steuerbetraege: [{ basiswertVorausbezahlt: 116 }, { basiswert: 1 }] }),
    undefined,
  ],

  [78, 'GEI+Z01', ...rechnung({ sonderrechnungsarten: ['KONZESSIONSABGABE_TESTAT'] }), true],
  [78, 'GEI+Z08', ...rechnung({ sonderrechnungsarten: ['KONZESSIONSABGABE_WECHSEL_RLM'] }), false],
  [78, 'unknown name', ...rechnung({ sonderrechnungsarten: ['IRGENDWAS'] }), undefined],
  [79, 'no GEI', ...EMPTY, true],
  [79, 'GEI+Z09', ...rechnung({ sonderrechnungsarten: ['Z04', 'Z09'] }), false],
  [80, 'GEI+Z04', ...rechnung({ sonderrechnungsarten: ['KWKG_UMLAGE'] }), true],
  [80, 'GEI+Z01', ...rechnung({ sonderrechnungsarten: ['KONZESSIONSABGABE_TESTAT'] }), false],
  [81, 'GEI+Z05', ...rechnung({ sonderrechnungsarten: ['OFFSHORE_UMLAGE'] }), true],
  [81, 'GEI+Z04', ...rechnung({ sonderrechnungsarten: ['KWKG_UMLAGE'] }), false],
  [82, 'GEI+Z04', ...rechnung({ sonderrechnungsarten: ['KWKG_UMLAGE'] }), true],
  [82, 'GEI+Z05', ...rechnung({ sonderrechnungsarten: ['OFFSHORE_UMLAGE'] }), false],
  [83, 'GEI+Z09', ...rechnung({ sonderrechnungsarten: ['PRIVILEGIERUNG_NACH_ENFG'] }), true],
  [83, 'GEI+Z10', ...rechnung({ sonderrechnungsarten: ['KONZESSIONSABGABE_WEITERGELEITETE_MENGEN'] }), false],

  [84, 'ALC+C+:Z02', ...positions({ zuschlag: { typ: 'UMSPANNUNGSZUSCHLAG' } }), true],
  [84, 'ALC+C+:Z05', ...positions({ zuschlag: { typ: 'Z05' } }), false],
  [84, 'SG39s disagree', ...positions({ zuschlag: { typ: 'Z03' } }, { zuschlag: { typ: 'Z05' } }), undefined],

  [85, 'QTY+136 DAY', ...positions({ zeitbezogeneMenge: { wert: 31, einheit: 'TAG' } }), true],
  [85, 'QTY+136 MON', ...positions({ zeitbezogeneMenge: { wert: 1, einheit: 'MONAT' } }), false],
  [85, 'filler unit', ...positions({ zeitbezogeneMenge: { wert: 1, einheit: 'einheit-X' } }), undefined],
  [86, 'QTY+136 ANN', ...positions({ zeitbezogeneMenge: { wert: 1, einheit: 'ANN' } }), true],
  [86, 'QTY+136 DAY', ...positions({ zeitbezogeneMenge: { wert: 31, einheit: 'DAY' } }), false],
];

// ---------- REMADV ----------

type Level = 'someSg7' | 'someSg12' | 'thisSg7' | 'thisSg12' | 'thisAjt';

/** What an AJT condition's text asks for, read independently of the catalogue: where, which DE4465 and DE1082 codes. */
function readAjtText(text: string): { level: Level; codes?: string[]; lists?: string[] } | undefined {
  const split = (codes: string) => codes.split('/').map((code) => code.trim());
  let match = /^Wenn SG7 AJT\+(?:([A-Z0-9/]+)\+)?([EGS]_[\d/EGS_]+) vorhanden$/.exec(text);
  if (match) return { level: 'someSg7', codes: match[1] ? split(match[1]) : undefined, lists: split(match[2]) };
  if ((match = /^Wenn SG7 AJT\+([A-Z0-9]+) vorhanden$/.exec(text))) return { level: 'someSg7', codes: split(match[1]) };
  if ((match = /^Wenn in (dieser )?(SG7|SG12|diesem) ?AJT DE(4465|1082) ?= ?(.*)$/.exec(text))) {
    const where = match[2] === 'diesem' ? 'Ajt' : match[2].charAt(0).toUpperCase() + match[2].slice(1).toLowerCase();
    const level = (match[2] === 'diesem' ? 'thisAjt' : `${match[1] ? 'this' : 'some'}${where}`) as Level;
    return match[3] === '4465' ? { level, codes: split(match[4]) } : { level, lists: split(match[4]) };
  }
  return undefined;
}

const OTHER_CODE = 'ZZ9';
const OTHER_LIST = 'E_9999';

/** An AVIS with one SG5 holding `abweichung` as its SG7 (or SG12 below one SG10): body and options for `level`. */
function avis(level: Level, ...abweichung: Record<string, unknown>[]): [unknown, Options] {
  const inSg12 = level === 'someSg12' || level === 'thisSg12';
  const object = { positionen: [inSg12 ? { positionen: [{ positionsnummer: 1, abweichung }] } : { abweichung }] };
  return [
    { stammdaten: { AVIS: [object] }, transaktionsdaten: {} },
    level.startsWith('this') ? { scope: { key: 'AVIS', object } } : {},
  ];
}

const REMADV_BY_KEY = new Map(REMADV_CONDITIONS.map((entry) => [entry.key, entry]));
const AJT_ENTRIES = REMADV_CONDITIONS.flatMap((entry) => {
  const asked = readAjtText(entry.text);
  return asked ? [[entry.key, entry, asked] as const] : [];
});

const docPosition = (istSelbstausgestellt: unknown, istStorno = false) => ({
  rechnungsNummer: 'R1',
  istSelbstausgestellt,
  istStorno,
});
function sg5(...positionen: Record<string, unknown>[]): [unknown, Options] {
  const object = { positionen };
  return [{ stammdaten: { AVIS: [object] }, transaktionsdaten: {} }, { scope: { key: 'AVIS', object } }];
}

const REMADV_CASES: readonly Case[] = [
  [3, 'DOC+389', ...sg5(docPosition(true)), true],
  [3, 'DOC+Z25', ...sg5(docPosition(true, true)), true],
  [3, 'DOC+380', ...sg5(docPosition(false)), false],
  [3, 'SG5s disagree', ...sg5(docPosition(true), docPosition(false)), undefined],
  [4, 'DOC+457', ...sg5(docPosition(false, true)), true],
  [4, 'DOC+389', ...sg5(docPosition(true)), false],
  [4, 'DOC unknown', ...sg5({ rechnungsNummer: 'R1' }), undefined],
  [
    42,
    'one of several SG7 has E_0407',
    ...avis(
      'someSg7',
      { abweichungsgrundCode: 'A01', abweichungsgrundCodeliste: 'E_0406' },
      { abweichungsgrundCode: 'A02', abweichungsgrundCodeliste: 'E_0407' },
    ),
    true,
  ],
  [42, 'no SG7', { stammdaten: { AVIS: [{ positionen: [{}] }] } }, {}, false],
  [98, 'SG12 E_0407', ...avis('someSg12', { abweichungsgrundCode: 'A02', abweichungsgrundCodeliste: 'E_0407' }), true],
  [98, 'SG12 E_0568', ...avis('someSg12', { abweichungsgrundCode: 'A02', abweichungsgrundCodeliste: 'E_0568' }), false],
  [99, 'SG12 E_0568', ...avis('someSg12', { abweichungsgrundCode: 'A02', abweichungsgrundCodeliste: 'E_0568' }), true],
  [
    99,
    "the vendor's filler",
    ...avis('someSg12', {
      abweichungsgrundCode: 'abweichungsgrundCode-X',
      abweichungsgrundCodeliste: 'abweichungsgrundCodeliste-X',
    }),
    undefined,
  ],
];

// ---------- the AHB's texts ----------

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

interface RuleData {
  conditions: Record<string, string>;
  messageConditions?: Record<string, Record<string, string>>;
  rules: { pruefidentifikator: string; message?: string; conditionTexts?: Record<string, string> }[];
}

/** The PIs of `message` and their AHB tables, FV2510 and FV2604, with each PI's condition texts from the rules. */
function tables(
  message: string,
): { texts: Record<string, string>; lines: { ahb_expression?: string; conditions?: string }[] }[] {
  return (
    [
      ['FV2510', RULES_FV2510],
      ['FV2604', RULES_FV2604],
    ] as const
  ).flatMap(([formatVersion, data]) => {
    const { conditions, messageConditions, rules } = data as RuleData;
    return rules
      .filter((rule) => rule.message === message)
      .map((rule) => {
        const file = path.join(
          REFERENCE_DIR,
          'ahb',
          formatVersion,
          `AHB_${formatVersion}_${rule.pruefidentifikator}.json`,
        );
        const table = JSON.parse(readFileSync(file, 'utf8')) as {
          lines: { ahb_expression?: string; conditions?: string }[];
        };
        return {
          texts: { ...(messageConditions?.[message] ?? conditions), ...rule.conditionTexts },
          lines: table.lines,
        };
      });
  });
}

/** `key|text` of the `[n] text` lines the AHB tables of `message` print. */
function printedConditions(message: string): Set<string> {
  const printed = new Set<string>();
  for (const { lines } of tables(message)) {
    for (const line of lines) {
      for (const condition of (line.conditions ?? '').split('\n')) {
        const match = /^\[(\d+)\]\s*(.*)$/.exec(condition);
        if (match) printed.add(`${match[1]}|${normalise(match[2])}`);
      }
    }
  }
  return printed;
}

/** `key|text` of the requirement conditions the expressions of `message` reference, under each PI's texts. */
function referencedConditions(message: string): Set<string> {
  const referenced = new Set<string>();
  for (const { texts, lines } of tables(message)) {
    for (const line of lines) {
      for (const [, key] of (line.ahb_expression ?? '').matchAll(/\[(\d+)\]/g)) {
        if (Number(key) < 500) referenced.add(`${key}|${normalise(texts[key] ?? '')}`);
      }
    }
  }
  return referenced;
}

const idOf = (entry: { key: number; text: string }) => `${entry.key}|${normalise(entry.text)}`;

/** The [45], [492], [493] entries stand in the INVOIC list and serve REMADV too (same key and text). */
const SHARED = INVOIC_UNDECIDABLE.filter((entry) => [45, 492, 493].includes(entry.key));

describe('INVOIC and REMADV requirement conditions', () => {
  const INVOIC_BY_KEY = new Map(INVOIC_CONDITIONS.map((entry) => [entry.key, entry]));

  it.each(INVOIC_CASES)('INVOIC [%i] %s', (key, _name, body, options, expected) => {
    expect(INVOIC_BY_KEY.get(key)?.decide(context(body, options))).toBe(expected);
  });

  it.each(REMADV_CASES)('REMADV [%i] %s', (key, _name, body, options, expected) => {
    expect(REMADV_BY_KEY.get(key)?.decide(context(body, options))).toBe(expected);
  });

  describe.each(AJT_ENTRIES.map(([key, entry, asked]) => [key, entry, asked] as const))(
    'REMADV [%i] (AJT)',
    (_key, entry, asked) => {
      const decide = (body: [unknown, Options]) => entry.decide(context(...body));
      const matching = {
        abweichungsgrundCode: asked.codes?.[0] ?? OTHER_CODE,
        abweichungsgrundCodeliste: asked.lists?.[0] ?? OTHER_LIST,
      };
      const last = {
        abweichungsgrundCode: asked.codes?.at(-1) ?? OTHER_CODE,
        abweichungsgrundCodeliste: asked.lists?.at(-1) ?? OTHER_LIST,
      };
      const other = {
        abweichungsgrundCode: asked.codes ? OTHER_CODE : 'A01',
        abweichungsgrundCodeliste: asked.lists ? OTHER_LIST : 'E_0406',
      };

      it('is fulfilled by an AJT with the codes of its text', () => {
        expect(decide(avis(asked.level, matching))).toBe(true);
        expect(decide(avis(asked.level, last))).toBe(true);
      });

      it('is not fulfilled by an AJT with other codes, nor without one', () => {
        expect(decide(avis(asked.level, other))).toBe(false);
        expect(decide(avis(asked.level))).toBe(false);
      });

      it("is undecided on the vendor's filler values", () => {
        expect(
          decide(
            avis(asked.level, {
              abweichungsgrundCode: 'abweichungsgrundCode-X',
              abweichungsgrundCodeliste: 'abweichungsgrundCodeliste-X',
            }),
          ),
        ).toBeUndefined();
      });

      if (asked.level.startsWith('this')) {
        it('is undecided when the AJTs differ, or no AVIS is the scope', () => {
          expect(decide(avis(asked.level, matching, other))).toBeUndefined();
          expect(entry.decide(context(avis(asked.level, matching)[0]))).toBeUndefined();
        });
      } else {
        it('is fulfilled by one AJT among others', () => {
          expect(decide(avis(asked.level, other, matching))).toBe(true);
        });
      }
    },
  );

  it('reads every REMADV entry without an explicit case as an AJT condition', () => {
    const explicit = new Set(REMADV_CASES.map(([key]) => key));
    const unread = REMADV_CONDITIONS.filter(
      (entry) => !explicit.has(entry.key) && readAjtText(entry.text) === undefined,
    ).map((entry) => entry.key);
    expect(unread).toEqual([]);
  });

  it.each([
    ['INVOIC', [...INVOIC_CONDITIONS, ...INVOIC_UNDECIDABLE]],
    ['REMADV', [...REMADV_CONDITIONS, ...REMADV_UNDECIDABLE, ...SHARED]],
  ] as const)(
    'gives every %s entry a text an AHB table of the message type gives its key',
    (message, entries: readonly { key: number; text: string }[]) => {
      const printed = printedConditions(message);
      expect(entries.filter((entry) => !printed.has(idOf(entry))).map(idOf)).toEqual([]);
    },
  );

  it.each([
    ['INVOIC', [...INVOIC_CONDITIONS, ...INVOIC_UNDECIDABLE]],
    ['REMADV', [...REMADV_CONDITIONS, ...REMADV_UNDECIDABLE, ...SHARED]],
  ] as const)(
    'has an entry (decided or undecidable) for every requirement condition the %s expressions reference',
    (message, entries: readonly { key: number; text: string }[]) => {
      const ids = new Set(entries.map(idOf));
      expect([...referencedConditions(message)].filter((id) => !ids.has(id))).toEqual([]);
    },
  );

  it('gives every undecidable entry a reason', () => {
    for (const entry of [...INVOIC_UNDECIDABLE, ...REMADV_UNDECIDABLE]) expect(entry.reason.trim()).not.toBe('');
  });

  it('has a fulfilled and an unfulfilled case for every decided INVOIC entry but [30]/[31] (the service is never MGV or KN)', () => {
    for (const entry of INVOIC_CONDITIONS.filter(
      (candidate: ConditionEntry) => candidate.key !== 30 && candidate.key !== 31,
    )) {
      const outcomes = INVOIC_CASES.filter(([key]) => key === entry.key).map(([, , , , expected]) => expected);
      expect({ key: entry.key, fulfilled: outcomes.includes(true), unfulfilled: outcomes.includes(false) }).toEqual({
        key: entry.key,
        fulfilled: true,
        unfulfilled: true,
      });
    }
  });
});
