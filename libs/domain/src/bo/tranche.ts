import { Adresse } from '../com/adresse';
import { Energieherkunft } from '../com/energieherkunft';
import { Menge } from '../com/menge';
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
import { Marktteilnehmer } from './marktteilnehmer';

/**
 * A tranche of a generating Marktlokation, identified by its `tranchenId`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.tranche
 */
export class Tranche {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  tranchenId?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Menge)
  aufteilungsmenge?: Menge;

  // A string in real payloads, a property-less object in the schemas.
  @OptionalOneOf(['string', 'object'])
  bilanzkreis?: string | JsonObject;

  @OptionalOneOf(['string', 'object'])
  bildungTranchengroesse?: string | JsonObject;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalNested(() => Marktteilnehmer, { each: true })
  marktrollen?: Marktteilnehmer[];

  @OptionalString()
  referenzTranche?: string;

  @OptionalString()
  verguetungEmpfaenger?: string;

  @OptionalNested(() => Zaehlwerk, { each: true })
  zaehlwerke?: Zaehlwerk[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  energierichtung?: string;

  @OptionalString()
  bilanzierungsmethode?: string;

  @OptionalString({ each: true })
  verbrauchsart?: string[];

  @OptionalBoolean()
  unterbrechbar?: boolean;

  @OptionalString()
  netzebene?: string;

  @OptionalString()
  netzbetreiberCodeNr?: string;

  @OptionalString()
  gebietTyp?: string;

  @OptionalString()
  netzgebietNr?: string;

  @OptionalString()
  bilanzierungsgebiet?: string;

  @OptionalString()
  grundversorgerCodeNr?: string;

  @OptionalString()
  gasqualitaet?: string;

  @OptionalNested(() => Geschaeftspartner)
  endkunde?: Geschaeftspartner;

  @OptionalNested(() => Adresse)
  lokationsadresse?: Adresse;

  @OptionalObject()
  katasterinformation?: JsonObject;

  @OptionalString()
  regelzone?: string;

  @OptionalString()
  marktgebiet?: string;

  @OptionalString()
  zeitreihentyp?: string;

  @OptionalString()
  messtechnischeEinordnung?: string;

  @OptionalString()
  sperrstatus?: string;

  @OptionalString()
  referenzMarktlokationsId?: string;

  @OptionalString()
  versorgungsart?: string;

  @OptionalString()
  fernsteuerbarkeit?: string;

  @OptionalString()
  foerderungsLand?: string;

  @OptionalString()
  statusErzeugendeMalo?: string;

  @OptionalBoolean()
  zukuenftigerMeldepunkt?: boolean;

  @OptionalString()
  lokationszuordnung?: string;

  @OptionalNested(() => Marktteilnehmer)
  beteiligterMarktpartner?: Marktteilnehmer;

  @OptionalString({ each: true })
  zaehlwerkeBeteiligteMarktrolle?: string[];

  @OptionalNested(() => Verbrauch, { each: true })
  verbrauchsmenge?: Verbrauch[];

  @OptionalObject({ each: true })
  zugehoerigeMesslokationen?: JsonObject[];

  @OptionalNested(() => Netznutzungsabrechnungsdaten, { each: true })
  netznutzungsabrechnungsdaten?: Netznutzungsabrechnungsdaten[];

  @OptionalNested(() => Energieherkunft, { each: true })
  energieherkunft?: Energieherkunft[];
}
