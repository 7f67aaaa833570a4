import type { DeadlineView } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';
import type { DeadlineView as ProcessDeadlineView } from '@maco/process-data/api';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The Mantine colour of a deadline by the time left: red overdue, orange under 2 h, yellow under 24 h, green else. */
export type DueColour = 'red' | 'orange' | 'yellow' | 'green';

export function dueColour(due: string, now: number): DueColour {
  const left = Date.parse(due) - now;
  if (left <= 0) return 'red';
  if (left < 2 * HOUR_MS) return 'orange';
  if (left < DAY_MS) return 'yellow';
  return 'green';
}

/** The time to (or since) the due, coarse: `in 3 h 20 min`, `in 2 d 4 h`, `5 min ago`, `in under a minute`. */
export function relativeDue(due: string, now: number): string {
  const left = Date.parse(due) - now;
  const span = Math.abs(left);
  let text: string;
  if (span < MINUTE_MS) return left >= 0 ? 'in under a minute' : 'under a minute ago';
  if (span < HOUR_MS) text = `${Math.floor(span / MINUTE_MS)} min`;
  else if (span < DAY_MS) {
    const minutes = Math.floor((span % HOUR_MS) / MINUTE_MS);
    text = `${Math.floor(span / HOUR_MS)} h${minutes ? ` ${minutes} min` : ''}`;
  } else {
    const hours = Math.floor((span % DAY_MS) / HOUR_MS);
    text = `${Math.floor(span / DAY_MS)} d${hours ? ` ${hours} h` : ''}`;
  }
  return left >= 0 ? `in ${text}` : `${text} ago`;
}

/**
 * The colour of a deadline's time-left badge on its process page: while it is owed, the Due page's colours (open by the
 * time left, missed and unanswered red: overdue); once answered (in time or late) grey, nothing is owed any more.
 */
export function processDeadlineColour(
  deadline: Pick<ProcessDeadlineView, 'due' | 'state' | 'answeredBy'>,
  now: number,
): DueColour | 'gray' {
  if (deadline.answeredBy || deadline.state === 'met') return 'gray';
  if (deadline.state === 'missed') return 'red';
  return dueColour(deadline.due, now);
}

/** The colour of a deadline's state badge: open blue, met green, missed red. */
export function deadlineStateColour(state: ProcessDeadlineView['state']): 'blue' | 'green' | 'red' {
  return state === 'met' ? 'green' : state === 'missed' ? 'red' : 'blue';
}

/**
 * The query of the overdue deadlines: missed and no answer booked since (a missed deadline answered late owes nothing
 * any more), longest overdue first. The API filters, so every page holds only overdue ones and its cursor reaches all.
 */
export const OVERDUE_QUERY = { state: 'missed', answered: 'false' } as const;

/** The overdue deadlines read so far, in the API's order, and the cursor of the page after them (null: all read). */
export interface OverdueList {
  items: readonly DeadlineView[];
  nextCursor: string | null;
}

/** The list with one more page read: the first page (read with no cursor) starts it afresh, a later one is appended. */
export function withOverduePage(
  list: OverdueList | null,
  page: Page<DeadlineView>,
  cursor: string | null,
): OverdueList {
  const before = cursor === null || list === null ? [] : list.items;
  return { items: [...before, ...page.items], nextCursor: page.nextCursor };
}

/** A row of the Due page: a deadline and whether it is overdue (missed and still unanswered, or open past its due). */
export interface DueRow {
  deadline: DeadlineView;
  overdue: boolean;
}

/**
 * The rows of a page of the Due page: the overdue ones on top (as {@link OVERDUE_QUERY} read them), then the open ones
 * as the API ordered them (soonest due first; one whose due passed since the read is overdue too).
 */
export function dueRows(overdue: readonly DeadlineView[], open: readonly DeadlineView[], now: number): DueRow[] {
  return [
    ...overdue.map((deadline) => ({ deadline, overdue: true })),
    ...open.map((deadline) => ({ deadline, overdue: Date.parse(deadline.due) <= now })),
  ];
}
