import { deadlineOf } from './deadline-due';
import { DEADLINE_RULES, type DeadlineRule, deadlineRulesAnsweredBy, deadlineRulesStartedBy } from './deadline-rules';
import type { RequestMessage } from './request-dates';

const rule = (id: string): DeadlineRule => {
  const found = DEADLINE_RULES.find((candidate) => candidate.rule === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};
const due = (id: string, sent: string, request?: RequestMessage) =>
  deadlineOf(rule(id), new Date(sent), request)?.due.toISOString();

describe('answer deadlines', () => {
  it.each([
    // Anmeldung (NB, 11:00 of the 1st WT): a Friday before the switch to summer time → Monday, CEST.
    ['GPKE_ANMELDUNG_ANTWORT', '2026-03-27T09:00:00Z', '2026-03-30T09:00:00.000Z'],
    // Sent 00:30 German time on a Wednesday (still Tuesday in UTC): the German date counts.
    ['GPKE_ANMELDUNG_ANTWORT', '2026-01-13T23:30:00Z', '2026-01-15T10:00:00.000Z'],
    // Christmas: 23 Dec → 24–28 Dec are no WT → Monday 29 Dec, 11:00 CET.
    ['GPKE_ANMELDUNG_ANTWORT', '2025-12-23T14:00:00Z', '2025-12-29T10:00:00.000Z'],
    // New Year: 30 Dec → 31 Dec and 1 Jan are no WT → 2 Jan 2026.
    ['GPKE_ANMELDUNG_ANTWORT', '2025-12-30T08:00:00Z', '2026-01-02T10:00:00.000Z'],
    // Buß- und Bettag, a holiday of Sachsen only: Tuesday 18 Nov 2025 → Thursday 20 Nov.
    ['GPKE_ABMELDUNG_ANTWORT', '2025-11-18T12:00:00Z', '2025-11-20T05:00:00.000Z'],
    // 2025-06-06, the day LFW24 began, is no WT: Thursday 5 June → Monday 9 June is Pfingstmontag → Tuesday 10 June.
    ['GPKE_LIEFERENDE_NB_ANTWORT', '2025-06-05T10:00:00Z', '2025-06-10T03:00:00.000Z'],
    // Kündigung: by the end of the 1st WT = 00:00 German time of the next day, across the switch to winter time.
    ['GPKE_KUENDIGUNG_ANTWORT', '2026-10-23T10:00:00Z', '2026-10-26T23:00:00.000Z'],
    ['GPKE_KUENDIGUNG_ANTWORT', '2025-12-23T14:00:00Z', '2025-12-29T23:00:00.000Z'],
    // Anfrage Beendigung der Zuordnung (09:00): Reformationstag (Friday 31 Oct 2025, several Länder) → Monday 3 Nov.
    ['GPKE_BEENDIGUNG_ZUORDNUNG_ANTWORT', '2025-10-30T15:00:00Z', '2025-11-03T08:00:00.000Z'],
    // Neuanlage: 00:00 of the 61st WT. From Tuesday 1 Sep 2026, the weekdays less Buß- und Bettag (18 Nov; 3 and 31 Oct
    // and 1 Nov fall on weekends) → Thursday 26 Nov, 00:00 CET.
    ['GPKE_NEUANLAGE_ANTWORT', '2026-09-01T08:00:00Z', '2026-11-25T23:00:00.000Z'],
    // WiM Anmeldung MSB, by the end of the 5th WT: Karfreitag and Ostermontag 2026 skipped → Monday 13 April, CEST.
    ['WIM_ANMELDUNG_MSB_ANTWORT', '2026-04-02T10:00:00Z', '2026-04-13T22:00:00.000Z'],
  ])('%s for a request sent %s is due %s', (id, sent, expected) => {
    expect(due(id, sent)).toBe(expected);
  });

  describe('a due that depends on a date the request carries', () => {
    const announced = (vertragsbeginn?: string): RequestMessage => ({
      transaktionsdaten: { kategorie: 'E01' },
      stammdaten: { NETZNUTZUNGSVERTRAG: [{ vertragsbeginn }] },
    });
    const changeAt = (ausfuehrungsdatum: unknown): RequestMessage => ({
      transaktionsdaten: {},
      stammdaten: { AUFTRAG: [{ ausfuehrungsdatum }] },
    });

    it.each([
      // Zuordnungsbeginn ahead: 15:00 of the transmission day itself (CET).
      ['GPKE_EOG_ANTWORT', '2026-11-27T08:00:00Z', announced('2026-11-30T23:00:00Z'), '2026-11-27T14:00:00.000Z'],
      // Not ahead (it began already): 15:00 of the 1st WT after, a Friday → Monday.
      ['GPKE_EOG_ANTWORT', '2026-11-27T08:00:00Z', announced('2026-11-26T23:00:00Z'), '2026-11-30T14:00:00.000Z'],
      // The same for the generating MaLo; the date sent in transaktionsdaten counts as well.
      [
        'GPKE_ZUORDNUNG_ERZ_MALO_ANTWORT',
        '2026-10-23T08:00:00Z',
        { transaktionsdaten: { vertragsbeginn: '2026-10-01T22:00:00Z' } },
        '2026-10-26T14:00:00.000Z',
      ],
      // Gerätewechsel on Tuesday 29 Dec 2026: the 2nd WT before is Wednesday the 23rd (24 to 27 Dec are none).
      [
        'WIM_GERAETEWECHSELABSICHT_ANTWORT',
        '2026-12-01T08:00:00Z',
        changeAt('2026-12-29T07:00:00Z'),
        '2026-12-23T23:00:00.000Z',
      ],
      // On 1 April 2026 at 00:00 German time (still 31 March in UTC): counted from the German date → end of 30 March.
      [
        'WIM_GERAETEWECHSELABSICHT_ANTWORT',
        '2026-03-20T08:00:00Z',
        changeAt('2026-03-31T22:00:00Z'),
        '2026-03-30T22:00:00.000Z',
      ],
    ])('%s for a request sent %s is due as its date says', (id, sent, request, expected) => {
      expect(due(id, sent, request)).toBe(expected);
    });

    it.each([
      ['GPKE_EOG_ANTWORT', announced(undefined)],
      ['GPKE_EOG_ANTWORT', { transaktionsdaten: {} }],
      ['WIM_GERAETEWECHSELABSICHT_ANTWORT', changeAt('not a date')],
      ['WIM_GERAETEWECHSELABSICHT_ANTWORT', changeAt(20261229)],
      ['WIM_GERAETEWECHSELABSICHT_ANTWORT', { transaktionsdaten: {}, stammdaten: [] }],
    ])('%s sets no deadline for a request without a usable date', (id, request) => {
      expect(due(id, '2026-12-01T08:00:00Z', request)).toBeUndefined();
    });

    it('should start the announced assignments only on their Ankündigung (E01), not on the assignment for silence', () => {
      expect(deadlineRulesStartedBy('LF', '55013', 'E01').map(({ rule }) => rule)).toEqual(['GPKE_EOG_ANTWORT']);
      expect(deadlineRulesStartedBy('LF', '55013', 'Z89')).toEqual([]);
      expect(deadlineRulesStartedBy('LF', '55607', 'Z89')).toEqual([]);
    });
  });

  it('should start a rule that names its kategorie only for that one, or when the message sends none', () => {
    const started = (kategorie?: string) => deadlineRulesStartedBy('LF', '55007', kategorie).map(({ rule }) => rule);
    expect(started('E02')).toEqual(['GPKE_LIEFERENDE_NB_ANTWORT']);
    expect(started(undefined)).toEqual(['GPKE_LIEFERENDE_NB_ANTWORT']);
    // Z90: the end "aufgrund fehlender Antwort" owes no answer.
    expect(started('Z90')).toEqual([]);
  });

  it('should keep rules per role: the same PI starts the rule of the role that books it', () => {
    expect(deadlineRulesStartedBy('LF', '17006').map(({ rule }) => rule)).toEqual([
      'WIM_BEENDIGUNG_RECHNUNGSABWICKLUNG_LF_ANTWORT',
    ]);
    expect(deadlineRulesStartedBy('MSB', '17006').map(({ rule }) => rule)).toEqual([
      'WIM_BEENDIGUNG_RECHNUNGSABWICKLUNG_MSB_ANTWORT',
    ]);
    expect(deadlineRulesStartedBy('LF', '55001')).toEqual([]);
    // Sperr- and Entsperrauftrag share their answers: the process holds the one it owes.
    expect(deadlineRulesAnsweredBy('NB', '19116').map(({ rule }) => rule)).toEqual([
      'GPKE_SPERRAUFTRAG_ANTWORT',
      'GPKE_ENTSPERRAUFTRAG_ANTWORT',
    ]);
  });

  it('should have well-formed rules: five-digit PIs, no PI both request and answer of a role, times of a day', () => {
    for (const candidate of DEADLINE_RULES) {
      expect([candidate.rule, [...candidate.request, ...candidate.answers].every((pi) => /^\d{5}$/.test(pi))]).toEqual([
        candidate.rule,
        true,
      ]);
      expect([candidate.rule, candidate.request.filter((pi) => candidate.answers.includes(pi))]).toEqual([
        candidate.rule,
        [],
      ]);
      const counts =
        'workingDays' in candidate.due
          ? [candidate.due]
          : 'workingDaysBefore' in candidate.due
            ? []
            : [candidate.due.whileAhead, candidate.due.otherwise];
      for (const count of counts) {
        if ('at' in count) expect(count.at).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        // The same day only with a time of it (15:00 of the ÜT), never "by its end".
        expect(count.workingDays).toBeGreaterThanOrEqual('at' in count ? 0 : 1);
      }
      if ('workingDaysBefore' in candidate.due) expect(candidate.due.workingDaysBefore).toBeGreaterThanOrEqual(1);
    }
  });

  it('should name a source for every rule and have unique rule ids', () => {
    expect(DEADLINE_RULES.every((candidate) => candidate.source.includes('BK6-24-174'))).toBe(true);
    expect(new Set(DEADLINE_RULES.map((candidate) => candidate.rule)).size).toBe(DEADLINE_RULES.length);
  });
});
