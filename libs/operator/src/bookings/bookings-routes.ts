import { instantParameter, oneOfParameter } from '@maco/platform';
import { consoleRead } from '../operator-read-route';
import { BOOKING_BUCKETS } from './bookings.repository';

export const BOOKING_SUMMARY_ROUTE = consoleRead({
  operationId: 'OPERATOR_BOOKING_SUMMARY',
  paths: ['/bookings/summary'],
  summary: 'Booking counts',
  description:
    'Revisions booked (created and updated) received in [from, to) (default: the last 24 hours per hour, the last 30 ' +
    'days per day), per UTC bucket and PI.',
  schema: 'Operator_BookingSummary',
  query: {
    from: instantParameter('Start, inclusive (date-time with offset).'),
    to: instantParameter('End, exclusive (default now).'),
    bucket: { ...oneOfParameter('Bucket size.', BOOKING_BUCKETS), fallback: 'hour' as const },
  },
});
