import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MarketRole } from '@maco/domain';
import { REFERENCE_DIR } from '@maco/reference-samples';
import type { ConditionContext, Decision } from '../condition-context';
import { CONDITIONS_301_499, UNDECIDABLE_301_499 } from './requirement-conditions-301-499';

function context(
  body: unknown,
  options: {
    scope?: { key: string; object: unknown };
    receiverRole?: MarketRole;
    senderRoles?: readonly string[];
  } = {},
): ConditionContext {
  return {
    body,
    scope: options.scope,
    receiverRole: options.receiverRole ?? 'LF',
    senderRoles: options.senderRoles ?? [],
  };
}

const td = (transaktionsdaten: Record<string, unknown>): ConditionContext => context({ transaktionsdaten });
const sd = (stammdaten: Record<string, unknown>): ConditionContext => context({ stammdaten });
/** A rule evaluated for the business object `object` of `stammdaten[key]`. */
const scoped = (key: string, object: Record<string, unknown>): ConditionContext =>
  context({ stammdaten: { [key]: [object] } }, { scope: { key, object } });
const otherScope = (object: Record<string, unknown>): ConditionContext =>
  context({ stammdaten: { MARKTLOKATION: [object] } }, { scope: { key: 'MARKTLOKATION', object } });
const noScope = (object: Record<string, unknown>, key: string): ConditionContext =>
  context({ stammdaten: { [key]: [object] } });

const malo = (typ?: string): Record<string, unknown> => ({
  marktlokationsId: '50074561188',
  ...(typ ? { marktlokationsTyp: [{ typ }] } : {}),
});
const tr = (fields: Record<string, unknown>): ConditionContext =>
  scoped('TECHNISCHE_RESSOURCE', { ressourcenId: 'D417MLM8164', ...fields });

type Row = readonly [key: number, name: string, context: ConditionContext, expected: Decision];

const ROWS: readonly Row[] = [
  [301, 'BGM+E03', td({ kategorie: 'E03' }), true],
  [301, 'BGM+E01', td({ kategorie: 'E01' }), false],
  [301, 'no kategorie', td({}), false],

  [309, 'only a typed standard MaLo', sd({ MARKTLOKATION: [malo('STANDARD_MARKTLOKATION')] }), true],
  [309, 'no MARKTLOKATION', sd({}), true],
  [
    309,
    'a ruhende MaLo',
    sd({ MARKTLOKATION: [malo('STANDARD_MARKTLOKATION'), malo('RUHENDE_MARKTLOKATION')] }),
    false,
  ],
  [309, 'a ruhende MaLo (code)', sd({ MARKTLOKATION: [malo('Z22')] }), false],
  [309, 'an untyped MaLo', sd({ MARKTLOKATION: [malo()] }), undefined],

  [313, 'at the limit', td({ nachrichtendatum: '2026-03-31T22:00:00Z' }), true],
  [313, 'later', td({ nachrichtendatum: '2026-05-01T10:00:00+02:00' }), true],
  [313, 'earlier', td({ nachrichtendatum: '2026-03-31T21:59:59Z' }), false],
  [313, 'no date', td({}), undefined],

  [315, 'BGM+Z88', td({ kategorie: 'Z88' }), true],
  [315, 'BGM+E03', td({ kategorie: 'E03' }), false],

  [316, 'no gateway', scoped('ZAEHLER', { zaehlernummer: '1' }), true],
  [316, 'gateway', scoped('ZAEHLER', { zaehlernummer: '1', gateway: '7ELS9636042229' }), false],
  [
    316,
    'SMGW only among geraete',
    scoped('ZAEHLER', { geraete: [{ geraetenummer: 'X', geraeteeigenschaften: { geraetetyp: 'SMARTMETERGATEWAY' } }] }),
    undefined,
  ],
  [316, 'other scope', otherScope({}), undefined],
  [316, 'no scope', noScope({}, 'ZAEHLER'), undefined],

  [333, 'Z31', scoped('LOKATIONSBUENDEL', { standardisierteLokationsbuendelstruktur: true }), true],
  [333, 'Z39', scoped('LOKATIONSBUENDEL', { standardisierteLokationsbuendelstruktur: false }), false],
  [333, 'not stated', scoped('LOKATIONSBUENDEL', {}), false],
  [333, 'other scope', otherScope({ standardisierteLokationsbuendelstruktur: true }), undefined],

  [345, 'MESSLOKATION', sd({ MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037' }] }), true],
  [345, 'no MESSLOKATION', sd({ MARKTLOKATION: [malo()] }), false],

  [346, 'mME', scoped('ZAEHLER', { zaehlertyp: 'MODERNEMESSEINRICHTUNG' }), true],
  [346, 'mME (code)', scoped('ZAEHLER', { zaehlertyp: 'MME' }), true],
  [346, 'EHZ', scoped('ZAEHLER', { zaehlertyp: 'ELEKTRONISCHERHAUSHALTSZAEHLER' }), false],
  [346, 'no zaehlertyp', scoped('ZAEHLER', {}), false],
  [346, 'unknown spelling', scoped('ZAEHLER', { zaehlertyp: 'ETWAS_NEUES' }), undefined],
  [346, 'no scope', noScope({ zaehlertyp: 'MME' }, 'ZAEHLER'), undefined],

  [347, 'no MARKTLOKATION', sd({ TRANCHE: [{ tranchenId: '1' }] }), true],
  [347, 'only a ruhende MaLo', sd({ MARKTLOKATION: [malo('RUHENDE_MARKTLOKATION')] }), true],
  [347, 'a standard MaLo', sd({ MARKTLOKATION: [malo('STANDARD_MARKTLOKATION')] }), false],
  [347, 'an untyped MaLo', sd({ MARKTLOKATION: [malo()] }), undefined],

  [348, 'no TRANCHE', sd({ MARKTLOKATION: [malo()] }), true],
  [348, 'a TRANCHE', sd({ TRANCHE: [{ tranchenId: '50074561189' }] }), false],

  [350, 'structure ID', sd({ LOKATIONSBUENDEL: [{ lokationsbuendelstrukturId: '9992000000026' }] }), true],
  [350, 'standardised flag', sd({ LOKATIONSBUENDEL: [{ standardisierteLokationsbuendelstruktur: true }] }), true],
  [350, 'RFF+Z39', sd({ LOKATIONSBUENDEL: [{ standardisierteLokationsbuendelstruktur: false }] }), false],
  [350, 'no LOKATIONSBUENDEL', sd({}), false],

  [351, 'A05', td({ antwortstatus: 'A05' }), true],
  [351, 'A05 per period', td({ antwortStatusZeitraum: [{ code: 'A05', zeitraumId: '1' }] }), true],
  [351, 'A06', td({ antwortstatus: 'A06' }), false],
  [352, 'A15', td({ antwortstatus: 'A15' }), true],
  [352, 'A04', td({ antwortstatus: 'A04' }), false],
  [355, 'A45', td({ antwortstatus: 'A45' }), true],
  [355, 'A05', td({ antwortstatus: 'A05' }), false],
  [356, 'A50', td({ antwortstatus: 'A50' }), true],
  [356, 'A11', td({ antwortstatus: 'A11' }), false],
  [357, 'A12', td({ antwortstatus: 'A12' }), true],
  [357, 'A13', td({ antwortstatus: 'A13' }), false],
  [358, 'A06', td({ antwortstatus: 'A06' }), true],
  [358, 'no STS+E01', td({}), false],
  [363, 'A50', td({ antwortstatus: 'A50' }), true],
  [363, 'A51', td({ antwortstatus: 'A51' }), false],
  [367, 'A14', td({ antwortstatus: 'A14' }), true],
  [367, 'A13', td({ antwortstatus: 'A13' }), false],

  [384, 'prozentual', scoped('TRANCHE', { bildungTranchengroesse: 'PROZENTUAL' }), true],
  [384, 'ZD1', scoped('TRANCHE', { bildungTranchengroesse: 'ZD1' }), true],
  [384, 'aufteilungsfaktor', scoped('TRANCHE', { bildungTranchengroesse: 'AUFTEILUNGSFAKTOR' }), false],
  [384, 'not stated', scoped('TRANCHE', {}), false],
  [384, 'other scope', otherScope({ bildungTranchengroesse: 'PROZENTUAL' }), undefined],

  [437, 'A23', td({ antwortstatus: 'A23' }), true],
  [437, 'A05', td({ antwortstatus: 'A05' }), false],

  [444, 'no product', scoped('NETZLOKATION', { keinKonfigurationsprodukt: true }), true],
  [444, 'a product', scoped('NETZLOKATION', { konfigurationsprodukt: '9991000000721' }), false],
  [444, 'other scope', otherScope({}), undefined],

  [
    445,
    'no CCI+11',
    scoped('NETZLOKATION', { konfigurationsprodukt: '9991000000721', keinKonfigurationsprodukt: false }),
    true,
  ],
  [445, 'flag absent', scoped('NETZLOKATION', { konfigurationsprodukt: '9991000000721' }), true],
  [445, 'CCI+11++ZF6', scoped('NETZLOKATION', { keinKonfigurationsprodukt: true }), false],
  [445, 'CCI+11 as a string', scoped('NETZLOKATION', { keinKonfigurationsprodukt: 'True' }), false],
  [445, 'no scope', noScope({}, 'NETZLOKATION'), undefined],

  [446, 'Stromverbrauch', tr({ art: 'STROMVERBRAUCH' }), true],
  [446, 'Z17', tr({ art: 'Z17' }), true],
  [446, 'Stromerzeugung', tr({ art: 'STROMERZEUGUNG' }), false],
  [446, 'unknown spelling', tr({ art: 'VERBRAUCH' }), undefined],
  [446, 'other scope', otherScope({ art: 'STROMVERBRAUCH' }), undefined],
  [447, 'Stromerzeugung', tr({ art: 'STROMERZEUGUNG' }), true],
  [447, 'Speicher', tr({ art: 'SPEICHER' }), false],
  [448, 'Speicher', tr({ art: 'SPEICHER' }), true],
  [448, 'Stromverbrauch', tr({ art: 'STROMVERBRAUCH' }), false],
  [448, 'no art', tr({}), false],

  [461, '§ 14a', tr({ enwg: true }), true],
  [461, 'not § 14a', tr({ enwg: false }), false],
  [461, 'not stated', tr({}), false],
  [461, 'no scope', noScope({ enwg: true }, 'TECHNISCHE_RESSOURCE'), undefined],

  [
    462,
    'Verbrauch, vor 2024',
    tr({ art: 'STROMVERBRAUCH', inbetriebsetzungsdatum: 'INBETRIEBSETZUNG_VOR_2024' }),
    true,
  ],
  [
    462,
    'vendor sample spelling',
    tr({ art: 'STROMVERBRAUCH', inbetriebsetzungsdatum: 'INBETRIEBSETZUN_VOR_2024' }),
    true,
  ],
  [
    462,
    'Verbrauch, nach 2023',
    tr({ art: 'STROMVERBRAUCH', inbetriebsetzungsdatum: 'INBETRIEBSETZUNG_NACH_2023' }),
    false,
  ],
  [462, 'Erzeugung, vor 2024', tr({ art: 'STROMERZEUGUNG', inbetriebsetzungsdatum: 'ZH1' }), false],

  [
    463,
    'erfüllt',
    scoped('ENERGIELIEFERVERTRAG', {
      enFG: [{ grundlageVerringerungUmlagen: 'ERFUELLT_VORAUSSETZUNG_NACH_ENFG', grund: ['X'] }],
    }),
    true,
  ],
  [463, 'ZF9', scoped('ENERGIELIEFERVERTRAG', { enFG: [{ grundlageVerringerungUmlagen: 'ZF9' }] }), true],
  [
    463,
    'keine Angabe',
    scoped('ENERGIELIEFERVERTRAG', { enFG: [{ grundlageVerringerungUmlagen: 'KEINE_ANGABE' }] }),
    false,
  ],
  [463, 'no enFG', scoped('ENERGIELIEFERVERTRAG', {}), false],
  [
    463,
    'two SG10 that disagree',
    scoped('ENERGIELIEFERVERTRAG', {
      enFG: [{ grundlageVerringerungUmlagen: 'ZF9' }, { grundlageVerringerungUmlagen: 'ZG0' }],
    }),
    undefined,
  ],
  [463, 'other scope', otherScope({ enFG: [{ grundlageVerringerungUmlagen: 'ZF9' }] }), undefined],

  [465, 'RFF+Z38', tr({ referenzSteuerbareRessource: 'C816417ST77' }), true],
  [465, 'RFF+Z38 (referenzSR)', tr({ referenzSR: 'C816417ST77' }), true],
  [465, 'no RFF+Z38', tr({ referenzNetzlokation: 'E1688117482' }), false],
  [465, 'no scope', noScope({ referenzSR: 'C816417ST77' }, 'TECHNISCHE_RESSOURCE'), undefined],
  [466, 'RFF+Z32', tr({ referenzNetzlokation: 'E1688117482' }), true],
  [466, 'no RFF+Z32', tr({ referenzSteuerbareRessource: 'C816417ST77' }), false],
  [467, 'CAV+ZG8', tr({ enwg: 'true' }), true],
  [467, 'CAV+ZG9', tr({ enwg: false }), false],
  [467, 'odd value', tr({ enwg: 'vielleicht' }), undefined],
  [468, 'nach 2023', tr({ inbetriebsetzungsdatum: 'INBETRIEBSETZUNG_NACH_2023' }), true],
  [468, 'vor 2024', tr({ inbetriebsetzungsdatum: 'INBETRIEBSETZUNG_VOR_2024' }), false],
  [469, 'vor 2024', tr({ inbetriebsetzungsdatum: 'ZH1' }), true],
  [469, 'nach 2023', tr({ inbetriebsetzungsdatum: 'ZH0' }), false],
  [469, 'not stated', tr({}), false],
  [470, 'Wechsel durchgeführt', tr({ einordnung: 'WECHSEL_WURDE_DURCHGEFUEHRT' }), true],
  [470, 'Wechsel einmalig möglich', tr({ einordnung: 'WECHSELMOEGLICHKEIT_EINMALIG_NOCH_MOEGLICH' }), false],
  [470, 'other scope', otherScope({ einordnung: 'ZH5' }), undefined],

  [476, 'ZW0', td({ transaktionsgrund: 'E03', transaktionsgrundergaenzung: 'ZW0' }), true],
  [476, 'ZW1', td({ transaktionsgrund: 'E03', transaktionsgrundergaenzung: 'ZW1' }), false],
  [477, 'ZW1', td({ transaktionsgrundergaenzung: 'ZW1' }), true],
  [477, 'none', td({ transaktionsgrund: 'E03' }), false],
  [478, 'ZW2', td({ transaktionsgrundergaenzung: 'ZW2' }), true],
  [478, 'ZW3', td({ transaktionsgrundergaenzung: 'ZW3' }), false],
  [479, 'ZW3', td({ transaktionsgrundergaenzung: 'ZW3' }), true],
  [479, 'ZW4', td({ transaktionsgrundergaenzung: 'ZW4' }), false],
  [480, 'ZW4', td({ transaktionsgrundergaenzung: 'ZW4' }), true],
  [480, 'ZW3', td({ transaktionsgrundergaenzung: 'ZW3' }), false],
  [481, 'ZW5', td({ transaktionsgrundergaenzung: 'ZW5' }), true],
  [481, 'ZW4', td({ transaktionsgrundergaenzung: 'ZW4' }), false],
  [483, 'ZW7', td({ transaktionsgrundergaenzung: 'ZW7' }), true],
  [483, 'ZW8', td({ transaktionsgrundergaenzung: 'ZW8' }), false],
  [484, 'ZW8', td({ transaktionsgrundergaenzung: 'ZW8' }), true],
  [484, 'ZW7', td({ transaktionsgrundergaenzung: 'ZW7' }), false],
  [487, 'ZX1', td({ transaktionsgrundergaenzung: 'ZX1' }), true],
  [487, 'ZW8', td({ transaktionsgrundergaenzung: 'ZW8' }), false],
];

/** The requirement conditions [301]–[499] of UTILMD Strom FV2604 in the catalogue's scope. */
const RANGE_KEYS = [
  301, 306, 307, 309, 313, 314, 315, 316, 321, 322, 323, 332, 333, 335, 336, 345, 346, 347, 348, 350, 351, 352, 355,
  356, 357, 358, 359, 360, 363, 366, 367, 368, 384, 386, 387, 388, 392, 393, 394, 395, 396, 397, 398, 399, 401, 402,
  412, 420, 421, 437, 440, 441, 442, 444, 445, 446, 447, 448, 450, 451, 452, 453, 456, 457, 458, 459, 460, 461, 462,
  463, 465, 466, 467, 468, 469, 470, 471, 472, 473, 476, 477, 478, 479, 480, 481, 483, 484, 487, 489, 494,
];

const byKey = new Map(CONDITIONS_301_499.map((entry) => [entry.key, entry]));

describe('requirement conditions [301]–[499]', () => {
  it.each(ROWS.map(([key, name, conditionContext, expected]) => [key, name, expected, conditionContext] as const))(
    '[%i] %s → %p',
    (key, _name, expected, conditionContext) => {
      const entry = byKey.get(key);
      if (!entry) throw new Error(`[${key}] is not decided`);
      expect(entry.decide(conditionContext)).toBe(expected);
    },
  );

  it('should test every decided entry as fulfilled and as not fulfilled', () => {
    for (const entry of CONDITIONS_301_499) {
      const outcomes = ROWS.filter(([key]) => key === entry.key).map(([, , , expected]) => expected);
      expect({ key: entry.key, fulfilled: outcomes.includes(true), unfulfilled: outcomes.includes(false) }).toEqual({
        key: entry.key,
        fulfilled: true,
        unfulfilled: true,
      });
    }
  });

  it('should cover every key of the range exactly once', () => {
    const keys = [...CONDITIONS_301_499, ...UNDECIDABLE_301_499].map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort((a, b) => a - b)).toEqual(RANGE_KEYS);
  });

  it('should mark [313] as a time condition', () => {
    expect(byKey.get(313)?.topic).toBe('time');
    expect(CONDITIONS_301_499.filter((entry) => entry.topic === 'time').map((entry) => entry.key)).toEqual([313]);
  });

  it('should give every undecidable entry a reason', () => {
    for (const entry of UNDECIDABLE_301_499) expect(entry.reason.trim()).not.toBe('');
  });

  describe('the texts', () => {
    const REFERENCE = path.join(REFERENCE_DIR, 'ahb', 'FV2604');
    const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

    /** `lines[].conditions` of every FV2604 table: `[n] text` lines, by key. */
    function referenceTexts(): Map<number, Set<string>> {
      const texts = new Map<number, Set<string>>();
      for (const file of readdirSync(REFERENCE).filter((name) => /_55\d{3}\.json$/.test(name))) {
        const table = JSON.parse(readFileSync(path.join(REFERENCE, file), 'utf8')) as {
          lines: { conditions?: string }[];
        };
        for (const line of table.lines) {
          for (const part of (line.conditions ?? '').split(/\r?\n(?=\[\d+\])/)) {
            const match = /^\[(\d+)\]\s*([\s\S]*)$/.exec(part);
            if (!match) continue;
            const key = Number(match[1]);
            if (!texts.has(key)) texts.set(key, new Set());
            texts.get(key)?.add(normalise(match[2]));
          }
        }
      }
      return texts;
    }

    const texts = referenceTexts();

    it.each([...CONDITIONS_301_499, ...UNDECIDABLE_301_499].map((entry) => [entry.key, entry.text] as const))(
      '[%i] should be the FV2604 text',
      (key, text) => {
        expect([...(texts.get(key) ?? [])]).toEqual([normalise(text)]);
      },
    );
  });
});
