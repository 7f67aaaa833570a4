import { Rufnummer } from '../com/rufnummer';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * Contact person of a market participant (EDIFACT CTA/COM).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.ansprechpartner
 */
export class Ansprechpartner {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  nachname?: string;

  @OptionalString()
  eMailAdresse?: string;

  // An array in real payloads, a string in two schemas.
  @OptionalNested(() => Rufnummer, { each: true })
  rufnummern?: Rufnummer[];
}
