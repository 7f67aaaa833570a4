import { processSamples } from '@maco/reference-samples';
import { identifierFindings } from './identifier-findings';

describe('identifierFindings', () => {
  it('should find nothing in a body whose identifiers are all valid', () => {
    const body = {
      stammdaten: {
        MARKTLOKATION: [
          {
            marktlokationsId: '41373559241',
            bilanzierungsgebiet: '11YR00000004025V',
            marktrollen: [{ rollencodenummer: '9900936000002' }, { rollencodenummer: '4041409000006' }],
          },
        ],
        MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037' }],
        NETZLOKATION: [{ netzlokationsId: 'E1688117482' }],
        TECHNISCHE_RESSOURCE: [{ ressourcenId: 'D417MLM8164' }],
        STEUERBARE_RESSOURCE: [{ ressourcenId: 'C816417ST77' }],
        NETZNUTZUNGSVERTRAG: [{ lokationsId: '50858721423', lokationsTyp: 'MALO' }],
      },
      transaktionsdaten: {
        absender: { rollencodenummer: '9904000000005' },
        lokationsId: 'whatever: no type',
        pruefidentifikator: '55001',
      },
    };
    expect(identifierFindings(body)).toEqual([]);
  });

  it('should point at every invalid identifier and name the failed check', () => {
    const body = {
      stammdaten: {
        MARKTLOKATION: [
          { marktlokationsId: '41373559241' },
          {
            marktlokationsId: '50754496000',
            bilanzierungsgebiet: '11YR00000004025W',
            marktrollen: [{}, { rollencodenummer: '99009360000' }],
          },
        ],
        TECHNISCHE_RESSOURCE: [{ ressourcenId: 'C816417ST77' }],
        STEUERBARE_RESSOURCE: [{ ressourcenId: 'C816417ST70' }],
        ENERGIELIEFERVERTRAG: [{ lokationsId: 'E1688110018', lokationsTyp: 'NELO' }],
        LOKATIONSBUENDEL: [
          {
            zuordnungObjectcode: [
              { referenzLokationsId: 'DE003210676571200000000000000003', referenzLokationsTyp: 'MELO' },
            ],
          },
        ],
        'A/B': [{ marktlokationsId: '1' }],
      },
      transaktionsdaten: { empfaenger: { rollencodenummer: '4041409000000' } },
      zusatzdaten: { marktlokationsId: 'not checked' },
    };

    const findings = identifierFindings(body);

    expect(findings.map(({ pointer, check }) => ({ pointer, check }))).toEqual([
      { pointer: '#/stammdaten/MARKTLOKATION/1/marktlokationsId', check: 'malo-check-digit' },
      { pointer: '#/stammdaten/MARKTLOKATION/1/bilanzierungsgebiet', check: 'eic-check-character' },
      { pointer: '#/stammdaten/MARKTLOKATION/1/marktrollen/1/rollencodenummer', check: 'mpid-format' },
      { pointer: '#/stammdaten/TECHNISCHE_RESSOURCE/0/ressourcenId', check: 'tr-format' },
      { pointer: '#/stammdaten/STEUERBARE_RESSOURCE/0/ressourcenId', check: 'sr-check-digit' },
      { pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/lokationsId', check: 'nelo-check-digit' },
      { pointer: '#/stammdaten/LOKATIONSBUENDEL/0/zuordnungObjectcode/0/referenzLokationsId', check: 'melo-format' },
      { pointer: '#/stammdaten/A~1B/0/marktlokationsId', check: 'malo-format' },
      { pointer: '#/transaktionsdaten/empfaenger/rollencodenummer', check: 'mpid-gln-check-digit' },
    ]);
    expect(findings[0]).toEqual({
      code: 'invalid-identifier',
      pointer: '#/stammdaten/MARKTLOKATION/1/marktlokationsId',
      check: 'malo-check-digit',
      message: '50754496000 is not a valid MaLo-ID (malo-check-digit: expected 5)',
    });
  });

  it('should check a Tranche id like a MaLo-ID (LOC+Z21 DE3225 carries [950]), by field and by location type', () => {
    const body = {
      stammdaten: {
        TRANCHE: [{ tranchenId: '41373559241' }, { tranchenId: '50074561189' }],
        ENERGIELIEFERVERTRAG: [{ lokationsId: '50074561189', lokationsTyp: 'TRANCHE' }],
      },
    };
    expect(identifierFindings(body).map(({ pointer, check }) => ({ pointer, check }))).toEqual([
      { pointer: '#/stammdaten/TRANCHE/1/tranchenId', check: 'malo-check-digit' },
      { pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/lokationsId', check: 'malo-check-digit' },
    ]);
  });

  it('should leave empty strings, non-strings and unknown location types alone', () => {
    const body = {
      stammdaten: {
        MARKTLOKATION: [{ marktlokationsId: '' }, { marktlokationsId: 50754496000 }, null, 'x'],
        NETZNUTZUNGSVERTRAG: [{ lokationsId: '1', lokationsTyp: 'UNBEKANNT' }],
        ZAEHLER: [{ ressourcenId: 'x' }],
      },
      transaktionsdaten: null,
    };
    expect(identifierFindings(body)).toEqual([]);
    expect(identifierFindings(null)).toEqual([]);
    expect(identifierFindings([])).toEqual([]);
  });

  it('should list the identifier findings of the samples (reviewed: the contract and test-case examples are wrong)', () => {
    const found = processSamples().flatMap((sample) =>
      identifierFindings(sample.body).map((finding) => `${sample.name} ${finding.pointer} ${finding.check}`),
    );
    expect(found).toMatchSnapshot();
  });
});
