import { Adresse } from '../com/adresse';
import { Positionsdaten } from '../com/positionsdaten';
import {
  OptionalDateTime,
  OptionalNested,
  OptionalNumber,
  OptionalObject,
  OptionalString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Geschaeftspartner } from './geschaeftspartner';

/**
 * An order (ORDERS): execution date and ordered positions.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Auftrag {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalDateTime()
  ausfuehrungsdatum?: string;

  @OptionalDateTime()
  startdatum?: string;

  @OptionalNested(() => Positionsdaten, { each: true })
  positionsdaten?: Positionsdaten[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalDateTime()
  fertigstellungsdatum?: string;

  @OptionalDateTime()
  enddatum?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Adresse)
  lieferanschrift?: Adresse;

  @OptionalString()
  marktlokationsId?: string;

  @OptionalObject()
  mindestpreis?: JsonObject;

  @OptionalObject()
  hoechstpreis?: JsonObject;

  @OptionalString()
  energierichtung?: string;

  @OptionalNumber()
  berechnungspreis?: number;

  @OptionalNumber()
  summeGesamt?: number;

  @OptionalDateTime()
  verschobenerAbmeldetermin?: string;

  @OptionalDateTime()
  behebungsZeitpunkt?: string;

  @OptionalNested(() => Geschaeftspartner)
  lieferadresseAltgeraete?: Geschaeftspartner;

  @OptionalString()
  definitionsTyp?: string;

  @OptionalString({ each: true })
  bemerkungen?: string[];
}
