import { Positionsdaten } from '../com/positionsdaten';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * An offer (QUOTES) answering a request, with its positions.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.angebot
 */
export class Angebot {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  anfragereferenz?: string;

  @OptionalNested(() => Positionsdaten, { each: true })
  positionsdaten?: Positionsdaten[];
}
