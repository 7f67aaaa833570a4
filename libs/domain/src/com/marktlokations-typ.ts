import { OptionalOneOf, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * A typed characteristic of a Marktlokation with its validity; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class MarktlokationsTyp {
  @OptionalOneOf(['string', 'object'])
  typ?: string | JsonObject;

  // A date-time in the dictionary; the published MSCONS/UTILMD schemas type it as a plain string, so any string is accepted.
  @OptionalString()
  gueltigAb?: string;

  @OptionalString()
  gueltigBis?: string;
}
