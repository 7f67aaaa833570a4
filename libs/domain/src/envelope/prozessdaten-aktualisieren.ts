import { RequiredNested } from '../validation/decorators';
import { Prozessdaten } from './prozessdaten';
import { ZusatzdatenAktualisieren } from './zusatzdaten';

/**
 * Request body of `POST /updateProcessData`, the same shape for every role: `zusatzdaten.businessKey` is required.
 * @see https://doc.macoapp.de/
 */
export abstract class ProzessdatenAktualisieren extends Prozessdaten {
  @RequiredNested(() => ZusatzdatenAktualisieren)
  zusatzdaten: ZusatzdatenAktualisieren;
}

/**
 * `POST /updateProcessData` of the supplier (schema "Prozessdaten aktualisieren LF").
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenAktualisierenLf extends ProzessdatenAktualisieren {}

/**
 * `POST /updateProcessData` of the grid operator (schema "Prozessdaten aktualiseren NB", sic).
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenAktualisierenNb extends ProzessdatenAktualisieren {}

/**
 * `POST /updateProcessData` of the metering point operator (schema "Prozessdaten aktualiseren MSB", sic).
 * @see https://doc.macoapp.de/
 */
export class ProzessdatenAktualisierenMsb extends ProzessdatenAktualisieren {}
