import { type ConditionEntry, type Decider, TABLE_ONLY_REASON, type UndecidableEntry } from '../condition-context';
import { absent, allOf, codeIn, receiverRole, senderRole, valuesOf } from '../vocabulary';

/*
 * Requirement conditions of the ORDRSP AHBs (order responses, PIs 19001–19129; FV2510 and FV2604 give them the same
 * texts). Paths follow the vendor's per-PI specs (pruefi/202604/ORDRSP) and the BO4E mapping (bo4e-mapping/2604/ORDRSP.csv).
 * [492] (Sparte Strom), [493] (Sparte Gas) and [494] (date no later than the document) have the same key and text in
 * ORDERS, QUOTES, MSCONS, IFTSTA, …: one entry must serve them all (the catalogue refuses a key and text twice), so it
 * is not written here.
 */

// ---------- local words ----------

/**
 * Fulfilled when a value at one of `paths` is `wanted`; not fulfilled when every value is `known` (and when there is
 * none, unless `noneUndecided`); undecided for values of another spelling.
 */
function oneOf(
  paths: readonly string[],
  wanted: readonly string[],
  known: readonly string[] | RegExp,
  noneUndecided = false,
): Decider {
  const isKnown = (value: unknown): boolean =>
    typeof value === 'string' && (known instanceof RegExp ? known.test(value) : known.includes(value));
  return (context) => {
    const values = paths.flatMap((path) => valuesOf(context.body, path));
    if (values.length === 0) return noneUndecided ? undefined : false;
    if (values.some((value) => typeof value === 'string' && wanted.includes(value))) return true;
    return values.every(isKnown) ? false : undefined;
  };
}

// ---------- BGM: the kind of order answered ----------

/** BGM DE1001 → Anfragekategorie, as the mapping spells it. */
const BGM_CATEGORY: Readonly<Record<string, string>> = {
  '7': 'PROZESSDATENBERICHT',
  BK: 'ZEITREIHEN_IM_RAHMEN_BILANZKREISABRECHNUNG',
  Z10: 'GERAETEUEBERNAHME',
  Z11: 'WEITERVERPFLICHTUNG_BETRIEB_MELO',
  Z12: 'AENDERUNG_DER_TECHNIK_DER_LOKATION',
  Z13: 'GERAETEWECHSELABSICHT',
  Z14: 'STAMMDATEN_MALO_ODER_MELO',
  Z23: 'BILANZIERTE_MENGE_MEHR_MINDER_MENGEN',
  Z24: 'ALLOKATIONSLISTE_MEHR_MINDER_MENGEN',
  Z28: 'ENERGIEMENGE_UND_LEISTUNGSMAXIMUM',
  Z29: 'ABRECHNUNG_MESSSTELLENBETRIEB_MSB_AN_LF',
  Z30: 'AENDERUNG_PROGNOSEGRUNDLAGE_GERAETEKONFIGURATION',
  Z31: 'AENDERUNG_GERAETEKONFIGURATION',
  Z34: 'REKLAMATION_VON_WERTEN',
  Z48: 'LASTGANG_MALO_TRANCHE',
  Z51: 'SPERRUNG',
  Z52: 'ENTSPERRUNG',
  Z55: 'REKLAMATION_DEFINITION',
  Z56: 'AENDERUNG_INDIVIDUELLER_KONFIGURATION',
  Z57: 'UEBERMITTLUNG_WERTE_AN_ESA',
  Z68: 'AENDERUNG',
  Z72: 'BEENDIGUNG_EINER_KONFIGURATION',
  Z73: 'BESTELLUNG_EINER_KONFIGURATION',
  Z74: 'BESTELLUNG_EINES_ANGEBOTS_EINER_KONFIGURATION',
  Z76: 'REKLAMATION_EINER_KONFIGURATION',
  Z91: 'BESTELLUNG_AENDERUNG_ABRECHNUNGSDATEN',
  Z93: 'BESTELLUNG_ANGEBOT_AENDERUNG_TECHNIK_LOKATION',
};
const BGM_SPELLINGS = Object.entries(BGM_CATEGORY).flat();

/**
 * BGM+code: `stammdaten.ANFRAGE[].anfragekategorie` (the vendor) or `transaktionsdaten.kategorie` (the mapping's other
 * field). BGM is in every message, but the vendor maps its code in some PIs only: without either field, undecided.
 */
function bgm(code: string): Decider {
  return oneOf(
    ['stammdaten.ANFRAGE[].anfragekategorie', 'transaktionsdaten.kategorie'],
    [code, BGM_CATEGORY[code]],
    BGM_SPELLINGS,
    true,
  );
}

// ---------- SG2 AJT: the answer ----------

/** AJT DE4465 (Code des Prüfschritts, Antwortkategorie: A01, Z07, ZB5). */
const ANTWORTSTATUS = 'transaktionsdaten.antwortstatus';
/** AJT DE1082: the EBD or Codeliste the code is from (E_0470, G_0059, S_0065). */
const ANTWORTSTATUS_CODELISTE = 'transaktionsdaten.antwortstatusCodeliste';
const CODELISTE_SHAPE = /^[EGS]_\d{4}$/;

/**
 * AJT+code+codeliste: one of `codes` from `codeliste` in the same AJT. The vendor maps the AJT to two scalars; should
 * either hold several values, they cannot be paired, and both matching leaves it undecided.
 */
function ajt(codes: readonly string[], codeliste: string): Decider {
  const status = codeIn(ANTWORTSTATUS, ...codes);
  const list = oneOf([ANTWORTSTATUS_CODELISTE], [codeliste], CODELISTE_SHAPE);
  return (context) => {
    const byStatus = status(context);
    const byList = list(context);
    if (byStatus === false || byList === false) return false;
    if (byStatus === undefined || byList === undefined) return undefined;
    const paired =
      valuesOf(context.body, ANTWORTSTATUS).length === 1 &&
      valuesOf(context.body, ANTWORTSTATUS_CODELISTE).length === 1;
    return paired ? true : undefined;
  };
}

// ---------- shared pieces ----------

/** IMD++Z01/Z02/Z03 → ANFRAGE[].abonnement (START_ABO, ENDE_ABO, OHNE_ABO). */
const ABONNEMENT = ['Z01', 'Z02', 'Z03', 'START_ABO', 'ENDE_ABO', 'OHNE_ABO'];
function subscription(code: string, name: string): Decider {
  return oneOf(['stammdaten.ANFRAGE[].abonnement'], [code, name], ABONNEMENT);
}

/**
 * SG8 CUX+2 → AUFTRAG[].mindestpreis / hoechstpreis `.einheit` (the mapping; the vendor's documents carry no einheit).
 * A currency there says CUX was sent; its absence says nothing (the vendor drops CUX), so never "not fulfilled".
 */
const CURRENCY_GIVEN: Decider = (context) =>
  valuesOf(context.body, 'stammdaten.AUFTRAG[].mindestpreis.einheit').length > 0 ||
  valuesOf(context.body, 'stammdaten.AUFTRAG[].hoechstpreis.einheit').length > 0
    ? true
    : undefined;

const SENDER_LF = senderRole('LF', 'LFA', 'LFN');
const SENDER_NB = senderRole('NB', 'NBA', 'NBN');
const SENDER_MSB = senderRole('MSB', 'MSBA', 'MSBN');

/** The Reklamation answered in 19123: AJT codes A02/A03/A06/A07/A10/A11. */
const COMPLAINT_ANSWERS = ['A02', 'A03', 'A06', 'A07', 'A10', 'A11'];

export const ORDRSP_CONDITIONS: readonly ConditionEntry[] = [
  { key: 1, text: 'Wenn BGM+7 vorhanden', decide: bgm('7') },
  { key: 3, text: 'Wenn MP-ID in SG3 NAD+MS mit Rolle NB vorhanden', decide: SENDER_NB },
  { key: 4, text: 'Wenn MP-ID in SG3 NAD+MR mit Rolle LF vorhanden', decide: receiverRole('LF') },
  { key: 5, text: 'Wenn MP-ID in SG3 NAD+MS mit Rolle LF vorhanden', decide: SENDER_LF },
  { key: 9, text: 'Wenn MP-ID in SG3 NAD+MS mit Rolle LF vorhanden', decide: SENDER_LF },
  { key: 10, text: 'Wenn MP-ID in SG3 NAD+MS mit Rolle MSB vorhanden', decide: SENDER_MSB },
  { key: 11, text: 'Wenn AJT+A09+E_0470 vorhanden', decide: ajt(['A09'], 'E_0470') },
  { key: 14, text: 'Wenn MP-ID in SG3 NAD+MR mit Rolle MSB vorhanden', decide: receiverRole('MSB') },
  { key: 15, text: 'Wenn MP-ID in SG3 NAD+MR mit Rolle NB vorhanden', decide: receiverRole('NB') },
  // The booking service (NAD+MR) is an LF, NB or MSB, never the ÜNB.
  { key: 16, text: 'Wenn MP-ID in SG3 NAD+MR mit Rolle ÜNB vorhanden', decide: receiverRole('ÜNB') },
  { key: 21, text: 'Wenn IMD++Z01 vorhanden', decide: subscription('Z01', 'START_ABO') },
  { key: 22, text: 'Wenn IMD++Z02 vorhanden', decide: subscription('Z02', 'ENDE_ABO') },
  { key: 23, text: 'Wenn IMD++Z03 vorhanden', decide: subscription('Z03', 'OHNE_ABO') },
  { key: 24, text: 'Wenn BGM+Z51 vorhanden', decide: bgm('Z51') },
  { key: 25, text: 'Wenn BGM+Z52 vorhanden', decide: bgm('Z52') },
  { key: 27, text: 'Wenn AJT+A05+E_0470 vorhanden', decide: ajt(['A05'], 'E_0470') },
  { key: 28, text: 'Wenn AJT+A99 vorhanden', decide: codeIn(ANTWORTSTATUS, 'A99') },
  { key: 33, text: 'Wenn AJT+A02/A03+E_0488 vorhanden', decide: ajt(['A02', 'A03'], 'E_0488') },
  { key: 37, text: 'Wenn in dieser Nachricht das SG8 CUX+2 vorhanden', decide: CURRENCY_GIVEN },
  {
    key: 41,
    text: 'wenn SG2 AJT (Einzelheiten zu einer Anpassung/Änderung) DE4465 mit Wert ZB5 vorhanden',
    decide: codeIn(ANTWORTSTATUS, 'ZB5'),
  },
  {
    key: 42,
    text: 'Wenn SG2 AJT+Z07 (Antwortkategorie: Ablehnung (Keine Berechtigung)) vorhanden',
    decide: codeIn(ANTWORTSTATUS, 'Z07'),
  },
  { key: 43, text: 'Wenn AJT+A02/A03+E_1001 vorhanden', decide: ajt(['A02', 'A03'], 'E_1001') },
  { key: 44, text: 'Wenn AJT+A05+E_1000 vorhanden', decide: ajt(['A05'], 'E_1000') },
  { key: 45, text: 'Wenn AJT+A09+E_1000 vorhanden', decide: ajt(['A09'], 'E_1000') },
  { key: 56, text: 'wenn SG2 AJT+A02/A03/A06/A07/A10/A11+E_0548 vorhanden', decide: ajt(COMPLAINT_ANSWERS, 'E_0548') },
  { key: 57, text: 'wenn SG2 AJT+A02/A03/A06/A07/A10/A11+E_0549 vorhanden', decide: ajt(COMPLAINT_ANSWERS, 'E_0549') },
  {
    key: 58,
    text: 'wenn SG2 AJT+A02/A03/A06/A07+E_0550 vorhanden',
    decide: ajt(['A02', 'A03', 'A06', 'A07'], 'E_0550'),
  },
  { key: 59, text: 'wenn SG2 AJT+A02/A03/A06/A07/A10/A11+E_0551 vorhanden', decide: ajt(COMPLAINT_ANSWERS, 'E_0551') },
  { key: 66, text: 'wenn SG2 AJT+A01/A02/A03+E_0544 vorhanden', decide: ajt(['A01', 'A02', 'A03'], 'E_0544') },
  { key: 67, text: 'wenn SG2 AJT+A01/A02/A03+E_0545 vorhanden', decide: ajt(['A01', 'A02', 'A03'], 'E_0545') },
  { key: 68, text: 'wenn SG2 AJT+A02/A03+E_0546 vorhanden', decide: ajt(['A02', 'A03'], 'E_0546') },
  { key: 69, text: 'wenn SG2 AJT+A01/A02/A03+E_0547 vorhanden', decide: ajt(['A01', 'A02', 'A03'], 'E_0547') },
  // SG27 FTX+Z27 → transaktionsdaten.absender.ipAdresse, FTX+Z28 → absender.ipRange.untereGrenze / obereGrenze.
  {
    key: 76,
    text: 'Wenn FTX+Z27 (IP-Adresse des Absenders) nicht vorhanden',
    decide: absent('transaktionsdaten.absender.ipAdresse'),
  },
  {
    key: 77,
    text: 'Wenn FTX+Z28 (IP-Range des Absenders) nicht vorhanden',
    decide: allOf(
      absent('transaktionsdaten.absender.ipRange.untereGrenze'),
      absent('transaktionsdaten.absender.ipRange.obereGrenze'),
    ),
  },
  { key: 78, text: 'Wenn AJT+A04+E_0279 vorhanden', decide: ajt(['A04'], 'E_0279') },
  { key: 79, text: 'Wenn AJT+A04+E_0283 vorhanden', decide: ajt(['A04'], 'E_0283') },
  { key: 80, text: 'Wenn AJT+A05+E_0279 vorhanden', decide: ajt(['A05'], 'E_0279') },
  { key: 81, text: 'Wenn AJT+A05+E_0283 vorhanden', decide: ajt(['A05'], 'E_0283') },
  {
    key: 82,
    text: 'Wenn BGM+Z93 (Bestellung eines Angebots Änderung der Technik der Lokation) vorhanden',
    decide: bgm('Z93'),
  },
  { key: 83, text: 'Wenn BGM+Z12 (Änderung der Technik der Lokation) vorhanden', decide: bgm('Z12') },
];

const SPARTE = 'the Sparte of the MP-ID (Strom or Gas) is not in the body';
const COMPLAINT = 'needs the complaint answered (which overview or rollout was complained about)';
const UTILTS_REFERENCE = 'value constraint (refers to the UTILTS complained about)';

export const ORDRSP_UNDECIDABLE: readonly UndecidableEntry[] = [
  { key: 7, text: 'Wenn MP-ID in SG3 NAD+MR aus Sparte Strom', reason: SPARTE },
  {
    key: 12,
    text: 'Wenn der NB eine unverbindliche Preisinformation angeben kann',
    reason: "the NB's knowledge (whether it can give a price)",
  },
  { key: 13, text: 'Wenn MP-ID in SG3 NAD+MR aus Sparte Gas', reason: SPARTE },
  {
    key: 17,
    text: 'Der hier angegebene Code des Prüfschritts muss im EBD dem Cluster Zustimmung zugeordnet sein',
    reason: "value constraint (needs the EBD's clusters)",
  },
  {
    key: 18,
    text: 'Der hier angegebene Code des Prüfschritts muss im EBD dem Cluster Ablehnung zugeordnet sein',
    reason: "value constraint (needs the EBD's clusters)",
  },
  { key: 29, text: 'MP-ID nur aus Sparte Gas', reason: `value constraint: ${SPARTE}` },
  { key: 30, text: 'MP-ID nur aus Sparte Strom', reason: `value constraint: ${SPARTE}` },
  // 19104 writes them at NAD+MR ([31]) and NAD+MS ([32]); a decider does not know which NAD it is asked for.
  {
    key: 31,
    text: 'MP-ID mit Rolle MSB',
    reason: 'value constraint on the MP-ID of the NAD it is written at (MR or MS)',
  },
  {
    key: 32,
    text: 'MP-ID mit Rolle NB',
    reason: 'value constraint on the MP-ID of the NAD it is written at (MR or MS)',
  },
  { key: 34, text: 'wenn vorhanden', reason: "the sender's knowledge (whether the data exists)" },
  { key: 38, text: 'Möglicher Wert: ZB4 oder ZB5', reason: 'value constraint' },
  { key: 39, text: 'Möglicher Wert: E17 oder Z07', reason: 'value constraint' },
  {
    key: 40,
    text: 'Wenn der Code im DE3207 in der "EDI@Energy Codeliste der europäischen Ländercodes" in der Spalte "PLZ vorhanden" ein "X" enthält',
    reason: 'needs the EDI@Energy Codeliste der europäischen Ländercodes',
  },
  {
    key: 49,
    text: 'nur, wenn in ursprünglicher Nachricht IMD++Z60 (Abbestellung Messprodukt mit Zählzeitdefinition des LF) vorhanden war',
    reason: 'needs the order answered (IMD++Z60 there)',
  },
  {
    key: 50,
    text: 'wenn im DE3155 in demselben COM der Code EM vorhanden ist',
    reason:
      'qualifier of one COM of the sender contact (implied by eMailAdresse vs rufnummern), not a stammdaten scope',
  },
  {
    key: 51,
    text: 'wenn im DE3155 in demselben COM der Code TE / FX / AJ / AL vorhanden ist',
    reason:
      'qualifier of one COM of the sender contact (implied by eMailAdresse vs rufnummern), not a stammdaten scope',
  },
  {
    key: 52,
    text: 'wenn es sich bei der Reklamation um die Reklamation der ausgerollten Leistungskurvendefinitionen handelte',
    reason: COMPLAINT,
  },
  { key: 53, text: 'Vorgangsnummer aus IDE DE7402 der UTILTS mit BGM+Z59', reason: UTILTS_REFERENCE },
  { key: 54, text: 'Vorgangsnummer aus IDE DE7402 der UTILTS mit BGM+Z80', reason: UTILTS_REFERENCE },
  { key: 55, text: 'Vorgangsnummer aus IDE DE7402 der UTILTS mit BGM+Z81', reason: UTILTS_REFERENCE },
  {
    key: 60,
    text: 'wenn es sich bei der Reklamation um die Reklamation der Übersicht der Zählzeitdefinitionen handelte',
    reason: COMPLAINT,
  },
  {
    key: 61,
    text: 'wenn es sich bei der Reklamation um die Reklamation der Übersicht der Schaltzeitdefinitionen handelte',
    reason: COMPLAINT,
  },
  {
    key: 62,
    text: 'wenn es sich bei der Reklamation um die Reklamation der Übersicht der Leistungskurvendefinitionen handelte',
    reason: COMPLAINT,
  },
  { key: 63, text: 'Dokumentennummer aus BGM+Z60 DE1004 der UTILTS', reason: UTILTS_REFERENCE },
  { key: 64, text: 'Dokumentennummer aus BGM+Z78 DE1004 der UTILTS', reason: UTILTS_REFERENCE },
  { key: 65, text: 'Dokumentennummer aus BGM+Z79 DE1004 der UTILTS', reason: UTILTS_REFERENCE },
  {
    key: 70,
    text: 'wenn es sich bei der Reklamation um die Reklamation der ausgerollten Zählzeitdefinitionen handelte',
    reason: COMPLAINT,
  },
  {
    key: 71,
    text: 'wenn es sich bei der Reklamation um die Reklamation der ausgerollten Schaltzeitdefinitionen handelte',
    reason: COMPLAINT,
  },
  {
    key: 75,
    text: 'Wenn es sich um die Antwort auf eine Bestellung handelt in der ein Messprodukt der Codeliste der Konfigurationen aus dem Kapitel 4.6.2 „Werte nach Typ 2 aus SMGW“ bestellt wurde.',
    reason: 'needs the order answered and the Codeliste der Konfigurationen',
  },
  { key: 46, text: 'Wenn AJT+A06+E_0552 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 47, text: 'Wenn AJT+A06+E_0553 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 48, text: 'Wenn AJT+A06+E_0554 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 72, text: 'wenn AJT+A04+E_0552 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 73, text: 'wenn AJT+A04+E_0553 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 74, text: 'wenn AJT+A04+E_0554 vorhanden', reason: TABLE_ONLY_REASON },
];
