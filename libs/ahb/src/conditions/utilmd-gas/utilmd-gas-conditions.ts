import { MALO_ID_PATTERN } from '@maco/domain';
import type { ConditionEntry, Decider, UndecidableEntry } from '../condition-context';
import {
  absent,
  allOf,
  anyOf,
  codeIn,
  codeNotIn,
  everyElement,
  inSome,
  inThis,
  moreThan,
  not,
  present,
  valuesOf,
} from '../vocabulary';

/*
 * Requirement conditions of the UTILMD Gas AHBs (PIs 44xxx, FV2510 and FV2604) that the UTILMD Strom entries do not
 * already decide under the same text. Paths follow the vendor's per-PI specs (pruefi/202604/UTILMD_GAS); enum-typed
 * fields are matched in both spellings (EDIFACT code and BO4E enum name).
 */

// ---------- local words ----------

/**
 * Fulfilled when a value at `path` is one of `wanted`; not fulfilled when there is none or every value is `known`;
 * undecided for anything else (for enum names not shaped like EDIFACT codes: `WERTE`, `PROFILE`, `TUM`).
 */
function knownValueIn(path: string, wanted: readonly string[], known: readonly string[]): Decider {
  return (context) => {
    const values = valuesOf(context.body, path);
    if (values.some((value) => typeof value === 'string' && wanted.includes(value))) return true;
    return values.every((value) => typeof value === 'string' && known.includes(value)) ? false : undefined;
  };
}

/** Fulfilled when a string at `path` has `shape`; not fulfilled when there is none or none has it; undecided for non-strings. */
function textMatches(path: string, shape: RegExp): Decider {
  return (context) => {
    const values = valuesOf(context.body, path);
    if (values.some((value) => typeof value === 'string' && shape.test(value))) return true;
    return values.every((value) => typeof value === 'string') ? false : undefined;
  };
}

/** STS+E01 DE9013: `antwortstatus` (or `antwortStatusZeitraum[].code`, as the UTILMD Strom entries read it). */
function answerStatus(...codes: string[]): Decider {
  return anyOf(
    codeIn('transaktionsdaten.antwortstatus', ...codes),
    codeIn('transaktionsdaten.antwortStatusZeitraum[].code', ...codes),
  );
}

/** Zählpunktbezeichnung / Messlokations-ID: 33 characters, country code first. */
const MELO_ID = /^[A-Z]{2}[A-Z0-9]{31}$/;

/**
 * The Meldepunkt (SG5 LOC+172) lands in MARKTLOKATION[].marktlokationsId or MESSLOKATION[].messlokationsId, whichever
 * it is. Other segments fill the same fields (RFF+Z18, RFF+Z19, NAD+Z05 RFF+Z19), so the kind is told only when one
 * kind of location is in the body and its IDs have that kind's format; undecided when both or neither are there.
 */
function meldepunktIs(kind: 'MaLo' | 'MeLo'): Decider {
  return ({ body }) => {
    const malo = valuesOf(body, 'stammdaten.MARKTLOKATION[].marktlokationsId');
    const melo = valuesOf(body, 'stammdaten.MESSLOKATION[].messlokationsId');
    const isMalo =
      malo.length > 0 && melo.length === 0 && malo.every((id) => typeof id === 'string' && MALO_ID_PATTERN.test(id));
    const isMelo =
      melo.length > 0 && malo.length === 0 && melo.every((id) => typeof id === 'string' && MELO_ID.test(id));
    if (!isMalo && !isMelo) return undefined;
    return kind === 'MaLo' ? isMalo : isMelo;
  };
}

// ---------- shared pieces ----------

const TRANSAKTIONSGRUND = 'transaktionsdaten.transaktionsgrund';

/** SEQ+Z01 SG10 CCI+++ZC0/ZA6 → BILANZIERUNG[].prognosegrundlage (ZC0 → WERTE, ZA6 → PROFILE; ZB0/ZB1 are not in these PIs). */
const PROGNOSEGRUNDLAGE = ['ZC0', 'ZA6', 'WERTE', 'PROFILE'];
const VALUE_BASED = knownValueIn('prognosegrundlage', ['ZC0', 'WERTE'], PROGNOSEGRUNDLAGE);
const PROFILE_BASED = knownValueIn('prognosegrundlage', ['ZA6', 'PROFILE'], PROGNOSEGRUNDLAGE);

/** SEQ+Z35 CCI+Z12 CAV DE3055 → BILANZIERUNG[].lastprofile[].herausgeber (293 → TUM, 89 → NB; 293 is the BDEW's agency code). */
const LASTPROFIL_293 = knownValueIn(
  'stammdaten.BILANZIERUNG[].lastprofile[].herausgeber',
  ['293', 'TUM', 'BDEW'],
  ['293', '89', 'TUM', 'BDEW', 'NB'],
);

/** Each SG10 CCI+Z19 of SEQ+Z01 → one BILANZIERUNG[].bilanzkreise[] element. */
const BILANZKREISE = 'stammdaten.BILANZIERUNG[].bilanzkreise';

/** SEQ+Z20 PIA+5 → ZAEHLER[].zaehlwerke[].obisKennzahl; the volume registers of [274] (`?:` is the EDIFACT escape of `:`). */
const GAS_VOLUME_OBIS = /^7-\d{1,2}\??:(?:[36]\.[012]\.0|[1245]\.0\.0|1[1-6]\.2\.0)$/;

const BEFRISTETE_ANMELDUNG = codeIn('transaktionsdaten.transaktionsgrundergaenzungBefristeteAnmeldung', 'E01', 'E03');
const AUFHEBUNG_UND_ABMELDUNG = codeIn(TRANSAKTIONSGRUND, 'E06', 'Z39', 'ZC6', 'ZC7', 'ZT6', 'ZT7');

export const UTILMD_GAS_CONDITIONS: readonly ConditionEntry[] = [
  {
    key: 9,
    text: 'Wenn SG4 STS+7++ZE4 (Transaktionsgrund: Weggefallene Markt- bzw. Messlokation) nicht vorhanden',
    decide: codeNotIn(TRANSAKTIONSGRUND, 'ZE4'),
  },
  // FV2510's text of [10] (FV2604: STS+Z17, decided by the UTILMD Strom entry); the same field in both.
  {
    key: 10,
    text: 'Wenn SG4 STS+7++xxx+xxx+E01/E03 (Transaktionsgrund befristete Anmeldung) vorhanden',
    decide: BEFRISTETE_ANMELDUNG,
  },
  {
    key: 13,
    text: 'Wenn SG4 STS+E01++Z01 (Status der Antwort: Zustimmung mit Terminänderung) nicht vorhanden',
    decide: not(answerStatus('Z01')),
  },
  {
    key: 16,
    text: 'Wenn SG4 STS+E01++Z12 (Status der Antwort: Ablehnung Vertragsbindung) vorhanden',
    decide: answerStatus('Z12'),
  },
  {
    key: 19,
    text: 'Wenn SG8 SEQ+Z01 (Daten der Marktlokation) SG10 CCI+++ZC0 (Prognose auf Basis von Werten) vorhanden',
    decide: inSome('BILANZIERUNG', VALUE_BASED),
  },
  // SG6 RFF+Z18 DTM+Z21 → NETZNUTZUNGSVERTRAG[].vertragskonditionen.netznutzungsabrechnung.abrechnungsZeitraum.
  {
    key: 24,
    text: 'Wenn SG6 DTM+Z21 (Termin der Netznutzungsabrechnung) vorhanden',
    decide: present('stammdaten.NETZNUTZUNGSVERTRAG[].vertragskonditionen.netznutzungsabrechnung.abrechnungsZeitraum'),
  },
  {
    key: 25,
    text: 'Wenn der Meldepunkt im SG5 LOC+172 (Meldepunkt) DE3225 das Format der Marktlokations-ID hat',
    decide: meldepunktIs('MaLo'),
  },
  {
    key: 26,
    text: 'Wenn der Meldepunkt im SG5 LOC+172 (Meldepunkt) DE3225 das Format der Zählpunktbezeichnung hat',
    decide: meldepunktIs('MeLo'),
  },
  // SG4 DTM+93 → transaktionsdaten.vertragsende and NETZNUTZUNGSVERTRAG[].vertragsende (the converse of [18]).
  {
    key: 28,
    text: 'Wenn SG4 DTM+93 (Ende zum) vorhanden',
    decide: anyOf(present('transaktionsdaten.vertragsende'), present('stammdaten.NETZNUTZUNGSVERTRAG[].vertragsende')),
  },
  {
    key: 32,
    text: 'Wenn BGM+E03 (Änderungsmeldungen) vorhanden',
    decide: codeIn('transaktionsdaten.kategorie', 'E03'),
  },
  {
    key: 46,
    text: 'Wenn in SG8 SEQ+Z35 ein SG10 CCI+Z12 (Lastprofil) CAV (Lastprofil) DE3055 der Wert 293 enthalten ist',
    decide: LASTPROFIL_293,
  },
  {
    key: 47,
    text: 'Wenn in SG8 SEQ+Z35 ein SG10 CCI+Z12 (Lastprofil) CAV (Lastprofil) DE3055 der Wert 293 nicht enthalten ist',
    decide: not(LASTPROFIL_293),
  },
  // FV2604's text of [48] (FV2510: A99, decided by the UTILMD Strom entry).
  {
    key: 48,
    text: 'Wenn in dieser SG4 das STS+E01++E14 (Status der Antwort: Ablehnung Sonstiges) vorhanden',
    decide: answerStatus('E14'),
  },
  {
    key: 64,
    text: 'Wenn SG4 DTM+158 (Bilanzierungsbeginn) vorhanden',
    decide: present('stammdaten.BILANZIERUNG[].bilanzierungsbeginn'),
  },
  {
    key: 66,
    text: 'Wenn SG10 CCI+Z19 (Bilanzkreis) im Vorgang mehr als einmal vorhanden',
    decide: moreThan(BILANZKREISE, 1),
  },
  {
    key: 68,
    text: 'Wenn SG10 CCI+Z19 (Bilanzkreis) im Vorgang mehr als zweimal vorhanden',
    decide: moreThan(BILANZKREISE, 2),
  },
  {
    key: 69,
    text: 'Wenn SG10 CCI+Z19 (Bilanzkreis) im Vorgang mehr als dreimal vorhanden',
    decide: moreThan(BILANZKREISE, 3),
  },
  {
    key: 70,
    text: 'Wenn SG10 CCI+Z19 (Bilanzkreis) im Vorgang fünfmal vorhanden',
    decide: allOf(moreThan(BILANZKREISE, 4), not(moreThan(BILANZKREISE, 5))),
  },
  // SEQ+Z03 CCI+++E13 CAV+Z30 → ZAEHLER[].zaehlernummer; RFF+MG of other SG8s fill it too (then [77] reads "not
  // fulfilled", never a false alarm); in 44039 CAV+Z30 is its only source.
  {
    key: 77,
    text: 'Wenn SG8 SEQ+Z03 (Zähleinrichtungsdaten) CAV+Z30 (Identifikation/Nummer des Gerätes) nicht vorhanden',
    decide: absent('stammdaten.ZAEHLER[].zaehlernummer'),
  },
  {
    key: 78,
    text: 'Wenn SG4 STS+7++E02 (Transaktionsgrund: Einzug in Neuanlage) nicht vorhanden',
    decide: codeNotIn(TRANSAKTIONSGRUND, 'E02'),
  },
  // Used on SG8s that land in BILANZIERUNG (SEQ+Z35 Lastprofildaten, SG9 QTY+31/Y02 of SEQ+Z01).
  {
    key: 106,
    text: 'Wenn in dieser SG8 SEQ+Z01 SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) vorhanden',
    decide: inThis('BILANZIERUNG', PROFILE_BASED),
  },
  // SEQ+Z07 SG10 CCI+++Z08 CAV → MARKTLOKATION[].zaehlwerke[].konzessionsabgabe.satz (AbgabeArt: names are the codes).
  {
    key: 128,
    text: 'Wenn SG10 CAV+TAS/ TKS/ SAS/ KAS vorhanden',
    decide: inThis(
      'MARKTLOKATION',
      everyElement('zaehlwerke[].konzessionsabgabe', codeIn('satz', 'TAS', 'TKS', 'SAS', 'KAS')),
    ),
  },
  // In 44039/44042 (the PIs using it) LOC+172 is the only source of both IDs.
  {
    key: 138,
    text: 'Wenn SG5 LOC+172 (Meldepunkt) nicht vorhanden',
    decide: allOf(
      absent('stammdaten.MARKTLOKATION[].marktlokationsId'),
      absent('stammdaten.MESSLOKATION[].messlokationsId'),
    ),
  },
  {
    key: 200,
    text: 'Wenn BGM+Z26 (Vorläufige Meldung zur Marktraumumstellung) vorhanden',
    decide: codeIn('transaktionsdaten.kategorie', 'Z26'),
  },
  // ZG2 is a Code des Prüfschritts (DE9013), whatever the single `+` of the text says.
  {
    key: 202,
    text: 'Wenn SG4 STS+E01+ZG2 (Status der Antwort: Gültiges Ergebnis nach der Datenprüfung) vorhanden',
    decide: answerStatus('ZG2'),
  },
  // FV2510's two texts of [203] (FV2604's is decided by the UTILMD Strom entry).
  { key: 203, text: 'Wenn STS+7++E06 / Z39 / ZC6 / ZC7 / ZC6 / ZT6 / ZT7', decide: AUFHEBUNG_UND_ABMELDUNG },
  { key: 203, text: 'Wenn STS+7++E06 / Z39 / ZC6 / ZC7/ ZT6/ ZT7 vorhanden', decide: AUFHEBUNG_UND_ABMELDUNG },
  {
    key: 205,
    text: 'Wenn SG9 QTY+Y02 (TUM Kundenwert) nicht vorhanden',
    decide: absent('stammdaten.BILANZIERUNG[].kundenwert.wert'),
  },
  // The rule is evaluated per ZAEHLER; its zaehlwerke are the SEQ+Z20 groups that reference it.
  {
    key: 274,
    text: 'Wenn in derselben SG8 SEQ+Z20 (OBIS-Daten der Zähleinrichtung / Mengenumwerter) das PIA+5+7-b?:3.0.0 / 7-b?:6.0.0 / 7-b?:3.1.0 / 7-b?:6.1.0 / 7-b?:3.2.0 / 7-b?:6.2.0 / 7-b?:13.2.0 / 7-b?:16.2.0 / 7-b?:1.0.0 / 7-b?:2.0.0 / 7-b?:4.0.0 / 7-b?:5.0.0 / 7-b?:11.2.0 / 7-b?:12.2.0 / 7-b?:14.2.0 / 7-b?:15.2.0 vorhanden',
    decide: inThis('ZAEHLER', everyElement('zaehlwerke', textMatches('obisKennzahl', GAS_VOLUME_OBIS))),
  },
  // SG4 IMD++Z36 DE7009 → transaktionsdaten.identifikationslogik.
  {
    key: 328,
    text: 'Wenn IMD++Z36+Z12 (Identifikationslogik: Marktlokations-ID) vorhanden',
    decide: codeIn('transaktionsdaten.identifikationslogik', 'Z12'),
  },
  {
    key: 333,
    text: 'Wenn IMD+Z36+Z13 (Identifikationslogik: Alle Identifikationsdaten) vorhanden',
    decide: codeIn('transaktionsdaten.identifikationslogik', 'Z13'),
  },
  {
    key: 345,
    text: 'Wenn 33-stelliger Meldepunkt im SG5 LOC+172 (Meldepunkt) vorhanden',
    decide: meldepunktIs('MeLo'),
  },
  { key: 362, text: 'Wenn STS+E01++A03/ A17 nicht vorhanden', decide: not(answerStatus('A03', 'A17')) },
  { key: 367, text: 'Wenn SG4 STS+E01++A04 vorhanden', decide: answerStatus('A04') },
];

const NOT_IN_BODY = 'not in the BO4E body (the middleware does not pass UNH/UNB details or message splitting)';

export const UTILMD_GAS_UNDECIDABLE: readonly UndecidableEntry[] = [
  { key: 1, text: 'Wenn Aufteilung vorhanden', reason: NOT_IN_BODY },
  { key: 2, text: 'Wenn UNH DE0070 (Übermittlungsfolgenummer) mit 1 vorhanden', reason: NOT_IN_BODY },
  { key: 3, text: 'Bei Aufteilung, in der Nachricht mit der höchsten Übermittlungsfolgenummer', reason: NOT_IN_BODY },
  { key: 14, text: 'Wenn Datum bekannt', reason: "the sender's knowledge (Wenn Datum bekannt)" },
  {
    key: 29,
    text: 'Wenn eine Bilanzierung stattfindet',
    reason: "the NB's balancing process (whether a Bilanzierung takes place)",
  },
  {
    key: 33,
    text: 'Wenn in Abmeldung ein Bilanzierungsende vorhanden',
    reason: 'refers to another message (the Abmeldung)',
  },
  {
    key: 37,
    text: 'Wenn Anmeldung/ Änderung befristet',
    reason:
      'the contract being time-limited is what STS+Z17 (guarded by [37]) would tell: the body cannot show it otherwise',
  },
  { key: 39, text: 'Wenn LF beabsichtigt Zählerstand zu übermitteln', reason: "the LF's intent" },
  {
    key: 51,
    text: 'Bei rückwirkendem Lieferende/Lieferbeginn',
    reason: 'retroactive against the date of the process, not of the message: not in the body',
  },
  {
    key: 65,
    text: 'Wenn Marktgebietsüber-lappung besteht, sind alle Bilanzkreise des LF zu melden in denen freie Kapazitäten beim NB bestehen',
    reason: "the NB's market-area overlap and capacities",
  },
  {
    key: 81,
    text: 'Wenn SG4 FTX+ABO+Z05 (Beschreibung der Abweichung zur übermittelten Liste: Änderung vorhanden) vorhanden',
    reason:
      'FTX+ABO qualifiers are not kept apart: only Z03 is mapped (ergaenzteMarktlokation), the text lands in infoAbweichung either way',
  },
  {
    key: 108,
    text: 'Wenn Kundenwertverfahren (z. B. TU München)',
    reason: "the NB's forecasting method (Kundenwertverfahren) is not in the body",
  },
  {
    key: 123,
    text: 'Wenn noch mindestens eine weitere SG8 SEQ+Z20 (OBIS-Daten der Zähleinrichtung / Mengenumwerter) mit dem SG8 RFF+MG / Z11 (Gerätenummer des Zählers / Mengenumwerters) auf die gleiche Identifikation/Nummer des Gerätes referenziert',
    reason:
      'RFF+MG and RFF+Z11 both land in ZAEHLER[].zaehlernummer: which SEQ+Z20 reference which device cannot be counted',
  },
  {
    key: 127,
    text: 'Hat der Lieferant auf Grund seines Vertrags Kenntnis, dass der Kunde keine hohe KA hat so muss er dies dem NB mitteilen',
    reason: "the LF's knowledge of the contract",
  },
  {
    key: 129,
    text: 'Hat der Lieferant auf Grund seines Vertrags Kenntnis über die Höhe der Sonder-KA, so muss er diesen dem NB mitteilen',
    reason: "the LF's knowledge of the contract",
  },
  {
    key: 133,
    text: 'Wenn an der übermittelten Marktlokation / Messlokation vorhanden',
    reason: "the sender's knowledge of the location",
  },
  { key: 137, text: 'Nicht bei Neuanlage', reason: 'whether the meter is newly installed is not a code of the body' },
  { key: 147, text: 'Wenn in Anfrage vorhanden', reason: 'refers to another message (the Anfrage)' },
  { key: 219, text: 'Wenn an Marktlokation vorhanden', reason: "the sender's knowledge of the Marktlokation" },
  {
    key: 230,
    text: 'Sich ergebendes Datum/ bzw. Endedatum des Turnuszeitraums aus DTM+Z21 (Termin der Netznutzungsabrechnung) und DTM+Z09 (Nächste Netznutzungsabrechnung) muss >= DTM+92 (Beginn zum) sein',
    reason: 'value constraint (date arithmetic on DTM+Z21/Z09)',
  },
  { key: 252, text: 'Wenn DE0068 vorhanden', reason: NOT_IN_BODY },
  {
    key: 283,
    text: 'Wenn Empfänger der Nachricht der zum Nachrichtendatum aktuell zugeordnete Lieferant ist',
    reason: "needs the NB's assignment records",
  },
  {
    key: 315,
    text: 'Es sind alle OBISKennzahlen gem. EDI@Energy Codeliste der OBIS-Kennzahlen und Medien für den deutschen Energiemarkt Kap. 4 anzugeben welche an der Marktlokation erforderlich sind, dabei muss der Mindestumfang aus Kap. 4.6 eingehalten werden. Der Mindestumfang der OBIS-Kennzahlen ergibt sich aus den genannten Messprodukt-Codes dem Kap. 5.2 des Dokumentes "Codeliste der Konfigurationen"',
    reason: 'value constraint (code lists)',
  },
  {
    key: 324,
    text: 'Es sind alle OBIS-Kennzahlen gem. EDI@Energy Codeliste der OBIS Kennzahlen Kap. 4. anzugeben welche an der Zähleinrichtung genutzt werden. Der Mindestumfang der OBIS-Kennzahlen ergibt sich aus den genannten Messprodukt-Codes dem Kap. 5.2 des Dokumentes "Codeliste der Konfigurationen"',
    reason: 'value constraint (code lists)',
  },
  {
    key: 427,
    text: 'Messprodukt-Code aus Kapitel 3 "Codeliste der Standard-Messprodukte Gas" der Codeliste der Konfigurationen',
    reason: 'value constraint (Codeliste der Konfigurationen)',
  },
  {
    key: 442,
    text: 'Wenn in keinem SG8+SEQ+Z09 Mengenumwerterdaten das RFF+MG (Referenz auf die Gerätenummer) der in diesem RFF DE1154 genannte Gerätenummer des Zählers vorhanden ist',
    reason: 'RFF+MG of SEQ+Z09 and of SEQ+Z20 both land in ZAEHLER[].zaehlernummer: the cross-reference is lost',
  },
];
