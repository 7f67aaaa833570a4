import { OptionalNested, OptionalString } from '../validation/decorators';
import { ZusatzInformation } from './zusatz-information';

/**
 * A postal address.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.adresse
 */
export class Adresse {
  @OptionalString()
  hausnummer?: string;

  @OptionalString()
  landescode?: string;

  @OptionalString()
  ort?: string;

  @OptionalString()
  ortsteil?: string;

  @OptionalString()
  postfach?: string;

  @OptionalString()
  postleitzahl?: string;

  @OptionalString()
  strasse?: string;

  @OptionalNested(() => ZusatzInformation)
  zusatzInformation?: ZusatzInformation;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  adresszusatz?: string;

  @OptionalString()
  coErgaenzung?: string;
}
