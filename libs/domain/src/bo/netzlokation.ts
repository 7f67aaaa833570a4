import { Abrechnungsdaten } from '../com/abrechnungsdaten';
import { Zaehlwerk } from '../com/zaehlwerk';
import { Zeitraum } from '../com/zeitraum';
import { OptionalBoolean, OptionalNested, OptionalString } from '../validation/decorators';
import { AdHocSteuerkanal } from './ad-hoc-steuerkanal';
import { Leistungskurvendefinition } from './leistungskurvendefinition';
import { Marktteilnehmer } from './marktteilnehmer';

/**
 * A grid location (NeLo), identified by its `netzlokationsId`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.netzlokation
 */
export class Netzlokation {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  netzlokationsId?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Abrechnungsdaten, { each: true })
  abrechnungsdaten?: Abrechnungsdaten[];

  @OptionalNested(() => Marktteilnehmer)
  auftraggebenderMarktpartner?: Marktteilnehmer;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalBoolean()
  keinKonfigurationsprodukt?: boolean;

  @OptionalString()
  konfigurationsprodukt?: string;

  // A definition code in real payloads, a BO reference in the schemas.
  @OptionalNested(() => Leistungskurvendefinition, { kinds: ['string', 'object'] })
  leistungskurvendefinition?: string | Leistungskurvendefinition;

  @OptionalString()
  lokationszuordnung?: string;

  @OptionalNested(() => Marktteilnehmer, { each: true })
  marktrollen?: Marktteilnehmer[];

  @OptionalString()
  produktdatenRelevanteRolle?: string;

  // A flag in real payloads, a BO reference in the schemas.
  @OptionalNested(() => AdHocSteuerkanal, { kinds: ['boolean', 'object'] })
  steuerkanal?: boolean | AdHocSteuerkanal;

  @OptionalNested(() => Zaehlwerk, { each: true })
  zaehlwerke?: Zaehlwerk[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  netzanschlussleistung?: string;

  @OptionalString()
  grundzustaendigerMSBCodeNr?: string;
}
