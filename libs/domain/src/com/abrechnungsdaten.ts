import {
  OptionalBoolean,
  OptionalNested,
  OptionalNumber,
  OptionalObject,
  OptionalString,
  OptionalStringList,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Menge } from './menge';
import { Zaehlzeit } from './zaehlzeit';

/**
 * Reactive-energy billing data of a Netzlokation; MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Abrechnungsdaten {
  @OptionalBoolean()
  abrechnungBlindarbeit?: boolean;

  // An array in the schema; the real Marktlokation payloads carry the same field as a string.
  @OptionalStringList({ orSingle: true })
  artikelId?: string | string[];

  @OptionalString()
  artikelIdTyp?: string;

  @OptionalString()
  zahlerBlindarbeit?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalNumber()
  anzahl?: number;

  @OptionalNumber()
  gemeinderabatt?: number;

  @OptionalNumber()
  zuschlag?: number;

  @OptionalNumber()
  abschlag?: number;

  @OptionalNested(() => Menge)
  singulaereBetriebsmittel?: Menge;

  @OptionalObject()
  preisSingulaereBetriebsmittel?: JsonObject;

  @OptionalBoolean()
  zahlerBlindarbeitLf?: boolean;

  @OptionalBoolean()
  differenzDaten?: boolean;

  @OptionalNested(() => Zaehlzeit)
  zaehlzeiten?: Zaehlzeit;
}
