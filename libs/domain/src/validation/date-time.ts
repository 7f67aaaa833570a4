import { ValidateBy, type ValidationOptions } from 'class-validator';
import { MESSAGES } from './messages';

// RFC 3339 §5.6 date-time: upper- or lower-case `T`/`Z` (§5.6 note), optional fraction, mandatory offset.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

/** True for an RFC 3339 date-time with a real calendar date, e.g. `2024-04-01T10:57:00Z`. */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const [offsetHour, offsetMinute] = match.slice(7).map((part) => (part === undefined ? 0 : Number(part)));
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 && // leap second, RFC 3339 §5.7
    offsetHour <= 23 &&
    offsetMinute <= 59
  );
}

/** Checks an RFC 3339 date-time string; calendar-invalid dates such as `2024-02-30T00:00:00Z` fail. */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  const validator = { validate: (value: unknown) => isDateTime(value), defaultMessage: () => MESSAGES.dateTime };
  return ValidateBy({ name: 'isDateTime', validator }, options);
}
