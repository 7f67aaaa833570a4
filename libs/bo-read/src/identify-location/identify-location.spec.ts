import { checkIdentifyRequest, criterionNames } from './identify-location';

describe(checkIdentifyRequest.name, () => {
  const body = {
    stammdaten: {
      MARKTLOKATION: [
        {
          boTyp: 'MARKTLOKATION',
          marktlokationsId: '50754496000',
          lokationsadresse: { postleitzahl: '65189', ort: 'Wiesbaden' },
        },
      ],
    },
  };

  it('should read ids as location keys, texts in lower case, and the paging defaults', () => {
    expect(checkIdentifyRequest(body, {}, undefined)).toEqual({
      ok: true,
      request: {
        criteria: [
          {
            kind: 'MARKTLOKATION',
            locations: ['MALO:50754496000'],
            texts: [
              ['lokationsadresse', 'postleitzahl', '65189'],
              ['lokationsadresse', 'ort', 'wiesbaden'],
            ],
          },
        ],
        limit: 20,
        offset: 0,
      },
    });
    const check = checkIdentifyRequest(
      { stammdaten: { STEUERBARE_RESSOURCE: [{ ressourcenId: 'C1234567890' }] } },
      { 'treffer-max-anzahl': '500', 'treffer-offset': '40' },
      'SAP_IDENTIFIZIEREN_LOKATION_BASIS',
    );
    expect(check.ok && [check.request.criteria[0]?.locations, check.request.limit, check.request.offset]).toEqual([
      ['STEUERBARE_RESOURCE:C1234567890'],
      500,
      40,
    ]);
  });

  it('should refuse bad paging headers and command before the body', () => {
    const check = checkIdentifyRequest(
      {},
      { 'treffer-max-anzahl': '501', 'treffer-offset': '10001' },
      'LESEN_MARKTLOKATION_BASIS',
    );
    expect(check.ok ? [] : [check.headers, check.errors.map((error) => error.pointer)]).toEqual([
      true,
      ['#/header/Treffer-Max-Anzahl', '#/header/Treffer-Offset', '#/command'],
    ]);
  });

  it('should read the address fields of each kind: messadresse for a MeLo, katasterinformation for MaLo and tranche', () => {
    const address = { postleitzahl: '10115', strasse: 'Torstraße' };
    const check = checkIdentifyRequest(
      {
        stammdaten: {
          MESSLOKATION: [{ messadresse: address, lokationsadresse: { ort: 'Berlin' } }],
          MARKTLOKATION: [{ katasterinformation: { gemarkung_flur: 'Mitte 3', flurstueckNummer: '12/4' } }],
          TRANCHE: [{ lokationsadresse: { hausnummer: '5 B' }, endkunde: { name1: 'Müller' } }],
        },
      },
      {},
      undefined,
    );
    expect(check.ok && check.request.criteria.map((criterion) => criterion.texts)).toEqual([
      [
        ['messadresse', 'postleitzahl', '10115'],
        ['messadresse', 'strasse', 'torstraße'],
      ],
      [
        ['katasterinformation', 'gemarkung_flur', 'mitte 3'],
        ['katasterinformation', 'flurstueckNummer', '12/4'],
      ],
      [
        ['lokationsadresse', 'hausnummer', '5 b'],
        ['endkunde', 'name1', 'müller'],
      ],
    ]);
  });

  it('should refuse a criterion that names only fields its kind has not: a MeLo by lokationsadresse, a NeLo by any address', () => {
    const check = checkIdentifyRequest(
      {
        stammdaten: {
          MESSLOKATION: [{ lokationsadresse: { postleitzahl: '10115' } }],
          NETZLOKATION: [{ messadresse: { postleitzahl: '10115' } }, { netzlokationsId: 'E1234567890' }],
        },
      },
      {},
      undefined,
    );
    expect(check.ok ? [] : check.errors).toEqual([
      { pointer: '#/stammdaten/MESSLOKATION/0', message: 'names no criterion (an id, a messadresse field)' },
      { pointer: '#/stammdaten/NETZLOKATION/0', message: 'names no criterion (an id)' },
    ]);
    expect(criterionNames('MARKTLOKATION')).toBe('an id, a lokationsadresse, katasterinformation or endkunde field');
  });

  it('should name every problem of the body in its order, the schema’s messages and the rules’ alike', () => {
    const check = checkIdentifyRequest(
      {
        stammdaten: {
          ZAEHLER: [{ zaehlernummer: '1' }],
          MARKTLOKATION: [
            { boTyp: 'MARKTLOKATION' },
            { marktlokationsId: 'a b', lokationsadresse: { postleitzahl: 65189 } },
            5,
          ],
          MESSLOKATION: 'x',
        },
      },
      {},
      undefined,
    );
    expect(check.ok ? [] : check.errors).toEqual([
      {
        pointer: '#/stammdaten/ZAEHLER',
        message:
          'must be one of MARKTLOKATION, MESSLOKATION, NETZLOKATION, TECHNISCHE_RESSOURCE, STEUERBARE_RESSOURCE, TRANCHE',
      },
      {
        pointer: '#/stammdaten/MARKTLOKATION/0',
        message: 'names no criterion (an id, a lokationsadresse, katasterinformation or endkunde field)',
      },
      {
        pointer: '#/stammdaten/MARKTLOKATION/1/marktlokationsId',
        message: 'must be an id (printable characters, at most 128)',
      },
      {
        pointer: '#/stammdaten/MARKTLOKATION/1/lokationsadresse/postleitzahl',
        message: 'must be a string of at most 256 characters',
      },
      {
        pointer: '#/stammdaten/MARKTLOKATION/1',
        message: 'names no criterion (an id, a lokationsadresse, katasterinformation or endkunde field)',
      },
      { pointer: '#/stammdaten/MARKTLOKATION/2', message: 'must be an object' },
      { pointer: '#/stammdaten/MESSLOKATION', message: 'must be an array of criteria' },
    ]);
    expect(checkIdentifyRequest([], {}, undefined)).toEqual({
      ok: false,
      errors: [{ pointer: '#/stammdaten', message: 'must be an object of location kinds' }],
      headers: false,
    });
  });
});
