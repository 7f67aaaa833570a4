import { OptionalDateTime, OptionalOneOf } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * A typed characteristic of a Marktlokation with its validity; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class MarktlokationsTyp {
  @OptionalOneOf(['string', 'object'])
  typ?: string | JsonObject;

  @OptionalDateTime()
  gueltigAb?: string;

  @OptionalDateTime()
  gueltigBis?: string;
}
