import { OptionalNested, OptionalNumber, OptionalString } from '../validation/decorators';
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

  @OptionalString()
  verbrauchsart?: string;

  @OptionalNested(() => Verwendungszweck, { each: true })
  verwendungszwecke?: Verwendungszweck[];

  @OptionalString()
  waermenutzung?: string;

  @OptionalString()
  wertegranularitaet?: string;

  @OptionalNested(() => Zaehlzeit)
  zaehlzeiten?: Zaehlzeit;
}
