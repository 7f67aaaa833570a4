import { Marktteilnehmer } from '../bo/marktteilnehmer';
import {
  OptionalBoolean,
  OptionalDateTime,
  OptionalNested,
  OptionalNumber,
  OptionalObject,
  OptionalOneOf,
  OptionalString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';
import { AllgemeineInformationen } from './allgemeine-informationen';
import { Menge } from './menge';

/**
 * A position (EDIFACT LIN/CNI) of an order, offer or status report (`positionsdaten[]` of AUFTRAG, ANGEBOT,
 * STATUSMITTEILUNG); MaCo App extension.
 * @see https://bo4e-python.readthedocs.io/en/latest/api/modules.html
 */
export class Positionsdaten {
  // An integer in the AUFTRAG and STATUSMITTEILUNG schemas, a string in `stammdaten.positionsdaten` of PI 17123.
  @OptionalOneOf(['number', 'string'])
  positionsnummer?: number | string;

  @OptionalString()
  lokationsId?: string;

  @OptionalString()
  anfragegrund?: string;

  @OptionalString({ each: true })
  artikelId?: string[];

  @OptionalString()
  positionsbezeichnung?: string;

  @OptionalDateTime()
  startdatum?: string;

  @OptionalDateTime()
  enddatum?: string;

  @OptionalNested(() => AllgemeineInformationen)
  allgemeineInformationen?: AllgemeineInformationen;

  @OptionalString({ each: true })
  auftragsStatusListe?: string[];

  @OptionalDateTime()
  statusVeraenderungsZeitpunkt?: string;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalDateTime()
  bearbeitungsdatum?: string;

  @OptionalDateTime()
  verwendungAb?: string;

  @OptionalDateTime()
  verwendungBis?: string;

  @OptionalString()
  auftragsstatus?: string;

  @OptionalString()
  statusanlass?: string;

  @OptionalString()
  antwortstatus?: string;

  @OptionalObject()
  fehlerbeschreibung?: JsonObject;

  @OptionalObject()
  begruendung?: JsonObject;

  @OptionalString()
  referenzMelo?: string;

  @OptionalString()
  lokationsTyp?: string;

  @OptionalString()
  statusObjekt?: string;

  @OptionalString()
  antwortstatusCodeliste?: string;

  @OptionalString()
  vorgangsreferenznummer?: string;

  @OptionalString()
  mitteilungsnummer?: string;

  @OptionalString()
  anfragereferenznummer?: string;

  @OptionalDateTime()
  fertigstellungsdatum?: string;

  @OptionalString()
  lieferdatum?: string;

  @OptionalNumber()
  sendungsposition?: number;

  @OptionalDateTime()
  gueltigAb?: string;

  @OptionalString()
  referenzMalo?: string;

  @OptionalString()
  referenzPreisschluesselstamm?: string;

  @OptionalString()
  referenzArtikelID?: string;

  @OptionalString()
  angebotsnummer?: string;

  @OptionalString()
  anfrageReferenz?: string;

  @OptionalDateTime()
  vertragsende?: string;

  @OptionalObject({ each: true })
  ansichtSender?: JsonObject[];

  @OptionalString()
  gueltigkeitsZeitspanne?: string;

  @OptionalObject()
  privilegierteEnergiemenge?: JsonObject;

  @OptionalString()
  positionsnummerAngebot?: string;

  @OptionalString()
  energieerfassung?: string;

  @OptionalString()
  artikelnummer?: string;

  // A string in the dictionary's AuftragPosition and StatusmitteilungPosition, a COM Betrag in its Angebotsposition.
  @OptionalOneOf(['string', 'object'])
  positionsbetrag?: string | JsonObject;

  @OptionalString()
  istBestand?: string;

  @OptionalString()
  obiskennzahl?: string;

  @OptionalObject()
  infoAbweichung?: JsonObject;

  @OptionalString()
  definitionsTyp?: string;

  @OptionalNumber()
  zaehlwerk?: number;

  @OptionalObject()
  endpunktAdresse?: JsonObject;

  @OptionalObject()
  zertifikatsInformationen?: JsonObject;

  @OptionalString()
  wakeUpPort?: string;

  @OptionalString()
  apnKommunikationsdaten?: string;

  @OptionalNested(() => Menge)
  positionsmenge?: Menge;

  @OptionalObject({ each: true })
  positionspreis?: JsonObject[];

  @OptionalString()
  preisschluesselstamm?: string;

  @OptionalBoolean()
  anbietbar?: boolean;

  @OptionalString()
  freitext?: string;

  @OptionalObject()
  verweisKatalognummer?: JsonObject;

  @OptionalNested(() => Marktteilnehmer)
  beteiligterMarktpartner?: Marktteilnehmer;

  @OptionalString({ each: true })
  referenzMarktlokationsIds?: string[];

  @OptionalString()
  konfigurationsprodukt?: string;
}
