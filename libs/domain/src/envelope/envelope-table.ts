import type { MarketRole, ProcessOperation } from '../market-role';
import { ProzessdatenAktualisierenLf } from './prozessdaten-aktualisieren-lf';
import { ProzessdatenErstellenLf } from './prozessdaten-erstellen-lf';

export type EnvelopeClass = new () => object;

interface EnvelopeEntry {
  readonly envelope: EnvelopeClass;
  /** Validated with another role's envelope until this role gets its own. */
  readonly borrowed: boolean;
}

const own = (envelope: EnvelopeClass): EnvelopeEntry => ({ envelope, borrowed: false });
const borrowed = (envelope: EnvelopeClass): EnvelopeEntry => ({ envelope, borrowed: true });

// NB and MSB reuse the LF envelopes for now: same BO4E shapes, the role-specific PI lists come later.
const ENVELOPES: Readonly<Record<MarketRole, Readonly<Record<ProcessOperation, EnvelopeEntry>>>> = {
  LF: { create: own(ProzessdatenErstellenLf), update: own(ProzessdatenAktualisierenLf) },
  NB: { create: borrowed(ProzessdatenErstellenLf), update: borrowed(ProzessdatenAktualisierenLf) },
  MSB: { create: borrowed(ProzessdatenErstellenLf), update: borrowed(ProzessdatenAktualisierenLf) },
};

function entryFor(role: MarketRole, operation: ProcessOperation): EnvelopeEntry {
  const entry = ENVELOPES[role]?.[operation];
  if (!entry) throw new Error(`No process data envelope for role ${String(role)} and operation ${String(operation)}`);
  return entry;
}

/** The envelope class validating a request body of this role and operation (LF only for now; undefined for others). */
export function envelopeClassFor(role: MarketRole, operation: ProcessOperation): EnvelopeClass | undefined {
  const entry = entryFor(role, operation);
  return entry.borrowed ? undefined : entry.envelope;
}

/** The class `validateProcessData` checks a body against, borrowed envelopes included. */
export function validationClassFor(role: MarketRole, operation: ProcessOperation): EnvelopeClass {
  return entryFor(role, operation).envelope;
}
