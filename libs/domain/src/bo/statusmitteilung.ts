import { Positionsdaten } from '../com/positionsdaten';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * A status message on an order (IFTSTA, PIs 21033–21047): order status and its positions.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Statusmitteilung {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  auftragsstatus?: string;

  @OptionalString()
  statusObjekt?: string;

  @OptionalNested(() => Positionsdaten, { each: true })
  positionsdaten?: Positionsdaten[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  statusanlass?: string;
}
