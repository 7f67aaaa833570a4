import { OptionalNumber, OptionalOneOf } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * An object code of a location bundle position (RFF+Z33); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Objectcode {
  // A 13-digit code in real payloads, a property-less object in the schemas.
  @OptionalOneOf(['string', 'object'])
  objectcode?: string | JsonObject;

  @OptionalNumber()
  lokationsbuendelNummer?: number;
}
