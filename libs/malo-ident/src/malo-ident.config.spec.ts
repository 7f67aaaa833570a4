import { maloIdentConfig } from './malo-ident.config';

describe('maloIdentConfig', () => {
  it('should answer at most 10 candidates and treat every grid area as its own by default', () => {
    expect(maloIdentConfig.parse({})).toEqual({ ok: true, value: { maxCandidates: 10 } });
    expect(maloIdentConfig.parse({ MALO_IDENT_MAX_CANDIDATES: '', MALO_IDENT_OWN_GRID_AREAS: ' , ' })).toEqual({
      ok: true,
      value: { maxCandidates: 10 },
    });
  });

  it('should read the candidates bound and the own grid areas', () => {
    expect(
      maloIdentConfig.parse({ MALO_IDENT_MAX_CANDIDATES: '1', MALO_IDENT_OWN_GRID_AREAS: '10001, 10002,,' }),
    ).toEqual({
      ok: true,
      value: { maxCandidates: 1, ownGridAreas: ['10001', '10002'] },
    });
    expect(maloIdentConfig.parse({ MALO_IDENT_MAX_CANDIDATES: '100' })).toEqual({
      ok: true,
      value: { maxCandidates: 100 },
    });
  });

  it.each(['0', '101', '2.5', 'ten'])(
    'should refuse MALO_IDENT_MAX_CANDIDATES=%s, naming the variable and its range',
    (value) => {
      expect(maloIdentConfig.parse({ MALO_IDENT_MAX_CANDIDATES: value })).toEqual({
        ok: false,
        problems: [
          {
            variable: 'MALO_IDENT_MAX_CANDIDATES',
            message: `MALO_IDENT_MAX_CANDIDATES must be an integer from 1 to 100 (got "${value}")`,
          },
        ],
      });
    },
  );
});
