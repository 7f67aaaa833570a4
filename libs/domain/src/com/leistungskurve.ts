import { OptionalDateTime, OptionalNested, OptionalString } from '../validation/decorators';
import { Schwellwert } from './schwellwert';

/**
 * A load curve of a Leistungskurvendefinition: code and configuration product; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Leistungskurve {
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

  @OptionalNested(() => Schwellwert)
  schwellwert?: Schwellwert;
}
