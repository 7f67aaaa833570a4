import { OptionalString } from '../validation/decorators';

/**
 * Additional status of a metered value: kind and status code (MSCONS SG10 STS).
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.com.html#module-bo4e.com.statuszusatzinformation
 */
export class StatusZusatzInformation {
  @OptionalString()
  art?: string;

  @OptionalString()
  status?: string;
}
