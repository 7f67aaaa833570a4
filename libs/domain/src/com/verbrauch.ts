import { OptionalDateTime, OptionalNested, OptionalNumber, OptionalString } from '../validation/decorators';
import { StatusZusatzInformation } from './status-zusatz-information';

/**
 * One metered value of an Energiemenge: quantity, period or point in time, OBIS code and status (MSCONS SG10).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.verbrauch
 */
export class Verbrauch {
  @OptionalString()
  obiskennzahl?: string;

  // A JSON number in the vendor's dictionary and its MSCONS bodies (QTY+220:1234.123).
  @OptionalNumber()
  wert?: number;

  @OptionalString()
  messwertstatus?: string;

  // An integer in the dictionary; no integer check (STYLE: one check per field), a JSON number.
  @OptionalNumber()
  position?: number;

  // Date-times in the dictionary, the LF update schema (13002) and the vendor's MSCONS bodies (13017).
  @OptionalDateTime()
  startdatum?: string;

  @OptionalDateTime()
  enddatum?: string;

  @OptionalDateTime()
  ablesedatum?: string;

  @OptionalDateTime()
  ausfuehrungszeitpunkt?: string;

  @OptionalDateTime()
  nutzungszeitpunkt?: string;

  @OptionalString()
  leistungsperiode?: string;

  @OptionalNested(() => StatusZusatzInformation, { each: true })
  statuszusatzinformationen?: StatusZusatzInformation[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  wertermittlungsverfahren?: string;

  @OptionalString()
  einheit?: string;

  @OptionalString()
  type?: string;

  @OptionalString()
  tarifstufe?: string;
}
