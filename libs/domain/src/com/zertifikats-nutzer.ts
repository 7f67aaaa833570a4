import { OptionalString } from '../validation/decorators';

/**
 * Certificate user of a control channel, up to five lines (EDIFACT CAV); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class ZertifikatsNutzer {
  @OptionalString()
  zertifikatsNutzer1?: string;

  @OptionalString()
  zertifikatsNutzer2?: string;

  @OptionalString()
  zertifikatsNutzer3?: string;

  @OptionalString()
  zertifikatsNutzer4?: string;

  @OptionalString()
  zertifikatsNutzer5?: string;
}
