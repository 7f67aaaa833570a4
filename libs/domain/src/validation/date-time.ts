import { ValidateBy, type ValidationOptions } from 'class-validator';
import { MESSAGES } from './messages';

// RFC 3339 §5.6 date-time: upper- or lower-case `T`/`Z` (§5.6 note), optional fraction, mandatory offset. The shape
// fixes where each number sits, so they are read at those positions rather than from capture groups (no match array).
// Not RFC3339_DATE_TIME: the body rule takes a fraction of any length, the HTTP parameters' at most nine digits.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

/** The number written by the ASCII digits `text[start]`…`text[end - 1]`. */
function digitsAt(text: string, start: number, end: number): number {
  let number = 0;
  for (let index = start; index < end; index++) number = number * 10 + text.charCodeAt(index) - 48;
  return number;
}

/** True for an RFC 3339 date-time with a real calendar date, e.g. `2024-04-01T10:57:00Z`. */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_TIME.test(value)) return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  const hour = digitsAt(value, 11, 13);
  const minute = digitsAt(value, 14, 16);
  const second = digitsAt(value, 17, 19);
  // The string ends in `Z`/`z` (offset zero) or a numeric offset `±hh:mm`.
  const end = value.length;
  const zulu = value[end - 1] === 'Z' || value[end - 1] === 'z';
  const offsetHour = zulu ? 0 : digitsAt(value, end - 5, end - 3);
  const offsetMinute = zulu ? 0 : digitsAt(value, end - 2, end);
  return fieldsInRange(year, month, day, hour, minute, second, offsetHour, offsetMinute, 23);
}

/**
 * Whether date and time fields name a real calendar instant: the day exists in its month, a leap second (RFC 3339
 * §5.7) is allowed, the offset within `maxOffsetHours`. Positional, not an array: isDateTime runs for every date of
 * every body.
 */
function fieldsInRange(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  offsetHour: number,
  offsetMinute: number,
  maxOffsetHours: number,
): boolean {
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    offsetHour <= maxOffsetHours &&
    offsetMinute <= 59
  );
}

/** Checks an RFC 3339 date-time string; calendar-invalid dates such as `2024-02-30T00:00:00Z` fail. */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  const validator = { validate: (value: unknown) => isDateTime(value), defaultMessage: () => MESSAGES.dateTime };
  return ValidateBy({ name: 'isDateTime', validator }, options);
}

// The instants HTTP parameters and cursors carry: seconds optional, `T` or a space, `Z` or an offset `±hh`, `±hhmm`,
// `±hh:mm`. Captured here, since the fields do not sit at fixed positions.
const INSTANT_FIELDS =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)$/;
/** PostgreSQL refuses a displacement beyond ±15:59 ("time zone displacement out of range"). */
const MAX_OFFSET_HOURS = 15;

/**
 * True when an instant's text names a real calendar date and time that PostgreSQL takes: `Date.parse` rolls
 * `2026-02-30` over into March, and PostgreSQL refuses it (a 500 where the caller deserved a 400).
 */
export function isCalendarInstant(text: string): boolean {
  const fields = INSTANT_FIELDS.exec(text);
  if (!fields) return false;
  // Seconds and offset left out are zero.
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = fields
    .slice(1)
    .map((field) => Number(field ?? 0));
  return fieldsInRange(year, month, day, hour, minute, second, offsetHour, offsetMinute, MAX_OFFSET_HOURS);
}
