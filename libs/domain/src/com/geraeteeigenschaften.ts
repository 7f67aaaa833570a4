import { OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * Type and characteristic of a device.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.geraeteeigenschaften
 */
export class Geraeteeigenschaften {
  @OptionalString()
  geraetetyp?: string;

  @OptionalString()
  geraetemerkmal?: string;

  @OptionalNumber()
  faktor?: number;
}
