import { OptionalBoolean, OptionalNested, OptionalString } from '../validation/decorators';
import { Tagesparameter } from './tagesparameter';

/**
 * A load profile assigned for balancing.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.lastprofil
 */
export class Lastprofil {
  @OptionalString()
  bezeichnung?: string;

  @OptionalBoolean()
  einspeisung?: boolean;

  @OptionalString()
  herausgeber?: string;

  @OptionalString()
  profilart?: string;

  @OptionalString()
  profilschar?: string;

  @OptionalString()
  referenzprofilbezeichnung?: string;

  @OptionalNested(() => Tagesparameter)
  tagesparameter?: Tagesparameter;

  @OptionalString()
  verfahren?: string;
}
