import type { MarketRole, ProcessOperation } from '../market-role';
import {
  ProzessdatenAktualisierenLf,
  ProzessdatenAktualisierenMsb,
  ProzessdatenAktualisierenNb,
} from './prozessdaten-aktualisieren';
import { ProzessdatenErstellenLf, ProzessdatenErstellenMsb, ProzessdatenErstellenNb } from './prozessdaten-erstellen';

export type EnvelopeClass = new () => object;

// The one place that maps a request to its envelope class.
const ENVELOPES: Readonly<Record<MarketRole, Readonly<Record<ProcessOperation, EnvelopeClass>>>> = Object.freeze({
  LF: Object.freeze({ create: ProzessdatenErstellenLf, update: ProzessdatenAktualisierenLf }),
  NB: Object.freeze({ create: ProzessdatenErstellenNb, update: ProzessdatenAktualisierenNb }),
  MSB: Object.freeze({ create: ProzessdatenErstellenMsb, update: ProzessdatenAktualisierenMsb }),
});

/** The envelope class validating a request body of this role and operation. */
export function envelopeClassFor(role: MarketRole, operation: ProcessOperation): EnvelopeClass {
  // Own keys only: `constructor` or `toString` must not find Object's members.
  const byRole = Object.hasOwn(ENVELOPES, role) ? ENVELOPES[role] : undefined;
  const envelope = byRole && Object.hasOwn(byRole, operation) ? byRole[operation] : undefined;
  if (!envelope)
    throw new Error(`No process data envelope for role ${String(role)} and operation ${String(operation)}`);
  return envelope;
}
