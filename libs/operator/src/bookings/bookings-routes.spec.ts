import { readQuery } from '@maco/platform';
import { BOOKING_SUMMARY_ROUTE } from './bookings-routes';

const read = (query: Record<string, unknown>) => readQuery(BOOKING_SUMMARY_ROUTE.query, query);

describe('GET /bookings/summary query', () => {
  it('should read the period and the bucket', () => {
    const { values, errors, given } = read({
      from: '2026-05-04T00:00:00+02:00',
      to: '2026-05-05T00:00:00Z',
      bucket: 'day',
    });
    expect(errors).toEqual([]);
    expect(values).toEqual({
      from: new Date('2026-05-03T22:00:00Z'),
      to: new Date('2026-05-05T00:00:00Z'),
      bucket: 'day',
    });
    expect(given).toEqual(['from', 'to', 'bucket']);
  });

  it('should count per hour without a bucket', () => {
    expect(read({}).values).toEqual({ from: undefined, to: undefined, bucket: 'hour' });
  });

  it('should name every bad parameter at once', () => {
    const { errors } = read({ from: '2026-05-04', to: 'now', bucket: 'week' });
    expect(errors.map((error) => error.pointer)).toEqual(['#/from', '#/to', '#/bucket']);
    expect(errors[2].message).toBe('must be one of day, hour');
  });
});
