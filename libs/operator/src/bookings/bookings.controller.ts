import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { MarketRole } from '@maco/domain';
import { readQuery, Route, SERVICE_ROLE } from '@maco/platform';
import type { BookingBucket, BookingSummary } from '../operator-api';
import { OperatorReads } from '../operator-reads';
import { BookingsRepository } from './bookings.repository';
import { BOOKING_SUMMARY_ROUTE } from './bookings-routes';

const DAY_MS = 86_400_000;
const BUCKET_MS: Record<BookingBucket, number> = { day: DAY_MS, hour: DAY_MS / 24 };
/** Without `from`: the last 24 hours per hour, the last 30 days per day. */
const DEFAULT_BUCKETS: Record<BookingBucket, number> = { day: 30, hour: 24 };
/** At most this many buckets per summary: an hourly summary over years would count millions of rows per request. */
const MAX_BUCKETS: Record<BookingBucket, number> = { day: 400, hour: 24 * 62 };

/** `GET /bookings/summary`: the revisions booked per bucket and PI. */
@Controller()
export class BookingsController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly bookings: BookingsRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Route(BOOKING_SUMMARY_ROUTE)
  async summary(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<BookingSummary> {
    const reading = readQuery(BOOKING_SUMMARY_ROUTE.query, query);
    const { bucket } = reading.values;
    const to = reading.values.to ?? new Date();
    const from = reading.values.from ?? new Date(to.getTime() - DEFAULT_BUCKETS[bucket] * BUCKET_MS[bucket]);
    if (from >= to) reading.errors.push({ pointer: '#/to', message: 'must be after from' });
    else if (to.getTime() - from.getTime() > MAX_BUCKETS[bucket] * BUCKET_MS[bucket]) {
      reading.errors.push({
        pointer: '#/from',
        message: `must be at most ${MAX_BUCKETS[bucket]} ${bucket}s before to`,
      });
    }
    this.reads.checked('bookings-summary', reading, request);
    const rows = await this.bookings.summary(this.role, bucket, from, to);
    this.reads.answered('bookings-summary', request, rows.length);
    return { from: from.toISOString(), to: to.toISOString(), bucket, rows };
  }
}
