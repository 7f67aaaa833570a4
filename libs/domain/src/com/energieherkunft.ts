import { OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * Origin of the energy generated at a Marktlokation.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.energieherkunft
 */
export class Energieherkunft {
  @OptionalString()
  erzeugungsart?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalNumber()
  anteilProzent?: number;
}
