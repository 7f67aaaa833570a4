import { isPlainObject } from '../json/plain-object';
import type { RequestDate } from './deadline-rules';

/** A request as the deadlines read it: its canonical (German) transaktionsdaten and stammdaten. */
export interface RequestMessage {
  transaktionsdaten: Record<string, unknown>;
  stammdaten?: unknown;
}

// Where each date is, from the AHB's BO4E mapping and the vendor's PI documents: the Zuordnungsbeginn is UTILMD's
// DTM+92 (`vertragsbeginn`, in transaktionsdaten or on the NETZNUTZUNGSVERTRAG), the Gerätewechseltermin ORDERS'
// DTM+203 (`AUFTRAG.ausfuehrungsdatum`, 17009: "zu welchem Zeitpunkt … der Gerätewechsel beabsichtigt ist").
const READERS: Record<RequestDate, (request: RequestMessage) => unknown> = {
  zuordnungsbeginn: (request) =>
    request.transaktionsdaten['vertragsbeginn'] ?? firstOf(request.stammdaten, 'NETZNUTZUNGSVERTRAG', 'vertragsbeginn'),
  geraetewechseltermin: (request) => firstOf(request.stammdaten, 'AUFTRAG', 'ausfuehrungsdatum'),
};

/** The instant of `date` the request carries; undefined when it carries none that reads as an instant. */
export function requestDateOf(date: RequestDate, request: RequestMessage): Date | undefined {
  const value = READERS[date](request);
  if (typeof value !== 'string') return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** `field` of the first object of `kind` in stammdaten that has it (the kind sent as an array or as one object). */
function firstOf(stammdaten: unknown, kind: string, field: string): unknown {
  if (!isPlainObject(stammdaten)) return undefined;
  const objects = stammdaten[kind];
  for (const object of Array.isArray(objects) ? objects : [objects]) {
    if (isPlainObject(object) && object[field] !== undefined && object[field] !== null) return object[field];
  }
  return undefined;
}
