import { fromEnglish } from '@maco/domain';
import { englishAuthorization, englishObjects, englishStammdaten } from './english-answer';
import { AUTHORIZATION_NAMES, englishKind, englishPath } from './english-names';

describe('English names', () => {
  it('should name kinds and members as the translator does, one member at a time', () => {
    expect(englishKind('MARKTLOKATION')).toBe('MARKET_LOCATION');
    expect(englishKind('MESSSTELLENBETRIEBSVERTRAG')).toBe('METERING_POINT_OPERATION_CONTRACT');
    // Not in the vendor's map: kept.
    expect(englishKind('ZUORDNUNGSERMAECHTIGUNG')).toBe('ZUORDNUNGSERMAECHTIGUNG');
    expect(englishPath('MARKTLOKATION', ['lokationsadresse', 'postleitzahl'])).toEqual([
      'locationAddress',
      'postalCode',
    ]);
    // Two German names of one English one: each found on its own.
    expect([englishPath('TRANCHE', ['tranchenId']), englishPath('TRANCHE', ['trancheId'])]).toEqual([
      ['trancheId'],
      ['trancheId'],
    ]);
    expect(AUTHORIZATION_NAMES).toEqual({
      zusatzdaten: 'additionalData',
      ermaechtigungVorhanden: 'authorizationPresent',
    });
  });
});

describe('English answers', () => {
  // As the database hands them out: jsonb's text, an explicit null included.
  const stored = [
    '{"boTyp": "MARKTLOKATION", "sparte": "STROM", "netzebene": null, "marktlokationsId": "50074561188"}',
    '{"boTyp": "MARKTLOKATION", "unbekannt": {"x": 1}, "marktlokationsId": "50074561199"}',
  ];

  it('should translate stored objects inside their kind, values of enumerations too, and keep nulls and unknown fields', () => {
    const english = englishStammdaten('MARKTLOKATION', stored);
    expect(english).toEqual({
      masterData: {
        MARKET_LOCATION: [
          { boType: 'MARKET_LOCATION', sector: 'ELECTRICITY', gridLevel: null, marketLocationId: '50074561188' },
          { boType: 'MARKET_LOCATION', unbekannt: { x: 1 }, marketLocationId: '50074561199' },
        ],
      },
    });
    expect(englishObjects('MARKTLOKATION', stored)).toEqual(english.masterData['MARKET_LOCATION']);
    // The way back gives what was stored.
    expect(fromEnglish(english)).toEqual({ stammdaten: { MARKTLOKATION: stored.map((text) => JSON.parse(text)) } });
  });

  it('should answer the authorisation by its English names', () => {
    expect(englishAuthorization({ quelle: 'import', prozessId: 'P1' }, true)).toEqual({
      additionalData: { quelle: 'import', processId: 'P1' },
      authorizationPresent: true,
    });
  });
});
