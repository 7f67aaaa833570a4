import { OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * Concession levy applying to a register.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.konzessionsabgabe
 */
export class Konzessionsabgabe {
  @OptionalString()
  kategorie?: string;

  @OptionalNumber()
  kosten?: number;

  @OptionalString()
  satz?: string;
}
