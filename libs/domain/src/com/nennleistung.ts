import { OptionalNumber, OptionalOneOf } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * Rated output and input of a technical resource; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Nennleistung {
  // A number in real payloads, a property-less object in the schemas (backend-interface §9)
  @OptionalOneOf(['number', 'object'])
  abgabe?: number | JsonObject;

  @OptionalNumber()
  aufnahme?: number;
}
