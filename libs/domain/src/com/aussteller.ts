import { OptionalString } from '../validation/decorators';

/**
 * Certificate issuer of a control channel, up to five lines (EDIFACT CAV); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Aussteller {
  @OptionalString()
  aussteller1?: string;

  @OptionalString()
  aussteller2?: string;

  @OptionalString()
  aussteller3?: string;

  @OptionalString()
  aussteller4?: string;

  @OptionalString()
  aussteller5?: string;
}
