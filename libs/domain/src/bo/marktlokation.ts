import { Adresse } from '../com/adresse';
import { Energieherkunft } from '../com/energieherkunft';
import { ErforderlichesProduktpaket } from '../com/erforderliches-produktpaket';
import { MarktlokationsTyp } from '../com/marktlokations-typ';
import { Messstellenbetriebsabrechnungsdaten } from '../com/messstellenbetriebsabrechnungsdaten';
import { Netznutzungsabrechnungsdaten } from '../com/netznutzungsabrechnungsdaten';
import { Verbrauch } from '../com/verbrauch';
import { Zaehlwerk } from '../com/zaehlwerk';
import { Zeitraum } from '../com/zeitraum';
import {
  OptionalBoolean,
  OptionalNested,
  OptionalObject,
  OptionalOneOf,
  OptionalString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Geschaeftspartner } from './geschaeftspartner';
import { Leistungskurvendefinition } from './leistungskurvendefinition';
import { Marktteilnehmer } from './marktteilnehmer';

/**
 * A market location (MaLo), identified by its 11-digit `marktlokationsId`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.marktlokation
 */
export class Marktlokation {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  marktlokationsId?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Marktteilnehmer)
  beteiligterMarktpartner?: Marktteilnehmer;

  @OptionalString()
  bilanzierungsgebiet?: string;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalNested(() => Geschaeftspartner)
  eigentuemer?: Geschaeftspartner;

  @OptionalNested(() => Energieherkunft, { each: true })
  energieherkunft?: Energieherkunft[];

  // A code in real payloads, a property-less object in one schema.
  @OptionalOneOf(['string', 'object'])
  energierichtung?: string | JsonObject;

  @OptionalNested(() => ErforderlichesProduktpaket, { each: true })
  erforderlichesProduktpaket?: ErforderlichesProduktpaket[];

  @OptionalString()
  fernsteuerbarkeit?: string;

  @OptionalString()
  foerderungsLand?: string;

  @OptionalObject()
  geokoordinaten?: JsonObject;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalNested(() => Geschaeftspartner)
  hausverwalter?: Geschaeftspartner;

  @OptionalObject()
  katasterinformation?: JsonObject;

  @OptionalString()
  konfigurationsprodukt?: string;

  // A definition code in real payloads, a BO reference in the schemas.
  @OptionalNested(() => Leistungskurvendefinition, { kinds: ['string', 'object'] })
  leistungskurvendefinition?: string | Leistungskurvendefinition;

  @OptionalNested(() => Adresse)
  lokationsadresse?: Adresse;

  @OptionalString()
  marktgebiet?: string;

  @OptionalNested(() => MarktlokationsTyp, { each: true })
  marktlokationsTyp?: MarktlokationsTyp[];

  @OptionalNested(() => Marktteilnehmer, { each: true })
  marktrollen?: Marktteilnehmer[];

  @OptionalNested(() => Messstellenbetriebsabrechnungsdaten, { each: true })
  messstellenbetriebsabrechnungsdaten?: Messstellenbetriebsabrechnungsdaten[];

  @OptionalOneOf(['string', 'object'])
  messtechnischeEinordnung?: string | JsonObject;

  @OptionalString()
  netzbetreiberCodeNr?: string;

  @OptionalString()
  netzebene?: string;

  @OptionalNested(() => Netznutzungsabrechnungsdaten, { each: true })
  netznutzungsabrechnungsdaten?: Netznutzungsabrechnungsdaten[];

  @OptionalString()
  paketId?: string;

  @OptionalString()
  produktdatenRelevanteRolle?: string;

  @OptionalBoolean()
  redispatch?: boolean;

  @OptionalString()
  regelzone?: string;

  @OptionalString()
  sperrstatus?: string;

  @OptionalString()
  statusErzeugendeMalo?: string;

  @OptionalString()
  umspannung?: string;

  @OptionalString()
  verguetungEmpfaenger?: string;

  @OptionalString()
  versorgungsart?: string;

  @OptionalNested(() => Zaehlwerk, { each: true })
  zaehlwerke?: Zaehlwerk[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  bilanzierungsmethode?: string;

  @OptionalString({ each: true })
  verbrauchsart?: string[];

  @OptionalBoolean()
  unterbrechbar?: boolean;

  @OptionalString()
  gebietTyp?: string;

  @OptionalString()
  netzgebietNr?: string;

  @OptionalString()
  grundversorgerCodeNr?: string;

  @OptionalString()
  gasqualitaet?: string;

  @OptionalNested(() => Geschaeftspartner)
  endkunde?: Geschaeftspartner;

  @OptionalString()
  zeitreihentyp?: string;

  @OptionalString()
  referenzMarktlokationsId?: string;

  @OptionalBoolean()
  zukuenftigerMeldepunkt?: boolean;

  @OptionalString()
  lokationszuordnung?: string;

  @OptionalString()
  modulNetzentgelte?: string;

  @OptionalString({ each: true })
  zaehlwerkeBeteiligteMarktrolle?: string[];

  @OptionalNested(() => Verbrauch, { each: true })
  verbrauchsmenge?: Verbrauch[];

  @OptionalObject({ each: true })
  zugehoerigeMesslokationen?: JsonObject[];

  @OptionalObject({ each: true })
  zugehoerigeMarktlokationen?: JsonObject[];

  @OptionalObject({ each: true })
  technischeEinrichtungen?: JsonObject[];
}
