import { Positionsdaten } from '../com/positionsdaten';
import { Zeitraum } from '../com/zeitraum';
import { OptionalDateTime, OptionalNested, OptionalObject, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Ansprechpartner } from './ansprechpartner';
import { Geschaeftspartner } from './geschaeftspartner';

/**
 * An offer (QUOTES) answering a request, with its positions.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.angebot
 */
export class Angebot {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  anfragereferenz?: string;

  @OptionalNested(() => Positionsdaten, { each: true })
  positionsdaten?: Positionsdaten[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  angebotsnummer?: string;

  @OptionalDateTime()
  angebotsdatum?: string;

  @OptionalString()
  sparte?: string;

  @OptionalDateTime()
  bindefrist?: string;

  @OptionalNested(() => Geschaeftspartner)
  angebotgeber?: Geschaeftspartner;

  @OptionalNested(() => Geschaeftspartner)
  angebotnehmer?: Geschaeftspartner;

  @OptionalNested(() => Ansprechpartner)
  unterzeichnerAngebotsnehmer?: Ansprechpartner;

  @OptionalNested(() => Ansprechpartner)
  unterzeichnerAngebotsgeber?: Ansprechpartner;

  @OptionalNested(() => Zeitraum)
  zeitspanneEinrichtungUebermittlungWerte?: Zeitraum;

  @OptionalNested(() => Zeitraum)
  bindefristAngebot?: Zeitraum;

  @OptionalObject({ each: true })
  varianten?: JsonObject[];
}
