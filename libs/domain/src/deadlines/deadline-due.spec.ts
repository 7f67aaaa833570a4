import { deadlineOf } from './deadline-due';
import { DEADLINE_RULES, type DeadlineRule } from './deadline-rules';

const rule = (id: string): DeadlineRule => {
  const found = DEADLINE_RULES.find((candidate) => candidate.rule === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};
const due = (id: string, sent: string) => deadlineOf(rule(id), new Date(sent)).due.toISOString();

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
  ])('%s for a request sent %s is due %s', (id, sent, expected) => {
    expect(due(id, sent)).toBe(expected);
  });

  it('should name a source for every rule and have unique rule ids', () => {
    expect(DEADLINE_RULES.every((candidate) => candidate.source.includes('BK6-24-174'))).toBe(true);
    expect(new Set(DEADLINE_RULES.map((candidate) => candidate.rule)).size).toBe(DEADLINE_RULES.length);
  });
});
