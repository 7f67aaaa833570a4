import { Aussteller } from '../com/aussteller';
import { Schwellwert } from '../com/schwellwert';
import { Zaehlwerk } from '../com/zaehlwerk';
import { ZertifikatsNutzer } from '../com/zertifikats-nutzer';
import { Zieladresse } from '../com/zieladresse';
import { OptionalNested, OptionalString } from '../validation/decorators';

/**
 * Configuration of values of type 2 (PIs 13027, 15004, 17130): measuring product, thresholds and recipients.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class WerteNachTyp2 {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  messprodukt?: string;

  @OptionalString()
  konfigurationsprodukt?: string;

  @OptionalString()
  aenderungsmoeglichkeitKonfiguration?: string;

  @OptionalNested(() => Schwellwert, { each: true })
  schwellwerte?: Schwellwert[];

  @OptionalNested(() => Aussteller)
  aussteller?: Aussteller;

  @OptionalNested(() => ZertifikatsNutzer)
  zertifikatsNutzer?: ZertifikatsNutzer;

  @OptionalNested(() => Zieladresse)
  zieladresse?: Zieladresse;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalNested(() => Zaehlwerk, { each: true })
  zaehlwerke?: Zaehlwerk[];
}
