import { OptionalString } from '../validation/decorators';

/**
 * Day parameters of a temperature-dependent load profile (weather station, provider).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.tagesparameter
 */
export class Tagesparameter {
  @OptionalString()
  dienstanbieter?: string;

  @OptionalString()
  herausgeber?: string;

  @OptionalString()
  klimazone?: string;

  @OptionalString()
  temperaturmessstelle?: string;
}
