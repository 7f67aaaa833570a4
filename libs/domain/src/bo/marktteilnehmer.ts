import { Adresse } from '../com/adresse';
import { IpRange } from '../com/ip-range';
import { Rufnummer } from '../com/rufnummer';
import {
  OptionalBoolean,
  OptionalNested,
  OptionalObject,
  OptionalOneOf,
  OptionalString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Ansprechpartner } from './ansprechpartner';

/**
 * A market participant, identified by its MP-ID (`rollencodenummer`): sender, receiver or role at a location.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.marktteilnehmer
 */
export class Marktteilnehmer {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  rollencodenummer?: string;

  // BDEW, GS1, GLN or DVGW; one schema types it as a property-less object.
  @OptionalOneOf(['string', 'object'])
  rollencodetyp?: string | JsonObject;

  @OptionalOneOf(['string', 'object'])
  marktrolle?: string | JsonObject;

  @OptionalString()
  messstellenbetreiberEigenschaft?: string;

  @OptionalBoolean()
  weiterverpflichtet?: boolean;

  @OptionalBoolean()
  gewerbekennzeichnung?: boolean;

  // A date-time in the dictionary; the published MSCONS/UTILMD schemas type it as a plain string, so any string is accepted.
  @OptionalString()
  zuordnungVon?: string;

  @OptionalString()
  zuordnungBis?: string;

  @OptionalNested(() => Ansprechpartner)
  ansprechpartner?: Ansprechpartner;

  // Sender-level numbers (PI 21039 and others); usually they sit in `ansprechpartner`. PIs 21033 and 21043 (LF
  // create) give a single object instead of the list.
  @OptionalNested(() => Rufnummer, { each: true, orSingle: true })
  rufnummern?: Rufnummer[] | Rufnummer;

  @OptionalString()
  ipAdresse?: string;

  @OptionalNested(() => IpRange)
  ipRange?: IpRange;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  geschaeftspartnerrolle?: string;

  @OptionalString()
  anrede?: string;

  @OptionalString()
  name1?: string;

  @OptionalString()
  name2?: string;

  @OptionalString()
  name3?: string;

  @OptionalString()
  name4?: string;

  @OptionalNested(() => Adresse)
  partneradresse?: Adresse;

  @OptionalString()
  externeKundenummerLieferant?: string;

  @OptionalString()
  umsatzsteuerId?: string;

  @OptionalString()
  steuernummer?: string;

  @OptionalString()
  makoadresse?: string;

  @OptionalString()
  downloadlinkZertifikat?: string;

  @OptionalString()
  amtsgericht?: string;

  @OptionalString()
  hrnummer?: string;

  @OptionalString()
  website?: string;

  @OptionalString()
  faxnummer?: string;

  @OptionalString()
  kommunikationsrolle?: string;

  @OptionalObject()
  kommunikationsparameter?: JsonObject;

  @OptionalObject({ each: true })
  bankverbindung?: JsonObject[];

  @OptionalObject({ each: true })
  erreichbarkeit?: JsonObject[];

  @OptionalString()
  bilanzkreis?: string;

  @OptionalString()
  verwendungszweckBilanzkreis?: string;
}
