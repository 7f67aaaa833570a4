/**
 * Monthly partitions of `process_revision` (migration PartitionRevisionsByMonth): one partition per UTC month of
 * `received_at`, named `process_revision_YYYY_MM`, bounds `[first of the month, first of the next month)` in UTC.
 * Plain SQL only, so the embedded server (no extensions such as pg_partman) works the same as a managed one.
 */

/** Any constant works; it only has to be the same for every instance of every role (and differ from the migrations'). */
export const PARTITION_MAINTENANCE_LOCK_ID = 727_261_002;

/** How many months ahead of the current UTC month partitions are kept ready. */
export const PARTITION_MONTHS_AHEAD = 12;

export const REVISION_PARTITION_PREFIX = 'process_revision_';

/** A UTC month: `year` and `month` 1–12. */
export interface Month {
  year: number;
  month: number;
}

export function monthOf(date: Date): Month {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function addMonths({ year, month }: Month, count: number): Month {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareMonths(a: Month, b: Month): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** `from` … `to`, both included (empty when `to` is before `from`). */
export function monthsBetween(from: Month, to: Month): Month[] {
  const months: Month[] = [];
  for (let month = from; compareMonths(month, to) <= 0; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The first instant of the month, UTC. */
export function monthStart({ year, month }: Month): Date {
  return new Date(Date.UTC(year, month - 1, 1));
}

/** `YYYY_MM`: the suffix of the partition's table name and of its export file. */
export function monthSuffix({ year, month }: Month): string {
  return `${String(year).padStart(4, '0')}_${String(month).padStart(2, '0')}`;
}

export function revisionPartitionName(month: Month): string {
  return `${REVISION_PARTITION_PREFIX}${monthSuffix(month)}`;
}

/** `YYYY-MM-01 00:00:00+00`: a bound literal that means the same instant whatever the session's TimeZone. */
function boundLiteral(month: Month): string {
  return `${monthStart(month).toISOString().slice(0, 10)} 00:00:00+00`;
}

/**
 * DDL of the month's partition of `parent`. Idempotent (`IF NOT EXISTS`); two instances racing on it can still collide
 * in the catalog, which is why callers hold {@link PARTITION_MAINTENANCE_LOCK_ID} (or run inside the migrations' lock).
 */
export function createRevisionPartitionSql(month: Month, parent = 'process_revision'): string {
  return (
    `CREATE TABLE IF NOT EXISTS ${revisionPartitionName(month)} PARTITION OF ${parent} ` +
    `FOR VALUES FROM ('${boundLiteral(month)}') TO ('${boundLiteral(addMonths(month, 1))}')`
  );
}

/** The month a partition named `process_revision_YYYY_MM` holds, or undefined for any other name. */
export function monthOfPartitionName(name: string): Month | undefined {
  const match = /^process_revision_(\d{4})_(\d{2})$/.exec(name);
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : undefined;
}
