import { OptionalString } from '../validation/decorators';

/**
 * A named external reference, e.g. the customer number at the previous supplier.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.externereferenz
 */
export class ExterneReferenz {
  @OptionalString()
  exRefName?: string;

  @OptionalString()
  exRefWert?: string;
}
