import type { FindingBucket, FindingCountRow } from '@maco/operator/api';

const BUCKET_MS = { day: 86_400_000, hour: 3_600_000 } as const;

/** The `GET /findings` query of the findings behind one count: its code, PI, release and the bucket's [start, end). */
export function findingsQueryOfCount(row: FindingCountRow, bucket: FindingBucket): Record<string, string> {
  const start = Date.parse(row.bucketStart);
  return {
    code: row.code,
    ...(row.pruefidentifikator ? { pruefidentifikator: row.pruefidentifikator } : {}),
    release: row.release,
    from: new Date(start).toISOString(),
    to: new Date(start + BUCKET_MS[bucket]).toISOString(),
  };
}

/** The rows newest bucket first, then PI, release and code; the sum of all counts. */
export function sortSummary(rows: readonly FindingCountRow[]): { rows: FindingCountRow[]; total: number } {
  const text = (value: string | null): string => value ?? '';
  const sorted = [...rows].sort(
    (a, b) =>
      Date.parse(b.bucketStart) - Date.parse(a.bucketStart) ||
      text(a.pruefidentifikator).localeCompare(text(b.pruefidentifikator)) ||
      a.release.localeCompare(b.release) ||
      a.code.localeCompare(b.code),
  );
  return { rows: sorted, total: rows.reduce((sum, row) => sum + row.count, 0) };
}
