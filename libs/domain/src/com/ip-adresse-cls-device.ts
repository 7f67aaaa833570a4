import { OptionalString } from '../validation/decorators';

/**
 * IP addresses of a CLS device behind a control channel, up to five lines (EDIFACT CAV); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class IpAdresseClsDevice {
  @OptionalString()
  IPAdresseCLSDevice1?: string;

  @OptionalString()
  IPAdresseCLSDevice2?: string;

  @OptionalString()
  IPAdresseCLSDevice3?: string;

  @OptionalString()
  IPAdresseCLSDevice4?: string;

  @OptionalString()
  IPAdresseCLSDevice5?: string;
}
