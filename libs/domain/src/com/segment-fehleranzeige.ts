import { OptionalString } from '../validation/decorators';

/**
 * A faulty segment reported by CONTRL (UCS); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class SegmentFehleranzeige {
  @OptionalString()
  segmentpositionNachricht?: string;

  @OptionalString()
  syntaxFehler?: string;
}
