import type { ConditionEntry, Decider, Decision, UndecidableEntry } from '../condition-context';
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
  receiverRole,
  senderRole,
  startsWith,
  valuesOf,
  withBody,
} from '../vocabulary';

/*
 * Requirement conditions [1]..[120] of the UTILMD AHBs (FV2604). Paths follow the vendor's per-PI specs
 * (edifact-index-202604); enum-typed fields are matched in both spellings (EDIFACT code and BO4E enum name).
 */

// ---------- local words (pure; the vocabulary has no word for these) ----------

/** Konfigurationsprodukte and Codes der Produkteigenschaft of the Codeliste der Konfigurationen: 13 digits. */
const PRODUCT_CODE = /^\d{13}$/;

/** DE2380 of DTM+Z01 in the format ZZRB (`03MQ`). */
const ZZRB = /^\d{2}[A-Z]{2}$/;

/**
 * Fulfilled when a value at `path` is one of `wanted`; not fulfilled when there is none or every value is `known` (the
 * field's other spellings, or a pattern its values follow); undecided for anything else. For enum-typed fields whose
 * BO4E names are not shaped like EDIFACT codes (`PROFILE`, `SLP_SEP`, `EMOB`), for booleans, and for 13-digit codes.
 */
function oneOf(
  path: string,
  wanted: readonly (string | boolean)[],
  known: readonly (string | boolean)[] | RegExp,
): Decider {
  const isKnown = (value: unknown): boolean =>
    known instanceof RegExp
      ? typeof value === 'string' && known.test(value)
      : (typeof value === 'string' || typeof value === 'boolean') && known.includes(value);
  return (context) => {
    const values = valuesOf(context.body, path);
    if (values.some((value) => (typeof value === 'string' || typeof value === 'boolean') && wanted.includes(value)))
      return true;
    return values.every(isKnown) ? false : undefined;
  };
}

/** Fulfilled when a string at `path` has `shape`; not fulfilled when nothing is there; undecided for values of another shape. */
function shaped(path: string, shape: RegExp): Decider {
  return (context) => {
    const values = valuesOf(context.body, path);
    if (values.length === 0) return false;
    return values.some((value) => typeof value === 'string' && shape.test(value)) ? true : undefined;
  };
}

/** More than `count` elements at `path` for which `inner` is fulfilled; undecided when undecided elements could tip it. */
function moreThanWhere(path: string, count: number, inner: Decider): Decider {
  return (context) => {
    const decisions = valuesOf(context.body, path).map((element) => inner(withBody(context, element)));
    const fulfilled = decisions.filter((decision) => decision === true).length;
    if (fulfilled > count) return true;
    return fulfilled + decisions.filter((decision) => decision === undefined).length > count ? undefined : false;
  };
}

/** "in dieser SG…" for a segment group that lands in different business objects: `cases` by stammdaten key. */
function byScope(cases: Readonly<Record<string, Decider>>): Decider {
  return (context) => {
    const key = context.scope?.key;
    if (key === undefined || !Object.hasOwn(cases, key)) return undefined;
    return inThis(key, cases[key])(context);
  };
}

/** DE2380 of DTM+Z01 (ZZRB) has one of `letters` at the fourth position; not fulfilled without DTM+Z01. */
function fourthCharacterIn(path: string, ...letters: string[]): Decider {
  return (context): Decision => {
    const values = valuesOf(context.body, path);
    const formatted = values.filter((value): value is string => typeof value === 'string' && ZZRB.test(value));
    if (formatted.some((value) => letters.includes(value.charAt(3)))) return true;
    return formatted.length === values.length ? false : undefined;
  };
}

/** STS+E01 DE9013: `antwortstatus`, or `antwortStatusZeitraum[].code` where the status carries a Zeitraum-ID. */
function answerStatus(...codes: string[]): Decider {
  return anyOf(
    codeIn('transaktionsdaten.antwortstatus', ...codes),
    codeIn('transaktionsdaten.antwortStatusZeitraum[].code', ...codes),
  );
}

// ---------- shared pieces ----------

/** SG10 CCI+++ZA6/ZC0 → BILANZIERUNG.prognosegrundlage (ZA6 → PROFILE, ZC0 → WERTE). */
const PROFILE_BASED = oneOf('prognosegrundlage', ['ZA6', 'PROFILE'], ['ZC0', 'WERTE']);

/** CAV+E02/E14/Z36 below CCI+++ZA6 → BILANZIERUNG.detailsPrognosegrundlage[] (Profiltyp SLP_SEP/TLP_TEP/TEP). */
function profileDetails(...wanted: string[]): Decider {
  return oneOf('detailsPrognosegrundlage', wanted, ['E02', 'E14', 'Z36', 'SLP_SEP', 'TLP_TEP', 'TEP']);
}
const SLP_SEP = ['E02', 'SLP_SEP'];
const TLP_TEP = ['E14', 'TLP_TEP'];
const TEP_REFERENZMESSUNG = ['Z36', 'TEP'];

/** "CCI+++ZA6 einmal mit CAV+E14 und einmal mit CAV+E02 in dieser SG8". */
const PROFILES_TLP_AND_SLP = inThis(
  'BILANZIERUNG',
  allOf(PROFILE_BASED, profileDetails(...TLP_TEP), profileDetails(...SLP_SEP)),
);

/** CCI+++ZA6 CAV+E02 (SLP/SEP) in this SG8 (SEQ+Z01/Z98/Z80/Z81 → BILANZIERUNG). */
const PROFILE_SLP = allOf(PROFILE_BASED, profileDetails(...SLP_SEP));

/** SG10 CCI+++E03 CAV+E03..E06 → MARKTLOKATION.netzebene (HSS/HSP/MSP/NSP); the Umspannung CAV is `umspannung`. */
function voltageLevel(...wanted: string[]): Decider {
  return inThis('MARKTLOKATION', oneOf('netzebene', wanted, ['E03', 'E04', 'E05', 'E06', 'HSS', 'HSP', 'MSP', 'NSP']));
}

/** CCI+Z17 CAV+ZE5 (E-Mobilität): Verbrauchsart Z64→KL, Z65→WK, ZE5→EMOB, ZA8→SB, ZB3→SW. */
const E_MOBILITY = oneOf(
  'verbrauchsart',
  ['ZE5', 'EMOB'],
  ['Z64', 'Z65', 'ZE5', 'ZA8', 'ZB3', 'KL', 'WK', 'W', 'EMOB', 'SB', 'SW'],
);

/** Gruppen-/Artikel-IDs of PIA+Z02 starting with 1-08-1/2/3/4/5. */
const NNA_ARTICLE = startsWith('artikelId', '1-08-1', '1-08-2', '1-08-3', '1-08-4', '1-08-5');

/** SEQ+Z79 SG10 CCI+Z66 CAV+ZH9 DE7110 → MARKTLOKATION[].erforderlichesProduktpaket[].produkt[].codeProdukteigenschaft. */
const CODE_PRODUKTEIGENSCHAFT =
  'stammdaten.MARKTLOKATION[].erforderlichesProduktpaket[].produkt[].codeProdukteigenschaft';

/** SG4 DTM+Z01 → ENERGIELIEFERVERTRAG[].vertragskonditionen.kuendigungsfrist.zeitraumText (the DE2380 as sent). */
const KUENDIGUNGSFRIST = 'stammdaten.ENERGIELIEFERVERTRAG[].vertragskonditionen.kuendigungsfrist.zeitraumText';

const AUFHEBUNG_ZUKUENFTIGE_ZUORDNUNG = codeIn('transaktionsdaten.transaktionsgrund', 'ZG9', 'ZH1', 'ZH2');

export const CONDITIONS_1_120: readonly ConditionEntry[] = [
  { key: 4, text: 'Wenn MP-ID in SG2 NAD+MR (Nachrichtenempfänger) in der Rolle LF', decide: receiverRole('LF') },
  // Sender roles come from the PI's AHB direction; the A/N variants (LFA, LFN, …) are the same market role.
  {
    key: 5,
    text: 'Wenn MP-ID in SG2 NAD+MS (Nachrichtenabsender) in der Rolle LF',
    decide: senderRole('LF', 'LFA', 'LFN'),
  },
  {
    key: 7,
    text: 'Wenn SG4 STS+7++ZG9/ZH1/ZH2 (Transaktionsgrund: Aufhebung einer zukünftigen Zuordnung wegen Auszug des Kunden / -wegen Stilllegung / -wegen aufgehobenem Vertragsverhältnis) vorhanden',
    decide: AUFHEBUNG_ZUKUENFTIGE_ZUORDNUNG,
  },
  {
    key: 9,
    text: 'Wenn MP-ID in SG2 NAD+MS (Nachrichtenabsender) in der Rolle MSB',
    decide: senderRole('MSB', 'MSBA', 'MSBN'),
  },
  // FV2604 has no STS+Z17: the befristete Anmeldung is the fourth element of STS+7 (FV2510's text of [10] says so,
  // "STS+7++xxx+xxx+E01/E03"); edifact-index SG4.IDE+24.STS+7 → transaktionsdaten.transaktionsgrundergaenzungBefristeteAnmeldung.
  // The codes (not mere presence): the vendor spec lists the field as required in 55001, so a filler must not count.
  {
    key: 10,
    text: 'Wenn SG4 STS+Z17 (Transaktionsgrund für befristete Anmeldung) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrundergaenzungBefristeteAnmeldung', 'E01', 'E03'),
  },
  {
    key: 11,
    text: 'Wenn SG4 STS+7++ZG9/ZH1/ZH2 (Transaktionsgrund: Aufhebung einer zukünftigen Zuordnung wegen Auszug des Kunden / -wegen Stilllegung / -wegen aufgehobenem Vertragsverhältnis) nicht vorhanden',
    decide: codeNotIn('transaktionsdaten.transaktionsgrund', 'ZG9', 'ZH1', 'ZH2'),
  },
  // SG4.IDE+24.DTM+471 → transaktionsdaten.endezumtermin.
  {
    key: 12,
    text: 'Wenn SG4 DTM+471 (Ende zum nächstmöglichem Termin) nicht vorhanden',
    decide: absent('transaktionsdaten.endezumtermin'),
  },
  // SG4.IDE+24.DTM+93 → transaktionsdaten.vertragsende and stammdaten.NETZNUTZUNGSVERTRAG[].vertragsende.
  {
    key: 18,
    text: 'Wenn SG4 DTM+93 (Ende zum) nicht vorhanden',
    decide: allOf(absent('transaktionsdaten.vertragsende'), absent('stammdaten.NETZNUTZUNGSVERTRAG[].vertragsende')),
  },
  // SG8 SEQ+Z01/Z98/[Z80|Z81].SG10.CCI+++[ZC0|ZA6] → BILANZIERUNG[].prognosegrundlage.
  {
    key: 21,
    text: 'Wenn SG10 CCI+++ZA6 (Prognose auf Basis von Profilen) in dieser SG8 vorhanden',
    decide: inThis('BILANZIERUNG', PROFILE_BASED),
  },
  {
    key: 23,
    text: 'Wenn in dieser SG4 das STS+E01++A05/A99 (Status der Antwort) vorhanden',
    decide: answerStatus('A05', 'A99'),
  },
  {
    key: 24,
    text: 'Wenn in dieser SG4 das STS+E01++A25/A99 (Status der Antwort) vorhanden',
    decide: answerStatus('A25', 'A99'),
  },
  {
    key: 27,
    text: 'Wenn das DE2380 von SG4 DTM+Z01 (Kündigungsfrist des Vertrags) an vierter Stelle ein T oder R enthält',
    decide: fourthCharacterIn(KUENDIGUNGSFRIST, 'T', 'R'),
  },
  {
    key: 35,
    text: 'Wenn das DE2380 von SG4 DTM+Z01 (Kündigungsfrist des Vertrags) an vierter Stelle T (Termin) enthält',
    decide: fourthCharacterIn(KUENDIGUNGSFRIST, 'T'),
  },
  // SEQ+ZH0 → erforderlichesProduktpaket[] (merged with SEQ+Z79 by Produktpaket-ID); each SEQ+ZH0 carries exactly one
  // SG10 CCI+Z65 → erforderlichesProduktpaket[].umsetzungsgradvorgabe, so its values count the SEQ+ZH0 groups.
  {
    key: 42,
    text: 'Wenn mehr als ein SG8 SEQ+ZH0 (Priorisierung erforderliches Produktpaket) vorhanden',
    decide: moreThan('stammdaten.MARKTLOKATION[].erforderlichesProduktpaket[].umsetzungsgradvorgabe', 1),
  },
  {
    key: 43,
    text: 'Wenn in dieser SG4 das STS+E01++A12 / A13 (Status der Antwort) vorhanden',
    decide: answerStatus('A12', 'A13'),
  },
  {
    key: 48,
    text: 'Wenn in dieser SG4 das STS+E01++A99 (Status der Antwort: Sonstiges) vorhanden',
    decide: answerStatus('A99'),
  },
  {
    key: 49,
    text: 'Wenn in dieser SG4 das STS+E01++E14 (Status der Antwort: Ablehnung Sonstiges) vorhanden',
    decide: answerStatus('E14'),
  },
  {
    key: 55,
    text: 'Wenn in dieser SG4 das STS+E01++A06/ A99 (Status der Antwort) vorhanden',
    decide: answerStatus('A06', 'A99'),
  },
  // SEQ+Z71 / SEQ+[ZH1|ZH2].SG10.CCI+Z45 → NETZLOKATION[].abrechnungsdaten[].abrechnungBlindarbeit (ZD9 → true, ZE0 → false).
  {
    key: 57,
    text: 'Wenn in derselben SG8 das CCI+Z45++ZD9 (Abrechnung findet statt) vorhanden ist',
    decide: inThis(
      'NETZLOKATION',
      everyElement('abrechnungsdaten', oneOf('abrechnungBlindarbeit', [true, 'ZD9'], [false, 'ZE0'])),
    ),
  },
  {
    key: 60,
    text: 'Wenn BGM+Z90 (Beendigung der Zuordnung zur Lokation) vorhanden',
    decide: codeIn('transaktionsdaten.kategorie', 'Z90'),
  },
  {
    key: 61,
    text: 'Wenn BGM+Z89 (Zuordnung zur Lokation) vorhanden',
    decide: codeIn('transaktionsdaten.kategorie', 'Z89'),
  },
  {
    key: 63,
    text: 'Wenn in dieser SG4 das STS+E01++A15/ A99 (Status der Antwort) vorhanden',
    decide: answerStatus('A15', 'A99'),
  },
  // SEQ+ZE1.PIA+Z02 → MARKTLOKATION[].netznutzungsabrechnungsdaten[].artikelId, one element per SG8.
  {
    key: 64,
    text: 'Wenn mehr als eine SG8 SEQ+ZE1 (Informative Netznutzungsabrechnungsdaten der Marktlokation) mit einer Gruppen-/ Artikel-ID im SG8 PIA+Z02 (Gruppenartikel-ID / Artikel-ID), welche mit 1-08-1/2/3/4/5 beginnt, vorhanden',
    decide: moreThanWhere('stammdaten.MARKTLOKATION[].netznutzungsabrechnungsdaten[]', 1, NNA_ARTICLE),
  },
  {
    key: 65,
    text: 'Wenn in derselben SG8 SEQ+ZE1 (Informative Netznutzungsabrechnungsdaten der Marktlokation) eine Gruppen-/Artikel-ID im PIA+Z02 (Gruppenartikel-ID / Artikel-ID), welche mit 1-08-1/2/3/4/5 beginnt, vorhanden',
    decide: inThis('MARKTLOKATION', everyElement('netznutzungsabrechnungsdaten', NNA_ARTICLE)),
  },
  {
    key: 67,
    text: 'Wenn in keinem SG8 SEQ+Z79 (Bestandteil eine Produktpaketes CCI+Z66/CAV+ZH9 (Produkteigenschaft/ Code der Produkteigenschaft) der Code 9991000002933 (Ruhende Marktlokation ausprägen) vorhanden ist.',
    decide: not(oneOf(CODE_PRODUKTEIGENSCHAFT, ['9991000002933'], PRODUCT_CODE)),
  },
  // SEQ+Z59/ZE4.PIA+5 → MARKTLOKATION[].konfigurationsprodukt (the Produkt-Code); SG10 CCI+11++ZF6 maps to null.
  {
    key: 74,
    text: 'Wenn in der selben SG8 SEQ+Z59 (Produkt-Daten der Marktlokation) das PIA+5 (Produkt-Daten der Marktlokation) vorhanden',
    decide: inThis('MARKTLOKATION', shaped('konfigurationsprodukt', PRODUCT_CODE)),
  },
  {
    key: 75,
    text: 'Wenn in diesem PIA+5 in DE7140 der Code 9991000000721 (vgl.: Kapitel 4.2. Konfigurationsprodukte Leistungskurvendefinition der Codeliste der Konfigurationen) vorhanden',
    decide: inThis('MARKTLOKATION', oneOf('konfigurationsprodukt', ['9991000000721'], PRODUCT_CODE)),
  },
  // Z33 (Auszug wegen Stilllegung) is a Transaktionsgrund (first DE9013 of STS+7).
  {
    key: 79,
    text: 'Wenn SG4 STS+7+++Z33 (Auszug wegen Stilllegung) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrund', 'Z33'),
  },
  {
    key: 83,
    text: 'Wenn in dieser SG4 das STS+E01++A08/ A16/ A99 (Status der Antwort) vorhanden',
    decide: answerStatus('A08', 'A16', 'A99'),
  },
  { key: 84, text: 'Wenn SG4 STS+E01++A57 (Status der Antwort) vorhanden', decide: answerStatus('A57') },
  {
    key: 85,
    text: 'Wenn das DE2380 von SG4 DTM+Z01 (Kündigungsfrist des Vertrags) an vierter Stelle M, Q, H oder J enthält',
    decide: fourthCharacterIn(KUENDIGUNGSFRIST, 'M', 'Q', 'H', 'J'),
  },
  {
    key: 90,
    text: 'Wenn SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) einmal mit CAV+E14 (TLP/TEP) und einmal mit CAV+E02 (SLP/SEP) in dieser SG8 vorhanden',
    decide: PROFILES_TLP_AND_SLP,
  },
  {
    key: 91,
    text: 'Wenn nicht SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) einmal mit CAV+E14 (TLP/ TEP) und einmal mit CAV+E02 (SLP/SEP) in dieser SG8 vorhanden',
    decide: not(PROFILES_TLP_AND_SLP),
  },
  // The CAV of CCI+Z17 lands in MARKTLOKATION[].zaehlwerke[].verbrauchsart (SEQ+Z44/ZE5/[ZD1|ZD2]) or in
  // TECHNISCHE_RESSOURCE[].verbrauchsart (SEQ+Z52/ZF0/[ZG4|ZG5].SG10.CCI+[Z17|Z50|Z56].CAV+[Z64|Z65|ZE5|ZA8]).
  {
    key: 95,
    text: 'Wenn in derselben SG10 das CCI+Z17 (Stromverbrauchsart) CAV+ZE5 (E-Mobilität) vorhanden',
    decide: byScope({ TECHNISCHE_RESSOURCE: E_MOBILITY, MARKTLOKATION: everyElement('zaehlwerke', E_MOBILITY) }),
  },
  // SG4.IDE+24.STS+7 second DE9013 → transaktionsdaten.transaktionsgrundergaenzung.
  {
    key: 96,
    text: 'Wenn SG4 STS+7++xxx+ZAP (Transaktionsgrundergänzung ruhende Marktlokation) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrundergaenzung', 'ZAP'),
  },
  {
    key: 97,
    text: 'Wenn in einem SG10 CAV+ZH9 DE7110 der Code der Produkteigenschaft (Wertebereich) 9991000002420 (Marktprämie) vorhanden ist',
    decide: oneOf(CODE_PRODUKTEIGENSCHAFT, ['9991000002420'], PRODUCT_CODE),
  },
  {
    key: 98,
    text: 'Wenn MP-ID in SG2 NAD+MS (Nachrichtenabsender) in der Rolle NB',
    decide: senderRole('NB', 'NBA', 'NBN'),
  },
  { key: 99, text: 'Wenn MP-ID in SG2 NAD+MS (Nachrichtenabsender) in der Rolle ÜNB', decide: senderRole('ÜNB') },
  {
    key: 101,
    text: 'Wenn SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+E14/ Z36 (TLP/ TEP/ TEP mit Ref.messung) in dieser SG8 vorhanden',
    decide: inThis('BILANZIERUNG', allOf(PROFILE_BASED, profileDetails(...TLP_TEP, ...TEP_REFERENZMESSUNG))),
  },
  {
    key: 102,
    text: 'Wenn SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+Z36 (TEP mit Ref.messung) in dieser SG8 vorhanden',
    decide: inThis('BILANZIERUNG', allOf(PROFILE_BASED, profileDetails(...TEP_REFERENZMESSUNG))),
  },
  // "dieser SG8 SEQ+Z01": the SG8 the rule is evaluated in (Z80/Z81 in 55673 reuse the text); all land in BILANZIERUNG.
  {
    key: 106,
    text: 'Wenn in dieser SG8 SEQ+Z01 SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+E02 (SLP/SEP) vorhanden',
    decide: inThis('BILANZIERUNG', PROFILE_SLP),
  },
  // SEQ+[Z45|Z84].PIA+Z02 → MARKTLOKATION[].netznutzungsabrechnungsdaten[].artikelId.
  {
    key: 108,
    text: 'Wenn in derselben SG8 (Netznutzungsabrechnungsdaten der Marktlokation) eine Gruppen-/Artikel-ID im PIA+Z02 (Gruppenartikel-ID / Artikel-ID), welche mit 1-08-1/2/3/4/5 beginnt, vorhanden',
    decide: inThis('MARKTLOKATION', everyElement('netznutzungsabrechnungsdaten', NNA_ARTICLE)),
  },
  {
    key: 111,
    text: 'Wenn in derselben SG8 SEQ+Z59 (Produkt-Daten der Marktlokation) das PIA+5 (Produkt-Daten der Marktlokation) nicht vorhanden',
    decide: inThis('MARKTLOKATION', not(shaped('konfigurationsprodukt', PRODUCT_CODE))),
  },
  {
    key: 114,
    text: 'Wenn das SG10 CCI+E03 (Spannungsebene der Marktlokation) CAV E06 (Niederspannung) in dieser SG vorhanden',
    decide: voltageLevel('E06', 'NSP'),
  },
  {
    key: 115,
    text: 'Wenn das SG10 CCI+E03 (Spannungsebene der Marktlokation) CAV E05 (Mittelspannung) in dieser SG vorhanden',
    decide: voltageLevel('E05', 'MSP'),
  },
  {
    key: 116,
    text: 'Wenn das SG10 CCI+E03 (Spannungsebene der Marktlokation) CAV E04 (Hochspannung) in dieser SG vorhanden',
    decide: voltageLevel('E04', 'HSP'),
  },
  {
    key: 118,
    text: 'Wenn in dieser SG8 SEQ+Z98 SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+E02 (SLP/ SEP) vorhanden',
    decide: inThis('BILANZIERUNG', PROFILE_SLP),
  },
  // "in der SG8 SEQ+Z01/Z98": some BILANZIERUNG object (only those SG8s carry a prognosegrundlage).
  {
    key: 119,
    text: 'Wenn in der SG8 SEQ+Z01/ Z98 SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+E02 (SLP/SEP) vorhanden',
    decide: inSome('BILANZIERUNG', PROFILE_SLP),
  },
];

export const UNDECIDABLE_1_120: readonly UndecidableEntry[] = [
  { key: 8, text: 'Wenn für Datenclearing erforderlich', reason: "the sender's intent (Datenclearing)" },
  {
    key: 22,
    text: 'Es ist die Zeitraum-ID vom DE1156 aus einem passenden SG6 RFF+Z47/ Z48/ Z49 (Verwendungszeitraum der Daten) einzutragen',
    reason: 'value constraint',
  },
  {
    key: 32,
    text: 'Wenn mehr als ein SG8 (Referenz auf die Lokationsbündelstruktur) vorhanden',
    reason:
      'counting SG8 SEQ+ZD5: SEQ+ZD5 and SEQ+ZD6 both land in stammdaten.LOKATIONSBUENDEL[], the groups cannot be counted',
  },
  {
    key: 33,
    text: 'Wenn in einer SG8 SEQ+Z79 im PIA+5 (Erforderliches Produkt) DE7140 ein Produkt-Code genannt ist, der in der Codeliste der Konfigurationen im Kapitel 6 "Produkte zur Bestellung / Änderung von Daten" in der Spalte "Code der Produkteigenschaft 9991000002272 („Lieferant“ (Empfänger der Vergütung zur Einspeisung)) befüllt ist.',
    reason: 'needs the Codeliste der Konfigurationen',
  },
  {
    key: 36,
    text: 'Wenn in derselben SG8 SEQ+Z79 im PIA+5 (Erforderliches Produkt) DE7140 ein Produkt-Code genannt ist, der in der Codeliste der Konfigurationen im Kapitel 6.1 "Anmeldung einer Zuordnung des LFN (UTILMD)" in der Spalte "Code der Produkteigenschaft (Wertebereich)" mit einem Code befüllt ist.',
    reason: 'needs the Codeliste der Konfigurationen',
  },
  {
    key: 38,
    text: 'Es sind nur die Code der Produkteigenschaft zu dem in derselben SG8 SEQ+Z79 im PIA+5 (Erforderliches Produkt) DE7140 erlaubt, die in der Codeliste der Konfigurationen im Kapitel  6.1 "Anmeldung einer Zuordnung des LFN (UTILMD)" in derselben Zeile wie der Produkt-Code stehen und in der Spalte "Code der Produkteigenschaft (Wertebereich)" genannt sind.',
    reason: 'value constraint (Codeliste der Konfigurationen)',
  },
  {
    key: 39,
    text: 'Wenn in derselben SG8 SEQ+Z79 m PIA+5 (Erforderliches Produkt) DE7140 ein Produkt-Code genannt ist, der in der Codeliste der Konfigurationen im Kapitel 6.1 "Anmeldung einer Zuordnung des LFN (UTILMD)" in der Spalte "Wertedetails für Position" die ggf. enthaltene Bedingung erfüllt ist',
    reason: 'needs the Codeliste der Konfigurationen',
  },
  {
    key: 40,
    text: 'Es ist nur der Wertebereich erlaubt, der zu dem in derselben SG8 SEQ+Z79 im PIA+5 (Erforderliches Produkt) DE7140 genannten Produkt, das in der Codeliste der Konfigurationen im Kapitel 6.1 "Anmeldung einer Zuordnung des LFN (UTILMD)" in derselben Zeile wie der Produkt-Code in der Spalte "Wertedetails für Position" genannt ist',
    reason: 'value constraint (Codeliste der Konfigurationen)',
  },
  {
    key: 41,
    text: 'Es ist eine Produktpaket-ID aus dem DE1050 von einem SG8 SEQ+Z79 (Erforderliches Produkt) zu nennen',
    reason: 'value constraint',
  },
  {
    key: 44,
    text: 'Es ist die Zeitraum-ID vom DE1156 aus einem passenden SG6 RFF+Z49/ Z53 (Verwendungszeitraum der Daten: "Gültige Daten", "Keine Daten") aus der Anfragennachricht aus SG6 RFF+TN DE1154 ((Referenz Vorgangsnummer (aus Anfragenachricht)) einzutragen',
    reason: 'value constraint (refers to the request message)',
  },
  { key: 46, text: 'Wenn ID für Objekt vergeben wurde', reason: "the sender's knowledge (whether an ID was assigned)" },
  {
    key: 58,
    text: 'Wenn in diesem CCI das DE3055 mit dem Code 293 vorhanden',
    reason: 'DE3055 (code list agency) of the CCI is not carried in the BO4E body',
  },
  {
    key: 62,
    text: 'Wenn mehr als eine SG8 SEQ+Z45 (Netznutzungsabrechnungsdaten der Marktlokation), mit derselben Zeitraum-ID im DE1050, mit einer Gruppen-/Artikel-ID im SG8 PIA+Z02 (Gruppenartikel-ID / Artikel-ID), welche mit 1-08-1/2/3/4/5 beginnt, vorhanden',
    reason: 'Zeitraum-ID cross-reference between SG8 groups (netznutzungsabrechnungsdaten carry no Zeitraum-ID)',
  },
  {
    key: 73,
    text: 'Wenn in derselben SG8 im PIA DE7140 ein Code aus der Codeliste der Gruppenartikel- und Artikel-ID vorhanden ist, der in der Spalte UTILMD/Preisangabe mit X gekennzeichnet ist',
    reason: 'needs the Codeliste der Gruppenartikel- und Artikel-ID',
  },
  { key: 87, text: 'Es ist ein Monatserster 0 Uhr (gem. deutscher Zeit) anzugeben', reason: 'value constraint' },
  {
    key: 88,
    text: 'Wert muss identisch mit DE2380 aus dem SG4 DTM+157 (Änderung zum) sein',
    reason: 'value constraint',
  },
  {
    key: 89,
    text: 'Wenn im SG8 SEQ+Z01 (Daten der Marktlokation) mit identischer Zeitraum-ID im DE1050 wie in diesem SG8, das SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+E14 (TLP/TEP) vorhanden',
    reason: 'Zeitraum-ID cross-reference to another SG8 SEQ+Z01',
  },
  {
    key: 92,
    text: 'Wenn Wert innerhalb SG bzw. Segment geändert wird',
    reason: 'needs the previous message (whether a value changed)',
  },
  {
    key: 93,
    text: 'Erlaubte Codes aus der PRICAT BGM+Z32 (Preisblatt Messstellenbetrieb) des verantwortlichen MSB',
    reason: "value constraint (the responsible MSB's PRICAT)",
  },
  {
    key: 103,
    text: 'Wenn SG9 QTY+265 (Arbeit / Leistung für tagesparameterabhängig e Marktlokation: Veranschlagte Jahresmenge Gesamt) in dieser SG8 vorhanden',
    reason: 'QTY+265/Z08/Z10 all land in BILANZIERUNG[].temperaturarbeit; the qualifier is not recoverable',
  },
  {
    key: 104,
    text: 'Wenn SG9 QTY+Z08 (Arbeit / Leistung für tagesparameterabhängige Marktlokation: angepasste elektrische Arbeit nach Anhang D) in dieser SG8 vorhanden',
    reason: 'QTY+265/Z08/Z10 all land in BILANZIERUNG[].temperaturarbeit; the qualifier is not recoverable',
  },
  {
    key: 105,
    text: 'Wenn SG9 QTY+Z10 (Arbeit / Leistung für tagesparameterabhängige Marktlokation: Leistung der Marktlokation) in dieser SG8 vorhanden',
    reason: 'QTY+265/Z08/Z10 all land in BILANZIERUNG[].temperaturarbeit; the qualifier is not recoverable',
  },
  {
    key: 112,
    text: 'Wenn in derselben SG8 SEQ+Z59 (Produkt-Daten der Marktlokation) das SG10 CCI+11 (Details zum Produkt der Marktlokation) nicht vorhanden',
    reason:
      'SG10 CCI+11++ZF6 maps to konfigurationsprodukt = null: its absence cannot be told from the absence of both PIA+5 and CCI+11',
  },
  {
    key: 113,
    text: 'Wenn es sich um eine Antwort auf die Bestellung einer Zählzeit handelt',
    reason: 'needs the order message (answer to a Zählzeit order)',
  },
  {
    key: 120,
    text: 'Wenn von NB Abtretungserklärung benötigt wird',
    reason: "the NB's intent (Abtretungserklärung needed)",
  },
];
