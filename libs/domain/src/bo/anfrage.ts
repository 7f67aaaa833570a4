import { OptionalDateTime, OptionalString } from '../validation/decorators';

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

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  abonnement?: string;

  @OptionalString()
  anfragereferenz?: string;

  @OptionalString()
  allgemeineInformationen?: string;

  @OptionalString()
  gueltigkeitszeitspanne?: string;

  @OptionalDateTime()
  gueltigAb?: string;
}
