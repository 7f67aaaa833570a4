import { MARKET_ROLES } from '../market-role';
import { envelopeClassFor } from './envelope-table';
import { ProzessdatenAktualisierenLf } from './prozessdaten-aktualisieren-lf';
import { ProzessdatenErstellenLf } from './prozessdaten-erstellen-lf';

describe(envelopeClassFor.name, () => {
  it('should return the LF envelopes per operation', () => {
    expect(envelopeClassFor('LF', 'create')).toBe(ProzessdatenErstellenLf);
    expect(envelopeClassFor('LF', 'update')).toBe(ProzessdatenAktualisierenLf);
  });

  it('should return undefined for roles without their own envelopes yet', () => {
    expect(envelopeClassFor('NB', 'create')).toBeUndefined();
    expect(envelopeClassFor('MSB', 'update')).toBeUndefined();
  });

  it('should know every market role', () => {
    expect(MARKET_ROLES).toEqual(['LF', 'NB', 'MSB']);
    for (const role of MARKET_ROLES) expect(() => envelopeClassFor(role, 'create')).not.toThrow();
  });
});
