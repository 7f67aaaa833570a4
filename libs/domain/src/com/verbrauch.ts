import { OptionalNested, OptionalString } from '../validation/decorators';
import { StatusZusatzInformation } from './status-zusatz-information';

/**
 * One metered value of an Energiemenge: quantity, period or point in time, OBIS code and status (MSCONS SG10).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.verbrauch
 */
export class Verbrauch {
  @OptionalString()
  obiskennzahl?: string;

  // A decimal string (QTY+220:1000) in every schema.
  @OptionalString()
  wert?: string;

  @OptionalString()
  messwertstatus?: string;

  @OptionalString()
  position?: string;

  // Date-times in the LF update schema (13002), plain strings in the LF create MSCONS schemas; no payload shows which.
  @OptionalString()
  startdatum?: string;

  @OptionalString()
  enddatum?: string;

  @OptionalString()
  ablesedatum?: string;

  @OptionalString()
  ausfuehrungszeitpunkt?: string;

  @OptionalString()
  nutzungszeitpunkt?: string;

  @OptionalString()
  leistungsperiode?: string;

  @OptionalNested(() => StatusZusatzInformation, { each: true })
  statuszusatzinformationen?: StatusZusatzInformation[];
}
