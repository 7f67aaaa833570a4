import { Schaltzeit } from '../com/schaltzeit';
import { OptionalDateTime, OptionalNested, OptionalString } from '../validation/decorators';

/**
 * A switching-time definition with its switching times; also referenced by SteuerbareRessource.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.schaltzeitdefinition
 */
export class Schaltzeitdefinition {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalNested(() => Schaltzeit, { each: true })
  schaltzeiten?: Schaltzeit[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalDateTime()
  beginndatum?: string;

  @OptionalDateTime()
  endedatum?: string;

  @OptionalDateTime()
  version?: string;

  @OptionalString()
  code?: string;

  @OptionalString()
  notwendigkeit?: string;
}
