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

  // DTM+163/164 of the load-profile PIs 13018, 13025: plain strings in the published schemas, date-times in the
  // vendor's dictionary, which its bodies follow.
  @OptionalDateTime()
  startdatum?: string;

  @OptionalDateTime()
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
