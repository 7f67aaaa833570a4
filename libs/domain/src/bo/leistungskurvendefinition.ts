import { Leistungskurve } from '../com/leistungskurve';
import { OptionalDateTime, OptionalNested, OptionalString } from '../validation/decorators';

/**
 * A load-curve definition with its curves; also referenced by Marktlokation, Netzlokation and SteuerbareRessource.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.leistungskurvendefinition
 */
export class Leistungskurvendefinition {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalNested(() => Leistungskurve, { each: true })
  leistungskurven?: Leistungskurve[];

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
