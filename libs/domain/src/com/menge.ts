import { OptionalOneOf, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * A quantity: value and unit.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.menge
 */
export class Menge {
  // A number in real payloads, a property-less object in most schemas (backend-interface §9)
  @OptionalOneOf(['number', 'object'])
  wert?: number | JsonObject;

  @OptionalString()
  einheit?: string;
}
