import { OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * Identification and priority of a product package; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Produktpaket {
  @OptionalNumber()
  produktpaketId?: number;

  @OptionalString()
  priorisierung?: string;

  @OptionalString()
  umsetzungsgradvorgabe?: string;
}
