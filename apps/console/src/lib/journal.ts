import type { JournalUsage } from '@maco/process-data/api';
import { formatBytes } from './refused';

/** From this share of `JOURNAL_MAX_BYTES` on the banner says how full the journal is. */
export const JOURNAL_FILL_SHOWN_FROM = 0.5;

/** What the write journal banner shows; null while nothing waits. */
export interface JournalBannerContent {
  /** How many writes wait, since when, and why. */
  text: string;
  /** The bytes held of the limit, above {@link JOURNAL_FILL_SHOWN_FROM}; else null. */
  fill: string | null;
  /** Bytes held of the limit (0–1, above 1 never expected). */
  share: number;
  /** The ISO time the waiting began (`journalingSince`, else the oldest entry's arrival); null when neither is known. */
  since: string | null;
}

/** How long ago, for people: `just now`, `42 s ago`, `3 min ago`, `2 h 5 min ago`, `3 days ago`. */
export function relativeTime(then: number, now: number): string {
  const seconds = Math.floor((now - then) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min ago` : `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A local time to the second (`08:31:02`); with the date when it is not the day of `now`. */
export function clockTime(value: string, now: number): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return value;
  return time.toDateString() === new Date(now).toDateString()
    ? time.toLocaleTimeString('de-DE')
    : time.toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'medium' });
}

/**
 * The banner of the write journal (`GET /journal`): how many writes wait, since when (local time and how long ago),
 * and the bytes held of the limit once above half of it. Null when none waits. `time` formats a timestamp (default: the
 * local clock time, {@link clockTime}).
 */
export function journalBanner(
  usage: JournalUsage,
  now: number,
  time: (value: string) => string = (value) => clockTime(value, now),
): JournalBannerContent | null {
  if (usage.entries <= 0) return null;
  const count = usage.entries === 1 ? '1 write waits' : `${usage.entries} writes wait`;
  const since = usage.journalingSince ?? usage.oldestReceivedAt;
  const at = since === null ? Number.NaN : Date.parse(since);
  const when =
    since === null ? '' : Number.isNaN(at) ? ` since ${since}` : ` since ${time(since)}, ${relativeTime(at, now)}`;
  const share = usage.maxBytes > 0 ? usage.bytes / usage.maxBytes : 0;
  return {
    text: `${count} in the write journal${when} (the database is unavailable; they are booked when it is back).`,
    fill:
      share > JOURNAL_FILL_SHOWN_FROM
        ? `The journal holds ${formatBytes(usage.bytes)} of its ${formatBytes(usage.maxBytes)} ` +
          `(${(share * 100).toFixed(1)} %); when it is full, new writes get no answer (the middleware retries them).`
        : null,
    share,
    since,
  };
}

/** The line under a banner whose latest read failed: what it shows is the read of `readAt`. */
export function journalStaleText(readAt: string, failure: string, time: (value: string) => string): string {
  return `As read at ${time(readAt)}; reading the journal again failed (${failure}).`;
}
