import { OptionalString } from '../validation/decorators';

/**
 * A request (ORDERS): category, kind and the location it concerns.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Anfrage {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  anfragekategorie?: string;

  @OptionalString()
  anfragetyp?: string;

  @OptionalString()
  dokumentennummer?: string;

  @OptionalString()
  lokationsId?: string;

  @OptionalString()
  lokationsTyp?: string;

  @OptionalString()
  energierichtung?: string;
}
