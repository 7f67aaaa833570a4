import type { BookingSummary, FindingSummary } from '@maco/operator/api';
import { bookingChart, countOfPage, countText, findingsByCode, periodQuery } from './overview';

describe('overview', () => {
  const now = new Date('2026-05-04T10:25:00Z');

  it('should ask for 24 whole hours (the current one included) or 7 whole UTC days', () => {
    expect(periodQuery('24h', now)).toEqual({
      from: '2026-05-03T11:00:00.000Z',
      to: '2026-05-04T10:25:00.000Z',
      bucket: 'hour',
    });
    expect(periodQuery('7d', now)).toEqual({
      from: '2026-04-28T00:00:00.000Z',
      to: '2026-05-04T10:25:00.000Z',
      bucket: 'day',
    });
  });

  it('should give every bucket of the period a bar, stacked by PI, empty ones zero', () => {
    const summary: BookingSummary = {
      ...periodQuery('24h', now),
      rows: [
        { bucketStart: '2026-05-03T11:00:00.000Z', pruefidentifikator: '55001', count: 2 },
        { bucketStart: '2026-05-04T10:00:00.000Z', pruefidentifikator: '55001', count: 1 },
        { bucketStart: '2026-05-04T10:00:00.000Z', pruefidentifikator: null, count: 4 },
      ],
    };
    const chart = bookingChart(summary);
    expect(chart.data).toHaveLength(24);
    expect(chart.total).toBe(7);
    expect(chart.series).toEqual([
      { name: 'pinone', label: 'no PI', total: 4 },
      { name: 'pi55001', label: '55001', total: 3 },
    ]);
    expect(chart.data[0]).toMatchObject({ start: '2026-05-03T11:00:00.000Z', pi55001: 2, pinone: 0 });
    expect(chart.data[1]).toMatchObject({ pi55001: 0, pinone: 0 });
    expect(chart.data[23]).toMatchObject({ start: '2026-05-04T10:00:00.000Z', pi55001: 1, pinone: 4 });
    expect(String(chart.data[0]['bucket'])).toMatch(/^\d\d:00$/);
  });

  it('should gather the PIs beyond the largest few as other', () => {
    const summary: BookingSummary = {
      ...periodQuery('7d', now),
      rows: ['55001', '55002', '55003', '55004'].map((pi, index) => ({
        bucketStart: '2026-05-04T00:00:00.000Z',
        pruefidentifikator: pi,
        count: 10 - index,
      })),
    };
    const chart = bookingChart(summary, 3);
    expect(chart.series.map((series) => series.name)).toEqual(['pi55001', 'pi55002', 'other']);
    expect(chart.data).toHaveLength(7);
    expect(chart.data[6]).toMatchObject({ bucket: 'Mo., 04.05.', pi55001: 10, pi55002: 9, other: 15 });
  });

  it('should count findings per code, most first', () => {
    const row = { bucketStart: '2026-05-04T00:00:00.000Z', pruefidentifikator: '55001', release: '04/26' };
    const summary: FindingSummary = {
      ...periodQuery('7d', now),
      rows: [
        { ...row, code: 'unlisted-pi', count: 1 },
        { ...row, code: 'missing-mandatory-field', count: 2 },
        { ...row, pruefidentifikator: '55002', code: 'unlisted-pi', count: 2 },
      ],
    };
    expect(findingsByCode(summary)).toEqual([
      { code: 'unlisted-pi', count: 3 },
      { code: 'missing-mandatory-field', count: 2 },
    ]);
  });

  it('should count a page, with a plus where it had more', () => {
    expect(countText(countOfPage({ items: [1, 2], nextCursor: null }))).toBe('2');
    expect(countText(countOfPage({ items: [1, 2], nextCursor: 'x' }))).toBe('2+');
  });
});
