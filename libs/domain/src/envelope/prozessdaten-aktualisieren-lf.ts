import { OptionalNested, RequiredNested } from '../validation/decorators';
import { UndeclaredKeysHoldObjectArrays } from '../validation/undeclared-keys';
import { Stammdaten } from './stammdaten';
import { Transaktionsdaten } from './transaktionsdaten';
import { ZusatzdatenAktualisieren } from './zusatzdaten';

/**
 * Request body of `POST /updateProcessData` for the supplier (schema "Prozessdaten aktualisieren LF").
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenAktualisierenLf {
  @OptionalNested(() => Stammdaten)
  @UndeclaredKeysHoldObjectArrays(() => Stammdaten)
  stammdaten?: Stammdaten;

  @RequiredNested(() => Transaktionsdaten)
  transaktionsdaten: Transaktionsdaten;

  @RequiredNested(() => ZusatzdatenAktualisieren)
  zusatzdaten: ZusatzdatenAktualisieren;
}
