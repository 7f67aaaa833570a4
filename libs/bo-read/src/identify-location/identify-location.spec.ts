import { MIXED_DIALECTS, toEnglish } from '@maco/domain';
import { checkIdentifyRequest, criterionNames } from './identify-location';
import { pageAnswer } from './identify-location.service';

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

  it('should read an English body as its German twin: the same criteria, ids and texts', () => {
    const english = toEnglish(body);
    expect(english).toEqual({
      masterData: {
        MARKET_LOCATION: [
          {
            boType: 'MARKET_LOCATION',
            marketLocationId: '50754496000',
            locationAddress: { postalCode: '65189', city: 'Wiesbaden' },
          },
        ],
      },
    });
    expect(checkIdentifyRequest(english, {}, undefined)).toEqual(checkIdentifyRequest(body, {}, undefined));
    const meter = {
      masterData: { METERING_LOCATION: [{ meteringAddress: { street: 'Torstraße', postalCode: '10115' } }] },
    };
    const check = checkIdentifyRequest(meter, {}, undefined);
    expect(check.ok && check.request.criteria).toEqual([
      {
        kind: 'MESSLOKATION',
        locations: [],
        texts: [
          ['messadresse', 'postleitzahl', '10115'],
          ['messadresse', 'strasse', 'torstraße'],
        ],
      },
    ]);
  });

  it('should point the problems of an English body into it as sent, and refuse one mixing both dialects at #', () => {
    const check = checkIdentifyRequest(
      {
        masterData: {
          METER: [{ meterNumber: '1' }],
          MARKET_LOCATION: [{ boType: 'MARKET_LOCATION' }, { locationAddress: { postalCode: 65189 } }],
        },
      },
      {},
      undefined,
    );
    expect(check.ok ? [] : check.errors.map((error) => error.pointer)).toEqual([
      '#/masterData/METER',
      '#/masterData/MARKET_LOCATION/0',
      '#/masterData/MARKET_LOCATION/1/locationAddress/postalCode',
      '#/masterData/MARKET_LOCATION/1',
    ]);
    expect(checkIdentifyRequest({ additionalData: {} }, {}, undefined)).toEqual({
      ok: false,
      errors: [{ pointer: '#/masterData', message: 'must be an object of location kinds' }],
      headers: false,
    });
    expect(checkIdentifyRequest({ ...body, masterData: {} }, {}, undefined)).toEqual({
      ok: false,
      errors: [{ pointer: '#', message: MIXED_DIALECTS }],
      headers: false,
    });
    // Headers first, as for a German body.
    const badHeader = checkIdentifyRequest({ ...body, masterData: {} }, { 'treffer-offset': '-1' }, undefined);
    expect(badHeader.ok ? undefined : badHeader.headers).toBe(true);
  });
});

describe(pageAnswer.name, () => {
  const page = {
    total: 2,
    bodies: ['{"boTyp": "MARKTLOKATION", "marktlokationsId": "50754496000"}', '{"messlokationsId": "DE1", "x": null}'],
    kinds: ['MARKTLOKATION', 'MESSLOKATION'],
  };

  it('should answer German as the stored texts and English each object translated by its kind', () => {
    expect(pageAnswer(page, 'de')).toBe(`[${page.bodies.join(',')}]`);
    expect(JSON.parse(pageAnswer(page, 'en'))).toEqual([
      { boType: 'MARKET_LOCATION', marketLocationId: '50754496000' },
      { meteringLocationId: 'DE1', x: null },
    ]);
    expect(pageAnswer({ total: 0, bodies: [], kinds: [] }, 'en')).toBe('[]');
  });
});
