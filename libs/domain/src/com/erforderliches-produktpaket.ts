import { OptionalNested, OptionalNumber, OptionalString } from '../validation/decorators';
import { Produkt } from './produkt';
import { Produktpaket } from './produktpaket';

/**
 * A product package the sender requires for a location, with its products; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class ErforderlichesProduktpaket {
  @OptionalNested(() => Produkt, { each: true })
  produkt?: Produkt[];

  @OptionalNested(() => Produktpaket)
  produktpaket?: Produktpaket;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalNumber()
  produktpaketId?: number;

  @OptionalString()
  umsetzungsgradvorgabe?: string;

  @OptionalString()
  priorisierung?: string;
}
