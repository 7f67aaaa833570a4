import type { ConditionEntry, Decider, Decision, UndecidableEntry } from '../condition-context';
import { absent, allOf, codeIn, inThis, not, present, receiverRole, valuesAt, withBody } from '../vocabulary';

/*
 * Requirement conditions [1]..[499] of the INVOIC (31001–31011) and REMADV (33001–33004) AHBs; their texts are the same
 * in FV2510 and FV2604 (REMADV [121] is new in FV2604). Paths follow the BO4E mapping (reference/ahb/bo4e-mapping/2604)
 * and the vendor's per-PI specs: INVOIC lands in stammdaten.RECHNUNG[], REMADV in stammdaten.AVIS[].
 */

// ---------- local words ----------

function steps(path: string): string[] {
  return path.split('.').map((step) => step.replace(/\[\]$/, ''));
}

/**
 * Fulfilled when a value at `path` is one of `wanted`; not fulfilled when there is none or every value is `known` (the
 * field's other spellings, or the shape its codes have); undecided for anything else (a filler, an unknown name).
 */
function valueIn(path: string, wanted: readonly string[], known: readonly string[] | RegExp): Decider {
  const compiled = steps(path);
  const isKnown = (value: unknown): boolean =>
    typeof value === 'string' && (known instanceof RegExp ? known.test(value) : known.includes(value));
  return (context) => {
    const values = valuesAt(context.body, compiled);
    if (values.some((value) => typeof value === 'string' && wanted.includes(value))) return true;
    return values.every(isKnown) ? false : undefined;
  };
}

/** An enum-typed field given as EDIFACT code or BO4E name (`table`: code → name): `valueIn` for `codes` in both spellings. */
function enumIn(path: string, table: Readonly<Record<string, string>>, ...codes: string[]): Decider {
  const known = [...Object.keys(table), ...Object.values(table)];
  return valueIn(path, [...codes, ...codes.map((code) => table[code])], known);
}

/** `inner`, but undecided when nothing is at `path` (the segment that would tell is not in the body). */
function whenPresent(path: string, inner: Decider): Decider {
  const filled = present(path);
  return (context) => (filled(context) ? inner(context) : undefined);
}

/** The decisions of `inner` on every element at the `paths` (relative to the body). */
function decisionsOn(paths: readonly string[], inner: Decider, context: Parameters<Decider>[0]): Decision[] {
  return paths.flatMap((path) =>
    valuesAt(context.body, steps(path)).map((element) => inner(withBody(context, element))),
  );
}

/**
 * "in dieser SG…" for a segment group that is an array element below the scope object: the scope does not say which
 * element the rule is evaluated for, so `inner` decides only when it decides every element alike; not fulfilled without one.
 */
function everyElement(paths: string | readonly string[], inner: Decider): Decider {
  const list = typeof paths === 'string' ? [paths] : paths;
  return (context) => {
    const decisions = decisionsOn(list, inner, context);
    if (decisions.every((decision) => decision === false)) return false;
    return decisions.every((decision) => decision === true) ? true : undefined;
  };
}

/** "SG7 AJT+… vorhanden": fulfilled by one element at `path`; not fulfilled when every element is not (or there is none). */
function someElement(path: string, inner: Decider): Decider {
  return (context) => {
    const decisions = decisionsOn([path], inner, context);
    if (decisions.includes(true)) return true;
    return decisions.includes(undefined) ? undefined : false;
  };
}

/** A date at `path` compared with `instant` (German legal time spelt with its offset); undecided without readable dates. */
function dateAt(path: string, comparison: 'atOrAfter' | 'atOrBefore' | 'before', instant: string): Decider {
  const compiled = steps(path);
  const limit = Date.parse(instant);
  return (context) => {
    const times = valuesAt(context.body, compiled).map((value) =>
      typeof value === 'string' ? Date.parse(value) : Number.NaN,
    );
    if (times.length === 0 || times.some(Number.isNaN)) return undefined;
    const holds = (time: number): boolean =>
      comparison === 'atOrAfter' ? time >= limit : comparison === 'atOrBefore' ? time <= limit : time < limit;
    return times.some(holds);
  };
}

/** A number at `path` (MOA amounts); undecided without one. */
function amountAt(path: string, test: (amount: number) => boolean): Decider {
  const compiled = steps(path);
  return (context) => {
    const amounts = valuesAt(context.body, compiled).map(Number);
    if (amounts.length === 0 || amounts.some(Number.isNaN)) return undefined;
    return amounts.some(test);
  };
}

/** A boolean field: fulfilled for `true`, not fulfilled for `false`; undecided when absent or of another shape. */
function isTrue(path: string): Decider {
  const compiled = steps(path);
  return (context) => {
    const values = valuesAt(context.body, compiled);
    if (values.some((value) => value === true || value === 'true')) return true;
    return values.length > 0 && values.every((value) => value === false || value === 'false') ? false : undefined;
  };
}

// ---------- INVOIC ----------

const RECHNUNG = 'stammdaten.RECHNUNG[]';
const POSITIONEN = `${RECHNUNG}.rechnungspositionen[]`;

/** IMD (Rechnungstyp) → RECHNUNG.rechnungstyp. */
const RECHNUNGSTYP: Readonly<Record<string, string>> = {
  ABR: 'ABSCHLUSSRECHNUNG',
  ABS: 'ABSCHLAGSRECHNUNG',
  JVR: 'TURNUSRECHNUNG',
  MVR: 'MONATSRECHNUNG',
  WIM: 'WIMRECHNUNG',
  ZVR: 'ZWISCHENRECHNUNG',
  '13I': 'INTEGRIERTE_13TE_RECHNUNG',
  '13R': 'ZUSAETZLICHE_13TE_RECHNUNG',
  MMM: 'MEHRMINDERMENGENRECHNUNG',
  MSB: 'MSBRECHNUNG',
  NAP: 'KAPAZITAETSRECHNUNG',
  Z43: 'SPERRUNG_INBETRIEBNAHME',
  Z44: 'VERZUGSKOSTEN',
  Z45: 'BLINDARBEIT',
  SOR: 'SONDERRECHNUNG',
  KON: 'ABRECHNUNG_VON_KONFIGURATIONEN_UNIVERSALBESTELLPROZESS',
  TEC: 'ABRECHNUNG_VON_TECHNIK',
};
const invoiceType = (...codes: string[]) => enumIn(`${RECHNUNG}.rechnungstyp`, RECHNUNGSTYP, ...codes);

/** GEI+Z01 (Spezifikation der Sonderrechnung) → RECHNUNG.sonderrechnungsarten[]. */
const SONDERRECHNUNGSART: Readonly<Record<string, string>> = {
  Z01: 'KONZESSIONSABGABE_TESTAT',
  Z02: 'INDIVIDUELL_ATYPISCH',
  Z03: 'INDIVIDUELL_SINGULAER',
  Z04: 'KWKG_UMLAGE',
  Z05: 'OFFSHORE_UMLAGE',
  Z06: 'P19_STROM_NEV_UMLAGE',
  Z07: 'P18_ABLAV',
  Z08: 'KONZESSIONSABGABE_WECHSEL_RLM',
  Z09: 'PRIVILEGIERUNG_NACH_ENFG',
  Z10: 'KONZESSIONSABGABE_WEITERGELEITETE_MENGEN',
};
const noSpecialInvoice = (code: string) => not(enumIn(`${RECHNUNG}.sonderrechnungsarten[]`, SONDERRECHNUNGSART, code));

/** SG39 ALC+A → rechnungspositionen[].abschlag.typ; ALC+C → rechnungspositionen[].zuschlag.typ. */
const ABSCHLAG: Readonly<Record<string, string>> = { Z01: 'GEMEINDERABATT_KAV', Z04: 'ANPASSUNG_P19_STROM_NEV' };
const ZUSCHLAG: Readonly<Record<string, string>> = {
  Z02: 'UMSPANNUNGSZUSCHLAG',
  Z03: 'BETRIEBSMITTEL_P19_STROM_NEV',
  Z04: 'ANPASSUNG_P19_STROM_NEV',
  Z05: 'ANPASSUNG_PAUSCHALE_NETZENTGELTREDUZIERUNG_NACH_P14A_ENWG_AUF_HOEHE_DER_NNE',
};

/** DE6411 of QTY+136 / PRI+CAL → Mengeneinheit (DAY → TAG, MON → MONAT, ANN → JAHR); the other units as the vendor names them. */
const DAY = ['DAY', 'TAG'];
const MONTH_OR_YEAR = ['MON', 'ANN', 'MONAT', 'JAHR'];
const UNITS = [
  ...DAY,
  ...MONTH_OR_YEAR,
  'W',
  'WH',
  'KW',
  'KWH',
  'KVARH',
  'MW',
  'MWH',
  'STUECK',
  'KUBIKMETER',
  'STUNDE',
  'PROZENT',
  'ANZAHL',
  'VAR',
  'KVAR',
  'VARH',
  'KWHK',
  'Z16',
  'KWT',
];

/** LIN DE7140: a 13-digit Artikelnummer (or its BDEWArtikelnummer name) or an Artikel-ID (`1-01-1-001`). */
const ARTICLE = /^(\d{13}|\d-\d{2}-\d.*|[A-Z][A-Z0-9_]*)$/;

/** German legal time at midnight of the AHB's dates (all in winter time). */
const FROM_2016 = '2016-01-01T00:00:00+01:00';
const FROM_DEC_2019 = '2019-12-01T00:00:00+01:00';
const FROM_2023 = '2023-01-01T00:00:00+01:00';
const FROM_2024 = '2024-01-01T00:00:00+01:00';
const FROM_2026 = '2026-01-01T00:00:00+01:00';

/** DTM+155 / DTM+156 of the head → RECHNUNG.rechnungsperiode; of an SG26 → rechnungspositionen[].lieferungVon / lieferungBis. */
const PERIOD_START = `${RECHNUNG}.rechnungsperiode.startdatum`;
const PERIOD_END = `${RECHNUNG}.rechnungsperiode.enddatum`;

/** "SG26 DTM+155/156 (Positionsbezogener Abrechnungszeitraum …)": decided when every SG26 of the invoice agrees. */
const eachPosition = (inner: Decider) => everyElement(POSITIONEN, inner);

export const INVOIC_CONDITIONS: readonly ConditionEntry[] = [
  // FTX+REG++RCH (Reverse Charge, §13b UStG) → RECHNUNG.istReverseCharge.
  {
    key: 4,
    text: 'Wenn Steuerschuldnerschaft des Leistungsempfängers vorliegt',
    decide: isTrue(`${RECHNUNG}.istReverseCharge`),
  },
  // NAD+MR DE3207 → empfaenger.partneradresse.landescode; the vendor often leaves the address out: undecided then.
  {
    key: 5,
    text: 'Wenn NAD+MR DE3207 <> „DE“',
    decide: whenPresent(
      'transaktionsdaten.empfaenger.partneradresse.landescode',
      not(codeIn('transaktionsdaten.empfaenger.partneradresse.landescode', 'DE')),
    ),
  },
  {
    key: 6,
    text: 'Wenn NAD+MR DE3207 = „DE“',
    decide: whenPresent(
      'transaktionsdaten.empfaenger.partneradresse.landescode',
      codeIn('transaktionsdaten.empfaenger.partneradresse.landescode', 'DE'),
    ),
  },
  // A PRI+CAL with a time unit in DE6411 (PRI+CAL:36::::ANN) → einzelpreis.bezugswert; undecided without a unit.
  {
    key: 8,
    text: 'Bei zeitabhängigen Preisen',
    decide: inThis(
      'RECHNUNG',
      everyElement(
        'rechnungspositionen[]',
        whenPresent('einzelpreis.bezugswert', valueIn('einzelpreis.bezugswert', [...DAY, ...MONTH_OR_YEAR], UNITS)),
      ),
    ),
  },
  { key: 9, text: 'Wenn SG26 DTM+203 nicht vorhanden', decide: absent(`${POSITIONEN}.ausfuehrungsdatum`) },
  {
    key: 10,
    text: 'Wenn SG26 DTM+155/156 nicht vorhanden',
    decide: allOf(absent(`${POSITIONEN}.lieferungVon`), absent(`${POSITIONEN}.lieferungBis`)),
  },
  { key: 12, text: 'Wenn SG26 QTY+136 vorhanden', decide: present(`${POSITIONEN}.zeitbezogeneMenge`) },
  // LIN Z01 Artikelnummer 9990001000748 → BDEWArtikelnummer MEHRMENGE.
  {
    key: 14,
    text: 'Wenn in selben SG26 LIN DE7140 = "9990001000748" (Mehrmenge)',
    decide: inThis(
      'RECHNUNG',
      everyElement('rechnungspositionen[]', valueIn('artikelnummer', ['9990001000748', 'MEHRMENGE'], ARTICLE)),
    ),
  },
  { key: 17, text: 'Wenn DTM+Z11 vorhanden', decide: present(`${RECHNUNG}.beginnPeriodeBilanzierung`) },
  { key: 18, text: 'Wenn IMD++WIM nicht vorhanden', decide: not(invoiceType('WIM')) },
  { key: 19, text: 'Wenn IMD++WIM vorhanden', decide: invoiceType('WIM') },
  // SG50 MOA+9 → RECHNUNG.zuZahlen.wert.
  {
    key: 20,
    text: 'Wenn fälliger Betrag (SG50 MOA+9) ≥ 0',
    decide: amountAt(`${RECHNUNG}.zuZahlen.wert`, (amount) => amount >= 0),
  },
  {
    key: 21,
    text: 'Wenn fälliger Betrag (SG50 MOA+9) < 0',
    decide: amountAt(`${RECHNUNG}.zuZahlen.wert`, (amount) => amount < 0),
  },
  { key: 26, text: 'Wenn SG39 ALC+A+:Z04 vorhanden', decide: enumIn(`${POSITIONEN}.abschlag.typ`, ABSCHLAG, 'Z04') },
  { key: 27, text: 'Wenn SG39 ALC+C vorhanden', decide: present(`${POSITIONEN}.zuschlag`) },
  {
    key: 29,
    text: '[Wenn DTM+155 (Abrechnungszeitraum Beginn) nicht größer 31.12.2015',
    decide: dateAt(PERIOD_START, 'before', FROM_2016),
    topic: 'time',
  },
  // The service that books is LF, NB or MSB: never MGV nor KN.
  { key: 30, text: 'Wenn MP-ID in NAD+MR nicht in der Rolle MGV oder KN', decide: not(receiverRole('MGV', 'KN')) },
  { key: 31, text: 'Wenn MP-ID in NAD+MR in der Rolle MGV', decide: receiverRole('MGV') },
  {
    key: 32,
    text: 'Wenn SG39 ALC+A+:Z01 (Gemeinderabatt) vorhanden',
    decide: enumIn(`${POSITIONEN}.abschlag.typ`, ABSCHLAG, 'Z01'),
  },
  {
    key: 36,
    text: 'Wenn DTM+156 (Abrechnungszeitraum Ende) ≥ 01.12.2019',
    decide: dateAt(PERIOD_END, 'atOrAfter', FROM_DEC_2019),
    topic: 'time',
  },
  { key: 41, text: 'Wenn IMD++SOR vorhanden', decide: invoiceType('SOR') },
  {
    key: 42,
    text: 'Wenn DTM+155 (Abrechnungszeitraum Beginn) ≥ 1.1.2023 0:00 gesetzlicher deutscher Zeit',
    decide: dateAt(PERIOD_START, 'atOrAfter', FROM_2023),
    topic: 'time',
  },
  { key: 44, text: 'Wenn IMD++ABS nicht vorhanden', decide: not(invoiceType('ABS')) },
  { key: 47, text: 'Wenn IMD++Z43 vorhanden', decide: invoiceType('Z43') },
  { key: 48, text: 'Wenn IMD++Z44 vorhanden', decide: invoiceType('Z44') },
  // IMD occurs once: "Z43 und Z44 nicht" is neither of them.
  { key: 49, text: 'Wenn IMD++Z43 und IMD+Z44 nicht vorhanden', decide: not(invoiceType('Z43', 'Z44')) },
  { key: 50, text: 'Wenn IMD++SOR nicht vorhanden', decide: not(invoiceType('SOR')) },
  {
    key: 51,
    text: 'Wenn SG26 DTM+156 (Positionsbezogener Abrechnungszeitraum Ende) ≤ 1.1.2023 0:00 gesetzlicher deutscher Zeit',
    decide: eachPosition(dateAt('lieferungBis', 'atOrBefore', FROM_2023)),
    topic: 'time',
  },
  { key: 53, text: 'Wenn IMD++Z45 vorhanden', decide: invoiceType('Z45') },
  { key: 54, text: 'Wenn IMD++ABR/JVR/ZVR vorhanden', decide: invoiceType('ABR', 'JVR', 'ZVR') },
  { key: 55, text: 'Wenn IMD++ABS vorhanden', decide: invoiceType('ABS') },
  // DTM+137 → RECHNUNG.rechnungsdatum (the vendor's spec) or transaktionsdaten.nachrichtendatum (the mapping's "eingehend").
  {
    key: 56,
    text: 'Wenn DTM+137 (Nachrichtendatum ≥ 1.1.2023 0:00 gesetzlicher deutscher Zeit',
    decide: (context) =>
      dateAt(`${RECHNUNG}.rechnungsdatum`, 'atOrAfter', FROM_2023)(context) ??
      dateAt('transaktionsdaten.nachrichtendatum', 'atOrAfter', FROM_2023)(context),
    topic: 'time',
  },
  {
    key: 57,
    text: 'Wenn DTM+156 (Abrechnungszeitraum Ende) ≤ 1.1.2023 0:00 gesetzlicher deutscher Zeit',
    decide: dateAt(PERIOD_END, 'atOrBefore', FROM_2023),
    topic: 'time',
  },
  // SG52 MOA+113 → steuerbetraege[].basiswertVorausbezahlt.
  {
    key: 58,
    text: 'Wenn in dieser SG52 MOA+113 vorhanden',
    decide: inThis('RECHNUNG', everyElement('steuerbetraege[]', present('basiswertVorausbezahlt'))),
  },
  {
    key: 59,
    text: 'Wenn SG26 DTM+155 (Positionsbezogener Abrechnungszeitraum Beginn) ≥ 1.1.2023 0:00 gesetzlicher deutscher Zeit',
    decide: eachPosition(dateAt('lieferungVon', 'atOrAfter', FROM_2023)),
    topic: 'time',
  },
  {
    key: 64,
    text: 'Wenn DTM+156 (Abrechnungszeitraum Ende) ≤ 1.1.2024 0:00 gesetzlicher deutscher Zeit',
    decide: dateAt(PERIOD_END, 'atOrBefore', FROM_2024),
    topic: 'time',
  },
  {
    key: 65,
    text: 'Wenn SG26 DTM+155 (Positionsbezogener Abrechnungszeitraum Beginn) ≥ 1.1.2024 0:00 gesetzlicher deutscher Zeit',
    decide: eachPosition(dateAt('lieferungVon', 'atOrAfter', FROM_2024)),
    topic: 'time',
  },
  { key: 66, text: 'Wenn IMD++KON vorhanden', decide: invoiceType('KON') },
  { key: 70, text: 'Wenn IMD++Z45 nicht vorhanden', decide: not(invoiceType('Z45')) },
  {
    key: 71,
    text: 'Wenn DTM+155 (Abrechnungszeitraum Beginn) ≥ 1.1.2024 0:00 gesetzlicher deutscher Zeit',
    decide: dateAt(PERIOD_START, 'atOrAfter', FROM_2024),
    topic: 'time',
  },
  { key: 72, text: 'Wenn MP-ID in NAD+MR in der Rolle LF', decide: receiverRole('LF') },
  { key: 73, text: 'Wenn IMD++MSB vorhanden', decide: invoiceType('MSB') },
  { key: 76, text: 'Wenn MP-ID in NAD+MR in der Rolle NB', decide: receiverRole('NB') },
  {
    key: 77,
    text: 'Wenn SG26 DTM+156 (Positionsbezogener Abrechnungszeitraum Ende) ≤ 1.1.2024 0:00 gesetzlicher deutscher Zeit',
    decide: eachPosition(dateAt('lieferungBis', 'atOrBefore', FROM_2024)),
    topic: 'time',
  },
  { key: 78, text: 'Wenn GEI+Z08 nicht vorhanden', decide: noSpecialInvoice('Z08') },
  { key: 79, text: 'Wenn GEI+Z09 nicht vorhanden', decide: noSpecialInvoice('Z09') },
  { key: 80, text: 'Wenn GEI+Z01 nicht vorhanden', decide: noSpecialInvoice('Z01') },
  { key: 81, text: 'Wenn GEI+Z04 nicht vorhanden', decide: noSpecialInvoice('Z04') },
  { key: 82, text: 'Wenn GEI+Z05 nicht vorhanden', decide: noSpecialInvoice('Z05') },
  { key: 83, text: 'Wenn GEI+Z10 nicht vorhanden', decide: noSpecialInvoice('Z10') },
  {
    key: 84,
    text: 'Wenn in dieser SG39 ALC+C+:Z02 / Z03 / Z04 vorhanden',
    decide: inThis(
      'RECHNUNG',
      everyElement('rechnungspositionen[].zuschlag', enumIn('typ', ZUSCHLAG, 'Z02', 'Z03', 'Z04')),
    ),
  },
  // "in diesem Segment" is QTY+136 (the only segment the AHB gives [85]/[86] to) → zeitbezogeneMenge.einheit.
  {
    key: 85,
    text: 'Wenn in diesem Segment DE6411 = DAY',
    decide: inThis('RECHNUNG', everyElement('rechnungspositionen[].zeitbezogeneMenge', valueIn('einheit', DAY, UNITS))),
  },
  {
    key: 86,
    text: 'Wenn in diesem Segment DE6411 = MON/ANN',
    decide: inThis(
      'RECHNUNG',
      everyElement('rechnungspositionen[].zeitbezogeneMenge', valueIn('einheit', MONTH_OR_YEAR, UNITS)),
    ),
  },
  { key: 87, text: 'Wenn IMD++TEC vorhanden', decide: invoiceType('TEC') },
  {
    key: 88,
    text: 'Wenn DTM+155 (Abrechnungszeitraum Beginn) ≥ 1.1.2026 0:00 gesetzlicher deutscher Zeit',
    decide: dateAt(PERIOD_START, 'atOrAfter', FROM_2026),
    topic: 'time',
  },
];

const INTENT =
  "the sender's knowledge of the business case (the body shows it only through the segments it conditions)";
const CODELIST = 'value constraint (Codeliste der Artikelnummern und Artikel-ID)';
const COM_LEVEL =
  'qualifier of one COM of the sender contact (implied by eMailAdresse vs rufnummern), not a stammdaten scope';
const SPARTE = "the Sparte of the receiver's MP-ID is not in the body";

export const INVOIC_UNDECIDABLE: readonly UndecidableEntry[] = [
  {
    key: 1,
    text: 'Wenn in zu stornierender Rechnung gefüllt',
    reason: 'needs the invoice being cancelled (another message)',
  },
  { key: 2, text: 'Wenn es sich um eine Nutzungsüberlassung (Pacht) eines Gerätes handelt', reason: INTENT },
  { key: 3, text: 'Wenn es sich um einen Kauf eines Gerätes handelt', reason: INTENT },
  {
    key: 7,
    text: 'Sofern keine Großkundenpostleitzahl verwendet wird',
    reason: 'a Großkunden-Postleitzahl cannot be told from the address',
  },
  { key: 11, text: 'Wenn Abschlag anfällt', reason: INTENT },
  { key: 13, text: 'Wenn vorausbezahlter Betrag vorliegt', reason: INTENT },
  { key: 15, text: 'Wenn eine Bilanzierung erfolgt ist', reason: INTENT },
  { key: 16, text: 'Wenn eine Netznutzung erfolgt ist', reason: INTENT },
  { key: 22, text: 'Wenn vorhanden', reason: "the sender's knowledge (whether the data is available)" },
  {
    key: 23,
    text: 'Wenn im selben NAD DE3124 nicht vorhanden',
    reason: 'DE3124 (unstructured address line) of NAD+DP is not carried in the BO4E body',
  },
  {
    key: 24,
    text: 'Wert muss mindestens 10 WT nach Wert aus DTM+137 DE2380 liegen',
    reason: 'value constraint (working days)',
  },
  {
    key: 25,
    text: 'Wert darf maximal 10 WT nach Wert aus DTM+137 DE2380 liegen',
    reason: 'value constraint (working days)',
  },
  { key: 28, text: 'Wenn Zuschlag anfällt', reason: INTENT },
  { key: 34, text: 'Wenn in Ursprungsrechnung vorhanden', reason: 'needs the original invoice (another message)' },
  {
    key: 37,
    text: 'Wenn Lieferschein zuvor ausgetauscht wurde',
    reason: 'needs the message history (a Lieferschein exchanged before)',
  },
  {
    key: 40,
    text: 'Es sind nur die Artikelnummern erlaubt, die in der Codeliste der Artikelnummern und Artikel-ID mit dem entsprechenden Prüfidentifikator versehen sind oder Artikel-ID aus der Codeliste der Artikelnummern und Artikel-ID.',
    reason: CODELIST,
  },
  { key: 45, text: 'Nur MP-ID aus Sparte Strom', reason: SPARTE },
  {
    key: 60,
    text: 'Wenn DTM+203 DE2379 in demselben Segment mit Wert 303 vorhanden',
    reason: 'the date format qualifier (DE2379) is not carried in the BO4E body',
  },
  {
    key: 61,
    text: 'Wenn DTM+203 DE2379 in demselben Segment mit Wert 102 vorhanden',
    reason: 'the date format qualifier (DE2379) is not carried in the BO4E body',
  },
  {
    key: 67,
    text: 'Es sind nur die Artikelnummern erlaubt, die im Kapitel 2 „Codeliste der Artikelnummer“ in der Codeliste der Artikelnummern und Artikel-ID ein „X“ für den entsprechenden Prüfidentifikator haben.',
    reason: CODELIST,
  },
  {
    key: 68,
    text: 'Es sind nur die Artikel-ID erlaubt, die im Kapitel 3 „Codeliste der Gruppenartikel-ID und Artikel-ID“ in der Codeliste der Artikelnummern und Artikel-ID ein „X“ in der Spalte „INVOIC Codeverwendung“ haben.',
    reason: CODELIST,
  },
  {
    key: 69,
    text: 'Es sind nur die Artikel-ID erlaubt, die im Kapitel 3 „Codeliste der Gruppenartikel-ID und Artikel-ID“ in der Codeliste der Artikelnummern und Artikel-ID ein „SOR“ in der Spalte „INVOIC Codeverwendung“ haben.',
    reason: CODELIST,
  },
  { key: 74, text: 'wenn im DE3155 in demselben COM der Code EM vorhanden ist', reason: COM_LEVEL },
  { key: 75, text: 'wenn im DE3155 in demselben COM der Code TE / FX / AJ / AL vorhanden ist', reason: COM_LEVEL },
  // Shared with REMADV (same key and text): one entry for both.
  { key: 492, text: 'Wenn MP-ID in NAD+MR (Nachrichtenempfänger) aus Sparte Strom', reason: SPARTE },
  { key: 493, text: 'Wenn MP-ID in NAD+MR (Nachrichtenempfänger) aus Sparte Gas', reason: SPARTE },
];

// ---------- REMADV ----------

/** SG7 AJT (Abweichungsgrund) → AVIS[].positionen[].abweichung[]; SG12 AJT (auf Positionsebene) → positionen[].positionen[].abweichung[]. */
const SG7 = 'positionen[].abweichung[]';
const SG12 = 'positionen[].positionen[].abweichung[]';
const AVIS = 'stammdaten.AVIS[]';

/** DE4465 (`A01`, `28`, `AC1`) → abweichungsgrundCode; DE1082 (`E_0406`, `S_0103`) → abweichungsgrundCodeliste. */
const DE4465 = /^[A-Z0-9]{1,3}$/;
const DE1082 = /^[A-Z]_\d{4}$/;

/** One AJT with a DE4465 among `codes` (if given) and a DE1082 among `lists` (if given). */
function ajt(codes: readonly string[] | undefined, lists?: readonly string[]): Decider {
  const parts: Decider[] = [];
  if (codes) parts.push(valueIn('abweichungsgrundCode', codes, DE4465));
  if (lists) parts.push(valueIn('abweichungsgrundCodeliste', lists, DE1082));
  return allOf(...parts);
}

/** "SG7 AJT+…+… vorhanden", "in SG7 AJT DE… = …": some SG7 of the message. */
const someSg7 = (codes: readonly string[] | undefined, lists?: readonly string[]) =>
  someElement(`${AVIS}.${SG7}`, ajt(codes, lists));
const someSg12 = (codes: readonly string[] | undefined, lists?: readonly string[]) =>
  someElement(`${AVIS}.${SG12}`, ajt(codes, lists));

/** "in dieser SG7 / SG12", "in diesem AJT": the AJT the rule is evaluated in, decided when the AVIS' AJTs agree. */
const thisSg7Code = (...codes: string[]) => inThis('AVIS', everyElement(SG7, ajt(codes)));
const thisSg7List = (...lists: string[]) => inThis('AVIS', everyElement(SG7, ajt(undefined, lists)));
const thisSg12Code = (...codes: string[]) => inThis('AVIS', everyElement(SG12, ajt(codes)));
const thisSg12List = (...lists: string[]) => inThis('AVIS', everyElement(SG12, ajt(undefined, lists)));
const thisAjtList = (...lists: string[]) => inThis('AVIS', everyElement([SG7, SG12], ajt(undefined, lists)));

/** SG5 DOC+389/Z25 (self-billed) → positionen[].istSelbstausgestellt = true; DOC+380/457 → false. */
const thisDocSelfBilled = (selfBilled: boolean) =>
  inThis(
    'AVIS',
    everyElement('positionen[]', (context) => {
      const decision = isTrue('istSelbstausgestellt')(context);
      return decision === undefined ? undefined : decision === selfBilled;
    }),
  );

export const REMADV_CONDITIONS: readonly ConditionEntry[] = [
  { key: 2, text: 'Wenn SG7 AJT+28 vorhanden', decide: someSg7(['28']) },
  // The condition is the DOC code of this SG5; the sign the value must then have is not checked here.
  {
    key: 3,
    text: 'Bei SG5 DOC+389 / Z25 ist der Wert aus derselben SG5 MOA+9 mit (-1) multipliziert anzugeben.',
    decide: thisDocSelfBilled(true),
  },
  {
    key: 4,
    text: 'Bei SG5 DOC+380 / 457 ist der Wert aus derselben SG5 MOA+9 unverändert anzugeben.',
    decide: thisDocSelfBilled(false),
  },
  { key: 8, text: 'Wenn SG7 AJT+A01/A02+E_0505 vorhanden', decide: someSg7(['A01', 'A02'], ['E_0505']) },
  { key: 9, text: 'Wenn SG7 AJT+A32/A99+E_0503 vorhanden', decide: someSg7(['A32', 'A99'], ['E_0503']) },
  { key: 11, text: 'Wenn in diesem AJT DE1082 = E_0406', decide: thisAjtList('E_0406') },
  { key: 12, text: 'Wenn in diesem AJT DE1082 = E_0407', decide: thisAjtList('E_0407') },
  { key: 18, text: 'Wenn in dieser SG7 AJT DE4465 = A74/A75/A76/AC5', decide: thisSg7Code('A74', 'A75', 'A76', 'AC5') },
  {
    key: 22,
    text: 'Wenn in dieser SG7 AJT DE4465 = A02/A06/A16/A66/A67/A68/A69/A78/A90/A95/A96/AC3/AC4',
    decide: thisSg7Code('A02', 'A06', 'A16', 'A66', 'A67', 'A68', 'A69', 'A78', 'A90', 'A95', 'A96', 'AC3', 'AC4'),
  },
  {
    key: 26,
    text: 'Wenn in dieser SG12 AJT DE4465 = A51/A62/A82/AA1/AA6/AA7/AB8/AD6',
    decide: thisSg12Code('A51', 'A62', 'A82', 'AA1', 'AA6', 'AA7', 'AB8', 'AD6'),
  },
  {
    key: 28,
    text: 'Wenn in dieser SG12 AJT DE4465 = A23/A26/A35/A36/A38/A46/A47/A48/A50/A58/A59/A61/A77/A84/A99',
    decide: thisSg12Code(
      'A23',
      'A26',
      'A35',
      'A36',
      'A38',
      'A46',
      'A47',
      'A48',
      'A50',
      'A58',
      'A59',
      'A61',
      'A77',
      'A84',
      'A99',
    ),
  },
  { key: 33, text: 'Wenn in diesem AJT DE1082 = S_0103', decide: thisAjtList('S_0103') },
  { key: 34, text: 'Wenn in diesem AJT DE1082 = S_0104', decide: thisAjtList('S_0104') },
  {
    key: 35,
    text: 'Wenn in dieser SG12 AJT DE4465 = A34/A39/AA2/AB2',
    decide: thisSg12Code('A34', 'A39', 'AA2', 'AB2'),
  },
  { key: 36, text: 'Wenn in dieser SG7 AJT DE4465 = A12/A75/A80/AE1', decide: thisSg7Code('A12', 'A75', 'A80', 'AE1') },
  { key: 39, text: 'Wenn in dieser SG7 AJT DE4465 = AC1', decide: thisSg7Code('AC1') },
  { key: 40, text: 'Wenn in dieser SG7 AJT DE1082 = E_0406', decide: thisSg7List('E_0406') },
  { key: 41, text: 'Wenn in dieser SG7 AJT DE1082 = E_0407', decide: thisSg7List('E_0407') },
  {
    key: 42,
    text: 'Wenn in SG7 AJT DE1082 = E_0407/E_0568/E_0521/E_0517/E_0266',
    decide: someSg7(undefined, ['E_0407', 'E_0568', 'E_0521', 'E_0517', 'E_0266']),
  },
  { key: 43, text: 'Wenn in SG12 AJT DE4465=28', decide: someSg12(['28']) },
  { key: 47, text: 'Wenn in diesem AJT DE1082 = E_0210', decide: thisAjtList('E_0210') },
  { key: 48, text: 'Wenn in diesem AJT DE1082 = E_0259', decide: thisAjtList('E_0259') },
  {
    key: 49,
    text: 'Wenn in dieser SG7 AJT DE4465 = A01/A05/A22/A23/A90/A96',
    decide: thisSg7Code('A01', 'A05', 'A22', 'A23', 'A90', 'A96'),
  },
  {
    key: 50,
    text: 'Wenn in dieser SG7 AJT DE4465 = A01/A05/A18/A19/A20/A90/A96',
    decide: thisSg7Code('A01', 'A05', 'A18', 'A19', 'A20', 'A90', 'A96'),
  },
  { key: 51, text: 'Wenn in dieser SG12 AJT DE1082 = E_0406', decide: thisSg12List('E_0406') },
  { key: 52, text: 'Wenn in dieser SG12 AJT DE1082 = E_0407', decide: thisSg12List('E_0407') },
  {
    key: 53,
    text: 'Wenn in dieser SG12 AJT DE4465 = A25/A31/A99/AF1',
    decide: thisSg12Code('A25', 'A31', 'A99', 'AF1'),
  },
  { key: 54, text: 'Wenn in dieser SG12 AJT DE1082 = E_0210', decide: thisSg12List('E_0210') },
  { key: 55, text: 'Wenn in dieser SG12 AJT DE1082 = E_0259', decide: thisSg12List('E_0259') },
  { key: 56, text: 'Wenn in dieser SG7 AJT DE4465 = A21', decide: thisSg7Code('A21') },
  { key: 57, text: 'Wenn in dieser SG7 AJT DE1082 = E_0210', decide: thisSg7List('E_0210') },
  { key: 58, text: 'Wenn in dieser SG7 AJT DE1082 = E_0259', decide: thisSg7List('E_0259') },
  { key: 59, text: 'Wenn SG7 AJT+A08/A99+E_0459 vorhanden', decide: someSg7(['A08', 'A99'], ['E_0459']) },
  { key: 60, text: 'Wenn SG7 AJT+A99+E_0243 vorhanden', decide: someSg7(['A99'], ['E_0243']) },
  { key: 61, text: 'Wenn SG7 AJT+A99+E_0261 vorhanden', decide: someSg7(['A99'], ['E_0261']) },
  { key: 62, text: 'Wenn SG7 AJT+A99+E_1007 vorhanden', decide: someSg7(['A99'], ['E_1007']) },
  { key: 63, text: 'Wenn SG7 AJT+A01/A02+E_1009 vorhanden', decide: someSg7(['A01', 'A02'], ['E_1009']) },
  { key: 64, text: 'Wenn in dieser SG12 AJT DE1082 = E_0264', decide: thisSg12List('E_0264') },
  { key: 65, text: 'Wenn in dieser SG12 AJT DE1082 = E_0515', decide: thisSg12List('E_0515') },
  { key: 66, text: 'Wenn in dieser SG12 AJT DE1082 = E_0519', decide: thisSg12List('E_0519') },
  { key: 67, text: 'Wenn in dieser SG12 AJT DE1082 = E_0266', decide: thisSg12List('E_0266') },
  { key: 68, text: 'Wenn in dieser SG12 AJT DE1082 = E_0517', decide: thisSg12List('E_0517') },
  { key: 69, text: 'Wenn in dieser SG12 AJT DE1082 = E_0521', decide: thisSg12List('E_0521') },
  { key: 70, text: 'Wenn in dieser SG12 AJT DE4465 = A15', decide: thisSg12Code('A15') },
  { key: 71, text: 'Wenn in dieser SG12 AJT DE4465 = A99', decide: thisSg12Code('A99') },
  { key: 72, text: 'Wenn SG7 AJT+A99+E_0518 vorhanden', decide: someSg7(['A99'], ['E_0518']) },
  { key: 73, text: 'Wenn SG7 AJT+A99+E_0522 vorhanden', decide: someSg7(['A99'], ['E_0522']) },
  { key: 74, text: 'Wenn SG7 AJT+A99+E_0267 vorhanden', decide: someSg7(['A99'], ['E_0267']) },
  { key: 75, text: 'Wenn in diesem AJT DE1082 = E_0264', decide: thisAjtList('E_0264') },
  { key: 76, text: 'Wenn in diesem AJT DE1082 = E_0266', decide: thisAjtList('E_0266') },
  { key: 77, text: 'Wenn in diesem AJT DE1082 = E_0515', decide: thisAjtList('E_0515') },
  { key: 78, text: 'Wenn in diesem AJT DE1082 = E_0517', decide: thisAjtList('E_0517') },
  { key: 79, text: 'Wenn in diesem AJT DE1082 = E_0519', decide: thisAjtList('E_0519') },
  { key: 80, text: 'Wenn in diesem AJT DE1082 = E_0521', decide: thisAjtList('E_0521') },
  { key: 81, text: 'Wenn in dieser SG7 AJT DE1082 = E_0264', decide: thisSg7List('E_0264') },
  { key: 82, text: 'Wenn in dieser SG7 AJT DE1082 = E_0515', decide: thisSg7List('E_0515') },
  { key: 83, text: 'Wenn in dieser SG7 AJT DE1082 = E_0519', decide: thisSg7List('E_0519') },
  { key: 84, text: 'Wenn in dieser SG7 AJT DE1082 = E_0266', decide: thisSg7List('E_0266') },
  { key: 85, text: 'Wenn in dieser SG7 AJT DE1082 = E_0517', decide: thisSg7List('E_0517') },
  { key: 86, text: 'Wenn in dieser SG7 AJT DE1082 = E_0521', decide: thisSg7List('E_0521') },
  {
    key: 87,
    text: 'Wenn in dieser SG7 AJT DE4465 = A05/A21/A22/A23/A90/A96/AE7',
    decide: thisSg7Code('A05', 'A21', 'A22', 'A23', 'A90', 'A96', 'AE7'),
  },
  { key: 88, text: 'Wenn in dieser SG7 AJT DE4465 = A25', decide: thisSg7Code('A25') },
  { key: 91, text: 'Wenn in diesem AJT DE1082 = E_0566', decide: thisAjtList('E_0566') },
  { key: 92, text: 'Wenn in diesem AJT DE1082 = E_0568', decide: thisAjtList('E_0568') },
  { key: 93, text: 'Wenn SG7 AJT+A99+E_0804 vorhanden', decide: someSg7(['A99'], ['E_0804']) },
  { key: 94, text: 'Wenn SG7 AJT+A99+E_0806 vorhanden', decide: someSg7(['A99'], ['E_0806']) },
  { key: 95, text: 'Wenn SG7 AJT+A99+E_0569 vorhanden', decide: someSg7(['A99'], ['E_0569']) },
  { key: 96, text: 'Wenn SG7 AJT+E_0503/E_1007 vorhanden', decide: someSg7(undefined, ['E_0503', 'E_1007']) },
  { key: 97, text: 'Wenn in dieser SG12 AJT DE4465 = A27', decide: thisSg12Code('A27') },
  { key: 98, text: 'Wenn in SG12 AJT DE1082 = E_0407', decide: someSg12(undefined, ['E_0407']) },
  { key: 99, text: 'Wenn in SG12 AJT DE1082 = E_0568', decide: someSg12(undefined, ['E_0568']) },
  { key: 100, text: 'Wenn SG7 AJT+A01 vorhanden', decide: someSg7(['A01']) },
  { key: 101, text: 'Wenn in dieser SG7 AJT DE1082 = E_0566', decide: thisSg7List('E_0566') },
  { key: 102, text: 'Wenn in dieser SG7 AJT DE1082 = E_0568', decide: thisSg7List('E_0568') },
  { key: 103, text: 'Wenn in dieser SG12 AJT DE1082 = E_0566', decide: thisSg12List('E_0566') },
  { key: 104, text: 'Wenn in dieser SG12 AJT DE1082 = E_0568', decide: thisSg12List('E_0568') },
  { key: 105, text: 'Wenn in diesem AJT DE1082 = E_0270', decide: thisAjtList('E_0270') },
  { key: 106, text: 'Wenn in diesem AJT DE1082 = E_0273', decide: thisAjtList('E_0273') },
  { key: 107, text: 'Wenn in diesem AJT DE1082 = E_0276', decide: thisAjtList('E_0276') },
  { key: 108, text: 'Wenn in diesem AJT DE1082 = E_0277', decide: thisAjtList('E_0277') },
  {
    key: 109,
    text: 'Wenn in dieser SG7 AJT DE4465 = A01/A21/A22/A23/A90/A96',
    decide: thisSg7Code('A01', 'A21', 'A22', 'A23', 'A90', 'A96'),
  },
  { key: 110, text: 'Wenn in dieser SG7 AJT DE1082 = E_0270', decide: thisSg7List('E_0270') },
  { key: 111, text: 'Wenn in dieser SG7 AJT DE1082 = E_0273', decide: thisSg7List('E_0273') },
  { key: 112, text: 'Wenn in dieser SG7 AJT DE1082 = E_0276', decide: thisSg7List('E_0276') },
  { key: 113, text: 'Wenn in dieser SG7 AJT DE1082 = E_0277', decide: thisSg7List('E_0277') },
  { key: 114, text: 'Wenn in dieser SG12 AJT DE1082 = E_0270', decide: thisSg12List('E_0270') },
  { key: 115, text: 'Wenn in dieser SG12 AJT DE1082 = E_0273', decide: thisSg12List('E_0273') },
  { key: 116, text: 'Wenn in dieser SG12 AJT DE1082 = E_0276', decide: thisSg12List('E_0276') },
  { key: 117, text: 'Wenn in dieser SG12 AJT DE1082 = E_0277', decide: thisSg12List('E_0277') },
  { key: 118, text: 'Wenn SG7 AJT+A99+E_0272 vorhanden', decide: someSg7(['A99'], ['E_0272']) },
  { key: 119, text: 'Wenn SG7 AJT+A99+E_0275 vorhanden', decide: someSg7(['A99'], ['E_0275']) },
  { key: 120, text: 'Wenn in dieser SG7 AJT DE4465 = A01', decide: thisSg7Code('A01') },
  { key: 121, text: 'Wenn SG7 AJT+A08/A99+E_3038 vorhanden', decide: someSg7(['A08', 'A99'], ['E_3038']) },
];

export const REMADV_UNDECIDABLE: readonly UndecidableEntry[] = [
  {
    key: 14,
    text: 'A-Code aus Cluster Ablehnung auf Kopfebene',
    reason: 'value constraint (the EBD clusters of A-Codes)',
  },
  {
    key: 15,
    text: 'A-Code aus Cluster Ablehnung auf Positionsebene',
    reason: 'value constraint (the EBD clusters of A-Codes)',
  },
  {
    key: 16,
    text: 'A-Code aus Cluster Ablehnung auf Summenebene',
    reason: 'value constraint (the EBD clusters of A-Codes)',
  },
  { key: 89, text: 'wenn im DE3155 in demselben COM der Code EM vorhanden ist', reason: COM_LEVEL },
  { key: 90, text: 'wenn im DE3155 in demselben COM der Code TE / FX / AJ / AL vorhanden ist', reason: COM_LEVEL },
  // [45], [492], [493]: the INVOIC entries (same key and text).
];

/** The catalogue's lists: one import and one spread each in catalogue.ts. */
export const INVOIC_REMADV_CONDITIONS: readonly ConditionEntry[] = [...INVOIC_CONDITIONS, ...REMADV_CONDITIONS];
export const INVOIC_REMADV_UNDECIDABLE: readonly UndecidableEntry[] = [...INVOIC_UNDECIDABLE, ...REMADV_UNDECIDABLE];
