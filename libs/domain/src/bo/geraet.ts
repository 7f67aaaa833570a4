import { Geraeteeigenschaften } from '../com/geraeteeigenschaften';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * A device installed with a meter (communication unit, control unit, …).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.geraet
 */
export class Geraet {
  @OptionalString()
  geraetenummer?: string;

  @OptionalString()
  geraetetyp?: string;

  @OptionalNested(() => Geraeteeigenschaften)
  geraeteeigenschaften?: Geraeteeigenschaften;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  bezeichnung?: string;

  @OptionalString()
  geraetereferenz?: string;

  @OptionalString()
  volumenerfassung?: string;

  @OptionalString({ each: true })
  weitereGeraetenummern?: string[];
}
