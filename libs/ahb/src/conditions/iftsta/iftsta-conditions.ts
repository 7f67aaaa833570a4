import type { ConditionContext, ConditionEntry, Decider, Decision, UndecidableEntry } from '../condition-context';
import { absent, allOf, anyOf, not, present, receiverRole, valuesOf } from '../vocabulary';

/*
 * Requirement conditions of the IFTSTA AHBs (FV2510 and FV2604 give every key the same text). Paths follow the vendor's
 * per-PI specs (pruefi/202604/IFTSTA): each SG15 STS lands in a stammdaten.STATUSMITTEILUNG element (DE9015 →
 * statusObjekt, DE4405 → auftragsstatus), its DE9013 and DE1131 in transaktionsdaten.antwortstatus /
 * antwortstatusCodeliste, its RFF and DTM in transaktionsdaten. A body is one SG14 (one CNI), as a UTILMD body is one SG4.
 */

// ---------- local words ----------

/** STS DE9015 by Statusobjekt (CSV IFTSTA): both spellings reach the qualifier. Z39 (21040) is implied by its PI. */
const QUALIFIER_OF_STATUSOBJEKT: Readonly<Record<string, string>> = {
  MSBWECHSEL: 'Z10',
  TURNUSAUSLESUNG: 'Z12',
  UMBAUMELO: 'Z15',
  ERSTEINBAUIMS: 'Z19',
  ANGEBOTANFRAGE: 'Z20',
  STATUSBESTELLUNG: 'Z21',
  ERSTEINBAUMME: 'Z24',
  LIEFERSCHEIN: 'Z25',
  GERAET: 'Z26',
  SPERREN: 'Z37',
  ENTSPERREN: 'Z38',
  PRIVILEGIERUNG_NACH_ENFG: 'Z41',
  VERAENDERUNGSSTATUS_DER_DATEN: 'Z43',
};

/**
 * The one SG15 STS qualifier a PI's AHB allows (FV2510 and FV2604 alike): the vendor leaves statusObjekt out in most PIs,
 * the PI then names it. 21029 (Z19/Z24), 21037/21038 (Redispatch) and 21039 (Z37/Z38) allow several.
 */
const QUALIFIER_OF_PI: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['21007', '21009', '21010', '21011', '21012', '21013', '21015', '21018'].map((pi) => [pi, 'Z10']),
  ),
  ...Object.fromEntries(['21024', '21025', '21026', '21027'].map((pi) => [pi, 'Z15'])),
  '21028': 'Z12',
  '21030': 'Z19',
  '21031': 'Z19',
  '21032': 'Z20',
  '21033': 'Z20',
  '21035': 'Z25',
  '21036': 'Z26',
  '21040': 'Z39',
  ...Object.fromEntries(['21042', '21043', '21044'].map((pi) => [pi, 'Z21'])),
  '21045': 'Z41',
  '21047': 'Z43',
};

/** STS DE4405 by Auftragsstatus (CSV IFTSTA); values of other shapes leave a condition undecided. */
const CODE_OF_AUFTRAGSSTATUS: Readonly<Record<string, string>> = {
  GESCHEITERT: 'Z13',
  ERFOLGREICH: 'Z14',
  GEPLANT: 'Z17',
  ZUGESTIMMT: 'Z30',
  WIDERSPROCHEN: 'Z31',
  ABGELEHNT: 'Z32',
  LIEFERUNG_GEPLANT: '209',
  BEENDET: '105',
  ANTWORT_DRITTER: 'Z42',
  BESTAETIGT: 'Z43',
  UMGESETZT: 'Z44',
  AENDERUNG_DER_DATEN: 'Z47',
  KEINE_AENDERUNG_DER_DATEN: 'Z48',
};

const EDIFACT_CODE = /^[A-Z0-9]{1,3}$/;

/** DE1131 of STS: an EBD number (`E_0472`). */
const EBD_NUMBER = /^[A-Z]_\d{4}$/;

function codeOf(value: unknown, byName: Readonly<Record<string, string>>): string | undefined {
  if (typeof value !== 'string') return undefined;
  return EDIFACT_CODE.test(value) ? value : byName[value];
}

const STATUSMITTEILUNG = 'stammdaten.STATUSMITTEILUNG[]';

function statusElements(context: ConditionContext): readonly unknown[] {
  return valuesOf(context.body, STATUSMITTEILUNG);
}

/** The STS qualifier of one STATUSMITTEILUNG: the PI's only one, else its statusObjekt; undefined when neither tells. */
function qualifierOf(context: ConditionContext, element: unknown): string | undefined {
  const [pi] = valuesOf(context.body, 'transaktionsdaten.pruefidentifikator');
  const implied = typeof pi === 'string' ? QUALIFIER_OF_PI[pi] : undefined;
  if (implied) return implied;
  const [statusObjekt] = valuesOf(element, 'statusObjekt');
  return codeOf(statusObjekt, QUALIFIER_OF_STATUSOBJEKT);
}

/**
 * "STS+<qualifier>[+<status>] vorhanden": some STATUSMITTEILUNG has the qualifier (and one of `statuses` as
 * auftragsstatus); not fulfilled when every element is known to be another; undecided when an element cannot be read.
 */
function sts(qualifier: string, ...statuses: string[]): Decider {
  return (context) => {
    let result: Decision = false;
    for (const element of statusElements(context)) {
      const found = qualifierOf(context, element);
      if (found === undefined) {
        result = undefined;
        continue;
      }
      if (found !== qualifier) continue;
      if (statuses.length === 0) return true;
      const [value] = valuesOf(element, 'auftragsstatus');
      const status = codeOf(value, CODE_OF_AUFTRAGSSTATUS);
      if (status !== undefined && statuses.includes(status)) return true;
      if (status === undefined) result = undefined;
    }
    return result;
  };
}

/** Fulfilled when a value at `path` is one of `wanted`; not fulfilled when none is there or every value has `shape`. */
function valueIn(path: string, shape: RegExp, wanted: readonly string[]): Decider {
  return (context) => {
    const values = valuesOf(context.body, path);
    if (values.some((value) => typeof value === 'string' && wanted.includes(value))) return true;
    return values.every((value) => typeof value === 'string' && shape.test(value)) ? false : undefined;
  };
}

/**
 * The body keeps one DE9013/DE1131 for the whole SG14: with several SG15 it may be another STS's, so a mismatch (or any
 * answer about "this STS") decides only where the body has at most one STATUSMITTEILUNG.
 */
function oneStatus(inner: Decider): Decider {
  return (context) => (statusElements(context).length <= 1 ? inner(context) : undefined);
}

/** "in diesem STS DE1131 = …" (absent DE1131: not fulfilled). */
function ebd(...numbers: string[]): Decider {
  return oneStatus(valueIn('transaktionsdaten.antwortstatusCodeliste', EBD_NUMBER, numbers));
}

/** "STS+<qualifier>+<status>+<answer>:<EBD> vorhanden": the status, and the SG14's DE9013 and DE1131. */
function stsWithAnswer(qualifier: string, status: string, answers: readonly string[], ebdNumber: string): Decider {
  const answer = allOf(
    valueIn('transaktionsdaten.antwortstatus', EDIFACT_CODE, answers),
    valueIn('transaktionsdaten.antwortstatusCodeliste', EBD_NUMBER, [ebdNumber]),
  );
  const withStatus = sts(qualifier, status);
  return (context) => {
    const hasStatus = withStatus(context);
    if (hasStatus === false) return false;
    const hasAnswer = answer(context);
    if (hasAnswer === true) return hasStatus;
    return hasAnswer === false && statusElements(context).length <= 1 ? false : undefined;
  };
}

/** 21035 SG16 QTY DE6411 → transaktionsdaten.menge.einheit (codes KWH, K3, KWT, K5; Mengeneinheit KWH, KVARH, KW/KWT, KVAR). */
const UNIT = /^(KWH|K3|KWT|K5|KVARH|KW|KVAR)$/;

function unitIn(...wanted: string[]): Decider {
  return valueIn('transaktionsdaten.menge.einheit', UNIT, wanted);
}

// ---------- 21029: SG15 STS+Z19 (Ersteinbau iMS) or STS+Z24 (Ersteinbau mME) ----------

/**
 * The vendor maps no statusObjekt in 21029: an SG15 shows by its own segments. DTM+76, RFF+Z17 and RFF+Z45 occur only
 * below STS+Z19, DTM+469 and DTM+472 only below STS+Z24 (all Muss there except the RFFs).
 */
const ERSTEINBAU_IMS = anyOf(
  sts('Z19'),
  present('transaktionsdaten.lieferdatum'),
  present('transaktionsdaten.referenzArtikelID'),
  present('transaktionsdaten.referenzPreisschluesselstamm'),
);
const ERSTEINBAU_MME = anyOf(
  sts('Z24'),
  present('transaktionsdaten.startdatum'),
  present('transaktionsdaten.enddatum'),
);

/** "STS+<one> nicht vorhanden": decided by the segments of one SG15 or the other, undecided when neither shows. */
function onlyOther(one: Decider, other: Decider): Decider {
  return (context) => {
    if (one(context) === true) return false;
    return other(context) === true ? true : undefined;
  };
}

// ---------- entries ----------

const RECEIVER_IS = 'Wenn MP-ID in SG1 NAD+MR in der Rolle';

export const IFTSTA_CONDITIONS: readonly ConditionEntry[] = [
  // The booking service is NAD+MR and serves LF, NB or MSB: never BKV, ÜNB or ESA.
  { key: 16, text: `${RECEIVER_IS} BKV`, decide: receiverRole('BKV') },
  { key: 18, text: 'Wenn SG15 STS+Z19 nicht vorhanden.', decide: onlyOther(ERSTEINBAU_IMS, ERSTEINBAU_MME) },
  { key: 19, text: 'Wenn SG15 STS+Z24 nicht vorhanden.', decide: onlyOther(ERSTEINBAU_MME, ERSTEINBAU_IMS) },
  { key: 20, text: `${RECEIVER_IS} LF`, decide: receiverRole('LF') },
  {
    key: 23,
    text: 'Wenn SG15 STS+Z25+Z31+A06 / A09 / A10 / A11 / A13 / A14 / A15 / A16 vorhanden.',
    decide: allOf(
      sts('Z25', 'Z31'),
      oneStatus(
        valueIn('transaktionsdaten.antwortstatus', EDIFACT_CODE, [
          'A06',
          'A09',
          'A10',
          'A11',
          'A13',
          'A14',
          'A15',
          'A16',
        ]),
      ),
    ),
  },
  { key: 26, text: `${RECEIVER_IS} NB`, decide: receiverRole('NB') },
  { key: 29, text: `${RECEIVER_IS} ÜNB`, decide: receiverRole('ÜNB') },
  {
    key: 30,
    text: 'Wenn in dieser SG15 STS+Z20+Z32+A07:E_0207 vorhanden.',
    decide: stsWithAnswer('Z20', 'Z32', ['A07'], 'E_0207'),
  },
  // 21035 carries one SG16 (transaktionsdaten.menge, verwendungAb are single): "dieser SG16" is the body's.
  { key: 31, text: 'Wenn in dieser SG16 in QTY in DE6411 KWH/K3 vorhanden.', decide: unitIn('KWH', 'K3', 'KVARH') },
  {
    key: 32,
    text: 'Wenn in dieser SG16 in QTY in DE6411 KWT/K5 vorhanden.',
    decide: unitIn('KWT', 'KW', 'K5', 'KVAR'),
  },
  { key: 33, text: 'Wenn in dieser SG16 DTM+163 vorhanden.', decide: present('transaktionsdaten.verwendungAb') },
  // "Wenn …, dann sind nur Codes aus dem EBD-Cluster … möglich": the premise decides whether DE9013 is required; the
  // cluster itself (EBD code lists) is not checked.
  {
    key: 49,
    text: 'Wenn STS+Z25+Z30 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.',
    decide: sts('Z25', 'Z30'),
  },
  {
    key: 50,
    text: 'Wenn STS+Z25+Z31 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    decide: sts('Z25', 'Z31'),
  },
  { key: 76, text: `${RECEIVER_IS} ESA`, decide: receiverRole('ESA') },
  { key: 77, text: 'Wenn STS+Z37+Z14 in dieser SG14 vorhanden', decide: sts('Z37', 'Z14') },
  { key: 78, text: 'Wenn STS+Z38 in dieser SG14 nicht vorhanden', decide: not(sts('Z38')) },
  { key: 79, text: 'Wenn STS+Z37 in dieser SG14 nicht vorhanden', decide: not(sts('Z37')) },
  { key: 80, text: 'Wenn STS+Z38+Z14 in dieser SG14 vorhanden', decide: sts('Z38', 'Z14') },
  {
    key: 83,
    text: 'Wenn STS+Z37+Z13+A04/A05/A06:E_0472 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z37', 'Z13', ['A04', 'A05', 'A06'], 'E_0472'),
  },
  {
    key: 84,
    text: 'Wenn STS+Z38+Z13+A02:E_0499 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z38', 'Z13', ['A02'], 'E_0499'),
  },
  {
    key: 85,
    text: 'Wenn STS+Z37+Z32+A01:E_0501 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z37', 'Z32', ['A01'], 'E_0501'),
  },
  { key: 91, text: 'Wenn in diesem STS DE1131 = E_0472', decide: ebd('E_0472') },
  { key: 92, text: 'Wenn in diesem STS DE1131 = E_0501', decide: ebd('E_0501') },
  {
    key: 93,
    text: 'Wenn STS+Z37+Z13 vorhanden, dann sind nur Codes aus dem EBD-Cluster "gescheitert" möglich.',
    decide: sts('Z37', 'Z13'),
  },
  {
    key: 94,
    text: 'Wenn STS+Z37+Z14 vorhanden, dann sind nur Codes aus dem EBD-Cluster "erfolgreich" möglich.',
    decide: sts('Z37', 'Z14'),
  },
  { key: 95, text: 'Wenn in diesem STS DE1131 = E_0499', decide: ebd('E_0499') },
  { key: 96, text: 'Wenn in diesem STS DE1131 = E_0487', decide: ebd('E_0487') },
  {
    key: 97,
    text: 'Wenn STS+Z38+Z13 vorhanden, dann sind nur Codes aus dem EBD-Cluster "gescheitert" möglich.',
    decide: sts('Z38', 'Z13'),
  },
  {
    key: 98,
    text: 'Wenn STS+Z38+Z14 vorhanden, dann sind nur Codes aus dem EBD-Cluster "erfolgreich" möglich.',
    decide: sts('Z38', 'Z14'),
  },
  { key: 99, text: 'Wenn in diesem STS DE1131 = E_0487, dann ist nur der Code A01 möglich.', decide: ebd('E_0487') },
  {
    key: 103,
    text: 'Wenn in diesem STS DE1131 nicht vorhanden',
    decide: oneStatus(absent('transaktionsdaten.antwortstatusCodeliste')),
  },
  {
    key: 107,
    text: 'Wenn STS+Z37+Z32 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    decide: sts('Z37', 'Z32'),
  },
  { key: 117, text: `${RECEIVER_IS} MSB`, decide: receiverRole('MSB') },
  {
    key: 129,
    text: 'Wenn STS+Z20+Z32+A99:E_0524 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z20', 'Z32', ['A99'], 'E_0524'),
  },
  {
    key: 130,
    text: 'Wenn STS+Z20+Z32+A99:E_0531 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z20', 'Z32', ['A99'], 'E_0531'),
  },
  {
    key: 131,
    text: 'Wenn STS+Z37+Z13+A04/A05/A06:E_1003 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z37', 'Z13', ['A04', 'A05', 'A06'], 'E_1003'),
  },
  {
    key: 132,
    text: 'Wenn STS+Z37+Z32+A01:E_1002 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z37', 'Z32', ['A01'], 'E_1002'),
  },
  { key: 133, text: 'Wenn in diesem STS DE1131 = E_1003', decide: ebd('E_1003') },
  { key: 134, text: 'Wenn in diesem STS DE1131 = E_1002', decide: ebd('E_1002') },
  {
    key: 136,
    text: 'Wenn STS+Z38+Z13+A02:E_1005 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z38', 'Z13', ['A02'], 'E_1005'),
  },
  { key: 137, text: 'Wenn in diesem STS DE1131 = E_1005', decide: ebd('E_1005') },
  { key: 138, text: 'Wenn in diesem STS DE1131 = E_1020', decide: ebd('E_1020') },
  { key: 139, text: 'Wenn in diesem STS DE1131 = E_1020, dann ist nur der Code A01 möglich.', decide: ebd('E_1020') },
  // RFF+Z45 / RFF+Z17 occur only in 21029's SG15 STS+Z19 → transaktionsdaten.referenzArtikelID / referenzPreisschluesselstamm.
  {
    key: 144,
    text: 'Wenn RFF+Z45 in dieser SG15 nicht vorhanden',
    decide: absent('transaktionsdaten.referenzArtikelID'),
  },
  {
    key: 145,
    text: 'Wenn RFF+Z17 in dieser SG15 nicht vorhanden',
    decide: absent('transaktionsdaten.referenzPreisschluesselstamm'),
  },
  { key: 149, text: 'Wenn in dieser SG14 STS DE1131 <> E_0278', decide: not(ebd('E_0278')) },
  { key: 150, text: 'Wenn in dieser SG14 STS DE1131 <> E_0281', decide: not(ebd('E_0281')) },
  {
    key: 151,
    text: 'Wenn STS+Z20+Z32+A99:E_0278 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z20', 'Z32', ['A99'], 'E_0278'),
  },
  {
    key: 152,
    text: 'Wenn STS+Z20+Z32+A99:E_0281 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z20', 'Z32', ['A99'], 'E_0281'),
  },
  { key: 153, text: 'Wenn in diesem STS DE1131 = E_0286', decide: ebd('E_0286') },
  {
    key: 154,
    text: 'Wenn STS+Z15+Z13+A99:E_0286 in dieser SG14 vorhanden',
    decide: stsWithAnswer('Z15', 'Z13', ['A99'], 'E_0286'),
  },
];

const MABIS = 'MaBiS PIs (21000–21005): the vendor documents no body and the BO4E mapping has no field for it';
const REDISPATCH =
  'Redispatch PIs (21037/21038): the vendor documents no body and the BO4E mapping has no field for STS+Z27–Z30 or RFF+ACW';
const EBD_CLUSTER = 'value constraint (needs the EBD cluster code lists)';

export const IFTSTA_UNDECIDABLE: readonly UndecidableEntry[] = [
  { key: 3, text: 'Wenn SG7 STS+Z01 nicht vorhanden.', reason: MABIS },
  { key: 4, text: 'Wenn SG7 STS+Z02 nicht vorhanden.', reason: MABIS },
  { key: 5, text: 'Wenn SG7 STS+Z03 nicht vorhanden.', reason: MABIS },
  {
    key: 6,
    text: 'Wenn für das 3-Tupel (MaBiS-ZP, Betrachtungszeitraum, Version der Summenzeitreihe) dem BIKO der Prüfstatus vorliegt, so ist dieser immer zusammen mit dem Datenstatus zu übertragen.',
    reason: "the BIKO's knowledge (Prüfstatus available)",
  },
  {
    key: 7,
    text: 'Wenn der Datenstatus "Abgerechnete Daten" bzw. "Abgerechnete Daten Korrektur-BKA" nicht vorhanden.',
    reason: MABIS,
  },
  { key: 8, text: 'Wenn der Datenstatus einer NZR vom BIKO an NB nicht vorhanden.', reason: MABIS },
  {
    key: 10,
    text: 'Wenn Meldung des BKV/NB/ÜNB nach Frist eingeht.',
    reason: 'needs the time the original report arrived at the BIKO',
  },
  {
    key: 17,
    text: 'Wenn Meldung des BKV auf falscher Aggregationsebene eingeht.',
    reason: "the BIKO's check of the original report",
  },
  { key: 27, text: 'Nur MP-ID aus Sparte Strom', reason: "the MP-ID's Sparte is not in the body" },
  { key: 28, text: 'Nur MP-ID aus Sparte Gas', reason: "the MP-ID's Sparte is not in the body" },
  {
    key: 43,
    text: 'Wenn STS+Z01+Z07 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.',
    reason: MABIS,
  },
  {
    key: 44,
    text: 'Wenn STS+Z01+Z08 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    reason: MABIS,
  },
  {
    key: 45,
    text: 'Wenn STS+Z03+Z07 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.',
    reason: MABIS,
  },
  {
    key: 46,
    text: 'Wenn STS+Z03+Z08 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    reason: MABIS,
  },
  { key: 47, text: 'Es sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.', reason: EBD_CLUSTER },
  { key: 48, text: 'Es sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.', reason: EBD_CLUSTER },
  { key: 51, text: 'Es sind nur Codes aus dem EBD-Cluster "Abweisung" möglich.', reason: EBD_CLUSTER },
  { key: 52, text: 'Wenn STS+Z27+Z32 vorhanden', reason: REDISPATCH },
  { key: 53, text: 'Wenn STS+Z28+Z32 vorhanden', reason: REDISPATCH },
  { key: 54, text: 'Wenn STS+Z29+Z32 vorhanden', reason: REDISPATCH },
  { key: 55, text: 'Wenn STS+Z30+Z32 vorhanden', reason: REDISPATCH },
  {
    key: 56,
    text: 'Wenn in dieser SG15 STS das SG15 RFF+ACW nicht identisch mit dem SG15 RFF+ACW der SG15 STS+Z27 ist',
    reason: REDISPATCH,
  },
  {
    key: 57,
    text: 'Wenn in dieser SG15 STS das SG15 RFF+ACW nicht identisch mit dem SG15 RFF+ACW der SG15 STS+Z28 ist',
    reason: REDISPATCH,
  },
  {
    key: 58,
    text: 'Wenn in dieser SG15 STS das SG15 RFF+ACW nicht identisch mit dem SG15 RFF+ACW der SG15 STS+Z29 ist',
    reason: REDISPATCH,
  },
  {
    key: 59,
    text: 'Wenn in dieser SG15 STS das SG15 RFF+ACW nicht identisch mit dem SG15 RFF+ACW der SG15 STS+Z30 ist',
    reason: REDISPATCH,
  },
  {
    key: 60,
    text: 'Wenn zusätzlich zum Fahrplananteil auch die Ausfallarbeit zu identischem Wert aus RFF+ACW nicht o.k. ist',
    reason: REDISPATCH,
  },
  {
    key: 61,
    text: 'Wenn zusätzlich zur Ausfallarbeit auch der Fahrplananteil zu identischem Wert aus RFF+ACW nicht o.k. ist',
    reason: REDISPATCH,
  },
  {
    key: 62,
    text: 'Wenn STS+Z27+Z30 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 63,
    text: 'Wenn STS+Z27+Z32 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 64,
    text: 'Wenn STS+Z28+Z30 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 65,
    text: 'Wenn STS+Z28+Z32 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 66,
    text: 'Wenn STS+Z29+Z30 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 67,
    text: 'Wenn STS+Z29+Z32 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 68,
    text: 'Wenn STS+Z30+Z30 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Zustimmung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 69,
    text: 'Wenn STS+Z30+Z32 vorhanden, dann sind nur Codes aus dem EBD-Cluster "Ablehnung" möglich.',
    reason: REDISPATCH,
  },
  {
    key: 70,
    text: 'Wenn zusätzlich zum Gegenvorschlag des Fahrplananteils auch der Gegenvorschlag der Ausfallarbeit zu identischem Wert aus RFF+ACW nicht o.k. ist',
    reason: REDISPATCH,
  },
  {
    key: 71,
    text: 'Wenn zusätzlich zum Gegenvorschlag der Ausfallarbeit auch der Gegenvorschlag des Fahrplananteils zu identischem Wert aus RFF+ACW nicht o.k. ist',
    reason: REDISPATCH,
  },
  {
    key: 72,
    text: 'Wenn Gegenvorschlag erstellt werden kann',
    reason: "the sender's judgement (a counter-proposal is possible)",
  },
  {
    key: 146,
    text: 'Wenn im DE3155 in demselben COM der Code EM vorhanden ist',
    reason:
      'qualifier of one COM of the sender contact (implied by eMailAdresse vs rufnummern), not a stammdaten scope',
  },
  {
    key: 147,
    text: 'Wenn im DE3155 in demselben COM der Code TE / FX / AJ / AL vorhanden ist',
    reason:
      'qualifier of one COM of the sender contact (implied by eMailAdresse vs rufnummern), not a stammdaten scope',
  },
  { key: 496, text: 'Der Zeitpunkt muss > dem Wert im DE2380 des DTM+137 sein', reason: 'value constraint' },
];
