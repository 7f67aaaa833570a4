import type { ConditionContext, ConditionEntry, Decider, Decision, UndecidableEntry } from '../condition-context';
import {
  absent,
  allOf,
  anyOf,
  codeIn,
  codeNotIn,
  inSome,
  inThis,
  present,
  receiverRole,
  startsWith,
  valuesAt,
  withBody,
} from '../vocabulary';

/*
 * Requirement conditions [121]–[300] of UTILMD Strom (texts of FV2604). BO4E paths from the vendor's per-PI specs
 * (edifact-index: EDIFACT segment path → BO4E path → PIs); enum names from the JSON schemas under
 * reference/schemas.
 */

/** EDIFACT code values as the middleware passes them (`E06`, `Z52`). */
const EDIFACT_CODE = /^[A-Z0-9]{1,3}$/;

const NETZEBENE = ['NSP', 'MSP', 'HSP', 'HSS', 'MSP_NSP_UMSP', 'HSP_MSP_UMSP', 'HSS_HSP_UMSP', 'HD', 'MD', 'ND'];
const ZAEHLERTYP = [
  'DREHSTROMZAEHLER',
  'BALGENGASZAEHLER',
  'DREHKOLBENZAEHLER',
  'SMARTMETER',
  'LEISTUNGSZAEHLER',
  'MAXIMUMZAEHLER',
  'TURBINENRADGASZAEHLER',
  'ULTRASCHALLGASZAEHLER',
  'WECHSELSTROMZAEHLER',
  'WIRBELGASZAEHLER',
  'MESSDATENREGISTRIERGERAET',
  'ELEKTRONISCHERHAUSHALTSZAEHLER',
  'SONDERAUSSTATTUNG',
  'WASSERZAEHLER',
  'MODERNEMESSEINRICHTUNG',
];
const MESSTECHNISCHE_EINORDNUNG = ['IMS', 'KME_MME', 'KEINE_MESSUNG'];
const PROFILTYP = ['SLP_SEP', 'TLP_TEP', 'TEP'];
const DATENQUALITAET = [
  'DIFFERENZ_DATEN',
  'DIFFERENZ_ERWARTETE_DATEN',
  'DIFFERENZ_IM_SYSTEM_VORHANDENE_DATEN',
  'ERWARTETE_DATEN',
  'GUELTIGE_DATEN',
  'IM_SYSTEM_KEINE_DATEN_VORHANDEN',
  'IM_SYSTEM_VORHANDENE_DATEN',
  'INFORMATIVE_DATEN',
  'KEINE_DATEN',
  'KEINE_DATEN_ERWARTET',
];
const VERBRAUCHSART = ['KL', 'W', 'EMOB', 'SB', 'SW', 'WK'];
/** CAV+Z65 (Wärme/Kälte): the BO4E enum has both `W` and `WK` for it. */
const WAERME_KAELTE = ['Z65', 'W', 'WK'];

function steps(path: string): string[] {
  return path.split('.').map((step) => step.replace(/\[\]$/, ''));
}

/**
 * `codeIn` for an enum-typed field whose whole value set is known: fulfilled when a value at `path` is one of
 * `wanted` (EDIFACT code or enum name); not fulfilled when every value is another EDIFACT code or one of `known`;
 * undecided for anything else.
 */
function knownCodeIn(path: string, wanted: readonly string[], known: readonly string[]): Decider {
  const at = steps(path);
  return (context) => {
    const values = valuesAt(context.body, at);
    if (values.some((value) => typeof value === 'string' && wanted.includes(value))) return true;
    const decidable = (value: unknown): boolean =>
      typeof value === 'string' && (EDIFACT_CODE.test(value) || known.includes(value));
    return values.every(decidable) ? false : undefined;
  };
}

/** Fulfilled when some string at `path` matches `pattern`; not when every value is a non-matching string. */
function textMatches(path: string, pattern: RegExp): Decider {
  const at = steps(path);
  return (context) => {
    const values = valuesAt(context.body, at);
    if (values.some((value) => typeof value === 'string' && pattern.test(value))) return true;
    return values.every((value) => typeof value === 'string') ? false : undefined;
  };
}

/** A boolean field: its value; undecided when absent or not a boolean. */
function flag(path: string): Decider {
  const at = steps(path);
  return (context) => {
    const values = valuesAt(context.body, at);
    if (values.length === 0 || values.some((value) => typeof value !== 'boolean')) return undefined;
    if (values.every((value) => value === true)) return true;
    return values.every((value) => value === false) ? false : undefined;
  };
}

/**
 * "in dieser SG8" where the SG8 is one element of an array of the business object (`netznutzungsabrechnungsdaten[]`,
 * `zaehlwerke[]`): `inner` on every element at `path`; decided only when all elements agree, undecided without any.
 */
function inEach(path: string, inner: Decider): Decider {
  const at = steps(path);
  return (context) => {
    const elements = valuesAt(context.body, at);
    if (elements.length === 0) return undefined;
    const decisions = elements.map((element) => inner(withBody(context, element)));
    if (decisions.every((decision) => decision === true)) return true;
    return decisions.every((decision) => decision === false) ? false : undefined;
  };
}

/**
 * "in dieser SG8" where the rule's object and the condition's object differ (the SG8 is spread over two stammdaten
 * keys): `inner` on the scope when it is `key`, else on the only element of `stammdaten[key]`; undecided otherwise.
 */
function soleObject(key: string, inner: Decider): Decider {
  return (context) => {
    if (context.scope?.key === key) return inner(withBody(context, context.scope.object));
    const elements = valuesAt(context.body, ['stammdaten', key]);
    return elements.length === 1 ? inner(withBody(context, elements[0])) : undefined;
  };
}

/** "in dieser SG8"/"in derselben SG10" where the SG8 becomes one of several stammdaten keys: a decider per key. */
function perScope(byKey: Readonly<Record<string, Decider>>): Decider {
  return (context: ConditionContext): Decision => {
    const scope = context.scope;
    const inner = scope ? byKey[scope.key] : undefined;
    return scope && inner ? inner(withBody(context, scope.object)) : undefined;
  };
}

export const CONDITIONS_121_300: readonly ConditionEntry[] = [
  // SEQ+Z98 CCI+++E03 → MARKTLOKATION[].netzebene (edifact-index SG4.IDE+24.SG8.SEQ+Z98.SG10.CCI+++E03.CAV); the SG9 it guards (QTY+31) lands in BILANZIERUNG, so the only MARKTLOKATION stands for "this SG8"
  {
    key: 122,
    text: 'Wenn in dieser SG8 SEQ+Z98 SG10 CCI+++E03 (Spannungsebene der Marktlokation) CAV+E06 (Niederspannung) vorhanden',
    decide: soleObject('MARKTLOKATION', knownCodeIn('netzebene', ['E06', 'NSP'], NETZEBENE)),
  },
  // SEQ+Z76/ZC5/ZC6 PIA+[Z02|Z03] → MARKTLOKATION[].messstellenbetriebsabrechnungsdaten[] (artikelId, messstellenbetriebsabrechnung); PIA+Z02 = an Artikel-ID or the flag set, PIA+Z03 = flag false; decided only when all elements agree
  {
    key: 125,
    text: 'Wenn in derselben SG8 SEQ+Z76/ ZC5/ ZC6 (Messstellenbetriebsabrechnungsdaten der Marktlokation) im DE4347 des PIA Z02 (Gruppenartikel-ID / Artikel-ID) vorhanden',
    decide: inThis(
      'MARKTLOKATION',
      inEach('messstellenbetriebsabrechnungsdaten', anyOf(present('artikelId'), flag('messstellenbetriebsabrechnung'))),
    ),
  },
  // SEQ+Z03/ZF5/ZA3/ZA4 CCI+++E13 CAV → ZAEHLER[].zaehlertyp
  {
    key: 136,
    text: 'Wenn SG10 CCI+++E13 (Zählertyp) CAV+EHZ (elektronischer Haushaltszähler) in dieser SG8 vorhanden',
    decide: inThis('ZAEHLER', knownCodeIn('zaehlertyp', ['EHZ', 'ELEKTRONISCHERHAUSHALTSZAEHLER'], ZAEHLERTYP)),
  },
  {
    key: 143,
    text: 'Wenn STS+7++ZX3 (Transaktionsgrund: Abrechnungsdaten BK-Abrechnung verbrauchender MaLo) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrund', 'ZX3'),
  },
  {
    key: 144,
    text: 'Wenn STS+7++ZAN (Transaktionsgrund: Korrektur Abrechnungsdaten BK-Abrechnung verbrauchender MaLo) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrund', 'ZAN'),
  },
  {
    key: 145,
    text: 'Wenn STS+7++ZX2 (Transaktionsgrund: Abrechnungsdaten BK-Abrechnung erzeugender MaLo) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrund', 'ZX2'),
  },
  {
    key: 146,
    text: 'Wenn STS+7++ZA0 (Transaktionsgrund: Korrektur Abrechnungsdaten BK-Abrechnung erzeugender MaLo) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrund', 'ZA0'),
  },
  // SEQ+Z45 PIA+Z02 → MARKTLOKATION[].netznutzungsabrechnungsdaten[].artikelId (SG4.IDE+24.SG8.SEQ+[Z45|Z84].PIA+Z02); decided only when all elements agree
  {
    key: 148,
    text: 'Wenn in dieser SG8 im SG8 PIA+Z02 (Gruppenartikel-ID / Artikel-ID), die Artikel-ID 1-02-0-017/ 1-02-0-018 vorhanden',
    decide: inThis(
      'MARKTLOKATION',
      inEach('netznutzungsabrechnungsdaten', textMatches('artikelId', /^1-02-0-01[78]$/)),
    ),
  },
  // as 148
  {
    key: 150,
    text: 'Wenn in dieser SG8 im SG8 PIA+Z02 (Gruppenartikel-ID / Artikel-ID), die Artikel-ID 1-02-0-002 vorhanden',
    decide: inThis('MARKTLOKATION', inEach('netznutzungsabrechnungsdaten', textMatches('artikelId', /^1-02-0-002$/))),
  },
  // FTX+Z28 → transaktionsdaten.absender.ipRange.{untere,obere}Grenze
  {
    key: 152,
    text: 'Wenn FTX+Z28 (IP-Range des Absenders) nicht vorhanden',
    decide: absent('transaktionsdaten.absender.ipRange'),
  },
  // FTX+Z27 → transaktionsdaten.absender.ipAdresse
  {
    key: 153,
    text: 'Wenn FTX+Z27 (IP-Adresse des Absenders) nicht vorhanden',
    decide: absent('transaktionsdaten.absender.ipAdresse'),
  },
  // FTX+Z17 → stammdaten.AD_HOC_STEUERKANAL[].zieladresse.zieladresse1..5
  {
    key: 156,
    text: 'Wenn SG4 FTX+Z17 (Zieladresse URI) vorhanden',
    decide: present('stammdaten.AD_HOC_STEUERKANAL[].zieladresse'),
  },
  {
    key: 161,
    text: 'Wenn SG4 STS+7++E03+ZW8 (Transaktionsgrundergänzung Fall 1) vorhanden',
    decide: allOf(
      codeIn('transaktionsdaten.transaktionsgrund', 'E03'),
      codeIn('transaktionsdaten.transaktionsgrundergaenzung', 'ZW8'),
    ),
  },
  {
    key: 162,
    text: 'Wenn SG4 STS+7++E03+ZW9 (Transaktionsgrundergänzung Fall 2) vorhanden',
    decide: allOf(
      codeIn('transaktionsdaten.transaktionsgrund', 'E03'),
      codeIn('transaktionsdaten.transaktionsgrundergaenzung', 'ZW9'),
    ),
  },
  {
    key: 163,
    text: 'Wenn SG4 STS+7++E03+ZX0 (Transaktionsgrundergänzung Fall 3) vorhanden',
    decide: allOf(
      codeIn('transaktionsdaten.transaktionsgrund', 'E03'),
      codeIn('transaktionsdaten.transaktionsgrundergaenzung', 'ZX0'),
    ),
  },
  {
    key: 164,
    text: 'Wenn SG4 STS+7++E03+ZX1 (Transaktionsgrundergänzung Fall 4) vorhanden',
    decide: allOf(
      codeIn('transaktionsdaten.transaktionsgrund', 'E03'),
      codeIn('transaktionsdaten.transaktionsgrundergaenzung', 'ZX1'),
    ),
  },
  // LOC+Z21 → TRANCHE[].tranchenId; SEQ+Z15/Z16/Z17 RFF+Z20 also fill it, but only for a Tranche named in LOC+Z21
  { key: 167, text: 'Wenn SG5 LOC+Z21 (Tranche) vorhanden', decide: present('stammdaten.TRANCHE[].tranchenId') },
  // as 148
  {
    key: 168,
    text: 'Wenn in dieser SG8 im SG8 PIA+Z02 (Gruppenartikel- ID / Artikel-ID), die Artikel-ID 1-02-0-002/ 003/ 004 vorhanden',
    decide: inThis(
      'MARKTLOKATION',
      inEach('netznutzungsabrechnungsdaten', textMatches('artikelId', /^1-02-0-00[234]$/)),
    ),
  },
  // LOC+Z18 → NETZLOKATION[].netzlokationsId; the SEQ+ZD7/ZE0/Z60 RFF+Z32 that also fill it describe that same Netzlokation
  {
    key: 178,
    text: 'Wenn das LOC+Z18 (Netzlokation) vorhanden ist',
    decide: present('stammdaten.NETZLOKATION[].netzlokationsId'),
  },
  // SEQ+Z60/ZE0 PIA+5 → NETZLOKATION[].konfigurationsprodukt
  {
    key: 190,
    text: 'Wenn in derselben SG8 SEQ+Z60/ ZG8/ ZG9/ ZE0 (Produkt-Daten der Netzlokation) PIA+5+9991000000721:Z12 vorhanden',
    decide: inThis('NETZLOKATION', textMatches('konfigurationsprodukt', /^9991000000721$/)),
  },
  {
    key: 192,
    text: 'Wenn SG4 STS+7++XXX+ZW4/ZAP (Transaktionsgrund / Ergänzung: Verbrauchende Marktlokation / ruhende Marktlokation) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrundergaenzung', 'ZW4', 'ZAP'),
  },
  {
    key: 203,
    text: 'Wenn STS+7++E06 / Z39 / ZC6 / ZC7 / ZT6 / ZT7',
    decide: codeIn('transaktionsdaten.transaktionsgrund', 'E06', 'Z39', 'ZC6', 'ZC7', 'ZT6', 'ZT7'),
  },
  // LOC+Z19 → STEUERBARE_RESSOURCE[].ressourcenId; SEQ+ZF1/ZF2/Z61/Z62 RFF+Z38 also fill it, for that same Ressource
  {
    key: 205,
    text: 'Wenn SG5 LOC+Z19 (Steuerbare Ressource) vorhanden',
    decide: present('stammdaten.STEUERBARE_RESSOURCE[].ressourcenId'),
  },
  {
    key: 206,
    text: 'Wenn SG4 STS+7++ZG5 (Transaktionsgrund: Aufhebung der zukünftigen Zuordnung aufgrund § 38 EEG 2014 bzw. § 21b Abs. 1 Nr. 2 EEG 2017) nicht vorhanden',
    decide: codeNotIn('transaktionsdaten.transaktionsgrund', 'ZG5'),
  },
  // SEQ+Z01/Z98 SG10 CCI+++ZA6/ZC0 → BILANZIERUNG[].prognosegrundlage (PROFILE/WERTE); the CAV it guards → BILANZIERUNG[].detailsPrognosegrundlage
  {
    key: 210,
    text: 'Wenn SG10 CCI+++ZA6 (Prognose auf Basis von Profilen) in dieser SG8 vorhanden',
    decide: inThis('BILANZIERUNG', knownCodeIn('prognosegrundlage', ['ZA6', 'PROFILE'], ['ZC0', 'WERTE'])),
  },
  // NAD+Z09 → ENERGIELIEFERVERTRAG[].vertragspartner2[]; NAD+Z65 lands there too, but only in 55013, which does not use [213]
  {
    key: 213,
    text: 'Wenn SG12 NAD+Z09 (Kunde des Lieferanten) vorhanden',
    decide: present('stammdaten.ENERGIELIEFERVERTRAG[].vertragspartner2'),
  },
  // as 136
  {
    key: 215,
    text: 'Wenn in derselben SG8 (Zähleinrichtungsdaten) SG10 CCI+++E13 CAV+MME (Zählertyp: mME) vorhanden',
    decide: inThis('ZAEHLER', knownCodeIn('zaehlertyp', ['MME', 'MODERNEMESSEINRICHTUNG'], ZAEHLERTYP)),
  },
  // CCI+++Z88 CAV+Z74 → NETZNUTZUNGSVERTRAG[].vertragskonditionen.netznutzungsvertrag (KUNDEN_NB/LIEFERANTEN_NB)
  {
    key: 216,
    text: 'Wenn CCI+++Z88 (Netznutzung) CAV+Z74:::Z08 (Netznutzungsvertrag: Direkter Vertrag zwischen Kunden und NB) vorhanden',
    decide: knownCodeIn(
      'stammdaten.NETZNUTZUNGSVERTRAG[].vertragskonditionen.netznutzungsvertrag',
      ['Z08', 'KUNDEN_NB'],
      ['Z09', 'LIEFERANTEN_NB'],
    ),
  },
  // SG6 RFF+[Z49|Z53] → VERWENDUNGSZEITRAUM[].datenqualitaet
  {
    key: 217,
    text: 'Wenn SG6 RFF+Z49 (Verwendungszeitraum der Daten: "Gültige Daten") vorhanden',
    decide: knownCodeIn('stammdaten.VERWENDUNGSZEITRAUM[].datenqualitaet', ['Z49', 'GUELTIGE_DATEN'], DATENQUALITAET),
  },
  // NAD+Z65 → ENERGIELIEFERVERTRAG[].vertragspartner2[]; NAD+Z09 lands there too, but not in 55013, the only PI using [219]
  {
    key: 219,
    text: 'Wenn SG12 NAD+Z65 (Informativer Kunde des Lieferanten) vorhanden',
    decide: present('stammdaten.ENERGIELIEFERVERTRAG[].vertragspartner2'),
  },
  // SEQ+Z98 CCI+++ZA6 CAV+E14 → BILANZIERUNG[].detailsPrognosegrundlage (SG4.IDE+24.SG8.SEQ+Z98.SG10.CCI+++[ZC0|ZA6].CAV+[E02|E14])
  {
    key: 227,
    text: 'Wenn im SG8 SEQ+Z98 (Daten der Marktlokation) das SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+E14 (TLP/TEP) vorhanden',
    decide: inSome('BILANZIERUNG', knownCodeIn('detailsPrognosegrundlage', ['E14', 'TLP_TEP'], PROFILTYP)),
  },
  // CCI+++Z83 CAV → MARKTLOKATION[].messtechnischeEinordnung (Z52 IMS, Z53 KME_MME, Z68 KEINE_MESSUNG)
  {
    key: 232,
    text: 'Wenn SG10 CCI+++Z83 (Messtechnische Einordnung der Marktlokation) CAV+Z52 (iMS) vorhanden',
    decide: knownCodeIn(
      'stammdaten.MARKTLOKATION[].messtechnischeEinordnung',
      ['Z52', 'IMS'],
      MESSTECHNISCHE_EINORDNUNG,
    ),
  },
  { key: 233, text: 'Wenn MP-ID in SG2 NAD+MR (Nachrichtenempfänger) in der Rolle NB', decide: receiverRole('NB') },
  // as 232
  {
    key: 234,
    text: 'Wenn SG10 CCI+++Z83 (Messtechnische Einordnung der Marktlokation) CAV+Z53 (kME/ mME) vorhanden',
    decide: knownCodeIn(
      'stammdaten.MARKTLOKATION[].messtechnischeEinordnung',
      ['Z53', 'KME_MME'],
      MESSTECHNISCHE_EINORDNUNG,
    ),
  },
  // SEQ+ZE1/Z45/Z82.. PIA+Z02 → MARKTLOKATION[].netznutzungsabrechnungsdaten[].artikelId; decided only when all elements agree
  {
    key: 237,
    text: 'Wenn in derselben SG8 im DE7140 des PIA+Z02 (Gruppenartikel-ID / Artikel-ID) eine Gruppenartikel-ID / Artikel-ID mit 1-06 (entspricht Entgelte des Messstellenbetriebs bei kME) beginnt',
    decide: inThis('MARKTLOKATION', inEach('netznutzungsabrechnungsdaten', startsWith('artikelId', '1-06'))),
  },
  // CCI+Z17 CAV → TECHNISCHE_RESSOURCE[].verbrauchsart (SEQ+Z52/ZF0/ZG4/ZG5) or MARKTLOKATION[].zaehlwerke[].verbrauchsart (SEQ+Z44/ZE5/ZD1/ZD2); Z65 Wärme/Kälte is W or WK in BO4E
  {
    key: 239,
    text: 'Wenn in derselben SG10 das CCI+Z17 (Stromverbrauchsart) im CAV+Z65 (Wärme/Kälte) vorhanden',
    decide: perScope({
      TECHNISCHE_RESSOURCE: knownCodeIn('verbrauchsart', WAERME_KAELTE, VERBRAUCHSART),
      MARKTLOKATION: inEach('zaehlwerke', knownCodeIn('verbrauchsart', WAERME_KAELTE, VERBRAUCHSART)),
    }),
  },
  { key: 241, text: 'Wenn MP-ID in SG2 NAD+MR (Nachrichtenempfänger) in der Rolle MSB', decide: receiverRole('MSB') },
  // SEQ+Z20/ZF6/ZA5/ZA6 PIA+5 → ZAEHLER[].zaehlwerke[].obisKennzahl; `?:` is the EDIFACT escape of `:`
  {
    key: 256,
    text: 'Wenn in derselben SG8 SEQ (OBIS-Daten der Zähleinrichtung / Smartmeter-Gateway) das PIA+5+1-b?:1.8.e / 1-b?:2.8.e vorhanden',
    decide: inThis('ZAEHLER', inEach('zaehlwerke', textMatches('obisKennzahl', /^1-\d{1,2}\??:[12]\.8\.\d{1,2}$/))),
  },
  {
    key: 279,
    text: 'Wenn STS+7++xxx+ZW4 / ZAP (Transaktionsgrundergänzung verbrauchende Marktlokation / ruhende Marktlokation) vorhanden',
    decide: codeIn('transaktionsdaten.transaktionsgrundergaenzung', 'ZW4', 'ZAP'),
  },
  // SEQ+Z02/ZE3/ZA1/ZA2 PIA+5 → MARKTLOKATION[].zaehlwerke[].obisKennzahl; `?:` is the EDIFACT escape of `:`
  {
    key: 288,
    text: 'Wenn in derselben SG8 (OBIS-Daten der Marktlokation) das PIA+5+1-b?:2.9.e vorhanden',
    decide: inThis('MARKTLOKATION', inEach('zaehlwerke', textMatches('obisKennzahl', /^1-\d{1,2}\??:2\.9\.\d{1,2}$/))),
  },
  // as 178
  {
    key: 294,
    text: 'Wenn SG5 LOC+Z18 (Netzlokation) vorhanden',
    decide: present('stammdaten.NETZLOKATION[].netzlokationsId'),
  },
  // LOC+Z20 → TECHNISCHE_RESSOURCE[].ressourcenId; SEQ+ZF0/Z52 RFF+Z37 also fill it, for that same Ressource
  {
    key: 296,
    text: 'Wenn SG5 LOC+Z20 (Technische Ressource) vorhanden',
    decide: present('stammdaten.TECHNISCHE_RESSOURCE[].ressourcenId'),
  },
  // as 296
  {
    key: 298,
    text: 'Wenn SG5 LOC+Z20 (Technische Ressource) nicht vorhanden',
    decide: absent('stammdaten.TECHNISCHE_RESSOURCE[].ressourcenId'),
  },
];

export const UNDECIDABLE_121_300: readonly UndecidableEntry[] = [
  {
    key: 121,
    text: 'Wenn in dem SEQ+Z03/ ZF5 (Zähleinrichtungsdaten) das SG8 RFF+Z14 (Referenz auf das Smartmeter-Gateway) nicht vorhanden',
    reason:
      'SEQ+ZF5 RFF+Z14 and SEQ+ZF6 RFF+[MG|Z14] both land in ZAEHLER[].gateway; the Zähleinrichtung SG8 meant cannot be told apart',
  },
  {
    key: 126,
    text: 'Es ist der Wert einzutragen, der sich aus der Wiederholungshäufigkeit des SG6 RFF+Z49/ Z53 (Verwendungszeitraum der Daten: Gültige Daten/ Keine Daten) ergibt. Bedeutet: Das erste SG6 RFF+Z49/ Z53 hat somit die „1“, das zweite die „2“, das dritte die „3“ usw.',
    reason: 'value constraint',
  },
  {
    key: 127,
    text: 'Es ist der Wert einzutragen, der sich aus der Wiederholungshäufigkeit des SG6 RFF+Z48/ Z55 (Verwendungszeitraum der Daten: Erwartete Daten/ Keine Daten erwartet) ergibt. Bedeutet: Das erste SG6 RFF+Z48/ Z55 hat somit die „1“, das zweite die „2“, das dritte die „3“ usw.',
    reason: 'value constraint',
  },
  {
    key: 128,
    text: 'Es ist der Wert einzutragen, der sich aus der Wiederholungshäufigkeit des SG6 RFF+Z47/ Z54 (Verwendungszeitraum der Daten: Im System vorhandene Daten/ Im System keine Daten vorhanden) ergibt. Bedeutet: Das erste SG6 RFF+Z47/ Z54 hat somit die „1“, das zweite die „2“, das dritte die „3“ usw.',
    reason: 'value constraint',
  },
  {
    key: 129,
    text: 'Innerhalb eines SG4 IDE müssen alle DE3225 der SG5 LOC+Z16 (Marktlokation) den identischen Wert enthalten',
    reason: 'value constraint',
  },
  { key: 130, text: 'Wenn an Messlokation vorhanden', reason: "the sender's knowledge of the Messlokation" },
  {
    key: 131,
    text: 'Wenn dieses DTM+Z25 (Verwendung der Daten ab) im SG6 RFF (Verwendungszeitraum der Daten) mit der Zeitraum ID "1" im DE1156 gekennzeichnet ist, muss das Datum in diesem DE2380 der direkt auf DTM+137 DE2380 (Nachrichtendatum) folgende Tag 0:00 Uhr oder ein älterer Tag als dieser 0:00 Uhr deutscher Zeit sein',
    reason: 'value constraint (date of DTM+Z25 per Zeitraum-ID)',
  },
  {
    key: 132,
    text: 'Wenn dieses DTM+Z25 (Verwendung der Daten ab) im SG6 RFF (Verwendungszeitraum der Daten) mit der Zeitraum ID "1" im DE1156 gekennzeichnet ist, muss das Datum in diesem DE2380 der direkt auf DTM+137 DE2380 (Nachrichtendatum) folgende Tag 0:00 Uhr deutscher Zeit sein',
    reason: 'value constraint (date of DTM+Z25 per Zeitraum-ID)',
  },
  {
    key: 134,
    text: 'Wenn dieses DTM+Z25 (Verwendung der Daten ab) nicht im SG6 RFF+Z48/ Z55 (Verwendungszeitraum der Daten: Erwartete Daten/ Keine Daten erwartet) mit der Zeitraum ID "1" im DE1156 ist, muss das Datum dem DTM+Z26 (Verwendung der Daten bis) des SG6 RFF+Z48/ Z55 (Verwendungszeitraum der Daten: Erwartete Daten/ Keine Daten erwartet) mit der nächst niedrigeren Zeitraum ID im DE1156 entsprechen',
    reason: 'value constraint (DTM+Z25/Z26 across Zeitraum-IDs)',
  },
  {
    key: 135,
    text: 'Wenn dieses DTM+Z25 (Verwendung der Daten ab) nicht im SG6 RFF+Z47/ Z54 (Verwendungszeitraum der Daten: Im System vorhandene Daten/ Im System keine Daten vorhanden) mit der Zeitraum ID "1" im DE1156 ist, muss das Datum dem DTM+Z26 (Verwendung der Daten bis) des SG6 RFF+Z47/ Z54 (Verwendungszeitraum der Daten: Im System vorhandene Daten/ Im System keine Daten vorhanden) mit der nächst niedrigeren Zeitraum ID im DE1156 entsprechen',
    reason: 'value constraint (DTM+Z25/Z26 across Zeitraum-IDs)',
  },
  {
    key: 138,
    text: 'Wenn im selben QTY im DE6063 Z35 (Abschlag) vorhanden',
    reason: 'the QTY qualifier DE6063 (Z35/Z46) is not kept in BO4E (abschlag is a number)',
  },
  {
    key: 140,
    text: 'Wenn im selben QTY im DE6063 Z34/Z35 (Zuschlag/Abschlag) vorhanden',
    reason: 'the QTY qualifier DE6063 (Z34/Z35/Z37) is not kept in BO4E (zuschlag/abschlag are numbers)',
  },
  {
    key: 141,
    text: 'Wenn SG10 CAV+MIW/ MPW/ MBW vorhanden',
    reason:
      'CAV of the same Wandler SG10 (one ZAEHLER[].geraete[] element); MIW/MPW/MBW → geraetemerkmal mapping not established',
  },
  {
    key: 149,
    text: 'Wenn zwei SG8 SEQ+Z45 (Netznutzungsabrechnungsdaten der Marktlokation), mit derselben Zeitraum-ID im DE1050, mit Artikel-ID im SG8 PIA+Z02 (Gruppenartikel-ID / Artikel-ID), eine SG8 mit 1-02-0-017 und eine mit 1-02-0-018 vorhanden',
    reason: 'pairs of SG8 SEQ+Z45 with the same Zeitraum-ID: Zeitraum-ID cross-reference',
  },
  {
    key: 151,
    text: 'Wenn bei der Bestellung ein Messprodukt der Codeliste der Konfigurationen aus dem Kapitel 4.4 mit dem Ü̈bertragungsweg "aus dem SMGW" bestellt wurde. Der Empfänger der Werte kann dadurch seine Firewall genau Konfigurieren',
    reason: 'needs the order (Bestellung) of another message',
  },
  { key: 165, text: 'Wenn bekannt', reason: "the sender's intent (Wenn bekannt)" },
  { key: 166, text: 'Wenn vorhanden', reason: "the sender's intent (Wenn vorhanden)" },
  {
    key: 169,
    text: 'Wenn zwei SG8 SEQ+Z45 (Netznutzungsabrechnungsdaten der Marktlokation), mit derselben Zeitraum-ID im DE1050, mit Artikel-ID im SG8 PIA+Z02 (Gruppenartikel-ID / Artikel-ID), eine SG8 mit 1-02-0-002 und eine mit 1-02-0-003/004 vorhanden',
    reason: 'pairs of SG8 SEQ+Z45 with the same Zeitraum-ID: Zeitraum-ID cross-reference',
  },
  {
    key: 172,
    text: 'Wenn im selben QTY im DE6063 Z37 (Kein Zu- und Abschlag) vorhanden',
    reason: 'the QTY qualifier DE6063 (Z34/Z35/Z37) is not kept in BO4E (zuschlag/abschlag are numbers)',
  },
  {
    key: 173,
    text: 'Wenn im RFF+Z33 (Referenz auf den Objektcode in der Lokationsbündelstruktur) das DE1156 (Fortlaufende Nummer eines Lokationsbündels im Geschäftsvorfall) in derselben SG8 SEQ+Z58/ ZC9/ ZD0/ ZD6 (Zuordnung Lokation zum Objektcode des Lokationsbündels) nicht vorhanden ist',
    reason: 'Lokationsbündel cross-reference between SG8 RFF+Z33 numbers',
  },
  {
    key: 174,
    text: 'Wenn im RFF+Z33 (Referenz auf den Objektcode in der Lokationsbündelstruktur) das DE1156 Fortlaufende Nummer eines Lokationsbündels im Geschäftsvorfall) in derselben SG8 SEQ+Z58/ ZC9/ ZD0/ ZD6 (Zuordnung Lokation zum Objektcode des Lokationsbündels) vorhanden ist',
    reason: 'Lokationsbündel cross-reference between SG8 RFF+Z33 numbers',
  },
  {
    key: 175,
    text: 'Wenn der Objektcode im RFF+Z33 (Referenz auf den Objektcode in der Lokationsbündelstruktur) im DE1154 derselben SG8 SEQ+Z58 (Zuordnung Lokation zum Objektcode des Lokationsbündels) in einem weiteren SG8 SEQ+Z58 mit derselben fortlaufenden Nummer vorhanden ist',
    reason: 'Lokationsbündel cross-reference between SG8 SEQ+Z58 objects',
  },
  {
    key: 176,
    text: 'Wenn in demselben Segment das DE1153 mit dem Code Z34 vorgelagerte Messlokation vorhanden ist',
    reason:
      '"in demselben Segment": one RFF of a LOKATIONSBUENDEL[].zuordnungObjectcode[] element, not a stammdaten object',
  },
  {
    key: 177,
    text: 'Wenn in demselben Segment das DE1153 mit dem Code Z35 vorgelagerte Netzlokation vorhanden ist',
    reason:
      '"in demselben Segment": one RFF of a LOKATIONSBUENDEL[].zuordnungObjectcode[] element, not a stammdaten object',
  },
  {
    key: 179,
    text: 'Wenn der Objektcode im RFF+Z33 (Referenz auf den Objektcode in der Lokationsbündelstruktur) im DE1154 derselben SG8 SEQ+Z58/ ZC9 / ZD0/ ZD6 (Zuordnung Lokation zum Objektcode des Lokationsbündels) in einem weiteren SG8 SEQ+Z58/ ZC9 / ZD0/ ZD6 (Zuordnung Lokation zum Objektcode des Lokationsbündels) mit identischem Code im DE1229 vorhanden ist',
    reason: 'Lokationsbündel cross-reference between SG8 SEQ+Z58/ZC9/ZD0/ZD6 objects',
  },
  {
    key: 180,
    text: 'Wenn im selben QTY im DE6063 Z46 (Kein Abschlag) vorhanden',
    reason: 'the QTY qualifier DE6063 (Z35/Z46) is not kept in BO4E (abschlag is a number)',
  },
  {
    key: 196,
    text: 'Wenn der Objektcode im RFF+Z33 (Referenz auf den Objektcode in der Lokationsbündelstruktur) im DE1154 derselben SG8 SEQ+Z58/ZC9/ZD0 (Zuordnung Lokation zum Objektcode des Lokationsbündels) in einem weiteren SG8 SEQ+Z58/ZC9/ZD0 mit derselben fortlaufenden Nummer im DE1156 des SG8 RFF, der selben Zeitraum-ID im DE1050 sowie identischen Codes im DE1229 des SG8 SEQ vorhanden ist',
    reason: 'Lokationsbündel cross-reference with Zeitraum-ID and DE1229',
  },
  {
    key: 199,
    text: 'Wenn in der SG8 SEQ+Z01/ SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) mit identischer Zeitraum-ID im DE1050 CAV+E02 (SLP/SEP) vorhanden',
    reason: 'Zeitraum-ID cross-reference between SG8 SEQ+Z01 and this SG8',
  },
  {
    key: 202,
    text: 'Wenn SG8 SEQ+Z78 RFF+Z39 (Keine standardisierte Lokationsbündelstruktur vorhanden), mit identischer Zeitraum-ID im DE1050 wie im DE3224 dieses Segments',
    reason: 'Zeitraum-ID cross-reference between SG8 SEQ+Z78 and the LOC DE3224',
  },
  {
    key: 204,
    text: 'Wenn im SG8+SEQ+Z03/ ZA3/ ZA4 (Zähleinrichtungsdaten) mit der selben Zeitraum-ID im SG8 SEQ DE1050, sowie identischer Qualität im DE1229 der SG8 SEQ für die in diesem RFF DE1154 genannte Gerätenummer eines Zählers das RFF+Z14 (Referenz auf das Smartmeter-Gateway) nicht vorhanden ist',
    reason: 'cross-reference by Gerätenummer, Zeitraum-ID and DE1229 between SG8',
  },
  {
    key: 209,
    text: 'Wenn im selben Segment im DE2379 der Code 303 vorhanden ist',
    reason: 'the DTM format code DE2379 is not kept in BO4E',
  },
  {
    key: 212,
    text: 'Wenn im selben SG12 NAD DE3124 nicht vorhanden',
    reason: 'NAD DE3124 of the same SG12: the SG12 objects are not mapped to one BO4E object',
  },
  {
    key: 229,
    text: 'Wenn der Objektcode im RFF+Z33 (Referenz auf den Objektcode in der Lokationsbündelstruktur) im DE1154 derselben SG8 SEQ+Z58/ ZC9/ ZD0/ ZD6 (Zuordnung Lokation zum Objektcode des Lokationsbündels) in einem weiteren SG8 SEQ+Z58/ ZC9/ ZD0/ ZD6 (Zuordnung Lokation zum Objektcode des Lokationsbündels) und identischer Zeitraum-ID im DE1050 sowie identischen Codes im DE1229 des SG8 SEQ vorhanden ist',
    reason: 'Lokationsbündel cross-reference with Zeitraum-ID and DE1229',
  },
  {
    key: 242,
    text: 'Wenn mehr als ein SG8 (Referenz auf die Lokationsbündelstruktur) mit der selben Zeitraum-ID im DE1050 vorhanden',
    reason: 'counting SG8 with the same Zeitraum-ID',
  },
  {
    key: 249,
    text: 'Innerhalb eines SG4 IDE müssen alle DE1131 der SG4 STS+E01 den identischen Wert enthalten',
    reason: 'value constraint',
  },
  {
    key: 257,
    text: 'Wenn in derselben SG8 SEQ+Z02 (OBIS-Daten der Marktlokation) das PIA+5+7-0?:33.86.0 vorhanden',
    reason:
      'the FV2604 AHB gives [257] two meanings: PIA+5+7-0?:33.86.0 (55035, 55553, 55555) and PIA+5+1-b?:1.9.e (55043, 55060, 55168, 55169, 55640-55665); a release-wide text guard cannot tell them apart',
  },
  {
    key: 259,
    text: 'Wenn in diesem PIA der Code im DE7140 mit 1-01, 1-03, 1-05 enthalten ist',
    reason: 'value constraint (selects the format of this DE7140 itself)',
  },
  {
    key: 261,
    text: 'Wenn in diesem PIA der Code im DE7140 mit 1-07-1/2, 1-10-1/2/4/5/6/7/8/9, 1-11-1 beginnt',
    reason: 'value constraint (selects the format of this DE7140 itself)',
  },
  {
    key: 262,
    text: 'Wenn Produkt an der Marktlokation vorhanden ist',
    reason: 'which product at the Marktlokation is meant is not named',
  },
  {
    key: 266,
    text: 'Wenn im SG8 SEQ+Z01 (Daten der Marktlokation) mit identischer Zeitraum-ID im SG8 SEQ+Z01 DE1050 wie in dieser SG8 SEQ, das SG10 CCI+++ZA6 (Prognosegrundlage der Marktlokation: Prognose auf Basis von Profilen) CAV+Z36 (TEP m. Referenzmessung) vorhanden',
    reason: 'Zeitraum-ID cross-reference between SG8 SEQ+Z01 and this SG8',
  },
  {
    key: 268,
    text: 'Wenn der Code im DE3207 in der "EDI@Energy Codeliste der europäischen Ländercodes" in der Spalte "PLZ vorhanden" ein "X" aufgeführt ist',
    reason: 'needs the EDI@Energy code list of country codes',
  },
  {
    key: 269,
    text: 'Es sind alle OBIS-Kennzahlen gem. EDI@Energy Codeliste der OBIS-Kennzahlen und Medien für den deutschen Energiemarkt Kap.3 anzugeben welche an der Tranche erforderlich sind',
    reason: 'value constraint (code list)',
  },
  {
    key: 270,
    text: 'Wenn in diesem PIA der Code im DE7140 mit 1-02, 1-04, 1-06, 1-09 beginnt',
    reason: 'value constraint (selects the format of this DE7140 itself)',
  },
  {
    key: 282,
    text: 'Wenn in diesem PIA der Code im DE7140 1-01-6-005, 1-01-9-001/002, 1-07-3-001, 1- 08-1-001, 1-08-3-001, 1-08-4-001/002/003/004, 1-10-3-001 enthalten ist',
    reason: 'value constraint (selects the format of this DE7140 itself)',
  },
  {
    key: 284,
    text: 'Erlaubte Codes aus der Codeliste der Gruppenartikel- und Artikel-ID sind in der Spalte UTILMD/Codeverwendung mit X gekennzeichnet',
    reason: 'value constraint (code list)',
  },
  {
    key: 285,
    text: 'Wenn in diesem PIA der Code im DE7140 mit 1-08-3-AGS angegeben ist',
    reason: 'value constraint (selects the format of this DE7140 itself)',
  },
  {
    key: 286,
    text: 'Wenn in diesem PIA der Code im DE7140 mit 1-08-1/2/4/5-AGS-KG',
    reason: 'value constraint (selects the format of this DE7140 itself)',
  },
  {
    key: 287,
    text: 'Erlaubte Codes aus der PRICAT BGM+ Z70 (Preisblatt Netznutzung) des verantwortlichen NB',
    reason: 'value constraint (PRICAT of the responsible NB)',
  },
  {
    key: 291,
    text: 'Wenn in derselben SG8 (Zuordnung Lokation zum Objektcode des Lokationsbündels) das RFF+Z37 vorhanden',
    reason:
      '"in derselben SG8": one LOKATIONSBUENDEL[].zuordnungObjectcode[] element (referenzLokationsTyp), not a stammdaten object',
  },
  {
    key: 292,
    text: 'Es sind nur die Produkt-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 6.1 "Anmeldung einer Zuordnung des LFN (UTILMD)" in der Spalte "Anmeldung einer Zuordnung des LFN (UTILMD) " mit dem entsprechenden Prüfidentifikator des Anwendungsfalls gekennzeichnet ist.',
    reason: 'value constraint (code list of configurations)',
  },
  {
    key: 293,
    text: 'Wenn SG5 LOC+Z22 (ruhende Marktlokation) vorhanden',
    reason: 'LOC+Z22 (ruhende MaLo) lands in MARKTLOKATION like LOC+Z16',
  },
  {
    key: 297,
    text: 'Wenn mehr als eine SG8 SEQ+Z02/ ZE3 (OBIS- Daten der Marktlokation) mit einer OBIS-Kennzahl für Energiemenge im PIA+5, mit gleicher Zeitraum-ID und identischem Code im DE1229 des SG8 SEQ+Z02/ZA1/ZA2 (OBIS-Daten der Marktlokation) vorhanden',
    reason: 'counting SG8 with the same Zeitraum-ID and DE1229',
  },
];
