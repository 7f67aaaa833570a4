import { QueryReader } from './query-reader';

describe(QueryReader.name, () => {
  it('should read valid parameters and note the filters given', () => {
    const reader = new QueryReader({ pruefidentifikator: '55001', from: '2026-05-04T00:00:00+02:00', release: 'FV2604', limit: '200' });
    expect(reader.text('pruefidentifikator', /^\d{5}$/)).toBe('55001');
    expect(reader.dateTime('from')?.toISOString()).toBe('2026-05-03T22:00:00.000Z');
    expect(reader.release('release')).toBe('04/26');
    expect(reader.limit()).toBe(200);
    expect(reader.errors).toEqual([]);
    expect(reader.given).toEqual(['pruefidentifikator', 'from', 'release']);
  });

  it('should default the limit and leave absent or empty parameters undefined', () => {
    const reader = new QueryReader({ key: '' });
    expect([reader.limit(), reader.text('key'), reader.dateTime('to')]).toEqual([50, undefined, undefined]);
    expect(reader.errors).toEqual([]);
  });

  it('should name every bad parameter once', () => {
    const reader = new QueryReader({ limit: '0', to: '2026-05-04', status: 'done', key: ['a', 'b'] });
    reader.limit();
    reader.dateTime('to');
    reader.oneOf('status', ['pending', 'sent'] as const);
    reader.text('key');
    expect(reader.errors.map((error) => error.pointer)).toEqual(['#/limit', '#/to', '#/status', '#/key']);
  });
});
