import { BilanzkreisReferenz } from '../com/bilanzkreis-referenz';
import { Lastprofil } from '../com/lastprofil';
import { Menge } from '../com/menge';
import { Zeitraum } from '../com/zeitraum';
import {
  OptionalDateTime,
  OptionalNested,
  OptionalOneOf,
  OptionalString,
  OptionalStringList,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * Balancing data of a Marktlokation (`stammdaten.BILANZIERUNG`).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.bilanzierung
 */
export class Bilanzierung {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  marktlokationsId?: string;

  @OptionalString()
  abwicklungsmodell?: string;

  @OptionalString()
  aggregationsverantwortung?: string;

  @OptionalDateTime()
  bilanzierungsbeginn?: string;

  @OptionalDateTime()
  bilanzierungsende?: string;

  // A string in real payloads, a property-less object in the schemas.
  @OptionalOneOf(['string', 'object'])
  bilanzkreis?: string | JsonObject;

  @OptionalNested(() => BilanzkreisReferenz, { each: true })
  bilanzkreise?: BilanzkreisReferenz[];

  @OptionalString()
  datenqualitaet?: string;

  // Strings in real payloads, arrays of strings in the schemas (backend-interface §9)
  @OptionalStringList({ nested: true })
  detailsPrognosegrundlage?: Array<string | string[]>;

  @OptionalString()
  fallgruppenzuordnung?: string;

  @OptionalString()
  grundWahlrechtPrognosegrundlage?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalNested(() => Menge)
  jahresverbrauchsprognose?: Menge;

  @OptionalNested(() => Menge)
  kundenwert?: Menge;

  @OptionalNested(() => Lastprofil, { each: true })
  lastprofile?: Lastprofil[];

  @OptionalString()
  prognosegrundlage?: string;

  @OptionalNested(() => Menge)
  temperaturarbeit?: Menge;

  @OptionalNested(() => Menge)
  verbrauchsaufteilung?: Menge;

  @OptionalNested(() => Menge)
  vorjahresverbrauch?: Menge;

  @OptionalOneOf(['string', 'object'])
  wahlrechtPrognosegrundlage?: string | JsonObject;

  @OptionalString()
  zeitreihentyp?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalNested(() => Lastprofil, { each: true })
  lastprofileBilanzierungsbeteiligter?: Lastprofil[];
}
