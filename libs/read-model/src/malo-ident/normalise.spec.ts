import { marketLocationKeys, meterKeys, nameKeysOf } from './malo-ident-keys';
import {
  foldText,
  houseNumberOf,
  nameTokens,
  normaliseMeterNumber,
  normaliseStreet,
  sameWords,
  streetOf,
} from './normalise';

describe('MaLo identification normalisation', () => {
  it('should fold case, umlauts, ß, diacritics and white space', () => {
    expect(foldText('  Müller-Lüdenscheidt  ÖZTÜRK ')).toBe('mueller luedenscheidt oeztuerk');
    expect(foldText('Großstraße')).toBe('grossstrasse');
    expect(foldText('François Ñoño')).toBe('francois nono');
    expect(foldText(undefined)).toBe('');
  });

  it('should treat "Str.", "Straße" and "Strasse" as the same street, and mark the "*" placeholder', () => {
    expect(['Hauptstr.', 'Hauptstraße', 'Haupt Strasse', 'HAUPTSTRASSE'].map(normaliseStreet)).toEqual(
      Array(4).fill('hauptstrasse'),
    );
    expect(streetOf('Reinhardtstraße')).toEqual({ stem: 'reinhardt', wildcard: true });
    expect(streetOf('Am Markt')).toEqual({ stem: 'ammarkt', wildcard: false });
    expect(normaliseStreet('Am Markt')).not.toBe(normaliseStreet('Am Marktplatz'));
  });

  it('should split house numbers into number and suffix whatever the spelling', () => {
    for (const spelling of ['12a', '12 a', '12-A', '012 A', '12/a'])
      expect(houseNumberOf(spelling)).toEqual({ number: '12', suffix: 'a' });
    expect(houseNumberOf('7')).toEqual({ number: '7', suffix: '' });
  });

  it('should drop legal forms and titles and sort the words of a name', () => {
    expect(nameTokens('Becker GmbH & Co. KG')).toEqual(['becker']);
    expect(nameTokens('Verein Sonnenschein e.V.')).toEqual(['sonnenschein', 'verein']);
    expect(nameTokens('Solar UG (haftungsbeschränkt)')).toEqual(['solar']);
    expect(nameTokens('Prof. Dr. Michael', 'Becker')).toEqual(['becker', 'michael']);
    expect(nameTokens('KG')).toEqual(['kg']);
  });

  it('should let names differ by one letter only in longer words (fastest-levenshtein)', () => {
    expect(sameWords(['schmidt', 'thomas'], ['schmitt', 'thomas'])).toBe(true);
    expect(sameWords(['meier'], ['meyer'])).toBe(true);
    expect(sameWords(['maier', 'tom'], ['meier', 'tim'])).toBe(false);
    expect(sameWords(['mueller'], ['mueller', 'thomas'])).toBe(false);
  });

  it('should compare meter numbers case-sensitively, without white space, leading and trailing zeros', () => {
    expect(normaliseMeterNumber(' 0001SM-84659 2952300 ')).toBe('1SM-8465929523');
    expect(normaliseMeterNumber('1sm-8465929523')).not.toBe(normaliseMeterNumber('1SM-8465929523'));
  });

  it('should give a MaLo few keys: address, cadastre, coordinates, names, customer numbers', () => {
    const keys = marketLocationKeys({
      marktlokationsId: '74018657187',
      lokationsadresse: { postleitzahl: '12117', strasse: 'Reinhardtstraße', hausnummer: '32 F', ort: 'Berlin' },
      katasteradresse: { gemarkung_flur: 'Eine Gemarkung', flurstueck: '1', flurstueckNummer: '123' },
      geokoordinaten: { breitengrad: '48.13512', laengengrad: '11.582' },
      endkunde: {
        name1: 'Max Müller',
        name2: 'Eva Schmidt',
        externeReferenzen: [{ exRefName: 'Kundennummer beim Altlieferanten', exRefWert: 'V567' }],
      },
    });
    expect(keys).toEqual([
      'ADR|12117|32',
      'FLUR|einegemarkung|1|123',
      'GEO|48.1351|11.5820',
      'NAME|eva max mueller schmidt',
      'NAME|max mueller',
      'NAME|eva schmidt',
      'KDNR|V567',
    ]);
    expect(nameKeysOf({ name1: 'Becker', name2: 'Michael' })).toEqual(['NAME|becker michael']);
    // A hyphenated first name is one word, not a name of its own: no key every "Hans-Peter" would share.
    expect(nameKeysOf({ name1: 'Schulz', name2: 'Hans-Peter' })).toEqual(['NAME|hans peter schulz']);
    expect(meterKeys({ zaehlernummer: '1SM-8465929523' })).toEqual(['ZNR|1SM-8465929523']);
    expect(
      meterKeys({
        messlokationsId: 'DE1',
        messlokationszaehler: [{ zaehlernummer: '00123' }, { zaehlernummer: '123' }],
      }),
    ).toEqual(['ZNR|123']);
  });
});
