import { Verbrauch } from '../com/verbrauch';
import { OptionalNested, OptionalString } from '../validation/decorators';

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

  // DTM+163/164 of the load-profile PIs 13018, 13025; plain strings in the schemas, not date-times.
  @OptionalString()
  startdatum?: string;

  @OptionalString()
  enddatum?: string;

  @OptionalNested(() => Verbrauch, { each: true })
  energieverbrauch?: Verbrauch[];
}
