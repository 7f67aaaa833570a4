import { identifyOperationOf } from './identify-command';

describe(identifyOperationOf.name, () => {
  it('should name the MaLo identification when absent, and either operation by its command, with or without a prefix', () => {
    expect(identifyOperationOf(undefined)).toBe('LESEN_MALOIDENT_BASIS');
    expect(
      [
        'LESEN_MALOIDENT_BASIS',
        'SAP_LESEN_MALOIDENT_BASIS',
        'LESEN_LOKATIONIDENT_BASIS',
        'SAP_LESEN_LOKATIONIDENT_BASIS',
      ].map(identifyOperationOf),
    ).toEqual([
      'LESEN_MALOIDENT_BASIS',
      'LESEN_MALOIDENT_BASIS',
      'LESEN_LOKATIONIDENT_BASIS',
      'LESEN_LOKATIONIDENT_BASIS',
    ]);
  });

  it('should name none for another operation or a command that is not a string', () => {
    expect(
      [
        'LESEN_MALOIDENT_MARKTLOKATION',
        'IDENTIFIZIEREN_LOKATION_BASIS',
        'LESEN_LOKATIONIDENT',
        '',
        ['LESEN_MALOIDENT_BASIS'],
      ].map(identifyOperationOf),
    ).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
