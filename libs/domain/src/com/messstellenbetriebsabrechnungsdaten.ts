import {
  OptionalBoolean,
  OptionalNumber,
  OptionalOneOf,
  OptionalString,
  OptionalStringList,
} from '../validation/decorators';
import { type JsonScalarOrObject, SCALAR_OR_OBJECT } from '../validation/json-kind';

/**
 * Metering-point-operation billing data of a Marktlokation (SEQ+Z76/ZC5/ZC6); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Messstellenbetriebsabrechnungsdaten {
  @OptionalBoolean()
  messstellenbetriebsabrechnung?: boolean;

  // Typed like the same field of `Netznutzungsabrechnungsdaten`: one string in payloads, an array in the schemas.
  @OptionalStringList({ orSingle: true })
  artikelId?: string | string[];

  // The schemas list register-count names (EINTARIF, …); the sibling billing data carry a number.
  @OptionalOneOf(['number', 'string'])
  anzahl?: number | string;

  // Untyped in the schemas, like `Netznutzungsabrechnungsdaten.abschlag`.
  @OptionalOneOf(SCALAR_OR_OBJECT)
  abschlag?: JsonScalarOrObject;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  artikelIdTyp?: string;

  @OptionalNumber()
  zuschlag?: number;
}
