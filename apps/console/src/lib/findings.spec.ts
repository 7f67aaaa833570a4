import type { FindingCountRow } from '@maco/operator/api';
import { findingsQueryOfCount, sortSummary } from './findings';

const row = (bucketStart: string, pruefidentifikator: string, code: string, count: number): FindingCountRow => ({
  bucketStart,
  pruefidentifikator,
  release: '04/26',
  code,
  count,
});

describe('findings summary', () => {
  it('should ask for the findings of one count within its day or hour', () => {
    expect(findingsQueryOfCount(row('2026-04-01T00:00:00Z', '55001', 'missing-mandatory-field', 3), 'day')).toEqual({
      code: 'missing-mandatory-field',
      pruefidentifikator: '55001',
      release: '04/26',
      from: '2026-04-01T00:00:00.000Z',
      to: '2026-04-02T00:00:00.000Z',
    });
    expect(
      findingsQueryOfCount(
        { ...row('2026-04-01T13:00:00Z', '', 'x', 1), pruefidentifikator: null, release: '10/26' },
        'hour',
      ),
    ).toEqual({
      code: 'x',
      release: '10/26',
      from: '2026-04-01T13:00:00.000Z',
      to: '2026-04-01T14:00:00.000Z',
    });
  });

  it('should sort newest day first, then PI and code, and add the counts up', () => {
    const summary = sortSummary([
      row('2026-04-01T00:00:00Z', '55001', 'b', 1),
      row('2026-04-02T00:00:00Z', '55002', 'a', 2),
      row('2026-04-01T00:00:00Z', '55001', 'a', 4),
    ]);

    expect(summary.rows.map((r) => [r.bucketStart.slice(0, 10), r.code])).toEqual([
      ['2026-04-02', 'a'],
      ['2026-04-01', 'a'],
      ['2026-04-01', 'b'],
    ]);
    expect(summary.total).toBe(7);
  });
});
