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
}
