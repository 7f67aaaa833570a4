import { OptionalDateTime, OptionalString } from '../validation/decorators';

/**
 * A switching time of a Schaltzeitdefinition: code and configuration product; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Schaltzeit {
  @OptionalString()
  code?: string;

  @OptionalString()
  konfigurationsprodukt?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalDateTime()
  aenderungszeitpunkt?: string;

  @OptionalString()
  haeufigkeit?: string;

  @OptionalString()
  uebermittelbarkeit?: string;

  @OptionalString()
  schalthandlung?: string;
}
