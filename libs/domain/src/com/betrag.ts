import { OptionalOneOf, OptionalString } from '../validation/decorators';
import { type JsonScalarOrObject, SCALAR_OR_OBJECT } from '../validation/json-kind';

/**
 * An amount (`singulaereBetriebsmittel`).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.betrag
 */
export class Betrag {
  // Untyped in the schemas; real payloads carry scalars (backend-interface §9)
  @OptionalOneOf(SCALAR_OR_OBJECT)
  wert?: JsonScalarOrObject;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  waehrung?: string;

  @OptionalString()
  einheit?: string;
}
