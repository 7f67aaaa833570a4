import type { MarketRole } from '../market-role';

/**
 * When an answer is due, counted from the transmission day (ÜT) of the request: at a time of the n-th working day
 * after it, or by the end of that day (00:00 German time of the next calendar day).
 */
export type DueAt = { workingDays: number; at: `${number}:${number}` } | { workingDays: number; endOfDay: true };

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
}

const GPKE_TEIL_2 = 'BK6-24-174 Anlage 1b, GPKE Teil 2 (Lesefassung, in force since 2025-06-06)';

/**
 * The answer deadlines of the 24-hour supplier switch (LFW24). Times are German legal time; "WT" = BDEW working day
 * (`working-days.ts`).
 */
export const DEADLINE_RULES: readonly DeadlineRule[] = [
  {
    rule: 'GPKE_ANMELDUNG_ANTWORT',
    role: 'NB',
    request: ['55001'],
    answers: ['55002', '55003'],
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
    due: { workingDays: 1, endOfDay: true },
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
    description: 'Answer a Lieferende vom NB by 05:00 of the 1st WT after its transmission day',
    source: `${GPKE_TEIL_2}, §2.5.2.2 SD Lieferende von NB an LF`,
  },
];

/** The rules a role's booking of a request PI starts. */
export function deadlineRulesStartedBy(role: MarketRole, pruefidentifikator: string): DeadlineRule[] {
  return DEADLINE_RULES.filter((rule) => rule.role === role && rule.request.includes(pruefidentifikator));
}

/** The rules (of a role) an answer PI answers. */
export function deadlineRulesAnsweredBy(role: MarketRole, pruefidentifikator: string): DeadlineRule[] {
  return DEADLINE_RULES.filter((rule) => rule.role === role && rule.answers.includes(pruefidentifikator));
}
