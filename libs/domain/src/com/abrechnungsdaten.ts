import { OptionalBoolean, OptionalString, OptionalStringList } from '../validation/decorators';

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
}
