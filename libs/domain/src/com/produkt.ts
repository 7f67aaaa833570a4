import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * A product of a product package (product code, property code, value details); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Produkt {
  @OptionalString()
  produktCode?: string;

  @OptionalString()
  codeProdukteigenschaft?: string;

  @OptionalString()
  wertedetails?: string;

  // PI 55077 nests the product fields one level deeper.
  @OptionalNested(() => Produkt)
  produkt?: Produkt;
}
