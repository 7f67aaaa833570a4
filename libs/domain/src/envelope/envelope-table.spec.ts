import { MARKET_ROLES } from '../market-role';
import { envelopeClassFor } from './envelope-table';
import {
  ProzessdatenAktualisierenLf,
  ProzessdatenAktualisierenMsb,
  ProzessdatenAktualisierenNb,
} from './prozessdaten-aktualisieren';
import { ProzessdatenErstellenLf, ProzessdatenErstellenMsb, ProzessdatenErstellenNb } from './prozessdaten-erstellen';

describe(envelopeClassFor.name, () => {
  it.each([
    ['LF', 'create', ProzessdatenErstellenLf],
    ['LF', 'update', ProzessdatenAktualisierenLf],
    ['NB', 'create', ProzessdatenErstellenNb],
    ['NB', 'update', ProzessdatenAktualisierenNb],
    ['MSB', 'create', ProzessdatenErstellenMsb],
    ['MSB', 'update', ProzessdatenAktualisierenMsb],
  ] as const)('should return the %s %s envelope', (role, operation, envelope) => {
    expect(envelopeClassFor(role, operation)).toBe(envelope);
  });

  it('should give every role and operation its own class', () => {
    const envelopes = MARKET_ROLES.flatMap((role) => [
      envelopeClassFor(role, 'create'),
      envelopeClassFor(role, 'update'),
    ]);
    expect(new Set(envelopes).size).toBe(MARKET_ROLES.length * 2);
  });

  it('should throw for a role or operation it does not know', () => {
    expect(() => envelopeClassFor('ÜNB' as never, 'create')).toThrow(
      'No process data envelope for role ÜNB and operation create',
    );
    expect(() => envelopeClassFor('LF', 'delete' as never)).toThrow(
      'No process data envelope for role LF and operation delete',
    );
    expect(() => envelopeClassFor('constructor' as never, 'create')).toThrow(/No process data envelope/);
    expect(() => envelopeClassFor('LF', 'toString' as never)).toThrow(/No process data envelope/);
  });
});
