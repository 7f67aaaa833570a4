import { OptionalNested, RequiredNested } from '../validation/decorators';
import { UndeclaredKeysHoldObjectArrays } from '../validation/undeclared-keys';
import { Stammdaten } from './stammdaten';
import { Transaktionsdaten } from './transaktionsdaten';
import { Zusatzdaten } from './zusatzdaten';

/**
 * Request body of `POST /createProcessData` for the supplier (schema "Prozessdaten erstellen LF").
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenErstellenLf {
  @OptionalNested(() => Stammdaten)
  @UndeclaredKeysHoldObjectArrays(() => Stammdaten)
  stammdaten?: Stammdaten;

  @RequiredNested(() => Transaktionsdaten)
  transaktionsdaten: Transaktionsdaten;

  @OptionalNested(() => Zusatzdaten)
  zusatzdaten?: Zusatzdaten | null;
}
