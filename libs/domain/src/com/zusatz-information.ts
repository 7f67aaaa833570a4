import { OptionalOneOf, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * Additional name and address lines of a location address (EDIFACT NAD); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class ZusatzInformation {
  @OptionalString()
  zusatz1?: string;

  @OptionalString()
  zusatz2?: string;

  @OptionalString()
  zusatz3?: string;

  @OptionalString()
  zusatz4?: string;

  @OptionalString()
  zusatz5?: string;

  @OptionalString()
  hausnummer?: string;

  @OptionalString()
  landescode?: string;

  // Schema: string or property-less object.
  @OptionalOneOf(['string', 'object'])
  ort?: string | JsonObject;

  @OptionalString()
  ortsteil?: string;

  @OptionalString()
  postfach?: string;

  @OptionalString()
  postleitzahl?: string;

  @OptionalString()
  strasse?: string;
}
