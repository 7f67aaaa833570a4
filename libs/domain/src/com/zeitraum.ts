import { OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * A period: a reference to a VERWENDUNGSZEITRAUM (`zeitraumId`) or a recurring reading/billing period.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.zeitraum
 */
export class Zeitraum {
  @OptionalNumber()
  zeitraumId?: number;

  @OptionalString()
  ableseZeitraum?: string;

  @OptionalString()
  abrechnungsZeitraum?: string;

  @OptionalString()
  zeitraumText?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  zeiteinheit?: string;

  @OptionalNumber()
  dauer?: number;

  // Date-times in the dictionary; the vendor's 55650 body sends compact dates (`20260401`) beside date-times.
  @OptionalString()
  startdatum?: string;

  @OptionalString()
  enddatum?: string;

  @OptionalString()
  einheit?: string;
}
