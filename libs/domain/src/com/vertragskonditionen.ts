import {
  OptionalBoolean,
  OptionalDateTime,
  OptionalNested,
  OptionalNumber,
  OptionalString,
} from '../validation/decorators';
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

  @OptionalDateTime()
  startAbrechnungsjahr?: string;
}
