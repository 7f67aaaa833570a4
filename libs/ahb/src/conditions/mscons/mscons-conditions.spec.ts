import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REFERENCE_DIR } from '@maco/reference-samples';
import { conditionContext, type ContextOptions as Options } from '../../../test/condition-context';
import RULES_FV2510 from '../../data/ahb-rules-FV2510.json';
import RULES_FV2604 from '../../data/ahb-rules-FV2604.json';
import type { ConditionContext, Decision } from '../condition-context';
import { MSCONS_CONDITIONS, MSCONS_UNDECIDABLE } from './mscons-conditions';

const context = (body: unknown, options: Options = {}): ConditionContext => conditionContext(body, options);

function transaction(transaktionsdaten: Record<string, unknown>): unknown {
  return { stammdaten: {}, transaktionsdaten };
}

/** A body whose ENERGIEMENGE elements are `locations` (evaluated as a whole body: no scope). */
function locations(...objects: Record<string, unknown>[]): unknown {
  return { stammdaten: { ENERGIEMENGE: objects }, transaktionsdaten: {} };
}

/** One location with one LIN (energieverbrauch element) per argument. */
function readings(...energieverbrauch: Record<string, unknown>[]): unknown {
  return locations({ lokationsId: '51238696781', energieverbrauch });
}

function classified(...codes: string[]): Record<string, unknown> {
  return { statuszusatzinformationen: codes.map((status) => ({ art: 'MESSKLASSIFIZIERUNG', status })) };
}

function contact(ansprechpartner: Record<string, unknown>): unknown {
  return transaction({ absender: { rollencodenummer: '9900000000003', ansprechpartner } });
}

type Case = readonly [key: number, name: string, body: unknown, options: Options, expected: Decision];

const EMPTY = transaction({});
const MELO = 'DE0001234567890123456789012345678';

const CASES: readonly Case[] = [
  [2, 'a calendar month', readings({ startdatum: '2026-01-31T23:00:00Z', enddatum: '2026-02-28T23:00:00Z' }), {}, true],
  [
    2,
    'first to last over several LINs',
    readings(
      { startdatum: '2026-03-31T22:00:00Z', enddatum: '2026-04-15T22:00:00Z' },
      { startdatum: '2026-04-15T22:00:00Z', enddatum: '2026-04-30T22:00:00Z' },
    ),
    {},
    true,
  ],
  [2, 'one day short', readings({ startdatum: '2026-01-31T23:00:00Z', enddatum: '2026-02-27T23:00:00Z' }), {}, false],
  [2, 'no SG10 dates', readings({ wert: 1 }), {}, false],
  [2, 'unreadable date', readings({ startdatum: '20260101', enddatum: '2026-02-28T23:00:00Z' }), {}, undefined],

  [11, 'Gas interval OBIS', readings({ obiskennzahl: '7-0:54.0.20' }), {}, true],
  [11, 'escaped as in EDIFACT, with code list', readings({ obiskennzahl: '7-0?:52.0.22:SRW' }), {}, true],
  [11, 'Zählerstand', readings({ obiskennzahl: '7-20:3.0.0' }), {}, false],
  [11, 'LINs of both kinds', readings({ obiskennzahl: '7-0:52.0.22' }, { obiskennzahl: '7-20:3.0.0' }), {}, undefined],
  [11, 'filler', readings({ obiskennzahl: 'obiskennzahl-VACDQ7' }), {}, undefined],
  [12, 'Zählerstand', readings({ obiskennzahl: '7-20:3.0.0' }), {}, true],
  [12, 'Gas interval OBIS', readings({ obiskennzahl: '7-0:54.0.16' }), {}, false],

  [17, 'other OBIS', readings({ obiskennzahl: '1-1:1.8.0' }), {}, true],
  [17, '1-b:9.99.0', readings({ obiskennzahl: '1-2:9.99.0' }), {}, false],
  [18, '1-b:9.99.0', readings({ obiskennzahl: '1-1:9.99.0' }), {}, true],
  [18, 'other OBIS', readings({ obiskennzahl: '1-1:1.29.0' }), {}, false],

  [27, '1-1:1.9.0', readings({ obiskennzahl: '1-1:1.9.0' }), {}, true],
  [27, '1-1:1.8.0', readings({ obiskennzahl: '1-1:1.8.0' }), {}, false],
  [28, '1-1:1.8.0', readings({ obiskennzahl: '1-1:1.8.0' }), {}, true],
  [28, '1-1:1.9.0', readings({ obiskennzahl: '1-1:1.9.0' }), {}, false],

  [32, 'sender NB', EMPTY, { senderRoles: ['NB'] }, true],
  [32, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, false],
  [32, 'direction unknown', EMPTY, {}, undefined],
  [35, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, true],
  [35, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],
  [81, 'sender ÜNB', EMPTY, { senderRoles: ['ÜNB'] }, true],
  [81, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],

  [33, 'receiver LF', EMPTY, { receiverRole: 'LF' }, true],
  [33, 'receiver NB', EMPTY, { receiverRole: 'NB' }, false],
  [36, 'receiver NB', EMPTY, { receiverRole: 'NB' }, true],
  [36, 'receiver MSB', EMPTY, { receiverRole: 'MSB' }, false],
  [42, 'receiver MSB', EMPTY, { receiverRole: 'MSB' }, true],
  [42, 'receiver LF', EMPTY, { receiverRole: 'LF' }, false],
  [77, 'receiver LF', EMPTY, { receiverRole: 'LF' }, false],
  [80, 'receiver NB', EMPTY, { receiverRole: 'NB' }, false],
  [141, 'receiver NB', EMPTY, { receiverRole: 'NB' }, false],

  [38, 'MeLo-ID', locations({ lokationsId: MELO }), {}, true],
  [38, 'typed MELO', locations({ lokationsId: 'DE-unusual', lokationsTyp: 'MELO' }), {}, true],
  [38, 'MaLo-ID', locations({ lokationsId: '51238696781' }), {}, false],
  [38, 'typed MALO', locations({ lokationsId: '51238696781', lokationsTyp: 'MALO' }), {}, false],
  [38, 'no LOC+172', locations({ konfiguration: 'K1' }), {}, false],
  [38, 'a MeLo and a MaLo', locations({ lokationsId: MELO }, { lokationsId: '51238696781' }), {}, undefined],
  [38, 'unfamiliar ID', locations({ lokationsId: 'X-1' }), {}, undefined],
  [119, 'typed MALO', locations({ lokationsId: '51238696781', lokationsTyp: 'MALO' }), {}, true],
  [119, 'typed TRANCHE', locations({ lokationsId: '51238696781', lokationsTyp: 'TRANCHE' }), {}, false],
  [119, 'MeLo-ID', locations({ lokationsId: MELO }), {}, false],
  [119, '11 digits untyped (MaLo or Tranche)', locations({ lokationsId: '51238696781' }), {}, undefined],

  [46, '11 characters', locations({ lokationsId: '51238696781' }), {}, true],
  [46, '33 characters', locations({ lokationsId: MELO }), {}, false],
  [46, 'no LOC+172', locations({}), {}, false],
  [62, '33 characters', locations({ lokationsId: MELO }), {}, true],
  [62, '11 characters', locations({ lokationsId: '51238696781' }), {}, false],

  [45, '7-b:99.41.16', readings({ obiskennzahl: '7-10:99.41.16' }), {}, true],
  [45, 'other', readings({ obiskennzahl: '7-10:99.42.16' }), {}, false],
  [48, '7-0:52.0.22', readings({ obiskennzahl: '7-0:52.0.22' }), {}, true],
  [48, '7-0:54.0.22', readings({ obiskennzahl: '7-0:54.0.22' }), {}, false],
  [49, '7-b:70.16.20', readings({ obiskennzahl: '7-1:70.16.20' }), {}, true],
  [49, '7-b:70.18.20', readings({ obiskennzahl: '7-1:70.18.20' }), {}, false],
  [50, '7-b:70.18.22', readings({ obiskennzahl: '7-1:70.18.22' }), {}, true],
  [50, '7-b:70.16.22', readings({ obiskennzahl: '7-1:70.16.22' }), {}, false],
  [72, '1-b:3.6.0', readings({ obiskennzahl: '1-1:3.6.0' }), {}, true],
  [72, '1-b:3.9.0', readings({ obiskennzahl: '1-1:3.9.0' }), {}, false],
  [73, '1-b:1.9.e', readings({ obiskennzahl: '1-1:1.9.2' }), {}, true],
  [73, '1-b:1.6.0', readings({ obiskennzahl: '1-1:1.6.0' }), {}, false],
  [78, '1-66:14.9.0', readings({ obiskennzahl: '1-66:14.9.0' }), {}, true],
  [78, '1-1:1.9.0', readings({ obiskennzahl: '1-1:1.9.0' }), {}, false],
  [79, '1-1:1.9.0', readings({ obiskennzahl: '1-1:1.9.0' }), {}, true],
  [79, '1-66:13.6.0', readings({ obiskennzahl: '1-66:13.6.0' }), {}, false],
  [108, '7-b:99.42.16', readings({ obiskennzahl: '7-3:99.42.16' }), {}, true],
  [108, '7-b:99.43.16', readings({ obiskennzahl: '7-3:99.43.16' }), {}, false],
  [125, '7-b:55.0.20', readings({ obiskennzahl: '7-2:55.0.20' }), {}, true],
  [125, '7-0:54.0.20', readings({ obiskennzahl: '7-0:54.0.20' }), {}, false],
  [153, '7-0:33.86.0', readings({ obiskennzahl: '7-0:33.86.0' }), {}, true],
  [153, '7-0:33.47.0', readings({ obiskennzahl: '7-0:33.47.0' }), {}, false],
  [154, '7-0:33.47.0', readings({ obiskennzahl: '7-0:33.47.0' }), {}, true],
  [154, 'no LIN', readings(), {}, false],

  [98, 'SOL', readings({ obiskennzahl: 'SOL' }), {}, true],
  [98, 'WID', readings({ obiskennzahl: 'WID' }), {}, false],
  [99, 'WID with qualifier', readings({ obiskennzahl: 'WID:Z08' }), {}, true],
  [99, 'SOL', readings({ obiskennzahl: 'SOL' }), {}, false],
  [100, 'AUA', readings({ obiskennzahl: 'AUA' }), {}, true],
  [100, 'FPA', readings({ obiskennzahl: 'FPA' }), {}, false],
  [100, 'LINs of both kinds', readings({ obiskennzahl: 'AUA' }, { obiskennzahl: 'FPA' }), {}, undefined],
  [101, 'FPA', readings({ obiskennzahl: 'FPA' }), {}, true],
  [101, 'AUA', readings({ obiskennzahl: 'AUA' }), {}, false],

  [68, 'BGM+7', transaction({ kategorie: '7' }), {}, true],
  [68, 'BGM+Z28', transaction({ kategorie: 'Z28' }), {}, false],
  [68, 'filler', transaction({ kategorie: 'kategorie-AH6P8L' }), {}, undefined],
  [69, 'BGM+Z28', transaction({ kategorie: 'Z28' }), {}, true],
  [69, 'BGM+7', transaction({ kategorie: '7' }), {}, false],
  [70, 'BGM+BK', transaction({ kategorie: 'BK' }), {}, true],
  [70, 'BGM+Z39', transaction({ kategorie: 'Z39' }), {}, false],
  [71, 'BGM+Z39', transaction({ kategorie: 'Z39' }), {}, true],
  [71, 'BGM+BK', transaction({ kategorie: 'BK' }), {}, false],
  [90, 'BGM+Z41', transaction({ kategorie: 'Z41' }), {}, true],
  [90, 'BGM+Z42', transaction({ kategorie: 'Z42' }), {}, false],
  [91, 'BGM+Z42', transaction({ kategorie: 'Z42' }), {}, true],
  [91, 'BGM+Z41', transaction({ kategorie: 'Z41' }), {}, false],
  [121, 'BGM+Z43', transaction({ kategorie: 'Z43' }), {}, true],
  [121, 'BGM+Z69', transaction({ kategorie: 'Z69' }), {}, false],
  [150, 'BGM+Z69', transaction({ kategorie: 'Z69' }), {}, true],
  [150, 'BGM+Z43', transaction({ kategorie: 'Z43' }), {}, false],
  [151, 'BGM+Z27', transaction({ kategorie: 'Z27' }), {}, true],
  [151, 'BGM+7', transaction({ kategorie: '7' }), {}, false],
  [152, 'BGM+7', transaction({ kategorie: '7' }), {}, true],
  [152, 'BGM+Z27', transaction({ kategorie: 'Z27' }), {}, false],

  [83, 'only Z36', readings(classified('Z36')), {}, true],
  [83, 'no STS+10', readings({ wert: 1 }), {}, true],
  [
    83,
    'Z38 as enum name',
    readings(classified('ZAEHLERSTAND_ZUM_BEGINN_DER_ANGEGEBENEN_ENERGIEMENGE_NICHT_VORHANDEN_DA_MENGENABGRENZUNG')),
    {},
    false,
  ],
  [83, 'one LIN with Z38, one without', readings(classified('Z38'), classified('Z36')), {}, undefined],
  [83, 'unfamiliar status', readings(classified('status-1')), {}, undefined],
  [84, 'Z37', readings(classified('Z37')), {}, true],
  [84, 'Z39', readings(classified('Z39')), {}, false],
  [85, 'Z38', readings(classified('Z38')), {}, true],
  [85, 'Z36', readings(classified('Z36')), {}, false],
  [86, 'Z39', readings(classified('Z39')), {}, true],
  [
    86,
    'Z37',
    readings(classified('ZAEHLERSTAND_ZUM_ENDE_DER_ANGEGEBENEN_ENERGIEMENGE_VORHANDEN_UND_KOMMUNIZIERT')),
    {},
    false,
  ],

  [92, 'ERSATZWERT', readings({ messwertstatus: 'ERSATZWERT' }), {}, true],
  [92, 'code 67', readings({ messwertstatus: '67' }), {}, true],
  [92, 'ABGELESEN', readings({ messwertstatus: 'ABGELESEN' }), {}, false],
  [92, 'no QTY', readings({ obiskennzahl: '1-1:1.8.0' }), {}, false],
  [
    92,
    'LINs of both kinds',
    readings({ messwertstatus: 'ERSATZWERT' }, { messwertstatus: 'ABGELESEN' }),
    {},
    undefined,
  ],
  [92, 'unfamiliar status', readings({ messwertstatus: 'GEMESSEN' }), {}, undefined],
  [93, 'ABGELESEN', readings({ messwertstatus: 'ABGELESEN' }), {}, true],
  [93, 'VORSCHLAGSWERT', readings({ messwertstatus: 'VORSCHLAGSWERT' }), {}, false],
  [94, 'code 201', readings({ messwertstatus: '201' }), {}, true],
  [94, 'code Z18', readings({ messwertstatus: 'Z18' }), {}, false],

  [113, 'RFF+AGK', locations({ konfiguration: 'K1' }), {}, true],
  [113, 'no RFF+AGK', locations({ lokationsId: MELO }), {}, false],
  [113, 'one location with, one without', locations({ konfiguration: 'K1' }, { lokationsId: MELO }), {}, undefined],
  [144, 'RFF+AGK', locations({ konfiguration: 'K1' }), {}, true],
  [144, 'no RFF+AGK', locations({ lokationsId: MELO }), {}, false],
  [131, 'no RFF+AGK', locations({ lokationsId: MELO }), {}, true],
  [131, 'no SG6 at all', EMPTY, {}, true],
  [131, 'RFF+AGK', locations({ konfiguration: 'K1' }), {}, false],
  [132, 'no LOC+172 ID', locations({ konfiguration: 'K1' }), {}, true],
  [132, 'LOC+172 ID', locations({ lokationsId: MELO }), {}, false],

  [142, 'e-mail only', contact({ eMailAdresse: 'a@b.de' }), {}, true],
  [142, 'phone only', contact({ rufnummern: [{ nummerntyp: 'RUF_DURCHWAHL', rufnummer: '+49301' }] }), {}, false],
  [142, 'no COM', contact({ nachname: 'Muster' }), {}, false],
  [
    142,
    'e-mail and phone',
    contact({ eMailAdresse: 'a@b.de', rufnummern: [{ nummerntyp: 'FX', rufnummer: '+49301' }] }),
    {},
    undefined,
  ],
  [
    143,
    'phone codes',
    contact({
      rufnummern: [
        { nummerntyp: 'AJ', rufnummer: '+49301' },
        { nummerntyp: 'MOBIL_NUMMER', rufnummer: '+49170' },
      ],
    }),
    {},
    true,
  ],
  [143, 'e-mail only', contact({ eMailAdresse: 'a@b.de' }), {}, false],
  [
    143,
    'a kind the AHB does not list',
    contact({ rufnummern: [{ nummerntyp: 'SAMMELFAX', rufnummer: '+49301' }] }),
    {},
    undefined,
  ],
];

const DECIDED = new Map(MSCONS_CONDITIONS.map((entry) => [entry.key, entry]));

/** Entries that look at "this SG6" (ENERGIEMENGE): decided on the scope object, undecided in another scope. */
const LOCATION_KEYS = [
  2, 11, 12, 17, 18, 27, 28, 38, 45, 46, 48, 49, 50, 62, 72, 73, 78, 79, 83, 84, 85, 86, 92, 93, 94, 98, 99, 100, 101,
  108, 113, 119, 125, 131, 132, 144, 153, 154,
];

/** The MSCONS PIs of a format version (the `message` of its rules) and the `[n] text` requirement conditions of their tables. */
function msconsConditions(
  formatVersion: 'FV2510' | 'FV2604',
  rules: { rules: { pruefidentifikator: string; message?: string }[] },
): Set<string> {
  const pis = new Set(rules.rules.filter((rule) => rule.message === 'MSCONS').map((rule) => rule.pruefidentifikator));
  const conditions = new Set<string>();
  for (const pi of pis) {
    const file = path.join(REFERENCE_DIR, 'ahb', formatVersion, `AHB_${formatVersion}_${pi}.json`);
    const table = JSON.parse(readFileSync(file, 'utf8')) as { lines: { conditions?: string }[] };
    for (const line of table.lines) {
      for (const condition of (line.conditions ?? '').split('\n')) {
        const match = /^\[(\d+)\]\s*(.*)$/.exec(condition);
        if (match && Number(match[1]) < 500) conditions.add(`${Number(match[1])}|${normalise(match[2])}`);
      }
    }
  }
  return conditions;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const identity = (entry: { key: number; text: string }) => `${entry.key}|${normalise(entry.text)}`;

describe('MSCONS requirement conditions', () => {
  const tables = { FV2510: msconsConditions('FV2510', RULES_FV2510), FV2604: msconsConditions('FV2604', RULES_FV2604) };

  it.each(CASES)('[%i] %s', (key, _name, body, options, expected) => {
    const entry = DECIDED.get(key);
    expect(entry).toBeDefined();
    expect(entry?.decide(context(body, options))).toBe(expected);
  });

  it('gives every entry a text an MSCONS AHB table gives its key', () => {
    for (const entry of [...MSCONS_CONDITIONS, ...MSCONS_UNDECIDABLE]) {
      const known = tables.FV2510.has(identity(entry)) || tables.FV2604.has(identity(entry));
      expect({ key: entry.key, known }).toEqual({ key: entry.key, known: true });
    }
  });

  it.each(['FV2510', 'FV2604'] as const)(
    'decides or explains every requirement condition of the MSCONS tables of %s',
    (formatVersion) => {
      const listed = new Set([...MSCONS_CONDITIONS, ...MSCONS_UNDECIDABLE].map(identity));
      expect([...tables[formatVersion]].filter((condition) => !listed.has(condition))).toEqual([]);
    },
  );

  it('lists every key and text once', () => {
    const all = [...MSCONS_CONDITIONS, ...MSCONS_UNDECIDABLE].map(identity);
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives every undecidable entry a reason', () => {
    for (const entry of MSCONS_UNDECIDABLE) expect(entry.reason.trim()).not.toBe('');
  });

  it('has a fulfilled and an unfulfilled case for every decided entry (the receiver roles the service never has aside)', () => {
    const neverReceiver = [77, 80, 141];
    for (const entry of MSCONS_CONDITIONS) {
      const outcomes = CASES.filter(([key]) => key === entry.key).map(([, , , , expected]) => expected);
      expect({
        key: entry.key,
        fulfilled: outcomes.includes(true) || neverReceiver.includes(entry.key),
        unfulfilled: outcomes.includes(false),
      }).toEqual({
        key: entry.key,
        fulfilled: true,
        unfulfilled: true,
      });
    }
  });

  it.each(LOCATION_KEYS)(
    '[%i] looks at the ENERGIEMENGE a rule is evaluated for, and at nothing in another scope',
    (key) => {
      const decide = DECIDED.get(key)?.decide;
      const object = {
        lokationsId: MELO,
        konfiguration: 'K1',
        energieverbrauch: [{ obiskennzahl: '7-0:33.86.0', messwertstatus: 'ABGELESEN', ...classified('Z36') }],
      };
      const other = {
        lokationsId: '51238696781',
        energieverbrauch: [{ obiskennzahl: '1-1:1.8.0', messwertstatus: 'ERSATZWERT' }],
      };
      const alone = decide?.(context(locations(object)));
      expect(alone).not.toBeUndefined();
      // Another location in the body does not change what the rule's own location decides.
      expect(decide?.(context(locations(object, other), { scope: { key: 'ENERGIEMENGE', object } }))).toBe(alone);
      expect(decide?.(context(locations(object, other), { scope: { key: 'ZAEHLER', object: {} } }))).toBeUndefined();
    },
  );
});
