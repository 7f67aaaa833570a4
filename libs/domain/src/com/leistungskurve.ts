import { OptionalString } from '../validation/decorators';

/**
 * A load curve of a Leistungskurvendefinition: code and configuration product; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Leistungskurve {
  @OptionalString()
  code?: string;

  @OptionalString()
  konfigurationsprodukt?: string;
}
