import { Produkt } from '../com/produkt';
import { Zeitraum } from '../com/zeitraum';
import { ZugeordneteDefinition } from '../com/zugeordnete-definition';
import { OptionalBoolean, OptionalNested, OptionalString } from '../validation/decorators';
import { AdHocSteuerkanal } from './ad-hoc-steuerkanal';
import { Marktteilnehmer } from './marktteilnehmer';

/**
 * A controllable resource (SR), identified by its `ressourcenId`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.steuerbareressource
 */
export class SteuerbareRessource {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  ressourcenId?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Marktteilnehmer)
  auftraggebenderMarktpartner?: Marktteilnehmer;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalString()
  konfigurationsprodukt?: string;

  @OptionalString()
  lokationszuordnung?: string;

  @OptionalNested(() => Marktteilnehmer, { each: true })
  marktrollen?: Marktteilnehmer[];

  @OptionalString()
  produktdatenRelevanteRolle?: string;

  // A code in real payloads, a BO reference in the schemas.
  @OptionalNested(() => AdHocSteuerkanal, { kinds: ['string', 'object'] })
  steuerkanal?: string | AdHocSteuerkanal;

  @OptionalNested(() => ZugeordneteDefinition)
  zugeordneteDefinition?: ZugeordneteDefinition;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalNested(() => Produkt, { each: true })
  erforderlicheProdukte?: Produkt[];

  @OptionalBoolean()
  keinKonfigurationsprodukt?: boolean;
}
