import type { BookingSummary, FindingSummary } from '@maco/operator/api';
import type { Page } from '@maco/platform/api';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The periods the overview shows: the last 24 hours per hour, the last 7 days per day. */
export type OverviewPeriod = '24h' | '7d';

/** The summary queries of a period ending `now`: a day period starts at 00:00 UTC six days back (seven whole buckets). */
export function periodQuery(period: OverviewPeriod, now: Date): { from: string; to: string; bucket: 'hour' | 'day' } {
  if (period === '24h') {
    const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
    return { from: new Date(start).toISOString(), to: now.toISOString(), bucket: 'hour' };
  }
  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS - 6 * DAY_MS;
  return { from: new Date(start).toISOString(), to: now.toISOString(), bucket: 'day' };
}

/** A PI a bar stacks; `other` gathers every PI beyond the largest few. */
export interface BookingSeries {
  name: string;
  label: string;
  total: number;
}

export interface BookingChart {
  /** One entry per bucket of the period, empty buckets included: `bucket` (its label), `start`, and a count per series. */
  data: Record<string, string | number>[];
  series: BookingSeries[];
  total: number;
}

const NO_PI = 'none';
const OTHER = 'other';

/** Local hour (`14:00`) or day (`Mo 27.11.`) of a bucket start. */
export function bucketLabel(start: number, bucket: 'hour' | 'day'): string {
  const date = new Date(start);
  if (bucket === 'hour') return date.toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' });
  return date.toLocaleDateString('de-DE', { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' });
}

/**
 * The bars of a booking summary: every bucket from `from` to `to` (zero where nothing was booked), stacked by PI, the
 * `maxSeries` PIs with the most bookings each a series, the rest as `other`.
 */
export function bookingChart(summary: BookingSummary, maxSeries = 8): BookingChart {
  const step = summary.bucket === 'hour' ? HOUR_MS : DAY_MS;
  const totals = new Map<string, number>();
  for (const row of summary.rows) {
    const pi = row.pruefidentifikator ?? NO_PI;
    totals.set(pi, (totals.get(pi) ?? 0) + row.count);
  }
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = ranked.length > maxSeries ? ranked.slice(0, maxSeries - 1) : ranked;
  const shownNames = new Set(shown.map(([pi]) => pi));
  const series: BookingSeries[] = shown.map(([pi, total]) => ({
    name: `pi${pi}`,
    label: pi === NO_PI ? 'no PI' : pi,
    total,
  }));
  if (ranked.length > shown.length) {
    const rest = ranked.slice(shown.length).reduce((sum, [, total]) => sum + total, 0);
    series.push({ name: OTHER, label: 'other PIs', total: rest });
  }

  const first = Math.floor(Date.parse(summary.from) / step) * step;
  const end = Date.parse(summary.to);
  const byStart = new Map<number, Record<string, string | number>>();
  const data: Record<string, string | number>[] = [];
  for (let start = first; start < end; start += step) {
    const entry: Record<string, string | number> = {
      bucket: bucketLabel(start, summary.bucket),
      start: new Date(start).toISOString(),
    };
    for (const one of series) entry[one.name] = 0;
    byStart.set(start, entry);
    data.push(entry);
  }
  for (const row of summary.rows) {
    const entry = byStart.get(Date.parse(row.bucketStart));
    if (!entry) continue;
    const pi = row.pruefidentifikator ?? NO_PI;
    const name = shownNames.has(pi) ? `pi${pi}` : OTHER;
    entry[name] = Number(entry[name] ?? 0) + row.count;
  }
  return { data, series, total: ranked.reduce((sum, [, total]) => sum + total, 0) };
}

/** The findings of a summary per code, most first (then by code). */
export function findingsByCode(summary: FindingSummary): { code: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of summary.rows) counts.set(row.code, (counts.get(row.code) ?? 0) + row.count);
  return [...counts]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

/** A count of a list read with one page of `limit`: exact, or "at least" when there is a next page. */
export function countOfPage(page: Page<unknown>): { count: number; more: boolean } {
  return { count: page.items.length, more: page.nextCursor !== null };
}

/** `12`, or `200+` when the page had more behind it. */
export function countText(count: { count: number; more: boolean }): string {
  return count.more ? `${count.count}+` : String(count.count);
}
