import type { CountedForward, DeadlineRule, DueAt } from './deadline-rules';
import { requestDateOf, type RequestMessage } from './request-dates';
import { addCalendarDays, addWorkingDays, germanDateOf, germanTimeToInstant } from './working-days';

/**
 * When an answer is due for a request transmitted at `transmittedAt`: counted in working days from the German date of
 * the transmission, or back from a date the request carries; "by the end of" a day is 00:00 German time of the next
 * calendar day. Undefined when the due depends on a date `request` does not carry.
 */
export function dueOf(due: DueAt, transmittedAt: Date, request?: RequestMessage): Date | undefined {
  if ('workingDays' in due) return countedForward(due, transmittedAt);
  const date = request && requestDateOf(due.of, request);
  if (date === undefined) return undefined;
  if ('workingDaysBefore' in due) return endOf(addWorkingDays(germanDateOf(date), -due.workingDaysBefore));
  return countedForward(date > transmittedAt ? due.whileAhead : due.otherwise, transmittedAt);
}

function countedForward(due: CountedForward, transmittedAt: Date): Date {
  const day = addWorkingDays(germanDateOf(transmittedAt), due.workingDays);
  return 'at' in due ? germanTimeToInstant(day, due.at) : endOf(day);
}

function endOf(day: string): Date {
  return germanTimeToInstant(addCalendarDays(day, 1), '00:00');
}

/** The deadline a rule sets for a request transmitted at `transmittedAt`; none when its due cannot be computed. */
export function deadlineOf(
  rule: DeadlineRule,
  transmittedAt: Date,
  request?: RequestMessage,
): { rule: string; transmittedAt: Date; due: Date } | undefined {
  const due = dueOf(rule.due, transmittedAt, request);
  return due && { rule: rule.rule, transmittedAt, due };
}
