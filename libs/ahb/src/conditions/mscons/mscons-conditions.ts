import {
  type ConditionEntry,
  type Decider,
  type Decision,
  TABLE_ONLY_REASON,
  type UndecidableEntry,
} from '../condition-context';
import { germanWallTime } from '../value-conditions';
import { absent, codeIn, not, present, receiverRole, senderRole, valuesOf, withBody } from '../vocabulary';

/*
 * Requirement conditions of the MSCONS AHBs (FV2510 and FV2604 give the keys the same texts; [23], [24], [151]–[154]
 * are new in FV2604). Paths follow the vendor's per-PI specs and the BO4E mapping CSV: SG6 LOC+172 → one
 * stammdaten.ENERGIEMENGE element, SG9 LIN (with its SG10) → one of its energieverbrauch elements.
 */

// ---------- local words ----------

/** Several decisions that must agree: fulfilled when all are, not fulfilled when none is, undecided otherwise. */
function alike(decisions: readonly Decision[]): Decision {
  if (decisions.every((decision) => decision === true)) return true;
  if (decisions.every((decision) => decision === false)) return false;
  return undefined;
}

/**
 * `inner` decided on every element at `path` below the body, which must all agree; without elements, decided on an
 * empty object (no segment group: nothing in it is present).
 */
function eachAt(path: string, inner: Decider): Decider {
  return (context) => {
    const elements = valuesOf(context.body, path);
    if (elements.length === 0) return inner(withBody(context, {}));
    return alike(elements.map((element) => inner(withBody(context, element))));
  };
}

/**
 * "this SG6 LOC+172": `inner` on the ENERGIEMENGE a rule is evaluated for; for whole-body rules every ENERGIEMENGE
 * must agree (a message-wide reading and a per-location one then give the same answer); undecided in another scope.
 */
function eachLocation(inner: Decider): Decider {
  const everyLocation = eachAt('stammdaten.ENERGIEMENGE', inner);
  return (context) => {
    if (context.scope === undefined) return everyLocation(context);
    return context.scope.key === 'ENERGIEMENGE' ? inner(withBody(context, context.scope.object)) : undefined;
  };
}

/**
 * "SG9 LIN …" / "SG10 …": the conditions name the LIN group or its SG10, and the rules are evaluated per location at
 * best, so `inner` must agree on every energieverbrauch element (a reading mixing both sides stays undecided).
 */
function eachReading(inner: Decider): Decider {
  return eachLocation(eachAt('energieverbrauch', inner));
}

/** Fulfilled when a string at `path` is one of `wanted`; not fulfilled when there is none or every value is one of `known`. */
function oneOf(path: string, wanted: readonly string[], known: readonly string[]): Decider {
  return (context) => {
    const values = valuesOf(context.body, path);
    if (values.some((value) => typeof value === 'string' && wanted.includes(value))) return true;
    return values.every((value) => typeof value === 'string' && known.includes(value)) ? false : undefined;
  };
}

/** OBIS codes as BO4E carries them (`1-1:1.8.0`, the EDIFACT release character `?` gone) and BDEW codes (`AUA`). */
const OBIS = /^\d{1,3}-\d{1,3}:\d{1,3}\.\d{1,3}\.\d{1,3}(\*\d{1,3})?$/;
const BDEW_CODE = /^[A-Z]{3}$/;

/** PIA+5 DE7140 as sent: the release character dropped, a trailing code list qualifier (SRW, Z02, Z08) too. */
function productCode(value: string): string {
  return value.replaceAll('?', '').replace(/:(SRW|Z02|Z08)$/, '');
}

/** An AHB OBIS pattern (`7-b:70.16.16`, `1-b:1.9.e`): `b` is any Kanal, `e` any Tarif. */
function obisPattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.replaceAll('.', '\\.').replace(/[be]/g, '\\d{1,3}')}$`);
}

/**
 * "SG9 PIA+5+…" in this LIN: fulfilled when its obiskennzahl matches one of `patterns`; not fulfilled when it has none
 * or another OBIS / BDEW code; undecided for values of another shape.
 */
function obisIn(...patterns: string[]): Decider {
  const wanted = patterns.map(obisPattern);
  return (context) => {
    const codes = valuesOf(context.body, 'obiskennzahl').map((value) =>
      typeof value === 'string' ? productCode(value) : undefined,
    );
    if (codes.some((code) => code !== undefined && wanted.some((pattern) => pattern.test(code)))) return true;
    return codes.every((code) => code !== undefined && (OBIS.test(code) || BDEW_CODE.test(code))) ? false : undefined;
  };
}

/** SG10 QTY DE6063 → messwertstatus (code → enum name per the mapping CSV). */
const MESSWERTSTATUS: Readonly<Record<string, string>> = {
  '220': 'ABGELESEN',
  '67': 'ERSATZWERT',
  '201': 'VORSCHLAGSWERT',
  '20': 'NICHT_VERWENDBAR',
  '187': 'PROGNOSEWERT',
  '79': 'ENERGIEMENGESUMMIERT',
  Z18: 'VOLAEUFIGERWERT',
  Z30: 'FEHLT',
  Z31: 'ANGABE_FUER_LIEFERSCHEIN',
  Z47: 'GRUNDLAGE_POG_ERMITTLUNG',
};
const MESSWERTSTATUS_KNOWN = Object.entries(MESSWERTSTATUS).flat();

function quantityQualifier(code: string): Decider {
  return oneOf('messwertstatus', [code, MESSWERTSTATUS[code]], MESSWERTSTATUS_KNOWN);
}

/** SG10 STS+10 (Grundlage der Energiemenge) → statuszusatzinformationen[] with art MESSKLASSIFIZIERUNG. */
const MESSKLASSIFIZIERUNG: Readonly<Record<string, string>> = {
  Z36: 'ZAEHLERSTAND_ZUM_BEGINN_DER_ANGEGEBENEN_ENERGIEMENGE_VORHANDEN_UND_KOMMUNIZIERT',
  Z37: 'ZAEHLERSTAND_ZUM_ENDE_DER_ANGEGEBENEN_ENERGIEMENGE_VORHANDEN_UND_KOMMUNIZIERT',
  Z38: 'ZAEHLERSTAND_ZUM_BEGINN_DER_ANGEGEBENEN_ENERGIEMENGE_NICHT_VORHANDEN_DA_MENGENABGRENZUNG',
  Z39: 'ZAEHLERSTAND_ZUM_ENDE_DER_ANGEGEBENEN_ENERGIEMENGE_NICHT_VORHANDEN_DA_MENGENABGRENZUNG',
};
const MESSKLASSIFIZIERUNG_KNOWN = Object.entries(MESSKLASSIFIZIERUNG).flat();

/** "in derselben SG9 LIN die Angabe STS+10+`code` nicht vorhanden" (other STS kinds of the LIN do not count). */
function noMeterClassification(code: string): Decider {
  return (context) => {
    const statuses = valuesOf(context.body, 'statuszusatzinformationen').filter((status) => {
      const [art] = valuesOf(status, 'art');
      return art === '10' || art === 'MESSKLASSIFIZIERUNG';
    });
    const values = statuses.map((status) => valuesOf(status, 'status')[0]);
    if (values.some((value) => value === code || value === MESSKLASSIFIZIERUNG[code])) return false;
    return values.every((value) => typeof value === 'string' && MESSKLASSIFIZIERUNG_KNOWN.includes(value))
      ? true
      : undefined;
  };
}

/** SG6 LOC+172 DE3225 → ENERGIEMENGE.lokationsId, its kind in lokationsTyp (MALO 11 digits, MELO 33 characters). */
const MELO_ID = /^DE[A-Z0-9]{31}$/;

/** DE3225 of this LOC+172 has exactly `length` characters; not fulfilled without one. */
function locationIdLength(length: number): Decider {
  return (context) => {
    const [id] = valuesOf(context.body, 'lokationsId');
    if (id === undefined) return false;
    return typeof id === 'string' ? id.length === length : undefined;
  };
}

/**
 * DE3225 is the ID of a Messlokation (`melo`) or a Marktlokation: told by lokationsTyp; without it a 33-character
 * DE… ID is a MeLo and an 11-character one is not, while an 11-digit ID may be a MaLo or a Tranche (undecided).
 */
function locationIdIs(kind: 'MELO' | 'MALO'): Decider {
  return (context) => {
    const [id] = valuesOf(context.body, 'lokationsId');
    if (id === undefined) return false;
    const [type] = valuesOf(context.body, 'lokationsTyp');
    if (typeof type === 'string') return type === kind;
    if (typeof id !== 'string') return undefined;
    if (MELO_ID.test(id)) return kind === 'MELO';
    if (id.length === 11) return kind === 'MELO' ? false : undefined;
    return undefined;
  };
}

/** SG4 COM DE3155 → absender.ansprechpartner: EM → eMailAdresse, TE/FX/AJ/AL → rufnummern[].nummerntyp. */
const ANSPRECHPARTNER = 'transaktionsdaten.absender.ansprechpartner';
const PHONE_KINDS: Readonly<Record<string, string>> = {
  TE: 'RUF_DURCHWAHL',
  FX: 'FAX_DURCHWAHL',
  AJ: 'RUF_ZENTRALE',
  AL: 'MOBIL_NUMMER',
};
const PHONE_KNOWN = Object.entries(PHONE_KINDS).flat();

/**
 * "in demselben COM der Code …": the rule cannot name the COM, so every COM of the contact must agree on whether it is
 * one of `kind`; not fulfilled without any COM; undecided for a phone number whose kind the AHB does not list.
 */
function everyCom(kind: 'EM' | 'PHONE'): Decider {
  return (context) => {
    const decisions: Decision[] = [];
    for (const contact of valuesOf(context.body, ANSPRECHPARTNER)) {
      if (valuesOf(contact, 'eMailAdresse').length > 0) decisions.push(kind === 'EM');
      for (const number of valuesOf(contact, 'rufnummern')) {
        const [type] = valuesOf(number, 'nummerntyp');
        decisions.push(typeof type === 'string' && PHONE_KNOWN.includes(type) ? kind === 'PHONE' : undefined);
      }
    }
    return decisions.length === 0 ? false : alike(decisions);
  };
}

/** ISO date-time with an explicit offset; other strings are not judged. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function instant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_WITH_OFFSET.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** The same wall-clock time (German) one calendar month later, the day clamped to the month's last. */
function oneMonthLater(time: number): number {
  const wall = germanWallTime(time);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const day = Math.min(wall.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Date.UTC(year, month, day, wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds());
}

/**
 * [2]: from the first SG10 DTM+163 (startdatum) to the last SG10 DTM+164 (enddatum) of this location at least one
 * calendar month; not fulfilled without both; undecided for a date that cannot be read.
 */
const SPANS_A_MONTH: Decider = (context) => {
  const starts = valuesOf(context.body, 'energieverbrauch.startdatum').map(instant);
  const ends = valuesOf(context.body, 'energieverbrauch.enddatum').map(instant);
  if (starts.length === 0 || ends.length === 0) return false;
  if (starts.includes(undefined) || ends.includes(undefined)) return undefined;
  const first = Math.min(...(starts as number[]));
  const last = Math.max(...(ends as number[]));
  return germanWallTime(last).getTime() >= oneMonthLater(first);
};

// ---------- shared pieces ----------

/** BGM DE1001 → transaktionsdaten.kategorie (the code as sent: the vendor's field is a plain string). */
function documentType(code: string): Decider {
  return codeIn('transaktionsdaten.kategorie', code);
}

/** Roles: the A/N variants (NBA, MSBN, …) are the same market role. */
const SENDER_NB = senderRole('NB', 'NBA', 'NBN');
const SENDER_MSB = senderRole('MSB', 'MSBA', 'MSBN');

/** The OBIS codes [11]/[12] and [78]/[79] name (the AHB's lists, release character dropped). */
const OBIS_OF_11 = ['7-0:52.0.22', '7-0:54.0.16', '7-0:54.0.20', '7-0:54.0.22'];
const OBIS_OF_78 = ['1-66:13.6.0', '1-66:14.6.0', '1-66:13.9.0', '1-66:14.9.0'];

/** SG7 RFF+AGK → ENERGIEMENGE.konfiguration. */
const KONFIGURATION = eachLocation(present('konfiguration'));

function entry(key: number, text: string, decide: Decider, topic?: 'time'): ConditionEntry {
  return topic ? { key, text, decide, topic } : { key, text, decide };
}

export const MSCONS_CONDITIONS: readonly ConditionEntry[] = [
  entry(
    2,
    'Wenn das Zeitintervall zwischen ersten SG10 DTM+163 und letzten SG10 DTM+164 mindestens einen Monat umfasst',
    eachLocation(SPANS_A_MONTH),
    'time',
  ),
  // SG9 PIA+5 DE7140 → energieverbrauch[].obiskennzahl; the Gas AHBs use these on the SG10 of that LIN.
  entry(11, 'Wenn SG9 PIA+5+7-0?:52.0.22/7-0?:54.0.16/7-0?:54.0.20/7-0?:54.0.22', eachReading(obisIn(...OBIS_OF_11))),
  entry(
    12,
    'Wenn nicht SG9 PIA+5+7-0?:52.0.22/7-0?:54.0.16/7-0?:54.0.20/7-0?:54.0.22',
    eachReading(not(obisIn(...OBIS_OF_11))),
  ),
  entry(
    17,
    'Wenn nicht SG9 PIA+5+1-b?:9.99.0 (b= Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien)',
    eachReading(not(obisIn('1-b:9.99.0'))),
  ),
  entry(
    18,
    'Wenn SG9 PIA+5+1-b?:9.99.0 (b= Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien)',
    eachReading(obisIn('1-b:9.99.0')),
  ),
  entry(27, 'Wenn SG9 PIA+5+1-1?:1.9.0 vorhanden', eachReading(obisIn('1-1:1.9.0'))),
  entry(28, 'Wenn SG9 PIA+5+1-1?:1.9.0 nicht vorhanden', eachReading(not(obisIn('1-1:1.9.0')))),
  // MSCONS PIs name no single direction ("von verschiedenen Marktrollen"): the sender conditions decide only where one is known.
  entry(32, 'wenn MP-ID in SG2 NAD+MS in der Rolle NB', SENDER_NB),
  entry(33, 'wenn MP-ID in SG2 NAD+MR in der Rolle LF', receiverRole('LF')),
  entry(35, 'wenn MP-ID in SG2 NAD+MS in der Rolle MSB', SENDER_MSB),
  entry(36, 'wenn MP-ID in SG2 NAD+MR in der Rolle NB', receiverRole('NB')),
  entry(38, 'wenn in SG6 LOC+172 DE3225 die ID der Messlokation angegeben ist', eachLocation(locationIdIs('MELO'))),
  entry(42, 'Wenn MP-ID in SG2 NAD+MR in der Rolle MSB', receiverRole('MSB')),
  entry(
    45,
    'Wenn SG9 PIA+5+7-b:99.41.16 (b=Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien) vorhanden',
    eachReading(obisIn('7-b:99.41.16')),
  ),
  entry(46, 'Wenn Wert in SG6 LOC+172 DE3225 genau 11 Stellen', eachLocation(locationIdLength(11))),
  entry(48, 'Wenn SG9 PIA+5+7-0?:52.0.22', eachReading(obisIn('7-0:52.0.22'))),
  entry(
    49,
    'Wenn SG9 PIA+5+7-b?:70.16.16/7-b?:70.16.20/7-b?:70.16.22 (b=Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien) vorhanden',
    eachReading(obisIn('7-b:70.16.16', '7-b:70.16.20', '7-b:70.16.22')),
  ),
  entry(
    50,
    'Wenn SG9 PIA+5+7-b?:70.18.16/7-b?:70.18.20/7-b?:70.18.22 (b=Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien) vorhanden',
    eachReading(obisIn('7-b:70.18.16', '7-b:70.18.20', '7-b:70.18.22')),
  ),
  entry(62, 'Wenn Wert in SG6 LOC+172 DE3225 genau 33 Stellen', eachLocation(locationIdLength(33))),
  entry(68, 'Wenn BGM+7 vorhanden', documentType('7')),
  entry(69, 'Wenn BGM+Z28 vorhanden', documentType('Z28')),
  entry(70, 'Wenn BGM+BK vorhanden', documentType('BK')),
  entry(71, 'Wenn BGM+Z39 vorhanden', documentType('Z39')),
  entry(
    72,
    'Wenn SG9 PIA+5+1-b?:1.6.0/1-b?:3.6.0/1-b?:4.6.0/1-66?:13.6.0/1-66?:14.6.0 (b=Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien) vorhanden',
    eachReading(obisIn('1-b:1.6.0', '1-b:3.6.0', '1-b:4.6.0', '1-66:13.6.0', '1-66:14.6.0')),
  ),
  entry(
    73,
    'Wenn SG9 PIA+5+1-b?:1.9.e/1-b?:3.9.0/1-b?:4.9.0/1-66?:13.9.0/1-66?:14.9.0 (b=Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien, e=Tarif: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien) vorhanden',
    eachReading(obisIn('1-b:1.9.e', '1-b:3.9.0', '1-b:4.9.0', '1-66:13.9.0', '1-66:14.9.0')),
  ),
  // The booking service is LF, NB or MSB: never the Registerbetreiber HKN-R, the ÜNB or the MGV.
  entry(77, 'Wenn MP-ID in SG2 NAD+MR der RB HKN-R', receiverRole('HKN-R')),
  entry(
    78,
    'Wenn SG9 PIA+5+1-66?:13.6.0/1-66?:14.6.0/1-66?:13.9.0/1-66?:14.9.0 vorhanden',
    eachReading(obisIn(...OBIS_OF_78)),
  ),
  entry(
    79,
    'Wenn SG9 PIA+5+1-66?:13.6.0/1-66?:14.6.0/1-66?:13.9.0/1-66?:14.9.0 nicht vorhanden',
    eachReading(not(obisIn(...OBIS_OF_78))),
  ),
  entry(80, 'Wenn MP-ID in SG2 NAD+MR in der Rolle ÜNB', receiverRole('ÜNB')),
  entry(81, 'Wenn MP-ID in SG2 NAD+MS in der Rolle ÜNB', senderRole('ÜNB')),
  entry(
    83,
    'Wenn in derselben SG9 LIN die Angabe STS+10+Z38 nicht vorhanden',
    eachReading(noMeterClassification('Z38')),
  ),
  entry(
    84,
    'Wenn in derselben SG9 LIN die Angabe STS+10+Z39 nicht vorhanden',
    eachReading(noMeterClassification('Z39')),
  ),
  entry(
    85,
    'Wenn in derselben SG9 LIN die Angabe STS+10+Z36 nicht vorhanden',
    eachReading(noMeterClassification('Z36')),
  ),
  entry(
    86,
    'Wenn in derselben SG9 LIN die Angabe STS+10+Z37 nicht vorhanden',
    eachReading(noMeterClassification('Z37')),
  ),
  entry(90, 'Wenn BGM+Z41 vorhanden', documentType('Z41')),
  entry(91, 'Wenn BGM+Z42 vorhanden', documentType('Z42')),
  // SG10 QTY DE6063 → energieverbrauch[].messwertstatus; the AHBs use these on the STS of the same SG10.
  entry(92, 'Wenn SG10 QTY DE6063 mit Wert 67 vorhanden', eachReading(quantityQualifier('67'))),
  entry(93, 'Wenn SG10 QTY DE6063 mit Wert 220 vorhanden', eachReading(quantityQualifier('220'))),
  entry(94, 'Wenn SG10 QTY DE6063 mit Wert 201 vorhanden', eachReading(quantityQualifier('201'))),
  // PIA+5+SOL:Z08 etc. (BDEW codes for weather and Redispatch values) land in obiskennzahl like OBIS codes.
  entry(98, 'Wenn SG9 PIA+5+SOL:Z08 vorhanden', eachReading(obisIn('SOL'))),
  entry(99, 'Wenn SG9 PIA+5+WID:Z08 vorhanden', eachReading(obisIn('WID'))),
  entry(100, 'Wenn in derselben SG9 LIN das PIA+5+AUA:Z08 vorhanden', eachReading(obisIn('AUA'))),
  entry(101, 'Wenn in derselben SG9 LIN das PIA+5+FPA:Z08 vorhanden', eachReading(obisIn('FPA'))),
  entry(
    108,
    'wenn SG9 PIA+5+7-b?:99.41.16/7-b?:99.42.16 (b=Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien) vorhanden',
    eachReading(obisIn('7-b:99.41.16', '7-b:99.42.16')),
  ),
  entry(113, 'wenn SG7 RFF+AGK (Konfigurations-ID) vorhanden', KONFIGURATION),
  entry(119, 'wenn in SG6 LOC+172 DE3225 die ID der Marktlokation angegeben ist', eachLocation(locationIdIs('MALO'))),
  entry(121, 'wenn BGM+Z43 (Redispatch Ausfallarbeitüberführungszeitreihe) vorhanden', documentType('Z43')),
  entry(
    125,
    'wenn SG9 PIA+5+7-0?:52.0.22/7-b?:53.0.16/7-b?:55.0.16/7-b?:55.0.20/7-b?:55.0.22 (b=Kanal: Wert gemäß Codeliste der OBIS-Kennzahlen und Medien) vorhanden',
    eachReading(obisIn('7-0:52.0.22', '7-b:53.0.16', '7-b:55.0.16', '7-b:55.0.20', '7-b:55.0.22')),
  ),
  entry(131, 'wenn RFF+AGK (Konfigurations-ID) nicht vorhanden', eachLocation(absent('konfiguration'))),
  entry(132, 'wenn LOC+172 (Identifikationsangabe) DE3225 nicht vorhanden', eachLocation(absent('lokationsId'))),
  entry(141, 'Wenn MP-ID in SG2 NAD+MR in der Rolle MGV', receiverRole('MGV')),
  entry(142, 'wenn im DE3155 in demselben COM der Code EM vorhanden ist', everyCom('EM')),
  entry(143, 'wenn im DE3155 in demselben COM der Code TE / FX / AJ / AL vorhanden ist', everyCom('PHONE')),
  entry(144, 'Wenn Wert in SG7 RFF+AGK DE1154 (Konfigurations-ID) vorhanden', KONFIGURATION),
  entry(150, 'Wenn BGM+Z69 (Redispatch tägliche Ausfallarbeitsüberführungszeitreihe) vorhanden.', documentType('Z69')),
  entry(151, 'Wenn BGM+Z27 (Bewegungsdaten im Kalenderjahr vor Lieferbeginn) vorhanden.', documentType('Z27')),
  entry(152, 'Wenn BGM+7 (Prozessdatenbericht) vorhanden.', documentType('7')),
  entry(153, 'Wenn SG9 PIA+5+7-0?:33.86.0 vorhanden', eachReading(obisIn('7-0:33.86.0'))),
  entry(154, 'Wenn SG9 PIA+5+7-0?:33.47.0 vorhanden', eachReading(obisIn('7-0:33.47.0'))),
];

const SPARTE =
  'the MP-ID’s Sparte (Strom/Gas) is not in the body; the PI tells it, but the condition restricts which MP-IDs may be named';
const VALUE_CONSTRAINT = 'value constraint (a date compared with DTM+137), not a condition on the body';

export const MSCONS_UNDECIDABLE: readonly UndecidableEntry[] = [
  {
    key: 1,
    text: 'Sofern per ORDERS angefordert',
    reason:
      'the request history: whether an ORDERS asked for the values (its reference RFF+AGI is the segment the condition makes required)',
  },
  {
    key: 22,
    text: 'Wenn Aufteilung vorhanden',
    reason: 'UNH DE0068/S010 (splitting a message) is not carried in the BO4E body',
  },
  {
    key: 23,
    text: 'Wenn UNH DE0070 mit 1 vorhanden',
    reason: 'UNH DE0070 (Übermittlungsfolgenummer) is not carried in the BO4E body',
  },
  {
    key: 24,
    text: 'Bei Aufteilung, in der Nachricht mit der höchsten Übermittlungsnummer',
    reason: 'UNH S010 (splitting a message) is not carried in the BO4E body',
  },
  {
    key: 51,
    text: 'Wenn SG9 PIA+5+7-0?:33.86.0 vorhanden ist, darf mittels Wiederholung SG9 LIN in derselben Nachricht das SG9 PIA+5+7-0?:52.0.22/7-0?:54.0.16/7-0?:54.0.20/7-0?:54.0.22 nicht mehr angegeben werden',
    reason: 'a constraint on which OBIS codes one message may combine, not a condition on the body',
  },
  {
    key: 67,
    text: 'Wenn es sich um die Referenz auf eine ORDERS handelt',
    reason: 'which SG1 RFF the line is about (ORDERS reference or another); the rule cannot name the segment',
  },
  {
    key: 87,
    text: 'Wenn der Wert in DTM+163 DE2380 derselben SG6 LOC+172 mit demselben Wert in SG9 PIA+5 DE7140 der früheste angegebene Zeitpunkt ist',
    reason: 'compares one SG10 with its siblings of the same OBIS; the rules are evaluated per location, not per SG10',
  },
  {
    key: 88,
    text: 'Wenn der Wert in DTM+164 DE2380 derselben SG6 LOC+172 mit demselben Wert in SG9 PIA+5 DE7140 der späteste angegebene Zeitpunkt ist',
    reason: 'compares one SG10 with its siblings of the same OBIS; the rules are evaluated per location, not per SG10',
  },
  {
    key: 97,
    text: 'Wenn es sich um die Übermittlung eines Wertes aufgrund der Umstellung der Gasqualität handelt',
    reason:
      "the sender's reason for sending; STS+Z31++ZG3, which would say it, is the segment the condition makes required",
  },
  {
    key: 111,
    text: 'Wenn SG10 DTM+9 DE2379 in demselben Segment mit Wert 303 vorhanden',
    reason: 'DE2379 (date format code) is not carried: ablesedatum is a date-time either way',
  },
  { key: 117, text: 'Nur MP-ID aus Sparte Strom', reason: SPARTE },
  { key: 118, text: 'Nur MP-ID aus Sparte Gas', reason: SPARTE },
  {
    key: 126,
    text: 'wenn Plausibilisierungshinweise vorliegen',
    reason: "the sender's knowledge; the STS+Z33 that would carry it is the segment the condition makes required",
  },
  {
    key: 127,
    text: 'wenn ein Korrekturgrund anzugeben ist',
    reason: "the sender's knowledge (the hint lists the cases; none is in the body)",
  },
  {
    key: 128,
    text: 'Wenn es sich um eine Ablesung handelt, welche keine Ablesung aufgrund der Änderung an der Messtechnik oder deren Konfiguration ist (z.B. Kundenablesung).',
    reason: 'the occasion of the reading is not carried in the body',
  },
  {
    key: 129,
    text: 'Wenn es sich um eine Ablesung aufgrund der Änderung an der Messtechnik oder deren Konfiguration handelt (z.B. Gerätewechsel).',
    reason: 'the occasion of the reading is not carried in the body',
  },
  {
    key: 130,
    text: 'Wenn innerhalb desselben LIN-Segments neben diesem Segment (SG10 DTM+7 Nutzungszeitpunkt) noch das SG10 DTM+60 (Ausführungs- / Änderungszeitpunkt) oder das SG10 DTM+9 (Ablesedatum) vorhanden, darf der Wert der Differenz zwischen dem größeren und dem kleineren Zeitpunkt der DTM-Segmente ausschließlich < 24 Stunden sein. Findet zwischen den beiden Zeitpunkten die Sommer/Winter-Zeitumschaltung statt, darf der Wert der Differenz ausschließlich < 25 Stunden sein. Findet zwischen den beiden Zeitpunkten die Winter/Sommer-Zeitumschaltung statt, darf der Wert der Differenz ausschließlich < 23 Stunden sein.',
    reason: 'value constraint (the distance of DTM+7 to DTM+60/DTM+9 of the same LIN), not a condition on the body',
  },
  {
    key: 133,
    text: 'Wenn innerhalb desselben LIN-Segments neben diesem Segment (SG10 DTM+7 Nutzungszeitpunkt) noch das SG10 DTM+9 (Ablesedatum) mit dem Code 102 im DE2379 vorhanden ist, darf der Wert der Differenz zwischen dem Wert an der Stelle CCYYMMDD des größeren und dem kleineren Zeitpunkt der DTM-Segmente an der Stelle CCYYMMDD ausschließlich 0 oder 1 Tag sein.',
    reason: 'value constraint, and DE2379 (date format code) of DTM+9 is not carried',
  },
  {
    key: 134,
    text: 'Wenn SG10 DTM+9 DE2379 in demselben Segment mit Wert 102 vorhanden',
    reason: 'DE2379 (date format code) is not carried: ablesedatum is a date-time either way',
  },
  {
    key: 135,
    text: 'Der Wert an der Stelle CCYYMMDD muss ≤ dem Wert an der Stelle CCYYMMDD im DE2380 des DTM+137 sein',
    reason: VALUE_CONSTRAINT,
  },
  {
    key: 138,
    text: 'Wenn es sich um eine Korrekturenergiemenge auf einen Wert aus einem iMS handelt',
    reason: 'whether the corrected value came from an iMS is not carried in the body',
  },
  { key: 492, text: 'wenn MP-ID in NAD+MR aus Sparte Strom', reason: SPARTE },
  {
    key: 494,
    text: 'Das hier genannte Datum muss der Zeitpunkt sein, zu dem das Dokument erstellt wurde, oder ein Zeitpunkt, der davor liegt.',
    reason:
      'value constraint on DTM+137 (the value check of [494] is written for the UTILMD text, without the full stop)',
  },
  { key: 495, text: 'Der Zeitpunkt muss ≤ dem Wert im DE2380 des DTM+137 sein', reason: VALUE_CONSTRAINT },
  {
    key: 145,
    text: 'Wenn in derselben S9 LIN das SG10 DTM+163 (Beginn Messperiode) nicht vorhanden ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 146,
    text: 'Wenn es bei dem zu übermittelnden Wert um einen Wert zu einem Zeitpunkt handelt.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 147,
    text: 'Wenn in derselben S9 LIN das SG10 DTM+7 (Nutzungszeitpunkt) nicht vorhanden ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 148,
    text: 'Wenn es bei dem zu übermittelnden Wert um einen Wert in einem Zeitintervall handelt.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 149,
    text: 'Wenn in derselben S9 LIN das SG10 DTM+163 (Beginn Messperiode) vorhanden ist.',
    reason: TABLE_ONLY_REASON,
  },
];
