import { OptionalNumber, OptionalString } from '../validation/decorators';

/**
 * Type and characteristic of a device.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.geraeteeigenschaften
 */
export class Geraeteeigenschaften {
  @OptionalString()
  geraetetyp?: string;

  @OptionalString()
  geraetemerkmal?: string;

  @OptionalNumber()
  faktor?: number;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  volumenerfassung?: string;

  @OptionalString()
  serialnummer?: string;

  @OptionalString()
  herstellungsdatum?: string;

  @OptionalString()
  baujahr?: string;

  @OptionalString()
  eichungBis?: string;

  @OptionalString()
  firmwareVersion?: string;

  @OptionalString()
  herstellerTypbezeichnung?: string;

  @OptionalString()
  simKartenNummer?: string;

  @OptionalString()
  modemKennungIMSI?: string;

  @OptionalString()
  tkProvider?: string;

  @OptionalString()
  ipVersion?: string;
}
