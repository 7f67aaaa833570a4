import { OptionalOneOf, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * What a market role uses a register's values for (BO4E VerwendungszweckProMarktrolle).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.verwendungszweckpromarktrolle
 */
export class Verwendungszweck {
  @OptionalString()
  marktrolle?: string;

  // Codes in real payloads, property-less objects in the schemas.
  @OptionalOneOf(['string', 'object'], { each: true })
  zweck?: Array<string | JsonObject>;
}
