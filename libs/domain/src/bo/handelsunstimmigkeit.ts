import { Betrag } from '../com/betrag';
import { HandelsunstimmigkeitsBegruendung } from '../com/handelsunstimmigkeits-begruendung';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * A trade discrepancy raised against an invoice or message (REMADV/COMDIS, PIs 29001, 29002).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Handelsunstimmigkeit {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  nummer?: string;

  @OptionalString()
  typ?: string;

  @OptionalNested(() => HandelsunstimmigkeitsBegruendung)
  begruendung?: HandelsunstimmigkeitsBegruendung;

  @OptionalNested(() => Betrag)
  zuZahlen?: Betrag;
}
