import { Menge } from '../com/menge';
import { Zaehlwerk } from '../com/zaehlwerk';
import { Zeitraum } from '../com/zeitraum';
import { OptionalNested, OptionalOneOf, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Marktteilnehmer } from './marktteilnehmer';

/**
 * A tranche of a generating Marktlokation, identified by its `tranchenId`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.tranche
 */
export class Tranche {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  tranchenId?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Menge)
  aufteilungsmenge?: Menge;

  // A string in real payloads, a property-less object in the schemas.
  @OptionalOneOf(['string', 'object'])
  bilanzkreis?: string | JsonObject;

  @OptionalOneOf(['string', 'object'])
  bildungTranchengroesse?: string | JsonObject;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalNested(() => Marktteilnehmer, { each: true })
  marktrollen?: Marktteilnehmer[];

  @OptionalString()
  referenzTranche?: string;

  @OptionalString()
  verguetungEmpfaenger?: string;

  @OptionalNested(() => Zaehlwerk, { each: true })
  zaehlwerke?: Zaehlwerk[];
}
