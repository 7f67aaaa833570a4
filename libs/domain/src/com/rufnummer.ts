import { Ansprechpartner } from '../bo/ansprechpartner';
import { OptionalNested, OptionalOneOf, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * A phone or fax number with its kind (`nummerntyp`).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.rufnummer
 */
export class Rufnummer {
  @OptionalString()
  nummerntyp?: string;

  // A string in real payloads and most schemas, a property-less object in others.
  @OptionalOneOf(['string', 'object'])
  rufnummer?: string | JsonObject;

  // Misspelt variant of `nummerntyp` in some schemas.
  @OptionalOneOf(['string', 'object'])
  nummertyp?: string | JsonObject;

  // Nested into a sender-level number by one LF create schema. Typed through `InstanceType` so that no design-type
  // metadata names the class: Ansprechpartner lists Rufnummern, and loading it first would meet this class half-built.
  @OptionalNested(() => Ansprechpartner)
  ansprechpartner?: InstanceType<typeof Ansprechpartner>;
}
