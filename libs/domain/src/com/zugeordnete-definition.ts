import { OptionalOneOf } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * Definitions assigned to a controllable resource (load curve, switching times); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class ZugeordneteDefinition {
  // A definition code in real payloads, a BO reference in the schemas.
  @OptionalOneOf(['string', 'object'])
  leistungskurvendefinition?: string | JsonObject;

  // Typed like its sibling `leistungskurvendefinition`.
  @OptionalOneOf(['string', 'object'])
  schaltzeitdefinition?: string | JsonObject;
}
