import { OptionalString } from '../validation/decorators';

/**
 * Free text of a message (EDIFACT FTX), up to five lines; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Freitext {
  @OptionalString()
  freitext1?: string;

  @OptionalString()
  freitext2?: string;

  @OptionalString()
  freitext3?: string;

  @OptionalString()
  freitext4?: string;

  @OptionalString()
  freitext5?: string;
}
