import { bodyCheck, encodeCursor, readQuery } from '@maco/platform';
import { DISMISSAL, REFUSED_LIST_ROUTE } from './quarantine-routes';

describe('quarantine route descriptions', () => {
  it('should read the quarantine list’s filters, page size and cursor, and name every bad one', () => {
    const cursor = encodeCursor(['2026-05-04T08:00:00.123456+00:00', '01a21876-b30c-7391-9339-e7b68c6cb367']);
    const good = readQuery(REFUSED_LIST_ROUTE.query, {
      state: 'open',
      code: 'REQUEST.VALIDATION_FAILED',
      from: '2026-05-04T08:00:00Z',
      cursor,
    });
    expect(good.errors).toEqual([]);
    expect(good.values).toMatchObject({
      state: 'open',
      limit: 50,
      from: new Date('2026-05-04T08:00:00Z'),
      cursor: ['2026-05-04T08:00:00.123456+00:00', '01a21876-b30c-7391-9339-e7b68c6cb367'],
    });
    // A cursor handed out before they carried microseconds (toISOString) still reads.
    expect(
      readQuery(REFUSED_LIST_ROUTE.query, {
        cursor: encodeCursor(['2026-05-04T08:00:00.123Z', '01a21876-b30c-7391-9339-e7b68c6cb367']),
      }).errors,
    ).toEqual([]);
    expect(readQuery(REFUSED_LIST_ROUTE.query, { state: 'lost', limit: '201', cursor: 'x' }).errors).toEqual([
      { pointer: '#/state', message: 'must be one of open, resolved, dismissed' },
      { pointer: '#/limit', message: 'must be a whole number from 1 to 200' },
      { pointer: '#/cursor', message: 'must be the nextCursor of an earlier page of this list' },
    ]);
  });

  it('should want a dismissal’s reason: a non-empty string of at most 2000 characters', () => {
    const check = bodyCheck(DISMISSAL);
    expect(check({ reason: 'sent twice by the middleware' })).toEqual([]);
    expect(check({})).toEqual([{ pointer: '#/reason', message: 'is required' }]);
    for (const reason of ['', '   ', 'x'.repeat(2001), 7]) {
      expect(check({ reason })).toEqual([
        { pointer: '#/reason', message: 'must be a non-empty string of at most 2000 characters' },
      ]);
    }
  });
});
