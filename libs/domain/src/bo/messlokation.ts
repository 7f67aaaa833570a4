import { Adresse } from '../com/adresse';
import { Zaehlwerk } from '../com/zaehlwerk';
import { Zeitraum } from '../com/zeitraum';
import {
  OptionalBoolean,
  OptionalNested,
  OptionalNumber,
  OptionalObject,
  OptionalString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { Geraet } from './geraet';
import { Geschaeftspartner } from './geschaeftspartner';
import { Marktteilnehmer } from './marktteilnehmer';

/**
 * A metering location (MeLo), identified by its 33-character `messlokationsId`.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/bo4e.bo.html#module-bo4e.bo.messlokation
 */
export class Messlokation {
  @OptionalString()
  boTyp?: string;

  @OptionalString()
  versionStruktur?: string;

  @OptionalString()
  messlokationsId?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Geschaeftspartner)
  ablesekartenempfaenger?: Geschaeftspartner;

  @OptionalString()
  betriebszustand?: string;

  @OptionalString()
  datenqualitaet?: string;

  @OptionalString()
  gasqualitaet?: string;

  @OptionalNested(() => Zeitraum)
  gueltigkeitszeitraum?: Zeitraum;

  @OptionalString()
  lokationszuordnung?: string;

  @OptionalNested(() => Adresse)
  messadresse?: Adresse;

  @OptionalNested(() => Marktteilnehmer, { each: true })
  marktrollen?: Marktteilnehmer[];

  @OptionalString({ each: true })
  messlokationszaehler?: string[];

  @OptionalString()
  netzebenemessung?: string;

  @OptionalNested(() => Zaehlwerk, { each: true })
  zaehlwerke?: Zaehlwerk[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  energierichtung?: string;

  @OptionalString()
  messgebietNr?: string;

  @OptionalString()
  grundzustaendigerMSBCodeNr?: string;

  @OptionalString()
  bilanzierungsmethode?: string;

  @OptionalBoolean()
  abrechnungmessstellenbetriebnna?: boolean;

  @OptionalNumber()
  verlustfaktor?: number;

  @OptionalString()
  referenzMarktlokationsId?: string;

  @OptionalString()
  verwendungsumfang?: string;

  @OptionalBoolean()
  zukuenftigerMeldepunkt?: boolean;

  @OptionalNested(() => Marktteilnehmer)
  beteiligterMarktpartner?: Marktteilnehmer;

  @OptionalNested(() => Geraet, { each: true })
  geraete?: Geraet[];

  @OptionalObject({ each: true })
  messdienstleistung?: JsonObject[];
}
