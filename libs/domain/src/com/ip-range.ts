import { OptionalString } from '../validation/decorators';

/**
 * An IP address range of a market participant (ORDERS configuration PIs); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class IpRange {
  @OptionalString()
  obereGrenze?: string;

  @OptionalString()
  untereGrenze?: string;
}
