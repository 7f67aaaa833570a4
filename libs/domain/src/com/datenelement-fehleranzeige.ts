import { OptionalString } from '../validation/decorators';

/**
 * A faulty data element reported by CONTRL (UCD); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class DatenelementFehleranzeige {
  @OptionalString()
  syntaxFehler?: string;

  @OptionalString()
  positionFehlerDatenelement?: string;

  @OptionalString()
  positionFehlerGruppendatenelement?: string;
}
