import { OptionalNumber, OptionalOneOf, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * A balancing group with its priority (`transaktionsdaten.bilanzkreis[]`, `BILANZIERUNG.bilanzkreise[]`); MaCo App
 * extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class BilanzkreisReferenz {
  @OptionalString()
  bezeichnung?: string;

  // A string in real payloads, a property-less object in the schemas.
  @OptionalOneOf(['string', 'object'])
  bilanzkreis?: string | JsonObject;

  @OptionalNumber()
  prioritaet?: number;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;
}
