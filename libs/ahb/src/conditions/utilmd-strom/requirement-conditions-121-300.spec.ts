import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MarketRole } from '@maco/domain';
import { REFERENCE_DIR } from '@maco/reference-samples';
import type { ConditionContext, Decision } from '../condition-context';
import { CONDITIONS_121_300, UNDECIDABLE_121_300 } from './requirement-conditions-121-300';

/** The requirement conditions of [121]–[300] in FV2604 (keys of the requirement-condition list). */
const RANGE_KEYS = [
  121, 122, 125, 126, 127, 128, 129, 130, 131, 132, 134, 135, 136, 138, 140, 141, 143, 144, 145, 146, 148, 149, 150,
  151, 152, 153, 156, 161, 162, 163, 164, 165, 166, 167, 168, 169, 172, 173, 174, 175, 176, 177, 178, 179, 180, 190,
  192, 196, 199, 202, 203, 204, 205, 206, 209, 210, 212, 213, 215, 216, 217, 219, 227, 229, 232, 233, 234, 237, 239,
  241, 242, 249, 256, 257, 259, 261, 262, 266, 268, 269, 270, 279, 282, 284, 285, 286, 287, 288, 291, 292, 293, 294,
  296, 297, 298,
];

const AHB_DIR = path.join(REFERENCE_DIR, 'ahb', 'FV2604');

interface ContextOptions {
  readonly scope?: { readonly key: string; readonly object: unknown };
  readonly receiverRole?: MarketRole;
  readonly senderRoles?: readonly string[];
}

function context(body: unknown, options: ContextOptions = {}): ConditionContext {
  return {
    body,
    scope: options.scope,
    receiverRole: options.receiverRole ?? 'LF',
    senderRoles: options.senderRoles ?? [],
  };
}

const transaction = (transaktionsdaten: Record<string, unknown>): unknown => ({ stammdaten: {}, transaktionsdaten });
const masterData = (stammdaten: Record<string, unknown>): unknown => ({ stammdaten, transaktionsdaten: {} });
const scoped = (key: string, object: unknown): ContextOptions => ({ scope: { key, object } });
const grund = (transaktionsgrund: string, transaktionsgrundergaenzung?: string): unknown =>
  transaction({ transaktionsgrund, transaktionsgrundergaenzung });

type Case = readonly [label: string, context: ConditionContext, expected: Decision];

const EMPTY = masterData({});
const abrechnung = (...artikelIds: string[]): ContextOptions =>
  scoped('MARKTLOKATION', { netznutzungsabrechnungsdaten: artikelIds.map((artikelId) => ({ artikelId })) });
const zaehlwerke = (key: string, ...obisKennzahlen: string[]): ContextOptions =>
  scoped(key, { zaehlwerke: obisKennzahlen.map((obisKennzahl) => ({ obisKennzahl })) });

const CASES: Readonly<Record<number, readonly Case[]>> = {
  122: [
    ['NSP in the scoped MaLo', context(EMPTY, scoped('MARKTLOKATION', { netzebene: 'NSP' })), true],
    [
      'E06 in the only MaLo, scope BILANZIERUNG',
      context(masterData({ MARKTLOKATION: [{ netzebene: 'E06' }] }), scoped('BILANZIERUNG', {})),
      true,
    ],
    ['MSP in the only MaLo', context(masterData({ MARKTLOKATION: [{ netzebene: 'MSP' }] })), false],
    ['two MaLos', context(masterData({ MARKTLOKATION: [{ netzebene: 'NSP' }, { netzebene: 'MSP' }] })), undefined],
  ],
  125: [
    [
      'Artikel-ID given',
      context(EMPTY, scoped('MARKTLOKATION', { messstellenbetriebsabrechnungsdaten: [{ artikelId: '2-01-7-001' }] })),
      true,
    ],
    [
      'PIA+Z03 (flag false)',
      context(
        EMPTY,
        scoped('MARKTLOKATION', { messstellenbetriebsabrechnungsdaten: [{ messstellenbetriebsabrechnung: false }] }),
      ),
      false,
    ],
    [
      'elements disagree',
      context(
        EMPTY,
        scoped('MARKTLOKATION', {
          messstellenbetriebsabrechnungsdaten: [{ artikelId: 'x' }, { messstellenbetriebsabrechnung: false }],
        }),
      ),
      undefined,
    ],
    ['other scope', context(EMPTY, scoped('ZAEHLER', {})), undefined],
  ],
  136: [
    ['EHZ enum name', context(EMPTY, scoped('ZAEHLER', { zaehlertyp: 'ELEKTRONISCHERHAUSHALTSZAEHLER' })), true],
    ['EHZ code', context(EMPTY, scoped('ZAEHLER', { zaehlertyp: 'EHZ' })), true],
    ['mME', context(EMPTY, scoped('ZAEHLER', { zaehlertyp: 'MODERNEMESSEINRICHTUNG' })), false],
    ['unknown value', context(EMPTY, scoped('ZAEHLER', { zaehlertyp: 'Something' })), undefined],
    ['no scope', context(EMPTY), undefined],
  ],
  143: [
    ['ZX3', context(grund('ZX3')), true],
    ['ZAN', context(grund('ZAN')), false],
  ],
  144: [
    ['ZAN', context(grund('ZAN')), true],
    ['ZX3', context(grund('ZX3')), false],
  ],
  145: [
    ['ZX2', context(grund('ZX2')), true],
    ['ZA0', context(grund('ZA0')), false],
  ],
  146: [
    ['ZA0', context(grund('ZA0')), true],
    ['ZX2', context(grund('ZX2')), false],
  ],
  148: [
    ['1-02-0-017', context(EMPTY, abrechnung('1-02-0-017')), true],
    ['1-02-0-002', context(EMPTY, abrechnung('1-02-0-002')), false],
    ['mixed', context(EMPTY, abrechnung('1-02-0-018', '1-02-0-002')), undefined],
    ['no scope', context(EMPTY), undefined],
  ],
  150: [
    ['1-02-0-002', context(EMPTY, abrechnung('1-02-0-002')), true],
    ['1-02-0-017', context(EMPTY, abrechnung('1-02-0-017')), false],
    ['no scope', context(EMPTY), undefined],
  ],
  152: [
    ['no IP range', context(transaction({ absender: { rollencodenummer: '9900000000003' } })), true],
    [
      'IP range',
      context(transaction({ absender: { ipRange: { untereGrenze: '10.0.0.1', obereGrenze: '10.0.0.9' } } })),
      false,
    ],
  ],
  153: [
    ['no IP address', context(transaction({ absender: { rollencodenummer: '9900000000003' } })), true],
    ['IP address', context(transaction({ absender: { ipAdresse: '10.0.0.1' } })), false],
  ],
  156: [
    [
      'Zieladresse',
      context(masterData({ AD_HOC_STEUERKANAL: [{ zieladresse: { zieladresse1: 'https://x' } }] })),
      true,
    ],
    ['none', context(EMPTY), false],
  ],
  161: [
    ['E03+ZW8', context(grund('E03', 'ZW8')), true],
    ['E03+ZW9', context(grund('E03', 'ZW9')), false],
  ],
  162: [
    ['E03+ZW9', context(grund('E03', 'ZW9')), true],
    ['E01+ZW9', context(grund('E01', 'ZW9')), false],
  ],
  163: [
    ['E03+ZX0', context(grund('E03', 'ZX0')), true],
    ['E03+ZX1', context(grund('E03', 'ZX1')), false],
  ],
  164: [
    ['E03+ZX1', context(grund('E03', 'ZX1')), true],
    ['E03 alone', context(grund('E03')), false],
  ],
  167: [
    ['Tranche', context(masterData({ TRANCHE: [{ tranchenId: '12345678901' }] })), true],
    ['none', context(masterData({ MARKTLOKATION: [{ marktlokationsId: '12345678901' }] })), false],
  ],
  168: [
    ['1-02-0-003', context(EMPTY, abrechnung('1-02-0-003')), true],
    ['1-02-0-017', context(EMPTY, abrechnung('1-02-0-017')), false],
    ['no scope', context(EMPTY), undefined],
  ],
  178: [
    ['Netzlokation', context(masterData({ NETZLOKATION: [{ netzlokationsId: 'E1234567890' }] })), true],
    ['none', context(EMPTY), false],
  ],
  190: [
    ['product', context(EMPTY, scoped('NETZLOKATION', { konfigurationsprodukt: '9991000000721' })), true],
    ['other product', context(EMPTY, scoped('NETZLOKATION', { konfigurationsprodukt: '9991000000730' })), false],
    ['no scope', context(EMPTY), undefined],
  ],
  192: [
    ['E01+ZW4', context(grund('E01', 'ZW4')), true],
    ['E01+ZW3', context(grund('E01', 'ZW3')), false],
  ],
  203: [
    ['ZT7', context(grund('ZT7')), true],
    ['E01', context(grund('E01')), false],
  ],
  205: [
    ['Steuerbare Ressource', context(masterData({ STEUERBARE_RESSOURCE: [{ ressourcenId: 'C1234567890' }] })), true],
    ['none', context(EMPTY), false],
  ],
  206: [
    ['ZG6', context(grund('ZG6')), true],
    ['ZG5', context(grund('ZG5')), false],
  ],
  210: [
    ['PROFILE', context(EMPTY, scoped('BILANZIERUNG', { prognosegrundlage: 'PROFILE' })), true],
    ['WERTE', context(EMPTY, scoped('BILANZIERUNG', { prognosegrundlage: 'WERTE' })), false],
    ['scope MARKTLOKATION', context(EMPTY, scoped('MARKTLOKATION', {})), undefined],
  ],
  213: [
    [
      'Kunde des LF',
      context(masterData({ ENERGIELIEFERVERTRAG: [{ vertragspartner2: [{ name1: 'Muster' }] }] })),
      true,
    ],
    ['none', context(masterData({ ENERGIELIEFERVERTRAG: [{}] })), false],
  ],
  215: [
    ['mME', context(EMPTY, scoped('ZAEHLER', { zaehlertyp: 'MODERNEMESSEINRICHTUNG' })), true],
    ['EHZ', context(EMPTY, scoped('ZAEHLER', { zaehlertyp: 'ELEKTRONISCHERHAUSHALTSZAEHLER' })), false],
    ['no scope', context(EMPTY), undefined],
  ],
  216: [
    [
      'KUNDEN_NB',
      context(masterData({ NETZNUTZUNGSVERTRAG: [{ vertragskonditionen: { netznutzungsvertrag: 'KUNDEN_NB' } }] })),
      true,
    ],
    [
      'LIEFERANTEN_NB',
      context(
        masterData({ NETZNUTZUNGSVERTRAG: [{ vertragskonditionen: { netznutzungsvertrag: 'LIEFERANTEN_NB' } }] }),
      ),
      false,
    ],
  ],
  217: [
    ['Gültige Daten', context(masterData({ VERWENDUNGSZEITRAUM: [{ datenqualitaet: 'GUELTIGE_DATEN' }] })), true],
    ['Keine Daten', context(masterData({ VERWENDUNGSZEITRAUM: [{ datenqualitaet: 'KEINE_DATEN' }] })), false],
  ],
  219: [
    [
      'informativer Kunde',
      context(masterData({ ENERGIELIEFERVERTRAG: [{ vertragspartner2: [{ name1: 'Muster' }] }] })),
      true,
    ],
    ['none', context(EMPTY), false],
  ],
  227: [
    ['TLP/TEP', context(masterData({ BILANZIERUNG: [{ detailsPrognosegrundlage: ['SLP_SEP', 'TLP_TEP'] }] })), true],
    ['SLP/SEP', context(masterData({ BILANZIERUNG: [{ detailsPrognosegrundlage: ['SLP_SEP'] }] })), false],
  ],
  232: [
    ['IMS', context(masterData({ MARKTLOKATION: [{ messtechnischeEinordnung: 'IMS' }] })), true],
    ['KME_MME', context(masterData({ MARKTLOKATION: [{ messtechnischeEinordnung: 'KME_MME' }] })), false],
  ],
  233: [
    ['NB receives', context(EMPTY, { receiverRole: 'NB' }), true],
    ['LF receives', context(EMPTY, { receiverRole: 'LF' }), false],
  ],
  234: [
    ['Z53', context(masterData({ MARKTLOKATION: [{ messtechnischeEinordnung: 'Z53' }] })), true],
    ['IMS', context(masterData({ MARKTLOKATION: [{ messtechnischeEinordnung: 'IMS' }] })), false],
  ],
  237: [
    ['1-06', context(EMPTY, abrechnung('1-06-0-001')), true],
    ['1-01', context(EMPTY, abrechnung('1-01-6-005')), false],
    ['no scope', context(EMPTY), undefined],
  ],
  239: [
    ['TR Wärme/Kälte', context(EMPTY, scoped('TECHNISCHE_RESSOURCE', { verbrauchsart: 'WK' })), true],
    ['TR Kraft/Licht', context(EMPTY, scoped('TECHNISCHE_RESSOURCE', { verbrauchsart: 'KL' })), false],
    ['MaLo Zählwerk Wärme', context(EMPTY, scoped('MARKTLOKATION', { zaehlwerke: [{ verbrauchsart: 'W' }] })), true],
    [
      'MaLo Zählwerke mixed',
      context(EMPTY, scoped('MARKTLOKATION', { zaehlwerke: [{ verbrauchsart: 'W' }, { verbrauchsart: 'KL' }] })),
      undefined,
    ],
    ['no scope', context(EMPTY), undefined],
  ],
  241: [
    ['MSB receives', context(EMPTY, { receiverRole: 'MSB' }), true],
    ['NB receives', context(EMPTY, { receiverRole: 'NB' }), false],
  ],
  256: [
    ['1-1:1.8.0', context(EMPTY, zaehlwerke('ZAEHLER', '1-1:1.8.0', '1-1:2.8.1')), true],
    ['1-1:1.29.0', context(EMPTY, zaehlwerke('ZAEHLER', '1-1:1.29.0')), false],
    ['mixed', context(EMPTY, zaehlwerke('ZAEHLER', '1-1:1.8.0', '1-1:1.29.0')), undefined],
    ['scope MARKTLOKATION', context(EMPTY, zaehlwerke('MARKTLOKATION', '1-1:1.8.0')), undefined],
  ],
  279: [
    ['E01+ZAP', context(grund('E01', 'ZAP')), true],
    ['E01+ZW3', context(grund('E01', 'ZW3')), false],
  ],
  288: [
    ['1-1:2.9.0', context(EMPTY, zaehlwerke('MARKTLOKATION', '1-1:2.9.0')), true],
    ['1-1:1.9.0', context(EMPTY, zaehlwerke('MARKTLOKATION', '1-1:1.9.0')), false],
    ['no scope', context(EMPTY), undefined],
  ],
  294: [
    ['Netzlokation', context(masterData({ NETZLOKATION: [{ netzlokationsId: 'E1234567890' }] })), true],
    ['none', context(EMPTY), false],
  ],
  296: [
    ['Technische Ressource', context(masterData({ TECHNISCHE_RESSOURCE: [{ ressourcenId: 'D1234567890' }] })), true],
    ['none', context(EMPTY), false],
  ],
  298: [
    ['none', context(EMPTY), true],
    ['Technische Ressource', context(masterData({ TECHNISCHE_RESSOURCE: [{ ressourcenId: 'D1234567890' }] })), false],
  ],
};

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Every text the FV2604 AHB tables give each condition key (`lines[].conditions` holds lines `[n] text`). */
function ahbTexts(): Map<number, Set<string>> {
  const texts = new Map<number, Set<string>>();
  for (const file of fs.readdirSync(AHB_DIR).filter((name) => /^AHB_FV2604_\d+\.json$/.test(name))) {
    const table = JSON.parse(fs.readFileSync(path.join(AHB_DIR, file), 'utf8')) as { lines: { conditions?: string }[] };
    for (const line of table.lines) {
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

describe('requirement conditions [121]–[300]', () => {
  it('covers every key of the range exactly once', () => {
    const keys = [...CONDITIONS_121_300, ...UNDECIDABLE_121_300].map((entry) => entry.key);
    expect([...keys].sort((a, b) => a - b)).toEqual(RANGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes each entry for a text the FV2604 AHB gives its key', () => {
    const texts = ahbTexts();
    for (const entry of [...CONDITIONS_121_300, ...UNDECIDABLE_121_300]) {
      expect({ key: entry.key, known: texts.get(entry.key)?.has(normalise(entry.text)) ?? false }).toEqual({
        key: entry.key,
        known: true,
      });
    }
  });

  it('gives every undecidable entry a reason', () => {
    for (const entry of UNDECIDABLE_121_300) expect(entry.reason.trim()).not.toBe('');
  });

  it('has test cases for every decided entry, fulfilled and not fulfilled', () => {
    for (const entry of CONDITIONS_121_300) {
      const outcomes = (CASES[entry.key] ?? []).map(([, , expected]) => expected);
      expect({ key: entry.key, fulfilled: outcomes.includes(true), unfulfilled: outcomes.includes(false) }).toEqual({
        key: entry.key,
        fulfilled: true,
        unfulfilled: true,
      });
    }
  });

  const table = CONDITIONS_121_300.flatMap((entry) =>
    (CASES[entry.key] ?? []).map(([label, ctx, expected]) => [entry.key, label, entry, ctx, expected] as const),
  );
  it.each(table)('[%i] %s', (_key, _label, entry, ctx, expected) => {
    expect(entry.decide(ctx)).toBe(expected);
  });
});
