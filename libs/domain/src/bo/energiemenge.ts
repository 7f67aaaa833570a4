import { Verbrauch } from '../com/verbrauch';
import { OptionalDateTime, OptionalNested, OptionalString } from '../validation/decorators';

/**
 * Metered quantities of a location (MSCONS): the location and its list of values.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.energiemenge
 */
export class Energiemenge {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  lokationsId?: string;

  @OptionalString()
  lokationsTyp?: string;

  @OptionalString()
  konfiguration?: string;

  // A date-time in the dictionary; the published MSCONS/UTILMD schemas type it as a plain string, so any string is accepted.
  @OptionalString()
  startdatum?: string;

  @OptionalString()
  enddatum?: string;

  @OptionalNested(() => Verbrauch, { each: true })
  energieverbrauch?: Verbrauch[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalDateTime()
  fertigstellungsdatum?: string;

  @OptionalDateTime()
  bilanzierungsdatum?: string;

  @OptionalDateTime()
  beginndatum?: string;

  @OptionalString()
  referenzStammdatenmeldungMsb?: string;
}
