import { Zaehlwerk } from '../com/zaehlwerk';
import { Zeitraum } from '../com/zeitraum';
import { OptionalNested, OptionalNumber, OptionalString } from '../validation/decorators';
import { Geraet } from './geraet';
import { Geschaeftspartner } from './geschaeftspartner';

/**
 * A meter with its devices and registers.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.zaehler
 */
export class Zaehler {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  zaehlernummer?: string;

  @OptionalString()
  sparte?: string;

  @OptionalString()
  befestigungsart?: string;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalString()
  fernschaltung?: string;

  @OptionalString()
  gateway?: string;

  @OptionalNested(() => Geraet, { each: true })
  geraete?: Geraet[];

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalString()
  marktlokationsId?: string;

  @OptionalString()
  messlokationsId?: string;

  @OptionalString()
  messwerterfassung?: string;

  @OptionalString()
  tarifart?: string;

  @OptionalString()
  zaehlerauspraegung?: string;

  @OptionalString()
  zaehlertyp?: string;

  @OptionalString()
  zaehlertypspezifikation?: string;

  @OptionalNested(() => Zaehlwerk, { each: true })
  zaehlwerke?: Zaehlwerk[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalNumber()
  zaehlerkonstante?: number;

  @OptionalString()
  eichungBis?: string;

  @OptionalNested(() => Geschaeftspartner)
  zaehlerhersteller?: Geschaeftspartner;

  @OptionalString()
  zaehlergroesse?: string;

  @OptionalString()
  mengenumwertertyp?: string;

  @OptionalString()
  volumenerfassung?: string;

  @OptionalString()
  serialnummer?: string;

  @OptionalString()
  geraetemerkmal?: string;

  @OptionalString()
  herstellungsdatum?: string;

  @OptionalString()
  baujahr?: string;
}
