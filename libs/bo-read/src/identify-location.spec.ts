import { checkIdentifyRequest } from './identify-location';

describe(checkIdentifyRequest.name, () => {
  const body = { stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '50754496000', lokationsadresse: { postleitzahl: '65189', ort: 'Wiesbaden' } }] } };

  it('should read ids as location keys, texts in lower case, and the paging defaults', () => {
    expect(checkIdentifyRequest(body, {}, undefined)).toEqual({
      ok: true,
      request: {
        criteria: [{ kind: 'MARKTLOKATION', locations: ['MALO:50754496000'], texts: [['lokationsadresse', 'postleitzahl', '65189'], ['lokationsadresse', 'ort', 'wiesbaden']] }],
        limit: 20,
        offset: 0,
      },
    });
    const check = checkIdentifyRequest({ stammdaten: { STEUERBARE_RESSOURCE: [{ ressourcenId: 'C1234567890' }] } }, { 'treffer-max-anzahl': '500', 'treffer-offset': '40' }, 'SAP_IDENTIFIZIEREN_LOKATION_BASIS');
    expect(check.ok && [check.request.criteria[0]?.locations, check.request.limit, check.request.offset]).toEqual([['STEUERBARE_RESOURCE:C1234567890'], 500, 40]);
  });

  it('should refuse bad paging headers and command before the body', () => {
    const check = checkIdentifyRequest({}, { 'treffer-max-anzahl': '501', 'treffer-offset': '10001' }, 'LESEN_MARKTLOKATION_BASIS');
    expect(check.ok ? [] : [check.headers, check.errors.map((error) => error.pointer)]).toEqual([
      true,
      ['#/header/Treffer-Max-Anzahl', '#/header/Treffer-Offset', '#/command'],
    ]);
  });
});
