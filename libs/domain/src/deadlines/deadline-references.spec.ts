import { answerReferencesOf, requestNumbersOf } from './deadline-references';

describe('the numbers an answer names its request by', () => {
  it("should know a request by its Vorgangsnummer and Dokumentennummer (UTILMD's IDE+24, ORDERS' BGM)", () => {
    expect(requestNumbersOf({ vorgangsnummer: 'V-1', dokumentennummer: 'D-1', anfragereferenznummer: 'X' })).toEqual([
      'V-1',
      'D-1',
    ]);
  });

  it("should read an answer's references to its request (UTILMD's RFF+TN, ORDRSP's RFF+ON)", () => {
    expect(answerReferencesOf({ anfragereferenznummer: 'V-1', auftragsReferenz: 'D-1', vorgangsnummer: 'Y' })).toEqual([
      'V-1',
      'D-1',
    ]);
  });

  it.each([
    ['none', {}],
    ['blank ones', { anfragereferenznummer: '  ', auftragsReferenz: '' }],
    ['ones that are no text', { anfragereferenznummer: 4711, auftragsReferenz: { id: 'D-1' } }],
  ])('should have no references where the answer has %s', (_, transaktionsdaten) => {
    expect(answerReferencesOf(transaktionsdaten)).toBeUndefined();
  });

  it('should name a number once, trimmed', () => {
    expect(requestNumbersOf({ vorgangsnummer: ' N-1', dokumentennummer: 'N-1 ' })).toEqual(['N-1']);
  });
});
