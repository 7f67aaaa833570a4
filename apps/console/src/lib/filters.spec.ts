import {
  cleanFilters,
  filtersFromSearch,
  filtersToApiQuery,
  filtersToSearch,
  normaliseDate,
  type ProcessFilters,
} from './filters';

describe('normaliseDate', () => {
  it('should keep a valid day and refuse an impossible one', () => {
    expect(normaliseDate('2026-04-01')).toBe('2026-04-01');
    expect(normaliseDate(' 2026-04-01 ')).toBe('2026-04-01');
    expect(normaliseDate('2026-02-30')).toBeUndefined();
  });

  it('should turn a date-time with an offset into UTC ISO', () => {
    expect(normaliseDate('2026-04-01T02:00+02:00')).toBe('2026-04-01T00:00:00.000Z');
  });

  it('should drop text that is no date', () => {
    expect(normaliseDate('yesterday')).toBeUndefined();
    expect(normaliseDate('1. April')).toBeUndefined();
    expect(normaliseDate('')).toBeUndefined();
    expect(normaliseDate(undefined)).toBeUndefined();
  });
});

describe('the process filters', () => {
  const filters: ProcessFilters = {
    key: ' ABC-1 ',
    maloId: '50074561192',
    pruefidentifikator: '55001',
    release: '04/26',
    status: '',
    findings: 'any',
    from: '2026-04-01',
    to: '2026-04-30',
  };

  it('should drop empty values and trim the rest', () => {
    expect(cleanFilters({ key: '  ', status: '', maloId: ' 1 ' })).toEqual({ maloId: '1' });
  });

  it('should write the URL query in a fixed order without empty values', () => {
    expect(filtersToSearch(filters)).toBe(
      '?key=ABC-1&maloId=50074561192&pruefidentifikator=55001&release=04%2F26&findings=any&from=2026-04-01&to=2026-04-30',
    );
    expect(filtersToSearch({ status: '' })).toBe('');
  });

  it('should read back what it wrote (round trip)', () => {
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(cleanFilters(filters));
    const again = filtersFromSearch(filtersToSearch(filtersFromSearch(filtersToSearch(filters))));
    expect(again).toEqual(cleanFilters(filters));
  });

  it('should ignore unknown parameters and unreadable dates in a link', () => {
    expect(filtersFromSearch('?status=OPEN&foo=bar&from=tomorrow&to=2026-05-01')).toEqual({
      status: 'OPEN',
      to: '2026-05-01',
    });
  });

  it('should ask the API for whole UTC days: from inclusive, to as the next midnight (exclusive)', () => {
    const query = filtersToApiQuery({ from: '2026-04-01', to: '2026-04-30' });

    expect(query.get('from')).toBe('2026-04-01T00:00:00.000Z');
    expect(query.get('to')).toBe('2026-05-01T00:00:00.000Z');
  });

  it('should pass date-times, the cursor and the limit through, and leave out what is empty', () => {
    const query = filtersToApiQuery(
      { to: '2026-04-30T12:00:00Z', findings: 'missing-mandatory-field', key: '' },
      { cursor: 'abc', limit: 50 },
    );

    expect(Object.fromEntries(query)).toEqual({
      findings: 'missing-mandatory-field',
      to: '2026-04-30T12:00:00.000Z',
      limit: '50',
      cursor: 'abc',
    });
    expect(filtersToApiQuery({}, { cursor: null }).toString()).toBe('');
  });
});
