import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import type { BookingBucket, BookingCountRow } from '../operator-api';

export const BOOKING_BUCKETS = ['day', 'hour'] as const satisfies readonly BookingBucket[];
/** Compiles only while BOOKING_BUCKETS lists every bucket of the wire type (`satisfies` rules out any other). */
type _EveryBucketListed = Expect<Exclude<BookingBucket, (typeof BOOKING_BUCKETS)[number]>>;
type Expect<Missing extends never> = Missing;

// Every revision the role booked (create and update), in UTC buckets; the month partitions of received_at bound the scan.
const COUNT_BOOKINGS = `
  SELECT to_json(date_trunc($2, v.received_at, 'UTC')) #>> '{}' AS bucket_start, v.pruefidentifikator,
    count(*)::int AS count
  FROM process_revision v
  JOIN process_record r ON r.id = v.record_id
  WHERE r.role = $1 AND v.received_at >= $3 AND v.received_at < $4
  GROUP BY 1, 2
  ORDER BY 1, 2`;

/** The revisions booked, as operators count them: per bucket and Prüfidentifikator. */
@Injectable()
export class BookingsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async summary(role: string, bucket: BookingBucket, from: Date, to: Date): Promise<BookingCountRow[]> {
    const { rows } = await this.pool.query<{ bucket_start: string; pruefidentifikator: string | null; count: number }>(
      COUNT_BOOKINGS,
      [role, bucket, from, to],
    );
    return rows.map((row) => ({
      bucketStart: new Date(row.bucket_start).toISOString(),
      pruefidentifikator: row.pruefidentifikator,
      count: row.count,
    }));
  }
}
