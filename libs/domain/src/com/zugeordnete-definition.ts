import { Leistungskurvendefinition } from '../bo/leistungskurvendefinition';
import { Schaltzeitdefinition } from '../bo/schaltzeitdefinition';
import { OptionalNested } from '../validation/decorators';

/**
 * Definitions assigned to a controllable resource (load curve, switching times); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class ZugeordneteDefinition {
  // A definition code in real payloads, a BO reference in the schemas.
  @OptionalNested(() => Leistungskurvendefinition, { kinds: ['string', 'object'] })
  leistungskurvendefinition?: string | Leistungskurvendefinition;

  // Typed like its sibling `leistungskurvendefinition`.
  @OptionalNested(() => Schaltzeitdefinition, { kinds: ['string', 'object'] })
  schaltzeitdefinition?: string | Schaltzeitdefinition;
}
