import { OptionalNested, RequiredNested } from '../validation/decorators';
import { UndeclaredKeysHoldObjectArrays } from '../validation/undeclared-keys';
import { Stammdaten } from './stammdaten';
import { Transaktionsdaten } from './transaktionsdaten';

/**
 * What every Prozessdaten request body carries, whatever the role and operation: master data and transaction data.
 * BO4E shapes do not depend on the role, so all roles share these classes; only `zusatzdaten` differs per operation.
 * @see https://doc.macoapp.de/
 */
export abstract class Prozessdaten {
  @OptionalNested(() => Stammdaten)
  @UndeclaredKeysHoldObjectArrays(() => Stammdaten)
  stammdaten?: Stammdaten;

  @RequiredNested(() => Transaktionsdaten)
  transaktionsdaten: Transaktionsdaten;
}
