import { Positionsdaten } from '../com/positionsdaten';
import { OptionalDateTime, OptionalNested, OptionalString } from '../validation/decorators';

/**
 * An order (ORDERS): execution date and ordered positions.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Auftrag {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalDateTime()
  ausfuehrungsdatum?: string;

  @OptionalDateTime()
  startdatum?: string;

  @OptionalNested(() => Positionsdaten, { each: true })
  positionsdaten?: Positionsdaten[];
}
