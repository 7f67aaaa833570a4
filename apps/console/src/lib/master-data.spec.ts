import { isMasterDataKind, masterDataRequest, versionsByValidity } from './master-data';

describe('master data requests', () => {
  it('should ask the route of the kind with id and key date, and the period end for a history', () => {
    expect(masterDataRequest('MARKTLOKATION', ' 50074561192 ', '2026-04-01T00:00:00.000Z')).toBe(
      '/getMarketlocationBasic?parameter1=50074561192&parameter3=2026-04-01T00%3A00%3A00.000Z',
    );
    expect(masterDataRequest('ZAEHLER', '1ESY', '2026-01-01', '2026-07-01')).toBe(
      '/getCounterBasic?parameter1=1ESY&parameter3=2026-01-01&parameter4=2026-07-01',
    );
  });

  it('should know the kinds of the contract only', () => {
    expect(isMasterDataKind('MESSSTELLENBETRIEBSVERTRAG')).toBe(true);
    expect(isMasterDataKind('toString')).toBe(false);
  });
});

describe('versionsByValidity', () => {
  it('should list every object of the answer by the start of its validity, undated last', () => {
    const answer = {
      stammdaten: {
        MARKTLOKATION: [
          { id: 'b', gueltigAb: '2026-03-01T00:00:00Z', gueltigBis: '2026-06-01T00:00:00Z' },
          { id: 'undated' },
          { id: 'a', gueltigAb: '2026-01-01T00:00:00Z' },
        ],
      },
    };

    expect(
      versionsByValidity(answer, 'MARKTLOKATION').map((version) => [
        (version.object as { id: string }).id,
        version.from,
        version.to,
      ]),
    ).toEqual([
      ['a', '2026-01-01T00:00:00Z', undefined],
      ['b', '2026-03-01T00:00:00Z', '2026-06-01T00:00:00Z'],
      ['undated', undefined, undefined],
    ]);
  });

  it('should read an empty or odd answer as no versions', () => {
    expect(versionsByValidity({}, 'MARKTLOKATION')).toEqual([]);
    expect(versionsByValidity(null, 'MARKTLOKATION')).toEqual([]);
  });

  it('should read a bare list (READ_ANSWER_SHAPE=array) as objects of the kind asked for', () => {
    const answer = [
      { id: 'later', gueltigAb: '2026-03-01T00:00:00Z' },
      { id: 'earlier', gueltigAb: '2026-01-01T00:00:00Z' },
    ];
    expect(
      versionsByValidity(answer, 'ZAEHLER').map((version) => [version.kind, (version.object as { id: string }).id]),
    ).toEqual([
      ['ZAEHLER', 'earlier'],
      ['ZAEHLER', 'later'],
    ]);
    expect(versionsByValidity([], 'ZAEHLER')).toEqual([]);
  });
});
