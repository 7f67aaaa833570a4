import { OptionalString } from '../validation/decorators';

/**
 * General information on a status position, up to five lines (IFTSTA FTX); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class AllgemeineInformationen {
  @OptionalString()
  info1?: string;

  @OptionalString()
  info2?: string;

  @OptionalString()
  info3?: string;

  @OptionalString()
  info4?: string;

  @OptionalString()
  info5?: string;
}
