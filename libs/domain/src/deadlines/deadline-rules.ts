import type { MarketRole } from '../market-role';

/**
 * A due counted from the transmission day (ÜT) of the request: at a time of the n-th working day after it, or by the
 * end of that day (00:00 German time of the next calendar day).
 */
export type CountedForward =
  { workingDays: number; at: `${number}:${number}` } | { workingDays: number; endOfDay: true };

/** A date the request carries that a due depends on (`request-dates.ts` reads it). */
export type RequestDate = 'zuordnungsbeginn' | 'geraetewechseltermin';

/**
 * When an answer is due: counted forward from the ÜT; by the end of the n-th working day before a date the request
 * carries ("spätester ÜT ist der 2. WT vor dem Gerätewechseltermin"); or one of two forward counts, by whether that
 * date lies after the request's transmission ("Sofern der Zuordnungsbeginn … in der Zukunft liegt").
 */
export type DueAt =
  | CountedForward
  | { workingDaysBefore: number; endOfDay: true; of: RequestDate }
  | { of: RequestDate; whileAhead: CountedForward; otherwise: CountedForward };

/** An answer a company owes the market: which role owes it, after which request, with which PIs, by when. */
export interface DeadlineRule {
  /** Stable id, as in `GET /deadlines?rule=` and the metrics' `rule` label. */
  readonly rule: string;
  readonly role: MarketRole;
  /** The Prüfidentifikatoren of the request that starts the deadline. */
  readonly request: readonly string[];
  /** The Prüfidentifikatoren that answer it. */
  readonly answers: readonly string[];
  readonly due: DueAt;
  readonly description: string;
  /** Where the rule is written. */
  readonly source: string;
  /** Whether silence counts as consent once the deadline passes. */
  readonly silenceIsConsent?: true;
  /**
   * The request starts the deadline only with one of these `transaktionsdaten.kategorie` (BGM codes), or none sent:
   * the same PI also carries messages that need no answer (e.g. 55007 Z90, an end "aufgrund fehlender Antwort").
   */
  readonly requestKategorie?: readonly string[];
}

const GPKE_TEIL_2 = 'BK6-24-174 Anlage 1b, GPKE Teil 2 (Lesefassung, in force since 2025-06-06)';
const WIM_TEIL_1 = 'BK6-24-174 Anlage 2a, WiM Strom Teil 1 (Lesefassung, in force since 2025-06-06)';
const WIM_TEIL_2 = 'BK6-24-174 Anlage 2b, WiM Strom Teil 2 (Lesefassung, in force since 2025-06-06)';

/** "Unverzüglich, jedoch spätester ÜT ist der n. WT nach dem ÜT von Nr. x": by the end of the n-th working day. */
const endOfWorkingDay = (workingDays: number): DueAt => ({ workingDays, endOfDay: true });

/**
 * "I.) Sofern der Zuordnungsbeginn … in der Zukunft liegt … spätester ÜZ ist 15:00 Uhr am ÜT von Nr. 1. II.) Sofern
 * [er] nicht in der Zukunft liegt … 15:00 Uhr des 1. WT nach dem ÜT von Nr. 1."
 */
const ZUORDNUNG_ANGEKUENDIGT: DueAt = {
  of: 'zuordnungsbeginn',
  whileAhead: { workingDays: 0, at: '15:00' },
  otherwise: { workingDays: 1, at: '15:00' },
};

/**
 * The answer deadlines the market communication sets (quotes and PI mapping in reference/deadlines/). Times are
 * German legal time; "WT" = BDEW working day (`working-days.ts`). Not here: deadlines in hours (MaLo identification,
 * answered within its request) and those whose PIs are not sourced (REMADV, docs/deadlines.md).
 */
export const DEADLINE_RULES: readonly DeadlineRule[] = [
  // GPKE Teil 2: the 24-hour supplier switch (LFW24).
  {
    rule: 'GPKE_ANMELDUNG_ANTWORT',
    role: 'NB',
    request: ['55001', '55077'],
    answers: ['55002', '55003', '55078', '55080'],
    due: { workingDays: 1, at: '11:00' },
    description: 'Confirm or reject an Anmeldung (Lieferbeginn) by 11:00 of the 1st WT after its transmission day',
    source: `${GPKE_TEIL_2}, §2.1.2 SD Lieferbeginn, Nr. 5 and 6`,
  },
  {
    rule: 'GPKE_ABMELDUNG_ANTWORT',
    role: 'NB',
    request: ['55004'],
    answers: ['55005', '55006'],
    due: { workingDays: 1, at: '06:00' },
    description:
      'Confirm or reject an Abmeldung (Lieferende von LF an NB) by 06:00 of the 1st WT after its transmission day',
    source: `${GPKE_TEIL_2}, §2.5.1.2 SD Lieferende von LF an NB`,
  },
  {
    rule: 'GPKE_KUENDIGUNG_ANTWORT',
    role: 'LF',
    request: ['55016'],
    answers: ['55017', '55018'],
    due: endOfWorkingDay(1),
    description: 'Answer a Kündigung (as the old supplier) by the end of the 1st WT after its transmission day',
    source: `${GPKE_TEIL_2}, §1.2.2 SD Kündigung, Nr. 2`,
  },
  {
    rule: 'GPKE_BEENDIGUNG_ZUORDNUNG_ANTWORT',
    role: 'LF',
    request: ['55010'],
    answers: ['55011', '55012'],
    due: { workingDays: 1, at: '09:00' },
    description:
      'Answer the Anfrage zur Beendigung der Zuordnung (as the old supplier) by 09:00 of the 1st WT after the ' +
      'transmission day; silence counts as consent',
    source: `${GPKE_TEIL_2}, §2.1.2 SD Lieferbeginn, Nr. 4`,
    silenceIsConsent: true,
  },
  {
    rule: 'GPKE_LIEFERENDE_NB_ANTWORT',
    role: 'LF',
    request: ['55007'],
    answers: ['55008', '55009'],
    due: { workingDays: 1, at: '05:00' },
    description: 'Answer a Lieferende vom NB (its Ankündigung, E02) by 05:00 of the 1st WT after its transmission day',
    source: `${GPKE_TEIL_2}, §2.5.2.2 SD Lieferende von NB an LF, Nr. 2`,
    requestKategorie: ['E02'],
  },
  {
    rule: 'GPKE_NEUANLAGE_ANTWORT',
    role: 'NB',
    request: ['55600', '55601'],
    answers: ['55602', '55603', '55604', '55605'],
    due: { workingDays: 61, at: '00:00' },
    description: 'Assign or reject the Anmeldung of a new MaLo by 00:00 of the 61st WT after its transmission day',
    source: `${GPKE_TEIL_2}, §2.2.2 SD Neuanlage, Nr. 2 and 3`,
  },
  // GPKE Teil 2: assignments the NB announces, answered by 15:00; the day depends on the Zuordnungsbeginn.
  {
    rule: 'GPKE_EOG_ANTWORT',
    role: 'LF',
    request: ['55013'],
    answers: ['55014', '55015'],
    due: ZUORDNUNG_ANGEKUENDIGT,
    description:
      'Confirm or reject the Zuordnung to the Ersatz-/Grundversorgung (its Ankündigung, E01) by 15:00 of the ' +
      'transmission day while the Zuordnungsbeginn lies ahead, else of the 1st WT after it',
    source: `${GPKE_TEIL_2}, §2.3.2.2 SD Beginn der Ersatz-/Grundversorgung, Nr. 2`,
    requestKategorie: ['E01'],
  },
  {
    rule: 'GPKE_ZUORDNUNG_ERZ_MALO_ANTWORT',
    role: 'LF',
    request: ['55607'],
    answers: ['55608', '55609'],
    due: ZUORDNUNG_ANGEKUENDIGT,
    description:
      'Confirm or reject the Zuordnung to a generating MaLo or Tranche (its Ankündigung, E01) by 15:00 of the ' +
      'transmission day while the Zuordnungsbeginn lies ahead, else of the 1st WT after it',
    source: `${GPKE_TEIL_2}, §2.4.2.2 to §2.4.2.5 (Fall 1 to 4), Nr. 2`,
    requestKategorie: ['E01'],
  },
  // GPKE Teil 2: billing data and blocking.
  {
    rule: 'GPKE_ABRECHNUNGSDATEN_NNA_RUECKMELDUNG',
    role: 'LF',
    request: ['55218'],
    answers: ['55220'],
    due: endOfWorkingDay(2),
    description:
      'Report back on the Abrechnungsdaten der Netznutzungsabrechnung by the end of the 2nd WT; silence accepts them',
    source: `${GPKE_TEIL_2}, §3.1.1.2 SD Abrechnungsdaten Netznutzungsabrechnung, Nr. 2`,
    silenceIsConsent: true,
  },
  {
    rule: 'GPKE_ABRECHNUNGSDATEN_BKA_RUECKMELDUNG',
    role: 'LF',
    request: ['55126', '55672'],
    answers: ['55156', '55673'],
    due: endOfWorkingDay(2),
    description:
      'Report back on the Abrechnungsdaten der Bilanzkreisabrechnung by the end of the 2nd WT; silence accepts them',
    source: `${GPKE_TEIL_2}, §3.1.2.2 SD Abrechnungsdaten Bilanzkreisabrechnung, Nr. 2`,
    silenceIsConsent: true,
  },
  {
    rule: 'GPKE_BESTELLUNG_ABRECHNUNGSDATEN_ANTWORT',
    role: 'NB',
    request: ['17133'],
    answers: ['19133'],
    due: endOfWorkingDay(2),
    description: 'Answer a Bestellung einer Änderung von Abrechnungsdaten by the end of the 2nd WT',
    source: `${GPKE_TEIL_2}, §3.1.3.2 SD Bestellung einer Änderung von Abrechnungsdaten von LF an NB, Nr. 2`,
  },
  {
    rule: 'GPKE_SPERRAUFTRAG_ANTWORT',
    role: 'NB',
    request: ['17115'],
    answers: ['19116', '19117'],
    due: endOfWorkingDay(1),
    description: 'Confirm or reject a Sperrauftrag by the end of the 1st WT',
    source: `${GPKE_TEIL_2}, §3.5.1.2 SD Unterbrechung der Anschlussnutzung (Sperren) auf Anweisung des LF, Nr. 2`,
  },
  {
    rule: 'GPKE_ENTSPERRAUFTRAG_ANTWORT',
    role: 'NB',
    request: ['17117'],
    answers: ['19116', '19117'],
    due: endOfWorkingDay(1),
    description: 'Confirm or reject an Entsperrauftrag by the end of the 1st WT',
    source: `${GPKE_TEIL_2}, §3.5.2.2, Nr. 2 (Antwort auf Entsperrauftrag)`,
  },
  {
    rule: 'GPKE_STORNO_SPERRAUFTRAG_ANTWORT',
    role: 'NB',
    request: ['39000'],
    answers: ['19128', '19129'],
    due: endOfWorkingDay(1),
    description: 'Confirm or reject the Stornierung of a Sperr- or Entsperrauftrag by the end of the 1st WT',
    source: `${GPKE_TEIL_2}, §3.5.3.2, Nr. 2 (Antwort auf Stornierung)`,
  },
  {
    rule: 'GPKE_ANFRAGE_SPERRUNG_MSB_ANTWORT',
    role: 'MSB',
    request: ['17116'],
    answers: ['19118', '19119'],
    due: endOfWorkingDay(3),
    description: "Answer the NB's Anfrage Sperrung by the end of the 3rd WT; silence counts as consent",
    source: `${GPKE_TEIL_2}, §3.5.1.2 SD Unterbrechung der Anschlussnutzung (Sperren) auf Anweisung des LF, Nr. 4`,
    silenceIsConsent: true,
  },
  // WiM Strom Teil 1: the change of the metering-point operator.
  {
    rule: 'WIM_KUENDIGUNG_MSB_ANTWORT',
    role: 'MSB',
    request: ['55039'],
    answers: ['55040', '55041'],
    due: endOfWorkingDay(3),
    description: 'Answer a Kündigung des Messstellenbetriebs (as the old MSB) by the end of the 3rd WT',
    source: `${WIM_TEIL_1}, §2.2.2 SD Kündigung Messstellenbetrieb, Nr. 2`,
  },
  {
    rule: 'WIM_ANMELDUNG_MSB_ANTWORT',
    role: 'NB',
    request: ['55042'],
    answers: ['55043', '55044'],
    due: endOfWorkingDay(5),
    description: "Confirm or reject an MSB's Anmeldung (Beginn Messstellenbetrieb) by the end of the 5th WT",
    source: `${WIM_TEIL_1}, §2.3.2 SD Beginn Messstellenbetrieb, Nr. 2`,
  },
  {
    rule: 'WIM_ENDE_MSB_ANTWORT',
    role: 'NB',
    request: ['55051'],
    answers: ['55052', '55053'],
    due: endOfWorkingDay(7),
    description: "Confirm or reject an MSB's Abmeldung (Ende Messstellenbetrieb) by the end of the 7th WT",
    source: `${WIM_TEIL_1}, §2.4.2 SD Ende Messstellenbetrieb, Nr. 2`,
  },
  {
    rule: 'WIM_VERPFLICHTUNGSANFRAGE_ANTWORT',
    role: 'MSB',
    request: ['55168'],
    answers: ['55169', '55170'],
    due: endOfWorkingDay(1),
    description: "Answer the NB's Verpflichtungsanfrage (E01; as the default MSB) by the end of the 1st WT",
    source: `${WIM_TEIL_1}, §2.4.2 SD Ende Messstellenbetrieb, Nr. 4`,
    requestKategorie: ['E01'],
  },
  {
    rule: 'WIM_WEITERVERPFLICHTUNG_ANTWORT',
    role: 'MSB',
    request: ['17002'],
    answers: ['19003', '19004'],
    due: endOfWorkingDay(1),
    description: "Answer the NB's Weiterverpflichtung (as the old MSB) by the end of the 1st WT",
    source: `${WIM_TEIL_1}, §2.4.2 SD Ende Messstellenbetrieb, Nr. 6`,
  },
  {
    rule: 'WIM_GERAETEUEBERNAHME_ANGEBOT',
    role: 'MSB',
    request: ['35001'],
    answers: ['15001'],
    due: endOfWorkingDay(4),
    description: 'Offer the takeover of the devices (as the old MSB) by the end of the 4th WT after the Anfrage',
    source: `${WIM_TEIL_1}, §3.2.2 SD Geräteübernahme, Nr. 2`,
  },
  {
    rule: 'WIM_GERAETEUEBERNAHME_BESTELLBESTAETIGUNG',
    role: 'MSB',
    request: ['17001'],
    answers: ['19001', '19002'],
    due: endOfWorkingDay(2),
    description: 'Confirm or reject the order of a device takeover (as the old MSB) by the end of the 2nd WT',
    source: `${WIM_TEIL_1}, §3.2.2 SD Geräteübernahme, Nr. 4`,
  },
  {
    rule: 'WIM_BEENDIGUNG_RECHNUNGSABWICKLUNG_LF_ANTWORT',
    role: 'LF',
    request: ['17006'],
    answers: ['19009', '19010'],
    due: endOfWorkingDay(8),
    description: "Answer the MSB's Beendigung der Rechnungsabwicklung über den LF by the end of the 8th WT",
    source: `${WIM_TEIL_1}, §3.6.3.5.2, Nr. 2 (the MSB ends it)`,
  },
  {
    rule: 'WIM_BEENDIGUNG_RECHNUNGSABWICKLUNG_MSB_ANTWORT',
    role: 'MSB',
    request: ['17006'],
    answers: ['19009', '19010'],
    due: endOfWorkingDay(8),
    description: "Answer the LF's Beendigung der Rechnungsabwicklung über den LF by the end of the 8th WT",
    source: `${WIM_TEIL_1}, §3.6.3.7.2, Nr. 2 (the LF ends it)`,
  },
  {
    rule: 'WIM_GERAETEWECHSELABSICHT_ANTWORT',
    role: 'MSB',
    request: ['17009'],
    answers: ['19015', '19016'],
    due: { workingDaysBefore: 2, endOfDay: true, of: 'geraetewechseltermin' },
    description:
      "Confirm or reject the new MSB's Anzeige Gerätewechselabsicht by the end of the 2nd WT before the Gerätewechseltermin",
    source: `${WIM_TEIL_1}, §3.1.2 Gerätewechsel, Nr. 2`,
  },
  // WiM Strom Teil 2: values.
  {
    rule: 'WIM_BERECHNUNGSFORMEL_ANTWORT',
    role: 'MSB',
    request: ['25001'],
    answers: ['25010'],
    due: endOfWorkingDay(5),
    description: "Answer the NB's Berechnungsformel by the end of the 5th WT; silence counts as consent",
    source: `${WIM_TEIL_2}, §2.3.2 SD Übermittlung der Berechnungsformel, Nr. 2`,
    silenceIsConsent: true,
  },
  {
    rule: 'WIM_ESA_ANFRAGE_ANTWORT',
    role: 'MSB',
    request: ['35003'],
    answers: ['15003', '21033'],
    due: endOfWorkingDay(5),
    description: "Offer or reject an ESA's Anfrage von Werten by the end of the 5th WT",
    source: `${WIM_TEIL_2}, §4.1.2 SD Anfrage und Bestellung von Werten durch den ESA, Nr. 2`,
  },
  {
    rule: 'WIM_ESA_BESTELLUNG_ANTWORT',
    role: 'MSB',
    request: ['17007'],
    answers: ['19011', '19012'],
    due: endOfWorkingDay(2),
    description: "Confirm or reject an ESA's Bestellung von Werten by the end of the 2nd WT",
    source: `${WIM_TEIL_2}, §4.1.2 SD Anfrage und Bestellung von Werten durch den ESA, Nr. 4`,
  },
  {
    rule: 'WIM_ESA_STORNO_BESTELLUNG_ANTWORT',
    role: 'MSB',
    request: ['39002'],
    answers: ['19013', '19014'],
    due: endOfWorkingDay(2),
    description: "Confirm or reject the Stornierung of an ESA's Bestellung by the end of the 2nd WT",
    source: `${WIM_TEIL_2}, §4.1.2 SD Anfrage und Bestellung von Werten durch den ESA, Nr. 6`,
  },
  {
    rule: 'WIM_ESA_ABBESTELLUNG_ANTWORT',
    role: 'MSB',
    request: ['17008'],
    answers: ['19011', '19012'],
    due: endOfWorkingDay(2),
    description: "Confirm or reject an ESA's Abbestellung von Werten by the end of the 2nd WT",
    source: `${WIM_TEIL_2}, §4.3.2, Nr. 2 (Antwort auf Beendigung)`,
  },
];

/** The rules a role's booking of a request PI starts (with its `kategorie`, when the message sends one). */
export function deadlineRulesStartedBy(
  role: MarketRole,
  pruefidentifikator: string,
  kategorie?: string,
): DeadlineRule[] {
  return DEADLINE_RULES.filter(
    (rule) =>
      rule.role === role &&
      rule.request.includes(pruefidentifikator) &&
      (kategorie === undefined || rule.requestKategorie === undefined || rule.requestKategorie.includes(kategorie)),
  );
}

/** The rules (of a role) an answer PI answers. */
export function deadlineRulesAnsweredBy(role: MarketRole, pruefidentifikator: string): DeadlineRule[] {
  return DEADLINE_RULES.filter((rule) => rule.role === role && rule.answers.includes(pruefidentifikator));
}
