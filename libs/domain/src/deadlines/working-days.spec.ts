import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  addCalendarDays,
  addWorkingDays,
  germanDateOf,
  germanTimeToInstant,
  isWorkingDay,
  nonWorkingDayReason,
  nthWorkingDayOfMonth,
  workingDayDeadline,
} from './working-days';

const REFERENCE = resolve(__dirname, '../../../../reference/fristenkalender');
const HOUR = 3_600_000;

/** Every date of a year, 'YYYY-MM-DD'. */
function daysOf(year: number): string[] {
  const days: string[] = [];
  for (let day = `${year}-01-01`; day.startsWith(`${year}-`); day = addCalendarDays(day, 1)) days.push(day);
  return days;
}
const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/**
 * The weekdays (Monday to Friday) that are not working days, with the reason: a holiday in at least one Land (with
 * the Länder when not all), 24 and 31 December, the LFW24 switch-over. Holidays on a Saturday or Sunday are not
 * listed (2025-09-20 Weltkindertag, 2026-10-31 Reformationstag, …): the weekend already makes them non-working.
 */
const NON_WORKING_WEEKDAYS: Record<number, Record<string, string>> = {
  2025: {
    '2025-01-01': 'Neujahrstag',
    '2025-01-06': 'Heilige Drei Könige (BW, BY, ST)',
    '2025-04-18': 'Karfreitag',
    '2025-04-21': 'Ostermontag',
    '2025-05-01': 'Tag der Arbeit',
    '2025-05-08': 'Tag der Befreiung (BE, einmalig)',
    '2025-05-29': 'Christi Himmelfahrt',
    '2025-06-06': 'Umstellung auf den 24-Stunden-Lieferantenwechsel (BDEW)',
    '2025-06-09': 'Pfingstmontag',
    '2025-06-19': 'Fronleichnam (BW, BY, HE, NW, RP, SL)',
    '2025-08-15': 'Mariä Himmelfahrt (BY, SL)',
    '2025-10-03': 'Tag der Deutschen Einheit',
    '2025-10-31': 'Reformationstag (BB, HB, HH, MV, NI, SN, ST, SH, TH)',
    '2025-11-19': 'Buß- und Bettag (SN)',
    '2025-12-24': 'Heiligabend (BDEW)',
    '2025-12-25': '1. Weihnachtstag',
    '2025-12-26': '2. Weihnachtstag',
    '2025-12-31': 'Silvester (BDEW)',
  },
  2026: {
    '2026-01-01': 'Neujahrstag',
    '2026-01-06': 'Heilige Drei Könige (BW, BY, ST)',
    '2026-04-03': 'Karfreitag',
    '2026-04-06': 'Ostermontag',
    '2026-05-01': 'Tag der Arbeit',
    '2026-05-14': 'Christi Himmelfahrt',
    '2026-05-25': 'Pfingstmontag',
    '2026-06-04': 'Fronleichnam (BW, BY, HE, NW, RP, SL)',
    '2026-11-18': 'Buß- und Bettag (SN)',
    '2026-12-24': 'Heiligabend (BDEW)',
    '2026-12-25': '1. Weihnachtstag',
    '2026-12-31': 'Silvester (BDEW)',
  },
  2027: {
    '2027-01-01': 'Neujahrstag',
    '2027-01-06': 'Heilige Drei Könige (BW, BY, ST)',
    '2027-03-08': 'Weltfrauentag (BE, MV)',
    '2027-03-26': 'Karfreitag',
    '2027-03-29': 'Ostermontag',
    '2027-05-06': 'Christi Himmelfahrt',
    '2027-05-17': 'Pfingstmontag',
    '2027-05-27': 'Fronleichnam (BW, BY, HE, NW, RP, SL)',
    '2027-09-20': 'Weltkindertag (TH)',
    '2027-11-01': 'Allerheiligen (BW, BY, NW, RP, SL)',
    '2027-11-17': 'Buß- und Bettag (SN)',
    '2027-12-24': 'Heiligabend (BDEW)',
    '2027-12-31': 'Silvester (BDEW)',
  },
};

/** The reference's rows `dtstart,summary` (header dropped), sorted. */
function referenceFristen(year: number): string[] {
  const [header, ...rows] = readFileSync(join(REFERENCE, `fristen-${year}.csv`), 'utf8')
    .trim()
    .split('\n');
  expect(header).toBe('dtstart,summary');
  return rows.sort();
}

const WT_FRISTEN = [5, 10, 12, 14, 16, 17, 18, 20, 21, 26, 30, 42];
/** The "3LWT" Fristen (asynchrone Bilanzierung) ended with the 24-hour supplier switch. */
const LFW24 = '2025-06-06';

/**
 * The Fristenkalender of `year` built the way the reference's generator builds it, on this calendar:
 * - "nWT": the n-th working day of each month from October of the year before to January after, counted from the
 *   1st, kept when it falls between 1 December of the year before and the end of January after. One that falls in a
 *   later month carries "(⭐m)", m being the month before its month as the generator writes it (month − 1, 12 for
 *   January);
 * - "LWT": the last working day of each month from December before to January after;
 * - "3LWT": the third working day before the last calendar day of the month (that day itself not counted), only
 *   before LFW24.
 */
function fristenkalender(year: number): string[] {
  const months: [number, number][] = [
    [year - 1, 10],
    [year - 1, 11],
    [year - 1, 12],
  ];
  for (let month = 1; month <= 12; month++) months.push([year, month]);
  months.push([year + 1, 1]);
  const rows: string[] = [];
  for (const n of WT_FRISTEN) {
    for (const [y, month] of months) {
      const date = nthWorkingDayOfMonth(y, month, n);
      if (date < `${year - 1}-12-01` || date >= `${year + 1}-02-01`) continue;
      const later = Number(date.slice(5, 7)) !== month;
      rows.push(`${date},${n}WT${later ? ` (⭐${month === 1 ? 12 : month - 1})` : ''}`);
    }
  }
  for (const [y, month] of months.slice(2)) {
    const firstOfNext = month === 12 ? `${y + 1}-01-01` : `${y}-${String(month + 1).padStart(2, '0')}-01`;
    rows.push(`${addWorkingDays(firstOfNext, -1)},LWT`);
    const thirdLast = addWorkingDays(addCalendarDays(firstOfNext, -1), -3);
    if (thirdLast < LFW24) rows.push(`${thirdLast},3LWT`);
  }
  return rows.sort();
}

describe('the BDEW working-day calendar', () => {
  describe('against the Hochfrequenz Fristenkalender (reference/fristenkalender)', () => {
    it.each([
      [2025, 189],
      [2026, 182],
      [2027, 181],
    ])('should give every Frist of the %i calendar (%i Fristen) on the same day', (year, count) => {
      const reference = referenceFristen(year);

      expect(reference).toHaveLength(count);
      expect(fristenkalender(year)).toEqual(reference);
    });

    it('should count 2025-05-08 (Berlin) and 2025-06-06 (LFW24) out, as the reference does', () => {
      const may = referenceFristen(2025).filter((row) => row.startsWith('2025-05') || row.startsWith('2025-06'));

      expect(may).toContain('2025-05-09,5WT'); // 2, 5, 6, 7, 9 May: the 8th is out
      expect(may).toContain('2025-06-10,5WT'); // 2, 3, 4, 5, 10 June: the 6th and Pfingstmontag out
    });
  });

  describe('every day of 2025, 2026 and 2027', () => {
    it.each([2025, 2026, 2027])('should in %i take out the weekends and exactly the listed weekdays', (year) => {
      const days = daysOf(year);
      const listed = NON_WORKING_WEEKDAYS[year];

      const wrong = days.filter((day) => isWorkingDay(day) !== !(isWeekend(day) || day in listed));
      const reasons = Object.fromEntries(
        days.filter((day) => !isWeekend(day) && !isWorkingDay(day)).map((day) => [day, nonWorkingDayReason(day)]),
      );

      expect(days.length).toBeGreaterThanOrEqual(365);
      expect(wrong).toEqual([]);
      expect(reasons).toEqual(listed);
    });

    it.each([2025, 2026, 2027])('should in %i give every Saturday and Sunday as the reason for itself', (year) => {
      for (const day of daysOf(year).filter(isWeekend)) {
        expect(nonWorkingDayReason(day)).toMatch(/^(Samstag|Sonntag)$/);
      }
    });
  });

  describe('isWorkingDay', () => {
    it.each([
      ['2025-12-24', 'Heiligabend'],
      ['2025-12-31', 'Silvester'],
      ['2026-12-24', 'Heiligabend'],
      ['2026-12-31', 'Silvester'],
      ['2026-01-01', 'Neujahr'],
      ['2025-12-25', '1. Weihnachtstag'],
      ['2025-12-26', '2. Weihnachtstag'],
      ['2025-06-06', 'LFW24 switch-over'],
      ['2025-11-19', 'Buß- und Bettag, Sachsen only'],
      ['2027-09-20', 'Weltkindertag, Thüringen only (a Monday; 2025-09-20 is a Saturday)'],
      ['2027-03-08', 'Frauentag, Berlin and Mecklenburg-Vorpommern'],
      ['2022-03-08', 'Frauentag, Berlin alone before Mecklenburg-Vorpommern (2023)'],
      ['2025-01-06', 'Heilige Drei Könige, BW/BY/ST'],
      ['2025-06-19', 'Fronleichnam'],
      ['2025-08-15', 'Mariä Himmelfahrt, Bayern and Saarland'],
      ['2025-10-31', 'Reformationstag'],
      ['2027-11-01', 'Allerheiligen'],
      ['2025-05-08', 'Tag der Befreiung, Berlin, once'],
      ['2025-03-29', 'Saturday'],
      ['2025-03-30', 'Sunday'],
    ])('should take %s out (%s)', (date) => {
      expect(isWorkingDay(date)).toBe(false);
      expect(nonWorkingDayReason(date)).toEqual(expect.any(String));
    });

    it.each([
      ['2025-12-23', 'the Tuesday before Christmas'],
      ['2025-12-29', 'between the holidays'],
      ['2026-01-02', 'the Friday after New Year'],
      ['2025-06-05', 'the day before LFW24'],
      ['2025-08-08', 'Augsburger Friedensfest: a city, not a Land'],
      ['2024-06-06', 'the LFW24 day is a one-off'],
      ['2026-05-08', 'Tag der Befreiung was a one-off'],
      ['2018-03-08', 'Frauentag came in Berlin only in 2019'],
      ['2018-09-20', 'Weltkindertag came in Thüringen only in 2019'],
      ['2025-03-31', 'the Monday after the spring switch'],
      ['2025-10-27', 'the Monday after the autumn switch'],
    ])('should keep %s (%s)', (date) => {
      expect(isWorkingDay(date)).toBe(true);
      expect(nonWorkingDayReason(date)).toBeUndefined();
    });

    it.each(['2025-02-30', '2025-2-3', '25-01-01', '2025-13-01', '', 'today'])('should refuse %j', (date) => {
      expect(() => isWorkingDay(date)).toThrow(RangeError);
    });
  });

  describe('addWorkingDays', () => {
    it.each([
      ['2025-12-23', 1, '2025-12-29'],
      ['2025-12-30', 1, '2026-01-02'],
      ['2025-12-30', 2, '2026-01-05'],
      ['2025-12-31', 1, '2026-01-02'],
      ['2025-06-05', 1, '2025-06-10'],
      ['2025-05-07', 1, '2025-05-09'],
      ['2025-11-18', 1, '2025-11-20'],
      ['2025-03-28', 1, '2025-03-31'],
      ['2025-03-29', 1, '2025-03-31'],
      ['2025-12-24', 0, '2025-12-24'],
      ['2026-01-02', -1, '2025-12-30'],
      ['2025-06-10', -1, '2025-06-05'],
      ['2025-01-01', 10, '2025-01-16'],
    ])('should count from %s %i working days to %s', (date, n, expected) => {
      expect(addWorkingDays(date, n)).toBe(expected);
    });

    it('should land on a working day for every start and n in 2025–2027', () => {
      for (const day of [...daysOf(2025), ...daysOf(2026), ...daysOf(2027)]) {
        const next = addWorkingDays(day, 1);
        expect(isWorkingDay(next)).toBe(true);
        expect(next > day).toBe(true);
        // No working day is skipped in between.
        for (let between = addCalendarDays(day, 1); between < next; between = addCalendarDays(between, 1)) {
          expect(isWorkingDay(between)).toBe(false);
        }
      }
    });

    it('should refuse a fractional count', () => {
      expect(() => addWorkingDays('2025-01-02', 1.5)).toThrow(RangeError);
    });
  });

  describe('German legal time', () => {
    it.each([
      // Winter (CET, UTC+1) and summer (CEST, UTC+2).
      ['2025-01-15', '11:00', '2025-01-15T10:00:00.000Z'],
      ['2025-07-15', '11:00', '2025-07-15T09:00:00.000Z'],
      ['2025-01-15', '00:00', '2025-01-14T23:00:00.000Z'],
      ['2025-12-31', '24:00', '2025-12-31T23:00:00.000Z'],
      // Spring switch 2025-03-30: 02:00 CET → 03:00 CEST; 02:00–02:59 do not exist and move on by the gap.
      ['2025-03-30', '00:00', '2025-03-29T23:00:00.000Z'],
      ['2025-03-30', '01:59', '2025-03-30T00:59:00.000Z'],
      ['2025-03-30', '02:00', '2025-03-30T01:00:00.000Z'],
      ['2025-03-30', '02:30', '2025-03-30T01:30:00.000Z'],
      ['2025-03-30', '03:00', '2025-03-30T01:00:00.000Z'],
      ['2025-03-30', '11:00', '2025-03-30T09:00:00.000Z'],
      ['2025-03-30', '24:00', '2025-03-30T22:00:00.000Z'],
      // Autumn switch 2025-10-26: 03:00 CEST → 02:00 CET; 02:00–02:59 happen twice, the earlier (CEST) is taken.
      ['2025-10-26', '00:00', '2025-10-25T22:00:00.000Z'],
      ['2025-10-26', '01:59', '2025-10-25T23:59:00.000Z'],
      ['2025-10-26', '02:00', '2025-10-26T00:00:00.000Z'],
      ['2025-10-26', '02:30', '2025-10-26T00:30:00.000Z'],
      ['2025-10-26', '03:00', '2025-10-26T02:00:00.000Z'],
      ['2025-10-26', '11:00', '2025-10-26T10:00:00.000Z'],
      ['2025-10-26', '24:00', '2025-10-26T23:00:00.000Z'],
      // 2026: 29 March and 25 October.
      ['2026-03-29', '01:30', '2026-03-29T00:30:00.000Z'],
      ['2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
      ['2026-03-29', '03:30', '2026-03-29T01:30:00.000Z'],
      ['2026-10-25', '01:30', '2026-10-24T23:30:00.000Z'],
      ['2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
      ['2026-10-25', '03:30', '2026-10-25T02:30:00.000Z'],
    ])('should put %s %s German time at %s', (date, time, instant) => {
      expect(germanTimeToInstant(date, time).toISOString()).toBe(instant);
    });

    it.each([
      ['2025-03-29T22:59:59.999Z', '2025-03-29'],
      ['2025-03-29T23:00:00.000Z', '2025-03-30'],
      ['2025-03-30T21:59:59.999Z', '2025-03-30'],
      ['2025-03-30T22:00:00.000Z', '2025-03-31'],
      ['2025-10-25T21:59:59.999Z', '2025-10-25'],
      ['2025-10-25T22:00:00.000Z', '2025-10-26'],
      ['2025-10-26T22:59:59.999Z', '2025-10-26'],
      ['2025-10-26T23:00:00.000Z', '2025-10-27'],
      ['2026-03-28T23:30:00.000Z', '2026-03-29'],
      ['2026-10-24T22:30:00.000Z', '2026-10-25'],
      ['2025-12-31T23:00:00.000Z', '2026-01-01'],
    ])('should date the instant %s on %s in Germany', (instant, date) => {
      expect(germanDateOf(new Date(instant))).toBe(date);
    });

    it('should make the switch days 23 and 25 hours long and every other day 24, 2025–2027', () => {
      const lengths: Record<string, number> = {};
      for (const day of [...daysOf(2025), ...daysOf(2026), ...daysOf(2027)]) {
        const start = germanTimeToInstant(day, '00:00');
        const end = germanTimeToInstant(day, '24:00');
        expect(germanDateOf(start)).toBe(day);
        expect(germanDateOf(new Date(end.getTime() - 1))).toBe(day);
        expect(germanDateOf(germanTimeToInstant(day, '12:00'))).toBe(day);
        const hours = (end.getTime() - start.getTime()) / HOUR;
        if (hours !== 24) lengths[day] = hours;
      }

      expect(lengths).toEqual({
        '2025-03-30': 23,
        '2025-10-26': 25,
        '2026-03-29': 23,
        '2026-10-25': 25,
        '2027-03-28': 23,
        '2027-10-31': 25,
      });
    });

    it.each(['11', '11:60', '25:00', '24:01', '1:00', 'noon'])('should refuse the time %j', (time) => {
      expect(() => germanTimeToInstant('2025-01-15', time)).toThrow(RangeError);
    });

    it('should refuse an invalid instant', () => {
      expect(() => germanDateOf(new Date(NaN))).toThrow(RangeError);
    });
  });

  describe('workingDayDeadline', () => {
    it('should put "11:00 of the 1st WT after the transmission day" after Christmas', () => {
      // Tuesday 23 December 2025, 11:00 CET: the 24th, 25th, 26th and the weekend are out.
      expect(workingDayDeadline(new Date('2025-12-23T10:00:00Z'), 1, '11:00').toISOString()).toBe(
        '2025-12-29T10:00:00.000Z',
      );
    });

    it('should put "by the end of the 1st WT" at 00:00 German time of the next calendar day', () => {
      // Tuesday 30 December 2025: the 31st and 1 January are out; the 1st WT is Friday 2 January 2026.
      expect(workingDayDeadline(new Date('2025-12-30T15:00:00Z'), 1, '24:00').toISOString()).toBe(
        '2026-01-02T23:00:00.000Z',
      );
    });

    it('should count from the German calendar day, not the UTC one', () => {
      // 22:30Z on 4 June 2025 is already Thursday 5 June in Germany; the 6th (LFW24) and Pfingstmontag are out.
      expect(workingDayDeadline(new Date('2025-06-04T22:30:00Z'), 1, '11:00').toISOString()).toBe(
        '2025-06-10T09:00:00.000Z',
      );
      expect(workingDayDeadline(new Date('2025-06-04T21:30:00Z'), 1, '11:00').toISOString()).toBe(
        '2025-06-05T09:00:00.000Z',
      );
    });

    it('should take the offset of the deadline day across the spring switch', () => {
      // Sent Friday 28 March 2025 (CET); due Monday 31 March 11:00 CEST = 09:00Z.
      expect(workingDayDeadline(new Date('2025-03-28T10:00:00Z'), 1, '11:00').toISOString()).toBe(
        '2025-03-31T09:00:00.000Z',
      );
      // Sent Friday 24 October 2025 (CEST); the end of Monday 27 October is 00:00 CET of the 28th = 23:00Z.
      expect(workingDayDeadline(new Date('2025-10-24T10:00:00Z'), 1, '24:00').toISOString()).toBe(
        '2025-10-27T23:00:00.000Z',
      );
    });
  });

  describe('nthWorkingDayOfMonth', () => {
    it.each([
      [2025, 1, 1, '2025-01-02'],
      [2025, 1, 5, '2025-01-09'],
      [2025, 4, 1, '2025-04-01'],
      [2025, 11, 20, '2025-12-01'],
    ])('should count %i-%i: WT %i is %s', (year, month, n, expected) => {
      expect(nthWorkingDayOfMonth(year, month, n)).toBe(expected);
    });

    it('should refuse n < 1', () => {
      expect(() => nthWorkingDayOfMonth(2025, 1, 0)).toThrow(RangeError);
    });
  });
});
