import { decodeCursor, encodeCursor } from './keyset-cursor';

describe('cursor', () => {
  it('should give back the sort key it was made of, microseconds included', () => {
    const cursor = encodeCursor(['2026-05-04T10:00:00.123456+00:00', 'key-1']);
    expect(decodeCursor(cursor, ['timestamp', 'text'] as const)).toEqual(['2026-05-04T10:00:00.123456+00:00', 'key-1']);
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['another list’s shape', encodeCursor(['2026-05-04T10:00:00+00:00', 'a', 1, 2])],
    ['a bad timestamp', encodeCursor(['yesterday', 'a'])],
    ['an empty key', encodeCursor(['2026-05-04T10:00:00+00:00', ''])],
    ['no JSON', Buffer.from('{').toString('base64url')],
    // Date.parse takes these (rolled over into March); PostgreSQL refuses them, which was a 500.
    ['an impossible date', encodeCursor(['2026-02-30T00:00:00+00:00', 'a'])],
    ['an hour past midnight', encodeCursor(['2026-02-01T24:00:00+00:00', 'a'])],
    ['an offset PostgreSQL refuses', encodeCursor(['2026-02-01T10:00:00+16:00', 'a'])],
    ['a NUL in a key', encodeCursor(['2026-05-04T10:00:00+00:00', 'a\u0000b'])],
  ])('should refuse %s', (_, cursor) => {
    expect(decodeCursor(cursor, ['timestamp', 'text'] as const)).toBeUndefined();
  });

  it('should check uuids and whole numbers', () => {
    const shape = ['timestamp', 'uuid', 'integer', 'integer'] as const;
    expect(
      decodeCursor(encodeCursor(['2026-05-04T10:00:00Z', '0190a0b0-0000-7000-8000-000000000000', 2, 1]), shape),
    ).toBeDefined();
    expect(decodeCursor(encodeCursor(['2026-05-04T10:00:00Z', 'x', 2, 1]), shape)).toBeUndefined();
    expect(
      decodeCursor(encodeCursor(['2026-05-04T10:00:00Z', '0190a0b0-0000-7000-8000-000000000000', -1, 1.5]), shape),
    ).toBeUndefined();
  });
});
