import { MAX_INDEXED_LENGTH, overlongIndexedValues } from './indexed-values';

describe(overlongIndexedValues.name, () => {
  const long = 'x'.repeat(MAX_INDEXED_LENGTH + 1);
  const fitting = '😀'.repeat(MAX_INDEXED_LENGTH / 2);

  it('should accept keys up to the limit, and bodies without them', () => {
    const body = {
      zusatzdaten: { businessKey: fitting, targetBusinessKey: null, prozessId: 'p' },
      transaktionsdaten: { pruefidentifikator: '55001' },
      stammdaten: { MARKTLOKATION: [{ marktlokationsId: '50074561192' }, null, {}] },
    };
    expect(overlongIndexedValues(body)).toEqual([]);
    expect(overlongIndexedValues({ transaktionsdaten: {} })).toEqual([]);
  });

  it('should point at every indexed value that is too long', () => {
    const body = {
      zusatzdaten: { businessKey: long, targetBusinessKey: long, prozessId: long },
      transaktionsdaten: { pruefidentifikator: long },
      stammdaten: {
        MARKTLOKATION: [{ marktlokationsId: '50074561192' }, { marktlokationsId: long }],
        marktlokationsId: long,
      },
    };
    expect(overlongIndexedValues(body).map((violation) => violation.pointer)).toEqual([
      '#/zusatzdaten/businessKey',
      '#/zusatzdaten/targetBusinessKey',
      '#/zusatzdaten/prozessId',
      '#/transaktionsdaten/pruefidentifikator',
      '#/stammdaten/MARKTLOKATION/1/marktlokationsId',
    ]);
    expect(overlongIndexedValues(body)[0].message).toBe(`must be at most ${MAX_INDEXED_LENGTH} characters long`);
  });
});
