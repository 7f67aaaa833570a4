import { OptionalNested, OptionalOneOf, OptionalString } from '../validation/decorators';
import { StatusZusatzInformation } from './status-zusatz-information';

/**
 * One metered value of an Energiemenge: quantity, period or point in time, OBIS code and status (MSCONS SG10).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.verbrauch
 */
export class Verbrauch {
  @OptionalString()
  obiskennzahl?: string;

  // A number in the vendor's dictionary and MSCONS bodies, a decimal string in the published schemas: both accepted.
  @OptionalOneOf(['number', 'string'])
  wert?: number | string;

  @OptionalString()
  messwertstatus?: string;

  // An integer in the dictionary, a string in the published schemas: both accepted.
  @OptionalOneOf(['number', 'string'])
  position?: number | string;

  // A date-time in the dictionary; the published MSCONS/UTILMD schemas type it as a plain string, so any string is accepted.
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
