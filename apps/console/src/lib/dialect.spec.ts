import { bodyDialect, DIALECT_BADGE, revisionDialect } from './dialect';

describe('bodyDialect', () => {
  it('should read German and English bodies by their top-level containers', () => {
    expect(bodyDialect({ stammdaten: {}, transaktionsdaten: { pruefidentifikator: '55001' } })).toBe('de');
    expect(bodyDialect({ zusatzdaten: { businessKey: 'k' } })).toBe('de');
    expect(bodyDialect({ masterData: {}, transactionData: { verificationIdentifier: '55001' } })).toBe('en');
    expect(bodyDialect({ additionalData: { businessKey: 'k' } })).toBe('en');
  });

  it('should call a body with containers of both mixed', () => {
    expect(bodyDialect({ transaktionsdaten: {}, additionalData: { businessKey: 'k' } })).toBe('mixed');
  });

  it('should name no dialect for what is no body of either', () => {
    expect(bodyDialect(null)).toBeNull();
    expect(bodyDialect([{ masterData: {} }])).toBeNull();
    expect(bodyDialect('masterData')).toBeNull();
    expect(bodyDialect({ data: { masterData: {} } })).toBeNull();
  });
});

describe('revisionDialect', () => {
  it("should take the service's recorded dialect over the body's keys", () => {
    expect(revisionDialect({ dialect: 'en', body: { stammdaten: {} } })).toBe('en');
    expect(revisionDialect({ dialect: 'de', body: undefined })).toBe('de');
  });

  it('should fall back to the body when the recorded value is unknown or absent', () => {
    expect(revisionDialect({ dialect: 'fr', body: { masterData: {} } })).toBe('en');
    expect(revisionDialect({ body: { transaktionsdaten: {} } })).toBe('de');
    expect(revisionDialect({})).toBeNull();
  });

  it('should show each dialect with a label and a tooltip', () => {
    expect(DIALECT_BADGE.en).toMatchObject({ label: 'EN', title: "English dialect (vendor's EN path)" });
    expect(DIALECT_BADGE.de).toMatchObject({ label: 'DE', title: 'German BO4E' });
    expect(DIALECT_BADGE.mixed.label).toBe('mixed');
  });
});
