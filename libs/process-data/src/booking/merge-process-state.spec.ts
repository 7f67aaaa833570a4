import { mergeProcessState } from './merge-process-state';

describe(mergeProcessState.name, () => {
  const malo = (fields: Record<string, unknown>) => ({
    boTyp: 'MARKTLOKATION',
    marktlokationsId: '50074561192',
    ...fields,
  });

  it('should merge objects field by field and replace scalars', () => {
    const merged = mergeProcessState(
      {
        stammdaten: {
          MARKTLOKATION: [malo({ sparte: 'STROM', lokationsadresse: { ort: 'A', postleitzahl: '00000' } })],
        },
      },
      { stammdaten: { MARKTLOKATION: [malo({ sparte: 'GAS', lokationsadresse: { ort: 'B' } })] } },
    );
    expect(merged).toEqual({
      stammdaten: { MARKTLOKATION: [malo({ sparte: 'GAS', lokationsadresse: { ort: 'B', postleitzahl: '00000' } })] },
    });
  });

  it('should match business objects by their id, not their position', () => {
    const merged = mergeProcessState(
      {
        stammdaten: {
          MESSLOKATION: [
            { boTyp: 'MESSLOKATION', messlokationsId: 'A', x: 1 },
            { boTyp: 'MESSLOKATION', messlokationsId: 'B', x: 2 },
          ],
        },
      },
      {
        stammdaten: {
          MESSLOKATION: [
            { boTyp: 'MESSLOKATION', messlokationsId: 'B', y: 3 },
            { boTyp: 'MESSLOKATION', messlokationsId: 'C' },
          ],
        },
      },
    );
    expect(merged['stammdaten']).toEqual({
      MESSLOKATION: [
        { boTyp: 'MESSLOKATION', messlokationsId: 'A', x: 1 },
        { boTyp: 'MESSLOKATION', messlokationsId: 'B', x: 2, y: 3 },
        { boTyp: 'MESSLOKATION', messlokationsId: 'C' },
      ],
    });
  });

  it('should keep market participants of different roles apart', () => {
    const uenb = { boTyp: 'MARKTTEILNEHMER', marktrolle: 'UENB', rollencodenummer: '1' };
    const msb = { boTyp: 'MARKTTEILNEHMER', marktrolle: 'MSB', rollencodenummer: '2' };
    const merged = mergeProcessState(
      { stammdaten: { MARKTLOKATION: [malo({ marktrollen: [uenb, msb] })] } },
      { stammdaten: { MARKTLOKATION: [malo({ marktrollen: [{ ...msb, weiterverpflichtet: true }] })] } },
    );
    expect(
      (merged['stammdaten'] as Record<string, Record<string, unknown>[]>)['MARKTLOKATION'][0]['marktrollen'],
    ).toEqual([uenb, { ...msb, weiterverpflichtet: true }]);
  });

  it('should merge elements without identity by position and append extra ones', () => {
    const merged = mergeProcessState(
      { stammdaten: { BILANZIERUNG: [{ lastprofile: [{ bezeichnung: 'H0' }] }] } },
      { stammdaten: { BILANZIERUNG: [{ lastprofile: [{ verfahren: 'SYNTHETISCH' }, { bezeichnung: 'G0' }] }] } },
    );
    expect(merged['stammdaten']).toEqual({
      BILANZIERUNG: [{ lastprofile: [{ bezeichnung: 'H0', verfahren: 'SYNTHETISCH' }, { bezeichnung: 'G0' }] }],
    });
  });

  it('should replace arrays of scalars and let null clear a value', () => {
    const merged = mergeProcessState(
      { stammdaten: { X: [{ rollen: ['KUNDE', 'ANDERE'], name: 'n' }] } },
      { stammdaten: { X: [{ rollen: ['KUNDE'], name: null }] } },
    );
    expect(merged['stammdaten']).toEqual({ X: [{ rollen: ['KUNDE'], name: null }] });
  });

  it('should replace transaktionsdaten with the latest message and merge zusatzdaten', () => {
    const merged = mergeProcessState(
      {
        transaktionsdaten: { pruefidentifikator: '55001', transaktionsgrund: 'E03' },
        zusatzdaten: { businessKey: 'k', prozessId: 'p' },
      },
      { transaktionsdaten: { pruefidentifikator: '55002' }, zusatzdaten: { businessKey: 'k', targetBusinessKey: 't' } },
    );
    expect(merged).toEqual({
      transaktionsdaten: { pruefidentifikator: '55002' },
      zusatzdaten: { businessKey: 'k', prozessId: 'p', targetBusinessKey: 't' },
    });
  });

  it('should not modify its inputs', () => {
    const current = { stammdaten: { MARKTLOKATION: [malo({ a: { b: 1 } })] } };
    const update = { stammdaten: { MARKTLOKATION: [malo({ a: { c: 2 } })] } };
    const before = JSON.stringify([current, update]);
    mergeProcessState(current, update);
    expect(JSON.stringify([current, update])).toBe(before);
  });
});
