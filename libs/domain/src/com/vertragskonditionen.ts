import {
  OptionalBoolean,
  OptionalNested,
  OptionalNumber,
  OptionalOneOf,
  OptionalString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Zeitraum } from './zeitraum';

/**
 * Contract terms: billing, meter reading and grid-usage conditions.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.vertragskonditionen
 */
export class Vertragskonditionen {
  @OptionalBoolean()
  abrechnungUeberNna?: boolean;

  @OptionalNumber()
  abrechnungsintervall?: number;

  @OptionalNested(() => Zeitraum)
  geplanteTurnusablesung?: Zeitraum;

  @OptionalBoolean()
  haushaltskunde?: boolean;

  @OptionalNested(() => Zeitraum)
  kuendigungsfrist?: Zeitraum;

  @OptionalString()
  kuendigungstermin?: string;

  @OptionalString()
  naechstenetznutzungsabrechnung?: string;

  @OptionalNested(() => Zeitraum)
  netznutzungsabrechnung?: Zeitraum;

  @OptionalNumber()
  netznutzungsabrechnungIntervall?: number;

  @OptionalString()
  netznutzungsabrechnungsgrundlage?: string;

  @OptionalString()
  netznutzungsabrechnungsvariante?: string;

  @OptionalString()
  netznutzungsvertrag?: string;

  @OptionalString()
  netznutzungszahler?: string;

  // A date-time in the dictionary; the vendor's 55650 body sends a compact date (DTM format 102, `20260401`).
  @OptionalString()
  startAbrechnungsjahr?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalBoolean()
  beinhaltetSingulaerGenutzteBetriebsmittel?: boolean;

  // A COM Gemeinderabatt in the dictionary; the vendor's 55650 body sends an empty list (`[]`).
  @OptionalOneOf(['object', 'array'])
  gemeinderabatt?: JsonObject | unknown[];

  @OptionalString()
  beauftragungMsb?: string;

  @OptionalNested(() => Zeitraum)
  vertragslaufzeit?: Zeitraum;

  @OptionalNested(() => Zeitraum)
  abschlagszyklus?: Zeitraum;

  @OptionalNumber()
  anzahl_abschlaege?: number;

  @OptionalString()
  beschreibung?: string;

  @OptionalNested(() => Zeitraum)
  vertragsverlaengerung?: Zeitraum;
}
