/**
 * The BDEW working-day calendar that market-communication deadlines are counted in.
 *
 * A working day (Werktag, WT) is a day that is neither Saturday nor Sunday nor a public holiday, and a holiday of a
 * single Land counts for everyone: the market partners sit all over Germany, so a day off in any of the 16 Länder is
 * off for the whole market. The BDEW adds 24 and 31 December every year and, once, 2025-06-06 (the switch-over to
 * the 24-hour supplier switch, LFW24). Holidays of a city alone (Augsburger Friedensfest) do not count.
 *
 * Days are German calendar dates as 'YYYY-MM-DD' strings; instants are `Date`s. German legal time is Europe/Berlin
 * (CET/CEST), read through Intl so the daylight-saving switches come from the runtime's time-zone data.
 */
import { getHolidays } from 'feiertagejs';

/** The 16 Länder (feiertagejs region codes). Its 'ALL' and 'AUGSBURG' are left out on purpose: Augsburg is a city. */
const LAENDER = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HE',
  'HH',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;

/**
 * Holidays of a Land that feiertagejs 1.5.1 does not carry: one-off days declared by a Land's own law. The
 * Fristenkalender reference (reference/fristenkalender) counts 2025-05-08 as a non-working day.
 */
const ONE_OFF_LAND_HOLIDAYS: Readonly<Record<string, string>> = {
  '2020-05-08': 'Tag der Befreiung (BE, einmalig)',
  '2025-05-08': 'Tag der Befreiung (BE, einmalig)',
};

/** Days the BDEW itself declares non-working, beyond the public holidays. */
const BDEW_ONE_OFF_DAYS: Readonly<Record<string, string>> = {
  '2025-06-06': 'Umstellung auf den 24-Stunden-Lieferantenwechsel (BDEW)',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;
const WEEKEND = ['Sonntag', undefined, undefined, undefined, undefined, undefined, 'Samstag'] as const;

/** Days since 1970-01-01 of a valid 'YYYY-MM-DD'; throws on anything else (also on 2025-02-30). */
function dayNumber(date: string): number {
  const match = DATE.exec(date);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a calendar date 'YYYY-MM-DD': ${JSON.stringify(date)}`);
  }
  return ms / DAY_MS;
}

const dateOfDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Non-working days of one year that are not weekends, with the reason; built once per year. */
const nonWorkingByYear = new Map<number, ReadonlyMap<string, string>>();

function nonWorkingDaysOf(year: number): ReadonlyMap<string, string> {
  let days = nonWorkingByYear.get(year);
  if (days) return days;
  // Asked per Land (not through a holiday's `regions`, which feiertagejs does not narrow by year: Frauentag in MV
  // only from 2023, Weltkindertag in TH from 2019), so a day is listed with the Länder where it is a holiday that year.
  const laender = new Map<string, { name: string; laender: string[] }>();
  for (const land of LAENDER) {
    for (const holiday of getHolidays(year, land)) {
      const entry = laender.get(holiday.dateString) ?? { name: holiday.translate('de') ?? holiday.name, laender: [] };
      entry.laender.push(land);
      laender.set(holiday.dateString, entry);
    }
  }
  const reasons = new Map<string, string>();
  for (const [date, { name, laender: where }] of laender) {
    reasons.set(date, where.length === LAENDER.length ? name : `${name} (${where.join(', ')})`);
  }
  for (const table of [ONE_OFF_LAND_HOLIDAYS, BDEW_ONE_OFF_DAYS]) {
    for (const [date, reason] of Object.entries(table)) if (date.startsWith(`${year}-`)) reasons.set(date, reason);
  }
  reasons.set(`${year}-12-24`, 'Heiligabend (BDEW)');
  reasons.set(`${year}-12-31`, 'Silvester (BDEW)');
  days = reasons;
  nonWorkingByYear.set(year, days);
  return days;
}

/** Why `date` is not a working day ('Samstag', 'Fronleichnam (BW, BY, …)', …), or undefined when it is one. */
export function nonWorkingDayReason(date: string): string | undefined {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday.
  return WEEKEND[(((day + 4) % 7) + 7) % 7] ?? nonWorkingDaysOf(Number(date.slice(0, 4))).get(date);
}

/** Whether the German calendar date `date` ('YYYY-MM-DD') is a BDEW working day. */
export function isWorkingDay(date: string): boolean {
  return nonWorkingDayReason(date) === undefined;
}

/** `date` moved by `days` calendar days. */
export function addCalendarDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`not a whole number of days: ${days}`);
  return dateOfDayNumber(dayNumber(date) + days);
}

/**
 * The n-th working day after `date` (n = 1: the next working day, whatever `date` itself is); a negative n counts
 * back (-1: the last working day before `date`); 0 gives `date`.
 */
export function addWorkingDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`not a whole number of working days: ${n}`);
  const step = Math.sign(n);
  let day = dayNumber(date);
  for (let left = Math.abs(n); left > 0;) {
    day += step;
    if (isWorkingDay(dateOfDayNumber(day))) left--;
  }
  return dateOfDayNumber(day);
}

/** The n-th working day of a month, counted from its 1st ("5. WT" of the Fristenkalender); may fall in a later month. */
export function nthWorkingDayOfMonth(year: number, month: number, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`the n-th working day needs n >= 1: ${n}`);
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  return addWorkingDays(addCalendarDays(first, -1), n);
}

const BERLIN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const HOUR_MS = 3_600_000;
/** Berlin's UTC offset per UTC hour, as read from Intl (formatToParts costs microseconds; bookings ask per message). */
const offsetByHour = new Map<number, number>();

/**
 * Berlin's UTC offset at an instant, in milliseconds. Constant within a UTC hour: the switches happen at 01:00 UTC.
 */
function berlinOffset(instantMs: number): number {
  const hour = Math.floor(instantMs / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const parts: Record<string, number> = {};
    for (const { type, value } of BERLIN.formatToParts(new Date(start))) parts[type] = Number(value);
    offset = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - start;
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** German wall-clock reading of an instant, as milliseconds of a UTC clock showing the same digits. */
function berlinWallClock(instantMs: number): number {
  return instantMs + berlinOffset(instantMs);
}

/** The German calendar date ('YYYY-MM-DD') of an instant: 2025-03-29T23:30Z is 2025-03-30 in Germany. */
export function germanDateOf(instant: Date): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('not a valid instant');
  return new Date(berlinWallClock(ms)).toISOString().slice(0, 10);
}

/**
 * The instant at which German legal time shows `time` ('HH:MM', or '24:00' for the end of the day, i.e. 00:00 of
 * the next day) on `date`.
 *
 * At the two switches a wall-clock time is not one instant; the choice follows the usual default of java.time and
 * JavaScript's Temporal ('compatible'):
 * - missing hour (last Sunday of March, 02:00–02:59 do not exist): moved forward by the gap, 02:30 → 03:30 CEST;
 * - repeated hour (last Sunday of October, 02:00–02:59 twice): the earlier one, in CEST (02:30 → 00:30Z).
 * Market deadlines (00:00, 11:00, 12:00, end of day) never fall in those hours.
 */
export function germanTimeToInstant(date: string, time: string): Date {
  const match = TIME.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) {
    throw new RangeError(`not a time 'HH:MM' (00:00–24:00): ${JSON.stringify(time)}`);
  }
  const wall = dayNumber(date) * DAY_MS + (hours * 60 + minutes) * 60_000;
  // The offsets in force a day before and a day after: one of them is right, or both are (repeated hour), or
  // neither (missing hour). Berlin changes its offset at most once within two days.
  const before = berlinWallClock(wall - DAY_MS) - (wall - DAY_MS);
  const after = berlinWallClock(wall + DAY_MS) - (wall + DAY_MS);
  const matching = [wall - before, wall - after].filter((instant) => berlinWallClock(instant) === wall);
  return new Date(matching.length > 0 ? Math.min(...matching) : wall - before);
}

/**
 * A deadline counted in working days from the moment a message was sent: `time` ('HH:MM' German time, '24:00' for
 * "by the end of") on the n-th working day after the German calendar day of `sentAt`.
 * "11:00 of the 1st WT after the transmission day": workingDayDeadline(sentAt, 1, '11:00');
 * "by the end of the 1st WT": workingDayDeadline(sentAt, 1, '24:00') = 00:00 German time of the day after.
 */
export function workingDayDeadline(sentAt: Date, n: number, time: string): Date {
  return germanTimeToInstant(addWorkingDays(germanDateOf(sentAt), n), time);
}
