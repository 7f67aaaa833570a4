import type { DeadlineRule, DueAt } from './deadline-rules';
import { addCalendarDays, addWorkingDays, germanDateOf, germanTimeToInstant } from './working-days';

/**
 * When an answer is due for a request transmitted at `transmittedAt`: counted in working days from the German date of
 * the transmission; "by the end of" a day is 00:00 German time of the next calendar day.
 */
export function dueOf(due: DueAt, transmittedAt: Date): Date {
  const day = addWorkingDays(germanDateOf(transmittedAt), due.workingDays);
  return 'at' in due ? germanTimeToInstant(day, due.at) : germanTimeToInstant(addCalendarDays(day, 1), '00:00');
}

/** The deadline a rule sets for a request transmitted at `transmittedAt`. */
export function deadlineOf(rule: DeadlineRule, transmittedAt: Date): { rule: string; transmittedAt: Date; due: Date } {
  return { rule: rule.rule, transmittedAt, due: dueOf(rule.due, transmittedAt) };
}
