import { Nennleistung } from '../com/nennleistung';
import { Produkt } from '../com/produkt';
import { Zeitraum } from '../com/zeitraum';
import {
  OptionalBoolean,
  OptionalNested,
  OptionalNumber,
  OptionalString,
  OptionalStringList,
} from '../validation/decorators';

/**
 * A technical resource (TR) behind a location, identified by its `ressourcenId`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.technischeressource
 */
export class TechnischeRessource {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  ressourcenId?: string;

  @OptionalString()
  sparte?: string;

  @OptionalString()
  art?: string;

  @OptionalString()
  artEMobilitaet?: string;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalString()
  einordnung?: string;

  @OptionalBoolean()
  enwg?: boolean;

  @OptionalString()
  erzeugungsart?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  // A code such as INBETRIEBSETZUNG_VOR_2024, not a date.
  @OptionalString()
  inbetriebsetzungsdatum?: string;

  @OptionalString()
  lokationszuordnung?: string;

  @OptionalNested(() => Nennleistung)
  nennleistung?: Nennleistung;

  @OptionalString()
  referenzMarktlokation?: string;

  @OptionalString()
  referenzMesslokation?: string;

  @OptionalString()
  referenzNetzlokation?: string;

  @OptionalString()
  referenzSR?: string;

  @OptionalString()
  referenzSteuerbareRessource?: string;

  @OptionalString()
  speicherart?: string;

  @OptionalNumber()
  speicherkapazitaet?: number;

  // A list of Verbrauchsart codes in the dictionary and the vendor's 55035 body; one code in the upstream 55014 bodies.
  @OptionalStringList({ orSingle: true })
  verbrauchsart?: string[] | string;

  @OptionalString()
  waermenutzung?: string;

  @OptionalBoolean()
  weitereEinrichtung?: boolean;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  referenzTranche?: string;

  @OptionalNested(() => Produkt, { each: true })
  erforderlicheProdukte?: Produkt[];

  @OptionalBoolean()
  fernsteuerbarkeit?: boolean;

  @OptionalBoolean()
  verguetungsverpflichtung?: boolean;
}
