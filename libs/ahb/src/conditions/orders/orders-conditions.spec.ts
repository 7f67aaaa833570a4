import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REFERENCE_DIR } from '@maco/reference-samples';
import { conditionContext, type ContextOptions as Options } from '../../../test/condition-context';
import RULES_FV2510 from '../../data/ahb-rules-FV2510.json';
import RULES_FV2604 from '../../data/ahb-rules-FV2604.json';
import type { ConditionContext, ConditionEntry, Decision, UndecidableEntry } from '../condition-context';
import { ORDCHG_CONDITIONS, ORDCHG_UNDECIDABLE, ORDERS_CONDITIONS, ORDERS_UNDECIDABLE } from './orders-conditions';

const context = (body: unknown, options: Options = {}): ConditionContext => conditionContext(body, options);

const td = (transaktionsdaten: Record<string, unknown>): unknown => ({ stammdaten: {}, transaktionsdaten });
const sd = (stammdaten: Record<string, unknown>): unknown => ({ stammdaten, transaktionsdaten: {} });
const EMPTY = sd({});
/** A body holding `object` as the only `stammdaten[key]` element, evaluated for that object. */
const inObject = (key: string, object: Record<string, unknown>): [unknown, Options] => [
  { stammdaten: { [key]: [object] } },
  { scope: { key, object } },
];
const anfrage = (fields: Record<string, unknown>): unknown => sd({ ANFRAGE: [fields] });
const reklamation = (fields: Record<string, unknown>): unknown => sd({ REKLAMATION: [fields] });
const position = (fields: Record<string, unknown>): unknown => sd({ AUFTRAG: [{ positionsdaten: [fields] }] });
const contact = (ansprechpartner: Record<string, unknown>): unknown => td({ absender: { ansprechpartner } });
const DATE = '2026-04-01T00:00:00+02:00';

type Case = readonly [key: number, name: string, body: unknown, options: Options, expected: Decision];

const ORDERS_CASES: readonly Case[] = [
  [2, 'BGM+7 as code', anfrage({ anfragekategorie: '7' }), {}, true],
  [2, 'BGM+7 as enum name', anfrage({ anfragekategorie: 'PROZESSDATENBERICHT' }), {}, true],
  [2, 'BGM+Z28', anfrage({ anfragekategorie: 'ENERGIEMENGE_UND_LEISTUNGSMAXIMUM' }), {}, false],
  [2, 'no anfragekategorie: BGM code unknown', EMPTY, {}, undefined],
  [2, 'unfamiliar spelling', anfrage({ anfragekategorie: 'Prozessdatenbericht' }), {}, undefined],
  [21, 'BGM+Z28', anfrage({ anfragekategorie: 'Z28' }), {}, true],
  [21, 'BGM+Z48', anfrage({ anfragekategorie: 'LASTGANG_MALO_TRANCHE' }), {}, false],
  [51, 'BGM+Z48', anfrage({ anfragekategorie: 'LASTGANG_MALO_TRANCHE' }), {}, true],
  [51, 'BGM+7', anfrage({ anfragekategorie: '7' }), {}, false],

  [6, 'sender LF', EMPTY, { senderRoles: ['LF'] }, true],
  [6, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],
  [6, 'senders LF and NB (17102)', EMPTY, { senderRoles: ['LF', 'NB'] }, undefined],
  [7, 'sender NB', EMPTY, { senderRoles: ['NB'] }, true],
  [7, 'sender LF', EMPTY, { senderRoles: ['LF'] }, false],
  [15, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, true],
  [15, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],
  [15, 'direction unknown', EMPTY, {}, undefined],
  [26, 'sender ÜNB', EMPTY, { senderRoles: ['ÜNB'] }, true],
  [26, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],
  [45, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, false],
  [45, 'sender LF', EMPTY, { senderRoles: ['LF'] }, true],
  [45, 'senders LF and MSB', EMPTY, { senderRoles: ['LF', 'MSB'] }, undefined],
  [62, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, true],
  [62, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],

  [23, 'NB books it', EMPTY, { receiverRole: 'NB', senderRoles: ['LF'] }, true],
  [23, 'MSB books it', EMPTY, { receiverRole: 'MSB', senderRoles: ['LF'] }, false],
  [
    23,
    'the booking LF is the sender (LF → NB, LF → MSB)',
    EMPTY,
    { receiverRole: 'LF', senderRoles: ['LF'] },
    undefined,
  ],
  [27, 'MSB books it', EMPTY, { receiverRole: 'MSB', senderRoles: ['LF'] }, true],
  [27, 'NB books it, direction unknown', EMPTY, { receiverRole: 'NB' }, false],
  [27, 'the booking LF is the sender', EMPTY, { receiverRole: 'LF', senderRoles: ['LF'] }, undefined],
  [63, 'NB books it', EMPTY, { receiverRole: 'NB', senderRoles: ['MSB'] }, true],
  [63, 'LF books it', EMPTY, { receiverRole: 'LF', senderRoles: ['MSB'] }, false],
  [101, 'receiver NB', EMPTY, { receiverRole: 'NB', senderRoles: ['LF'] }, true],
  [101, 'receiver MSB: its Sparte is unknown', EMPTY, { receiverRole: 'MSB', senderRoles: ['LF'] }, undefined],
  [101, 'the booking LF is the sender', EMPTY, { receiverRole: 'LF', senderRoles: ['LF'] }, undefined],

  [104, 'no NAD+VY', EMPTY, {}, false],
  [
    104,
    'NAD+VY without its role',
    td({ beteiligterMarktpartner: { rollencodenummer: '9900259000002', rollencodetyp: 'BDEW' } }),
    {},
    undefined,
  ],
  [
    104,
    'NAD+VY of an LF',
    td({ beteiligterMarktpartner: { rollencodenummer: '9900259000002', marktrolle: 'LF' } }),
    {},
    true,
  ],
  [
    104,
    'NAD+VY of an NB',
    td({ beteiligterMarktpartner: { rollencodenummer: '9900259000002', marktrolle: 'NB' } }),
    {},
    false,
  ],

  [13, 'no LOC+172', EMPTY, {}, true],
  [13, 'LOC+172 in ANFRAGE', anfrage({ lokationsId: '50074561188' }), {}, false],
  [13, 'LOC+172 in REKLAMATION', reklamation({ lokationsId: '50074561188' }), {}, false],
  [109, 'no LOC+172', reklamation({ reklamationsgrund: 'WERTE_FEHLEN' }), {}, true],
  [109, 'LOC+172 in REKLAMATION', reklamation({ lokationsId: '50074561188' }), {}, false],

  [16, 'SG34 RFF+Z09', sd({ ZAEHLER: [{ geraete: [{ geraetenummer: '1ESY1160123456' }] }] }), {}, true],
  [16, 'no SG34', position({ positionsnummer: 1 }), {}, false],
  [17, 'FTX+ACB', position({ allgemeineInformationen: { info1: 'Hinweis' } }), {}, true],
  [17, 'no FTX', position({ positionsnummer: 1, allgemeineInformationen: { info1: '' } }), {}, false],

  [18, 'IMD++Z11', anfrage({ anfragetyp: 'LASTGANGDATEN' }), {}, true],
  [18, 'IMD++Z12', anfrage({ anfragetyp: 'Z12' }), {}, false],
  [18, 'no IMD', EMPTY, {}, false],
  [18, "vendor's placeholder KAUF (not an IMD code of the table)", anfrage({ anfragetyp: 'KAUF' }), {}, undefined],
  [19, 'IMD++Z12', anfrage({ anfragetyp: 'ZAEHLERSTAENDE' }), {}, true],
  [19, 'IMD++Z35', anfrage({ anfragetyp: 'ENERGIEMENGE_EINZELWERT' }), {}, false],
  [24, 'IMD++Z35', anfrage({ anfragetyp: 'Z35' }), {}, true],
  [24, 'IMD++Z11', anfrage({ anfragetyp: 'Z11' }), {}, false],
  [106, 'IMD++Z60', anfrage({ anfragetyp: 'ABBESTELLUNG_MESSPRODUKT' }), {}, false],
  [106, 'IMD++Z55', anfrage({ anfragetyp: 'Z55' }), {}, true],
  [106, 'no IMD (optional in 17118)', EMPTY, {}, true],
  [107, 'IMD++Z57', anfrage({ anfragetyp: 'ABBESTELLUNG_ZAEHLZEITEN' }), {}, false],
  [107, 'IMD++Z60', anfrage({ anfragetyp: 'Z60' }), {}, true],
  [107, 'no IMD (mandatory in 17123): code unknown', EMPTY, {}, undefined],

  [38, 'FTX+Z05', reklamation({ reklamationsgrund: 'WERTE_ZU_NIEDRIG' }), {}, true],
  [38, 'FTX+Z04 as code', reklamation({ reklamationsgrund: 'Z04' }), {}, true],
  [38, 'FTX+Z06', reklamation({ reklamationsgrund: 'WERTE_FEHLEN' }), {}, false],
  [38, 'no FTX', EMPTY, {}, false],
  [38, 'unfamiliar value', reklamation({ reklamationsgrund: 'ZU_HOCH' }), {}, undefined],
  [54, 'FTX+Z06', reklamation({ reklamationsgrund: 'WERTE_FEHLEN' }), {}, true],
  [54, 'FTX+Z04', reklamation({ reklamationsgrund: 'WERTE_ZU_HOCH' }), {}, false],
  [65, 'FTX+Z08', reklamation({ reklamationsgrund: 'UEBERSICHT_UNPLAUSIBEL' }), {}, true],
  [65, 'FTX+Z07', reklamation({ reklamationsgrund: 'UEBERSICHT_FEHLT' }), {}, false],
  [87, 'FTX+Z09', reklamation({ reklamationsgrund: 'AUSGEROLLTE_DEFINITION_FEHLT' }), {}, true],
  [87, 'FTX+Z08', reklamation({ reklamationsgrund: 'Z08' }), {}, false],
  [97, 'FTX+Z10', reklamation({ reklamationsgrund: 'AUSGEROLLTE_DEFINITION_UNPLAUSIBEL' }), {}, true],
  [97, 'FTX+Z09', reklamation({ reklamationsgrund: 'AUSGEROLLTE_DEFINITION_FEHLT' }), {}, false],
  [99, 'FTX+Z08', reklamation({ reklamationsgrund: 'UEBERSICHT_UNPLAUSIBEL' }), {}, true],
  [99, 'FTX+Z09', reklamation({ reklamationsgrund: 'Z09' }), {}, false],

  [46, 'SG29 IMD++Z46', position({ anfragegrund: 'ABGRENZUNG_VON_ENERGIEMENGEN' }), {}, true],
  [46, 'SG29 IMD++Z47', position({ anfragegrund: 'Z47' }), {}, false],
  [46, 'no SG29 IMD (mandatory in 17004): code unknown', EMPTY, {}, undefined],
  [47, 'SG29 IMD++Z46', position({ anfragegrund: 'Z46' }), {}, false],
  [47, 'SG29 IMD++Z49', position({ anfragegrund: 'ZWISCHENABLESUNG' }), {}, true],
  [47, 'unfamiliar value', position({ anfragegrund: 'SONSTIGES' }), {}, undefined],

  [55, 'no DTM+469', sd({ AUFTRAG: [{ ausfuehrungsdatum: DATE }] }), {}, true],
  [55, 'DTM+469', sd({ AUFTRAG: [{ startdatum: DATE }] }), {}, false],
  [56, 'no DTM+203', sd({ AUFTRAG: [{ startdatum: DATE }] }), {}, true],
  [56, 'DTM+203', sd({ AUFTRAG: [{ ausfuehrungsdatum: DATE }] }), {}, false],

  [
    57,
    'Marktlokationsadresse without DE3124',
    ...inObject('MARKTLOKATION', { lokationsadresse: { strasse: 'Musterstraße', ort: 'Köln' } }),
    true,
  ],
  [
    57,
    'Marktlokationsadresse with DE3124',
    ...inObject('MARKTLOKATION', { lokationsadresse: { ort: 'Köln', zusatzInformation: { zusatz1: 'Hinterhof' } } }),
    false,
  ],
  [
    57,
    'Messadresse with DE3124',
    ...inObject('MESSLOKATION', { messadresse: { zusatzInformation: { zusatz3: 'am Ende' } } }),
    false,
  ],
  [57, 'Treffpunkt without DE3124', ...inObject('SPERRAUFTRAG', { treffpunkt: { strasse: 'Musterstraße' } }), true],
  [57, 'evaluated for no address object', anfrage({ lokationsId: '50074561188' }), {}, undefined],

  [64, 'no NAD+Z03', EMPTY, {}, true],
  [64, 'NAD+Z03', sd({ MESSLOKATION: [{ messadresse: { ort: 'Köln' } }] }), {}, false],
  [70, 'no NAD+Z03', sd({ MESSLOKATION: [{ messlokationsId: 'DE00014545768S0000000000000003054' }] }), {}, true],
  [70, 'NAD+Z03', sd({ MESSLOKATION: [{ messadresse: { ort: 'Köln' } }] }), {}, false],
  [69, 'no NAD+Z23', EMPTY, {}, true],
  [69, 'NAD+Z23', sd({ MARKTLOKATION: [{ lokationsadresse: { ort: 'Köln' } }] }), {}, false],

  [67, 'no DTM+163', reklamation({ zeitraumMesswertanfrage: { enddatum: DATE } }), {}, true],
  [67, 'DTM+163 in REKLAMATION', reklamation({ zeitraumMesswertanfrage: { startdatum: DATE } }), {}, false],
  [67, 'DTM+163 in AUFTRAG', position({ startdatum: DATE }), {}, false],
  [110, 'DTM+163', reklamation({ zeitraumMesswertanfrage: { startdatum: DATE } }), {}, true],
  [110, 'no DTM+163', EMPTY, {}, false],
  [68, 'no DTM+7', EMPTY, {}, true],
  [68, 'DTM+7 in ANFRAGE', anfrage({ gueltigAb: DATE }), {}, false],
  [68, 'DTM+7 in AUFTRAG', position({ gueltigAb: DATE }), {}, false],
  [108, 'no RFF+AGK', reklamation({ lokationsId: '50074561188' }), {}, true],
  [108, 'RFF+AGK', reklamation({ konfiguration: 'KONF-1' }), {}, false],

  [
    77,
    'CCI+Z39 in the MeLo',
    ...inObject('MESSLOKATION', { zaehlwerke: [{ zaehlzeiten: { zaehlzeitDefinition: 'NBX' } }] }),
    true,
  ],
  [
    77,
    'CCI+Z41 (null) in the MaLo',
    ...inObject('MARKTLOKATION', { zaehlwerke: [{ zaehlzeiten: { zaehlzeitDefinition: null } }] }),
    false,
  ],
  [
    77,
    'one Z39, one Z41',
    ...inObject('MARKTLOKATION', {
      zaehlwerke: [{ zaehlzeiten: { zaehlzeitDefinition: 'NBX' } }, { zaehlzeiten: { zaehlzeitDefinition: null } }],
    }),
    undefined,
  ],
  [
    77,
    'evaluated for no location',
    sd({ MESSLOKATION: [{ zaehlwerke: [{ zaehlzeiten: { zaehlzeitDefinition: 'NBX' } }] }] }),
    {},
    undefined,
  ],

  [93, 'no TRANCHE', sd({ MARKTLOKATION: [{ zaehlwerke: [{ messprodukt: '9991000000078' }] }] }), {}, true],
  [
    93,
    'SG29 LIN+Z16',
    sd({ TRANCHE: [{ tranchenId: '50074561188', zaehlwerke: [{ messprodukt: '9991000000143' }] }] }),
    {},
    false,
  ],
  [93, 'a TRANCHE from LOC+172 only', sd({ TRANCHE: [{ tranchenId: '50074561188' }] }), {}, undefined],
  [94, 'no MARKTLOKATION', sd({ TRANCHE: [{ zaehlwerke: [{ messprodukt: '9991000000143' }] }] }), {}, true],
  [94, 'SG29 LIN+Z54', sd({ MARKTLOKATION: [{ zaehlwerke: [{ messprodukt: '9991000000078' }] }] }), {}, false],
  [
    94,
    'a MARKTLOKATION from LOC+172 only',
    sd({ MARKTLOKATION: [{ marktlokationsId: '50074561188' }] }),
    {},
    undefined,
  ],

  [102, 'Wandler', ...inObject('ZAEHLER', { geraete: [{ geraeteeigenschaften: { geraetetyp: 'WANDLER' } }] }), true],
  [102, 'Steuerbox', ...inObject('ZAEHLER', { geraete: [{ geraeteeigenschaften: { geraetetyp: 'Z76' } }] }), false],
  [
    102,
    'a device type outside the CCI codes',
    ...inObject('ZAEHLER', { geraete: [{ geraeteeigenschaften: { geraetetyp: 'WECHSELSTROMZAEHLER' } }] }),
    undefined,
  ],
  [
    102,
    'evaluated for no ZAEHLER',
    sd({ ZAEHLER: [{ geraete: [{ geraeteeigenschaften: { geraetetyp: 'WANDLER' } }] }] }),
    {},
    undefined,
  ],
  [
    103,
    'Mengenumwerter',
    ...inObject('ZAEHLER', { geraete: [{ geraeteeigenschaften: { geraetetyp: 'MENGENUMWERTER' } }] }),
    true,
  ],
  [103, 'Wandler', ...inObject('ZAEHLER', { geraete: [{ geraeteeigenschaften: { geraetetyp: 'Z25' } }] }), false],

  [112, 'PIA+5+9991000000078', ...inObject('MARKTLOKATION', { zaehlwerke: [{ messprodukt: '9991000000078' }] }), true],
  [112, 'another Messprodukt', ...inObject('MARKTLOKATION', { zaehlwerke: [{ messprodukt: '9991000000086' }] }), false],
  [112, 'no SG29 LIN+Z54', ...inObject('MARKTLOKATION', { marktlokationsId: '50074561188' }), false],
  [
    112,
    'evaluated for a MESSLOKATION',
    ...inObject('MESSLOKATION', { zaehlwerke: [{ messprodukt: '9991000000078' }] }),
    undefined,
  ],

  [113, 'LIN Z42', position({ definitionsTyp: 'ZAEHLZEIT' }), {}, true],
  [113, 'LIN Z69', position({ definitionsTyp: 'Z69' }), {}, false],
  [113, 'no definitionsTyp', position({ positionsnummer: 1 }), {}, undefined],
  [114, 'LIN Z69', position({ definitionsTyp: 'SCHALTZEIT' }), {}, true],
  [114, 'LIN Z70', position({ definitionsTyp: 'LEISTUNGSKURVEN' }), {}, false],
  [115, 'LIN Z70', position({ definitionsTyp: 'Z70' }), {}, true],
  [115, 'LIN Z42', position({ definitionsTyp: 'Z42' }), {}, false],

  [130, 'lokationsTyp MALO', anfrage({ lokationsId: '50074561188', lokationsTyp: 'MALO' }), {}, true],
  [130, 'lokationsTyp TRANCHE', anfrage({ lokationsId: '50074561188', lokationsTyp: 'TRANCHE' }), {}, false],
  [
    130,
    'the ID of a MARKTLOKATION',
    sd({ ANFRAGE: [{ lokationsId: '50074561188' }], MARKTLOKATION: [{ marktlokationsId: '50074561188' }] }),
    {},
    true,
  ],
  [130, 'eleven digits alone: MaLo or Tranche', anfrage({ lokationsId: '50074561188' }), {}, undefined],
  [130, 'a NeLo-ID', anfrage({ lokationsId: 'E1234567890' }), {}, false],
  [130, 'a Zählpunktbezeichnung', anfrage({ lokationsId: 'DE00014545768S0000000000000003054' }), {}, false],
  [130, 'no LOC+172', EMPTY, {}, undefined],
  [132, 'a NeLo-ID', anfrage({ lokationsId: 'E1234567890' }), {}, true],
  [132, 'eleven digits', anfrage({ lokationsId: '50074561188' }), {}, false],
  [132, 'lokationsTyp NELO', anfrage({ lokationsId: 'x', lokationsTyp: 'NELO' }), {}, true],
  [132, 'unfamiliar ID', anfrage({ lokationsId: 'LOC-1' }), {}, undefined],

  [147, 'only an e-mail address', contact({ nachname: 'Muster', eMailAdresse: 'max@example.org' }), {}, true],
  [
    147,
    'only a phone number',
    contact({ rufnummern: [{ nummerntyp: 'RUF_DURCHWAHL', rufnummer: '+49221123' }] }),
    {},
    false,
  ],
  [147, 'both', contact({ eMailAdresse: 'max@example.org', rufnummern: [{ rufnummer: '+49221123' }] }), {}, undefined],
  [147, 'no COM', contact({ nachname: 'Muster' }), {}, false],
  [
    148,
    'only a phone number (mapping CSV shape)',
    contact({ rufnummer: { rufnummertyp: 'MOBIL_NUMMER', rufnummer: '+49170123' } }),
    {},
    true,
  ],
  [148, 'only an e-mail address', contact({ eMailAdresse: 'max@example.org' }), {}, false],
  [
    148,
    "phone of the customer's contact, e-mail of the sender's",
    {
      transaktionsdaten: {
        absender: { ansprechpartner: { eMailAdresse: 'a@b.de' } },
        ansprechpartnerKunde: { rufnummern: [{ rufnummer: '+49' }] },
      },
    },
    {},
    undefined,
  ],
];

const ORDCHG_CASES: readonly Case[] = [
  [2, 'BGM+Z51', anfrage({ anfragekategorie: 'SPERRUNG' }), {}, true],
  [2, 'BGM+Z52', anfrage({ anfragekategorie: 'Z52' }), {}, false],
  [2, 'no anfragekategorie', EMPTY, {}, undefined],
  [3, 'BGM+Z52', anfrage({ anfragekategorie: 'ENTSPERRUNG' }), {}, true],
  [3, 'BGM+Z51', anfrage({ anfragekategorie: 'Z51' }), {}, false],
  [4, 'only an e-mail address', contact({ eMailAdresse: 'max@example.org' }), {}, true],
  [4, 'only a phone number', contact({ rufnummern: [{ rufnummer: '+49221123' }] }), {}, false],
  [5, 'only a phone number', contact({ rufnummern: [{ rufnummer: '+49221123' }] }), {}, true],
  [5, 'only an e-mail address', contact({ eMailAdresse: 'max@example.org' }), {}, false],
  [5, 'both', contact({ eMailAdresse: 'max@example.org', rufnummern: [{ rufnummer: '+49221123' }] }), {}, undefined],
];

interface RuleData {
  conditions: Record<string, string>;
  rules: { pruefidentifikator: string; message?: string; conditionTexts?: Record<string, string> }[];
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `[n] text` lines of the AHB tables of every PI of `message` (the rules' `message` field), per format version. */
function ahbTexts(message: string): Map<string, Map<number, Set<string>>> {
  const result = new Map<string, Map<number, Set<string>>>();
  for (const [formatVersion, data] of [
    ['FV2510', RULES_FV2510 as RuleData],
    ['FV2604', RULES_FV2604 as RuleData],
  ] as const) {
    const texts = new Map<number, Set<string>>();
    for (const rule of data.rules.filter((candidate) => candidate.message === message)) {
      const file = path.join(
        REFERENCE_DIR,
        'ahb',
        formatVersion,
        `AHB_${formatVersion}_${rule.pruefidentifikator}.json`,
      );
      if (!existsSync(file)) continue;
      const table = JSON.parse(readFileSync(file, 'utf8')) as { lines: { conditions?: string }[] };
      for (const line of table.lines) {
        for (const condition of (line.conditions ?? '').split('\n')) {
          const match = /^\[(\d+)\]\s*(.*)$/.exec(condition);
          if (!match) continue;
          const key = Number(match[1]);
          if (!texts.has(key)) texts.set(key, new Set());
          texts.get(key)?.add(normalise(match[2]));
        }
      }
    }
    result.set(formatVersion, texts);
  }
  return result;
}

/** The requirement conditions ([1]–[499]) the ORDERS/ORDCHG tables use, by key and text, in either format version. */
function requirementConditions(texts: Map<string, Map<number, Set<string>>>): Set<string> {
  const all = new Set<string>();
  for (const byKey of texts.values()) {
    for (const [key, variants] of byKey) if (key < 500) for (const text of variants) all.add(`${key}|${text}`);
  }
  return all;
}

describe.each([
  ['ORDERS', ORDERS_CONDITIONS, ORDERS_UNDECIDABLE, ORDERS_CASES],
  ['ORDCHG', ORDCHG_CONDITIONS, ORDCHG_UNDECIDABLE, ORDCHG_CASES],
] as const)(
  '%s conditions',
  (message, decided: readonly ConditionEntry[], undecidable: readonly UndecidableEntry[], cases: readonly Case[]) => {
    const byKey = new Map(decided.map((entry) => [entry.key, entry]));
    const texts = ahbTexts(message);

    it.each(cases)('[%i] %s', (key, _name, body, options, expected) => {
      const entry = byKey.get(key);
      expect(entry).toBeDefined();
      expect(entry?.decide(context(body, options))).toBe(expected);
    });

    it('gives every entry a text the AHB gives its key for a PI of the message type', () => {
      for (const entry of [...decided, ...undecidable]) {
        const known = [...texts.values()].some((byKey) => byKey.get(entry.key)?.has(normalise(entry.text)) ?? false);
        expect({ key: entry.key, text: entry.text, known }).toEqual({ key: entry.key, text: entry.text, known: true });
      }
    });

    it('has a fulfilled and an unfulfilled case for every decided entry', () => {
      // [101] is never unfulfilled: with NAD+MR an MSB, its Sparte (not in the body) would decide.
      for (const entry of decided.filter((candidate) => !(message === 'ORDERS' && candidate.key === 101))) {
        const outcomes = cases.filter(([key]) => key === entry.key).map(([, , , , expected]) => expected);
        expect({ key: entry.key, fulfilled: outcomes.includes(true), unfulfilled: outcomes.includes(false) }).toEqual({
          key: entry.key,
          fulfilled: true,
          unfulfilled: true,
        });
      }
    });

    it('gives every undecidable entry a reason', () => {
      for (const entry of undecidable) expect(entry.reason.trim()).not.toBe('');
    });

    it('names every requirement condition of the tables once, decided or undecidable', () => {
      const named = [...decided, ...undecidable].map((entry) => `${entry.key}|${normalise(entry.text)}`);
      // ORDCHG's [494] shares ORDERS' text and entry.
      const expected = [...requirementConditions(texts)].filter(
        (condition) => !(message === 'ORDCHG' && condition.startsWith('494|')),
      );
      expect([...named].sort()).toEqual(expected.sort());
    });
  },
);
