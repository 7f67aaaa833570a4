import { OptionalNested } from '../validation/decorators';
import { Prozessdaten } from './prozessdaten';
import { Zusatzdaten } from './zusatzdaten';

/**
 * Request body of `POST /createProcessData`, the same shape for every role.
 * @see https://doc.macoapp.de/
 */
export abstract class ProzessdatenErstellen extends Prozessdaten {
  @OptionalNested(() => Zusatzdaten)
  zusatzdaten?: Zusatzdaten | null;
}

/**
 * `POST /createProcessData` of the supplier (schema "Prozessdaten erstellen LF").
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenErstellenLf extends ProzessdatenErstellen {}

/**
 * `POST /createProcessData` of the grid operator (schema "Prozessdaten erstellen NB").
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenErstellenNb extends ProzessdatenErstellen {}

/**
 * `POST /createProcessData` of the metering point operator (schema "Prozessdaten erstellen MSB").
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenErstellenMsb extends ProzessdatenErstellen {}
