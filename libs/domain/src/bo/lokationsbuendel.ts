import { Zeitraum } from '../com/zeitraum';
import { ZuordnungObjectcode } from '../com/zuordnung-objectcode';
import { OptionalBoolean, OptionalNested, OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * A location bundle: its structure ID and which locations fill which object codes.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Lokationsbuendel {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  lokationsbuendelstrukturId?: string;

  @OptionalNumber()
  lokationsbuendelNummer?: number;

  @OptionalBoolean()
  standardisierteLokationsbuendelstruktur?: boolean;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalNested(() => ZuordnungObjectcode, { each: true })
  zuordnungObjectcode?: ZuordnungObjectcode[];
}
