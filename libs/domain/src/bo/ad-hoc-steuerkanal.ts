import { Aussteller } from '../com/aussteller';
import { IpAdresseClsDevice } from '../com/ip-adresse-cls-device';
import { ZertifikatsNutzer } from '../com/zertifikats-nutzer';
import { Zieladresse } from '../com/zieladresse';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * An ad-hoc control channel to a CLS device (certificates, addresses); also referenced as `steuerkanal` of Netzlokation
 * and SteuerbareRessource. MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class AdHocSteuerkanal {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  konfigurationsprodukt?: string;

  @OptionalNested(() => IpAdresseClsDevice)
  IPAdresseCLSDevice?: IpAdresseClsDevice;

  @OptionalNested(() => Aussteller)
  aussteller?: Aussteller;

  @OptionalNested(() => ZertifikatsNutzer)
  zertifikatsNutzer?: ZertifikatsNutzer;

  @OptionalNested(() => Zieladresse)
  zieladresse?: Zieladresse;
}
