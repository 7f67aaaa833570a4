import { EnFG } from '../com/enfg';
import { Vertragskonditionen } from '../com/vertragskonditionen';
import { Zeitraum } from '../com/zeitraum';
import {
  OptionalBoolean,
  OptionalDateTime,
  OptionalNested,
  OptionalNumber,
  OptionalString,
} from '../validation/decorators';
import { Geschaeftspartner } from './geschaeftspartner';

/**
 * A contract; `ENERGIELIEFERVERTRAG`, `NETZNUTZUNGSVERTRAG` and `MESSSTELLENBETRIEBSVERTRAG` items, told apart by
 * `vertragsart`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.vertrag
 */
export class Vertrag {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  vertragsart?: string;

  @OptionalString()
  sparte?: string;

  @OptionalString()
  lokationsId?: string;

  @OptionalString()
  lokationsTyp?: string;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalNested(() => EnFG, { each: true })
  enFG?: EnFG[];

  @OptionalNumber()
  gemeinderabatt?: number;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalNested(() => Geschaeftspartner)
  korrespondenzpartner?: Geschaeftspartner;

  @OptionalDateTime()
  vertragsbeginn?: string;

  @OptionalDateTime()
  vertragsende?: string;

  @OptionalNested(() => Vertragskonditionen)
  vertragskonditionen?: Vertragskonditionen;

  @OptionalNested(() => Geschaeftspartner, { each: true })
  vertragspartner2?: Geschaeftspartner[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  vertragsnummer?: string;

  @OptionalString()
  beschreibung?: string;

  @OptionalString()
  vertragsstatus?: string;

  @OptionalBoolean()
  abrechnungUeberNna?: boolean;

  @OptionalNested(() => Geschaeftspartner, { each: true })
  vertragspartner1?: Geschaeftspartner[];
}
