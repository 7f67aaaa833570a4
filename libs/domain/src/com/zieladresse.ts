import { OptionalString } from '../validation/decorators';

/**
 * Target address of a control channel, up to five lines (EDIFACT CAV); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Zieladresse {
  @OptionalString()
  zieladresse1?: string;

  @OptionalString()
  zieladresse2?: string;

  @OptionalString()
  zieladresse3?: string;

  @OptionalString()
  zieladresse4?: string;

  @OptionalString()
  zieladresse5?: string;
}
