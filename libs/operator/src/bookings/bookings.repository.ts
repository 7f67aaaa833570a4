import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import type { BookingBucket, BookingCountRow } from '../operator-api';

export const BOOKING_BUCKETS = ['day', 'hour'] as const satisfies readonly BookingBucket[];
/** Compiles only while BOOKING_BUCKETS lists every bucket of the wire type (`satisfies` rules out any other). */
type _EveryBucketListed = Expect<Exclude<BookingBucket, (typeof BOOKING_BUCKETS)[number]>>;
type Expect<Missing extends never> = Missing;

/** The width of a bucket, as `date_bin` takes it. */
const BUCKET_WIDTHS: Record<BookingBucket, string> = { day: '1 day', hour: '1 hour' };

// Every revision the role booked (create and update), in UTC buckets: `date_bin` from a UTC midnight (integer arithmetic
// per row; `date_trunc(…, 'UTC')` converted time zones per row, and grouping by the bucket's text sorted every row).
// The BRIN index on received_at (migration RevisionReceivedAtBrin) reads only the block ranges of [from, to); the
// month partitions bound it further. A database that holds only this role's processes (its smallest and largest
// role, two index probes) counts the revisions alone; one shared with other roles joins each to its record. The
// one-time filters run one of the two branches (docs/performance/2026-11-28-bookings-summary.md).
const COUNT_BOOKINGS = `
  WITH only_role AS MATERIALIZED (
    SELECT coalesce(min(role) = $1 AND max(role) = $1, false) AS holds FROM process_record
  ),
  booked AS (
    SELECT v.received_at, v.pruefidentifikator FROM process_revision v
    WHERE v.received_at >= $3 AND v.received_at < $4 AND (SELECT holds FROM only_role)
    UNION ALL
    SELECT v.received_at, v.pruefidentifikator FROM process_revision v JOIN process_record r ON r.id = v.record_id
    WHERE r.role = $1 AND v.received_at >= $3 AND v.received_at < $4 AND NOT (SELECT holds FROM only_role)
  )
  SELECT to_json(c.bucket) #>> '{}' AS bucket_start, c.pruefidentifikator, c.count::int AS count
  FROM (
    SELECT date_bin($2::interval, received_at, timestamptz '2000-01-01 00:00:00+00') AS bucket, pruefidentifikator,
      count(*) AS count
    FROM booked GROUP BY 1, 2
  ) c
  ORDER BY c.bucket, c.pruefidentifikator`;

/** The revisions booked, as operators count them: per bucket and Prüfidentifikator. */
@Injectable()
export class BookingsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async summary(role: string, bucket: BookingBucket, from: Date, to: Date): Promise<BookingCountRow[]> {
    const { rows } = await this.pool.query<{ bucket_start: string; pruefidentifikator: string | null; count: number }>(
      COUNT_BOOKINGS,
      [role, BUCKET_WIDTHS[bucket], from, to],
    );
    return rows.map((row) => ({
      bucketStart: new Date(row.bucket_start).toISOString(),
      pruefidentifikator: row.pruefidentifikator,
      count: row.count,
    }));
  }
}
