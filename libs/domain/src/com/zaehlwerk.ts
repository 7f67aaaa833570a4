import {
  OptionalBoolean,
  OptionalNested,
  OptionalNumber,
  OptionalString,
  OptionalStringList,
} from '../validation/decorators';
import { Konzessionsabgabe } from './konzessionsabgabe';
import { Verwendungszweck } from './verwendungszweck';
import { Zaehlzeit } from './zaehlzeit';

/**
 * A register of a meter or location (OBIS code, purposes, time-of-use settings).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.zaehlwerk
 */
export class Zaehlwerk {
  @OptionalString()
  obisKennzahl?: string;

  @OptionalString()
  bezeichnung?: string;

  @OptionalString()
  artEMobilitaet?: string;

  @OptionalString()
  konfiguration?: string;

  @OptionalNested(() => Konzessionsabgabe)
  konzessionsabgabe?: Konzessionsabgabe;

  @OptionalString()
  messprodukt?: string;

  @OptionalNumber()
  nachkommastelle?: number;

  @OptionalNumber()
  vorkommastelle?: number;

  @OptionalString()
  schwachlastfaehig?: string;

  @OptionalString()
  unterbrechbarkeit?: string;

  // A list of Verbrauchsart codes in the dictionary and the vendor's 55035 body; one code in the upstream 55014 bodies.
  @OptionalStringList({ orSingle: true })
  verbrauchsart?: string[] | string;

  @OptionalNested(() => Verwendungszweck, { each: true })
  verwendungszwecke?: Verwendungszweck[];

  @OptionalString()
  waermenutzung?: string;

  @OptionalString()
  wertegranularitaet?: string;

  @OptionalNested(() => Zaehlzeit)
  zaehlzeiten?: Zaehlzeit;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  zaehlwerkId?: string;

  @OptionalString()
  richtung?: string;

  @OptionalNumber()
  wandlerfaktor?: number;

  @OptionalString()
  einheit?: string;

  @OptionalBoolean()
  steuerbefreit?: boolean;

  @OptionalBoolean()
  abrechnungsrelevant?: boolean;

  @OptionalNumber()
  anzahlAblesungen?: number;

  @OptionalString()
  notwendigkeitZweiteMessung?: string;

  @OptionalString()
  werteuebermittlungVerwendungszweck?: string;

  @OptionalString()
  konfigurationsprodukt?: string;

  @OptionalBoolean()
  keinKonfigurationsprodukt?: boolean;

  @OptionalString()
  leistungskurvendefinition?: string;

  @OptionalString()
  verwendungszweckNB?: string;

  @OptionalString()
  verwendungszweckLF?: string;

  @OptionalString()
  verwendungszweckUENB?: string;

  @OptionalBoolean()
  keinProdukt?: boolean;
}
