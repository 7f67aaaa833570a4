import { Zaehlzeitdefinition } from '../bo/zaehlzeitdefinition';
import { OptionalNested, OptionalOneOf, OptionalString } from '../validation/decorators';
import { type JsonScalarOrObject, SCALAR_OR_OBJECT } from '../validation/json-kind';

/**
 * Time-of-use assignment of a register (BO4E Zaehlzeitregister).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.zaehlzeitregister
 */
export class Zaehlzeit {
  // Untyped in the schemas; real payloads carry scalars (backend-interface §9)
  @OptionalOneOf(SCALAR_OR_OBJECT)
  register?: JsonScalarOrObject;

  // A BO reference in the schemas; the sibling definition references carry codes in real payloads.
  @OptionalNested(() => Zaehlzeitdefinition, { kinds: ['string', 'object'] })
  zaehlzeitDefinition?: string | Zaehlzeitdefinition;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  schwachlastfaehig?: string;
}
