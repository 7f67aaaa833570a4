import {
  OptionalBoolean,
  OptionalNested,
  OptionalObject,
  OptionalOneOf,
  OptionalString,
  OptionalStringList,
} from '../validation/decorators';
import { type JsonObject, type JsonScalarOrObject, SCALAR_OR_OBJECT } from '../validation/json-kind';
import { Betrag } from './betrag';
import { Zaehlzeit } from './zaehlzeit';

/**
 * Grid-usage billing data of a Marktlokation (Artikel-ID, quantities, discounts); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Netznutzungsabrechnungsdaten {
  // One string in real payloads, an array of strings in the schemas.
  @OptionalStringList({ orSingle: true })
  artikelId?: string | string[];

  @OptionalString()
  artikelIdTyp?: string;

  // A number in real payloads; the schemas copy an enum from the wrong code list.
  @OptionalOneOf(['number', 'string'])
  anzahl?: number | string;

  // Untyped in the schemas; real payloads carry scalars (backend-interface §9)
  @OptionalOneOf(SCALAR_OR_OBJECT)
  abschlag?: JsonScalarOrObject;

  @OptionalOneOf(['number', 'object'])
  gemeinderabatt?: number | JsonObject;

  @OptionalNested(() => Betrag)
  singulaereBetriebsmittel?: Betrag;

  @OptionalNested(() => Zaehlzeit)
  zaehlzeiten?: Zaehlzeit;

  // Untyped like its sibling `abschlag`.
  @OptionalOneOf(SCALAR_OR_OBJECT)
  zuschlag?: JsonScalarOrObject;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalObject()
  preisSingulaereBetriebsmittel?: JsonObject;

  @OptionalBoolean()
  abrechnungBlindarbeit?: boolean;

  @OptionalString()
  zahlerBlindarbeit?: string;

  @OptionalBoolean()
  zahlerBlindarbeitLf?: boolean;

  @OptionalBoolean()
  differenzDaten?: boolean;
}
