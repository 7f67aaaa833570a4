import { Adresse } from '../com/adresse';
import { ExterneReferenz } from '../com/externe-referenz';
import {
  OptionalBoolean,
  OptionalNested,
  OptionalOneOf,
  OptionalString,
  OptionalStringList,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Ansprechpartner } from './ansprechpartner';

/**
 * A business partner: customer, correspondence or meter-reading-card recipient, owner, property manager.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.geschaeftspartner
 */
export class Geschaeftspartner {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  anrede?: string;

  @OptionalString()
  name1?: string;

  @OptionalString()
  name2?: string;

  @OptionalString()
  name3?: string;

  @OptionalString()
  name4?: string;

  @OptionalBoolean()
  gewerbekennzeichnung?: boolean;

  // An array in the page and upstream payloads, a single string in the schemas and the MSB synth payloads (§9)
  @OptionalStringList({ orSingle: true })
  geschaeftspartnerrolle?: string[] | string;

  @OptionalNested(() => ExterneReferenz, { each: true })
  externeReferenzen?: ExterneReferenz[];

  @OptionalNested(() => Adresse)
  partneradresse?: Adresse;

  // Gas PIs (44xxx) flatten the address into the partner.
  @OptionalString()
  hausnummer?: string;

  @OptionalString()
  landescode?: string;

  // Schema: string or property-less object.
  @OptionalOneOf(['string', 'object'])
  ort?: string | JsonObject;

  @OptionalString()
  ortsteil?: string;

  @OptionalString()
  postfach?: string;

  @OptionalString()
  postleitzahl?: string;

  @OptionalString()
  strasse?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  umsatzsteuerId?: string;

  @OptionalString()
  glaeubigerId?: string;

  @OptionalString()
  emailAdresse?: string;

  @OptionalString()
  website?: string;

  @OptionalString()
  hrnummer?: string;

  @OptionalString()
  amtsgericht?: string;

  @OptionalString()
  externeKundenummerLieferant?: string;

  @OptionalString({ each: true })
  kontaktweg?: string[];

  @OptionalNested(() => Ansprechpartner)
  ansprechpartner?: Ansprechpartner;
}
