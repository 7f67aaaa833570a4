import { ahbConditionTexts, messagePis, normaliseWhitespace as normalise } from '../../../test/ahb-condition-texts';
import { conditionContext, type ContextOptions as Options } from '../../../test/condition-context';
import { findingsFor } from '../../findings/findings';
import type { ConditionContext, Decision } from '../condition-context';
import { ORDRSP_CONDITIONS, ORDRSP_UNDECIDABLE } from './ordrsp-conditions';

/** Shared with other message types under the same text: not ORDRSP's to write (see the module's header). */
const SHARED_KEYS = [492, 493, 494];

const context = (body: unknown, options: Options = {}): ConditionContext => conditionContext(body, options);

function transaction(transaktionsdaten: Record<string, unknown>): unknown {
  return { stammdaten: {}, transaktionsdaten };
}

function answer(antwortstatus: unknown, antwortstatusCodeliste?: unknown): unknown {
  return transaction({ antwortstatus, antwortstatusCodeliste });
}

function request(anfrage: Record<string, unknown>): unknown {
  return { stammdaten: { ANFRAGE: [anfrage] }, transaktionsdaten: {} };
}

function order(auftrag: Record<string, unknown>): unknown {
  return { stammdaten: { AUFTRAG: [auftrag] }, transaktionsdaten: {} };
}

type Case = readonly [key: number, name: string, body: unknown, options: Options, expected: Decision];

const EMPTY = transaction({});

const CASES: readonly Case[] = [
  [1, 'PROZESSDATENBERICHT', request({ anfragekategorie: 'PROZESSDATENBERICHT' }), {}, true],
  [1, 'code 7', request({ anfragekategorie: '7' }), {}, true],
  [1, 'kategorie 7', transaction({ kategorie: '7' }), {}, true],
  [1, 'Z28', request({ anfragekategorie: 'ENERGIEMENGE_UND_LEISTUNGSMAXIMUM' }), {}, false],
  [1, 'BGM code not mapped', EMPTY, {}, undefined],
  [1, 'unknown category', request({ anfragekategorie: 'SOMETHING_ELSE' }), {}, undefined],

  [3, 'sender NB', EMPTY, { senderRoles: ['NB'] }, true],
  [3, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, false],
  [3, 'NB or MSB', EMPTY, { senderRoles: ['NB', 'MSB'] }, undefined],

  [4, 'receiver LF', EMPTY, { receiverRole: 'LF' }, true],
  [4, 'receiver NB', EMPTY, { receiverRole: 'NB' }, false],

  [5, 'sender LF', EMPTY, { senderRoles: ['LF'] }, true],
  [5, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],
  [5, 'direction unknown', EMPTY, {}, undefined],

  [9, 'sender LF', EMPTY, { senderRoles: ['LF'] }, true],
  [9, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, false],

  [10, 'sender MSB', EMPTY, { senderRoles: ['MSB'] }, true],
  [10, 'sender NB', EMPTY, { senderRoles: ['NB'] }, false],
  [10, 'NB or MSB', EMPTY, { senderRoles: ['NB', 'MSB'] }, undefined],

  [11, 'A09 E_0470', answer('A09', 'E_0470'), {}, true],
  [11, 'A09 E_1000', answer('A09', 'E_1000'), {}, false],
  [11, 'A05 E_0470', answer('A05', 'E_0470'), {}, false],
  [11, 'no AJT', EMPTY, {}, false],
  [11, 'codeliste unreadable', answer('A09', 'EBD 470'), {}, undefined],
  [11, 'status unreadable', answer('antwortstatus-x', 'E_0470'), {}, undefined],
  [11, 'two AJT cannot be paired', answer(['A09', 'A05'], ['E_1000', 'E_0470']), {}, undefined],

  [14, 'receiver MSB', EMPTY, { receiverRole: 'MSB' }, true],
  [14, 'receiver LF', EMPTY, { receiverRole: 'LF' }, false],

  [15, 'receiver NB', EMPTY, { receiverRole: 'NB' }, true],
  [15, 'receiver MSB', EMPTY, { receiverRole: 'MSB' }, false],

  [16, 'receiver NB', EMPTY, { receiverRole: 'NB' }, false],
  [16, 'receiver LF', EMPTY, { receiverRole: 'LF' }, false],

  [21, 'START_ABO', request({ abonnement: 'START_ABO' }), {}, true],
  [21, 'Z01', request({ abonnement: 'Z01' }), {}, true],
  [21, 'ENDE_ABO', request({ abonnement: 'ENDE_ABO' }), {}, false],
  [21, 'no IMD', EMPTY, {}, false],
  [21, 'unknown', request({ abonnement: 'DAUERABO' }), {}, undefined],

  [22, 'ENDE_ABO', request({ abonnement: 'ENDE_ABO' }), {}, true],
  [22, 'OHNE_ABO', request({ abonnement: 'OHNE_ABO' }), {}, false],

  [23, 'Z03', request({ abonnement: 'Z03' }), {}, true],
  [23, 'START_ABO', request({ abonnement: 'START_ABO' }), {}, false],

  [24, 'SPERRUNG', request({ anfragekategorie: 'SPERRUNG' }), {}, true],
  [24, 'Z51', request({ anfragekategorie: 'Z51' }), {}, true],
  [24, 'ENTSPERRUNG', request({ anfragekategorie: 'ENTSPERRUNG' }), {}, false],
  [24, 'BGM code not mapped', EMPTY, {}, undefined],

  [25, 'ENTSPERRUNG', request({ anfragekategorie: 'ENTSPERRUNG' }), {}, true],
  [25, 'SPERRUNG', request({ anfragekategorie: 'SPERRUNG' }), {}, false],

  [27, 'A05 E_0470', answer('A05', 'E_0470'), {}, true],
  [27, 'A05 E_1000', answer('A05', 'E_1000'), {}, false],

  [28, 'A99', answer('A99', 'E_0470'), {}, true],
  [28, 'A01', answer('A01', 'E_0470'), {}, false],
  [28, 'no AJT', EMPTY, {}, false],
  [28, 'unreadable', answer('antwortstatus-x'), {}, undefined],

  [33, 'A03 E_0488', answer('A03', 'E_0488'), {}, true],
  [33, 'A04 E_0488', answer('A04', 'E_0488'), {}, false],

  [37, 'currency of the minimum price', order({ mindestpreis: { wert: 50, einheit: 'EUR' } }), {}, true],
  [37, 'currency of the maximum price', order({ hoechstpreis: { wert: 90, einheit: 'EUR' } }), {}, true],
  [37, 'prices without currency', order({ mindestpreis: { wert: 50 }, hoechstpreis: { wert: 90 } }), {}, undefined],
  [37, 'no prices', EMPTY, {}, undefined],

  [41, 'ZB5', answer('ZB5', 'S_0065'), {}, true],
  [41, 'ZB4', answer('ZB4', 'S_0065'), {}, false],

  [42, 'Z07', answer('Z07', 'G_0059'), {}, true],
  [42, 'E17', answer('E17', 'G_0059'), {}, false],

  [43, 'A02 E_1001', answer('A02', 'E_1001'), {}, true],
  [43, 'A02 E_0488', answer('A02', 'E_0488'), {}, false],

  [44, 'A05 E_1000', answer('A05', 'E_1000'), {}, true],
  [44, 'A09 E_1000', answer('A09', 'E_1000'), {}, false],

  [45, 'A09 E_1000', answer('A09', 'E_1000'), {}, true],
  [45, 'A09 E_0470', answer('A09', 'E_0470'), {}, false],

  [56, 'A11 E_0548', answer('A11', 'E_0548'), {}, true],
  [56, 'A01 E_0548', answer('A01', 'E_0548'), {}, false],

  [57, 'A06 E_0549', answer('A06', 'E_0549'), {}, true],
  [57, 'A06 E_0548', answer('A06', 'E_0548'), {}, false],

  [58, 'A07 E_0550', answer('A07', 'E_0550'), {}, true],
  [58, 'A10 E_0550', answer('A10', 'E_0550'), {}, false],

  [59, 'A10 E_0551', answer('A10', 'E_0551'), {}, true],
  [59, 'A10 E_0550', answer('A10', 'E_0550'), {}, false],

  [66, 'A01 E_0544', answer('A01', 'E_0544'), {}, true],
  [66, 'A06 E_0544', answer('A06', 'E_0544'), {}, false],

  [67, 'A02 E_0545', answer('A02', 'E_0545'), {}, true],
  [67, 'A02 E_0544', answer('A02', 'E_0544'), {}, false],

  [68, 'A03 E_0546', answer('A03', 'E_0546'), {}, true],
  [68, 'A01 E_0546', answer('A01', 'E_0546'), {}, false],

  [69, 'A01 E_0547', answer('A01', 'E_0547'), {}, true],
  [69, 'A01 E_0546', answer('A01', 'E_0546'), {}, false],

  [
    76,
    'no IP address',
    transaction({ absender: { ipRange: { untereGrenze: '203.0.113.195', obereGrenze: '203.0.113.255' } } }),
    {},
    true,
  ],
  [76, 'IP address', transaction({ absender: { ipAdresse: '2001:db8:85a3::8a2e:370:7344' } }), {}, false],

  [77, 'no IP range', transaction({ absender: { ipAdresse: '2001:db8:85a3::8a2e:370:7344' } }), {}, true],
  [
    77,
    'IP range',
    transaction({ absender: { ipRange: { untereGrenze: '203.0.113.195', obereGrenze: '203.0.113.255' } } }),
    {},
    false,
  ],
  [77, 'empty IP range object', transaction({ absender: { ipRange: {} } }), {}, true],

  [78, 'A04 E_0279', answer('A04', 'E_0279'), {}, true],
  [78, 'A04 E_0283', answer('A04', 'E_0283'), {}, false],

  [79, 'A04 E_0283', answer('A04', 'E_0283'), {}, true],
  [79, 'A05 E_0283', answer('A05', 'E_0283'), {}, false],

  [80, 'A05 E_0279', answer('A05', 'E_0279'), {}, true],
  [80, 'A05 E_0283', answer('A05', 'E_0283'), {}, false],

  [81, 'A05 E_0283', answer('A05', 'E_0283'), {}, true],
  [81, 'A04 E_0283', answer('A04', 'E_0283'), {}, false],

  [
    82,
    'BESTELLUNG_ANGEBOT_AENDERUNG_TECHNIK_LOKATION',
    request({ anfragekategorie: 'BESTELLUNG_ANGEBOT_AENDERUNG_TECHNIK_LOKATION' }),
    {},
    true,
  ],
  [
    82,
    'AENDERUNG_DER_TECHNIK_DER_LOKATION',
    request({ anfragekategorie: 'AENDERUNG_DER_TECHNIK_DER_LOKATION' }),
    {},
    false,
  ],
  [82, 'BGM code not mapped', EMPTY, {}, undefined],

  [83, 'Z12', request({ anfragekategorie: 'Z12' }), {}, true],
  [83, 'Z93', request({ anfragekategorie: 'Z93' }), {}, false],
];

/** [16]: the booking service is never the ÜNB. [37]: the body cannot show CUX's absence (never "not fulfilled"). */
const NEVER_FULFILLED = [16];
const NEVER_UNFULFILLED = [37];

const DECIDED = new Map(ORDRSP_CONDITIONS.map((entry) => [entry.key, entry]));

describe('ORDRSP conditions', () => {
  it.each(CASES)('[%i] %s', (key, _name, body, options, expected) => {
    const entry = DECIDED.get(key);
    expect(entry).toBeDefined();
    expect(entry?.decide(context(body, options))).toBe(expected);
  });

  it('gives every entry a text an ORDRSP AHB gives its key', () => {
    const texts = ahbConditionTexts(['FV2510', 'FV2604'], messagePis('ORDRSP'), 500);
    for (const entry of [...ORDRSP_CONDITIONS, ...ORDRSP_UNDECIDABLE]) {
      expect({ key: entry.key, known: texts.get(entry.key)?.has(normalise(entry.text)) ?? false }).toEqual({
        key: entry.key,
        known: true,
      });
    }
  });

  it('has an entry for every requirement condition of ORDRSP, once (the shared ones aside)', () => {
    const written = [...ORDRSP_CONDITIONS, ...ORDRSP_UNDECIDABLE].map(
      (entry) => `${entry.key}|${normalise(entry.text)}`,
    );
    expect(new Set(written).size).toBe(written.length);
    const wanted = [...ahbConditionTexts(['FV2510', 'FV2604'], messagePis('ORDRSP'), 500)]
      .filter(([key]) => !SHARED_KEYS.includes(key))
      .flatMap(([key, texts]) => [...texts].map((text) => `${key}|${text}`));
    expect([...written].sort()).toEqual(wanted.sort());
  });

  it('gives every undecidable entry a reason', () => {
    for (const entry of ORDRSP_UNDECIDABLE) expect(entry.reason.trim()).not.toBe('');
  });

  it('has a fulfilled and an unfulfilled case for every decided entry', () => {
    for (const entry of ORDRSP_CONDITIONS) {
      const outcomes = CASES.filter(([key]) => key === entry.key).map(([, , , , expected]) => expected);
      expect({ key: entry.key, fulfilled: outcomes.includes(true), unfulfilled: outcomes.includes(false) }).toEqual({
        key: entry.key,
        fulfilled: !NEVER_FULFILLED.includes(entry.key),
        unfulfilled: !NEVER_UNFULFILLED.includes(entry.key),
      });
    }
  });

  // Through the booking: 19006's rules give [78]–[82] these texts, so the catalogue decides DTM+469/472 there.
  it.each([
    ['A04', 'E_0279', ['#/stammdaten/AUFTRAG/0/enddatum', '#/stammdaten/AUFTRAG/0/startdatum']],
    ['A05', 'E_0279', []],
  ])(
    'books 19006 (offer for a change of the location technology) answered %s %s',
    (antwortstatus, antwortstatusCodeliste, expected) => {
      const body = {
        stammdaten: { ANFRAGE: [{ anfragekategorie: 'BESTELLUNG_ANGEBOT_AENDERUNG_TECHNIK_LOKATION' }], AUFTRAG: [{}] },
        transaktionsdaten: { pruefidentifikator: '19006', antwortstatus, antwortstatusCodeliste },
      };
      const missing = findingsFor('04/26', 'LF', 'update', body)
        .filter(
          (finding) => finding.code === 'missing-mandatory-field' && finding.pointer.startsWith('#/stammdaten/AUFTRAG'),
        )
        .map((finding) => finding.pointer);
      expect(missing).toEqual(expected);
    },
  );
});
