import { OptionalDateTime, OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * A period of use that other BOs refer to by `gueltigkeitszeitraum.zeitraumId`, with the quality of its data.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Verwendungszeitraum {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalNumber()
  zeitraumId?: number;

  @OptionalDateTime()
  verwendungAb?: string;

  @OptionalDateTime()
  verwendungBis?: string;

  @OptionalString()
  datenqualitaet?: string;
}
