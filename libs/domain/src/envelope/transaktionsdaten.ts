import { Ansprechpartner } from '../bo/ansprechpartner';
import { Marktteilnehmer } from '../bo/marktteilnehmer';
import { Abtretungserklaerung } from '../com/abtretungserklaerung';
import { AntwortStatusZeitraum } from '../com/antwort-status-zeitraum';
import { BilanzkreisReferenz } from '../com/bilanzkreis-referenz';
import { Freitext } from '../com/freitext';
import { Menge } from '../com/menge';
import {
  OptionalBoolean,
  OptionalDateTime,
  OptionalNested,
  OptionalNumber,
  OptionalOneOf,
  OptionalString,
} from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * Message and transaction data of the EDIFACT message behind a process call; union of the fields of the
 * Prüfidentifikatoren of all roles (LF, NB, MSB).
 * @see https://doc.macoapp.de/
 */
export class Transaktionsdaten {
  @OptionalString()
  pruefidentifikator?: string;

  // EDIFACT codes such as E01 in real payloads; the schemas' descriptive enum is not enforced.
  @OptionalString()
  kategorie?: string;

  @OptionalString()
  dokumentennummer?: string;

  @OptionalDateTime()
  nachrichtendatum?: string;

  @OptionalString()
  nachrichtenreferenznummer?: string;

  @OptionalString()
  nachrichtenfunktion?: string;

  @OptionalString()
  datenaustauschreferenz?: string;

  @OptionalString()
  vorgangsnummer?: string;

  @OptionalString()
  vorgangsreferenznummer?: string;

  @OptionalString()
  transaktionsgrund?: string;

  @OptionalString()
  transaktionsgrundergaenzung?: string;

  @OptionalString()
  transaktionsgrundergaenzungBefristeteAnmeldung?: string;

  @OptionalString()
  sparte?: string;

  @OptionalNested(() => Marktteilnehmer)
  absender?: Marktteilnehmer;

  @OptionalNested(() => Marktteilnehmer)
  empfaenger?: Marktteilnehmer;

  @OptionalNested(() => Marktteilnehmer)
  beteiligterMarktpartner?: Marktteilnehmer;

  @OptionalString()
  anfrageReferenz?: string;

  @OptionalString()
  anfragereferenznummer?: string;

  @OptionalString()
  angebotsnummer?: string;

  @OptionalString()
  auftragsReferenz?: string;

  @OptionalString()
  nachrichtenReferenzBestellbestaetigung?: string;

  @OptionalString()
  vorgangsReferenzBestellbestaetigung?: string;

  @OptionalString()
  antwortstatus?: string;

  @OptionalString()
  antwortstatusCodeliste?: string;

  @OptionalNested(() => AntwortStatusZeitraum, { each: true })
  antwortStatusZeitraum?: AntwortStatusZeitraum[];

  @OptionalString()
  antwortstatusdritter?: string;

  @OptionalString()
  antwortstatusdritterCodeliste?: string;

  // Spelling of `antwortstatusdritterCodeliste` in real 55003 payloads.
  @OptionalString()
  antwortstatusCodelistedritter?: string;

  @OptionalString()
  antwortstatusdritterBetroffeneLokation?: string;

  @OptionalString()
  antwortstatusdritterReferenz?: string;

  @OptionalNested(() => Abtretungserklaerung)
  abtretungserklaerung?: Abtretungserklaerung;

  @OptionalDateTime()
  annahmedatum?: string;

  @OptionalNested(() => BilanzkreisReferenz, { each: true })
  bilanzkreis?: BilanzkreisReferenz[];

  @OptionalDateTime()
  datumKuendigungKd?: string;

  @OptionalDateTime()
  datumKuendigungLf?: string;

  @OptionalDateTime()
  endezumtermin?: string;

  @OptionalBoolean()
  ergaenzteMarktlokation?: boolean;

  // An object in real payloads and most schemas, a string in two.
  @OptionalNested(() => Freitext, { kinds: ['object', 'string'] })
  freitext?: Freitext | string;

  @OptionalNumber()
  geplantesProduktpaket?: number;

  // DTM+293 of the IFTSTA PIs 21039/21040 (MSB).
  @OptionalDateTime()
  fertigstellungsdatum?: string;

  @OptionalDateTime()
  geraeteausbaudatum?: string;

  @OptionalDateTime()
  gueltigAb?: string;

  // A plain string in the dictionary (a span, not a point in time); a date-time in one published schema.
  @OptionalString()
  gueltigkeitsZeitspanne?: string;

  // Sic, as published.
  @OptionalString()
  idempodenzschluessel?: string;

  @OptionalString()
  identifikationslogik?: string;

  // Free text (FTX+ABO) in the dictionary, an object in the published LF schema.
  @OptionalOneOf(['string', 'object'])
  infoAbweichung?: string | JsonObject;

  @OptionalDateTime()
  lieferbeginndatuminbearbeitung?: string;

  @OptionalString()
  lokationsId?: string;

  @OptionalDateTime()
  naechsteBearbeitung?: string;

  // An integer in some schemas, a string in others.
  @OptionalOneOf(['number', 'string'])
  sendungsposition?: number | string;

  @OptionalDateTime()
  startdatum?: string;

  @OptionalString()
  typ?: string;

  @OptionalDateTime()
  vertragsbeginn?: string;

  @OptionalDateTime()
  vertragsende?: string;

  @OptionalDateTime()
  verwendungAb?: string;

  @OptionalDateTime()
  verwendungBis?: string;

  // PIs 21045 and 21047 nest transaktionsdaten once more.
  @OptionalNested(() => Transaktionsdaten)
  transaktionsdaten?: Transaktionsdaten;

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalString()
  lieferrichtung?: string;

  @OptionalDateTime()
  prozessdatum?: string;

  @OptionalString()
  dokumentenname?: string;

  @OptionalNumber()
  positionsnummer?: number;

  @OptionalString()
  mitteilungsnummer?: string;

  @OptionalString()
  netznutzungsabrechnungsintervall?: string;

  @OptionalDateTime()
  ausfuehrungsdatum?: string;

  @OptionalDateTime()
  lieferdatum?: string;

  @OptionalString()
  meldepunkt?: string;

  @OptionalDateTime()
  enddatum?: string;

  @OptionalString()
  leistungsperiode?: string;

  @OptionalString()
  abonnement?: string;

  @OptionalString()
  produktbeschreibung?: string;

  @OptionalString()
  bestellungzaehlzeiten?: string;

  @OptionalString()
  angebotsreferenz?: string;

  @OptionalString()
  naechsteNetznutzungsabrechnung?: string;

  @OptionalString()
  naechsteTurnusAblesungStrom?: string;

  @OptionalString()
  naechsteTurnusAblesungGas?: string;

  @OptionalString()
  datumsformat?: string;

  @OptionalString()
  beteiligterMarktpartnerReferenz?: string;

  @OptionalString()
  beteiligterMarktpartnerReferenzcode?: string;

  @OptionalString()
  fehlerbeschreibung?: string;

  @OptionalString()
  begruendung?: string;

  @OptionalBoolean()
  zaehlerstandsinfo?: boolean;

  @OptionalString()
  lokationsTyp?: string;

  @OptionalString()
  referenzMalo?: string;

  @OptionalString()
  referenzMelo?: string;

  @OptionalString()
  referenzPreisschluesselstamm?: string;

  @OptionalDateTime()
  datumleistungsbeginn?: string;

  @OptionalString()
  angebotsart?: string;

  @OptionalNested(() => Menge)
  menge?: Menge;

  @OptionalString()
  tarifstufe?: string;

  @OptionalString()
  bilanzkreiszuordnung?: string;

  @OptionalString()
  anwendungsreferenznummer?: string;

  @OptionalDateTime()
  datumuebergabe?: string;

  @OptionalDateTime()
  ablesedatum?: string;

  @OptionalString()
  verarbeitungsReihenfolge?: string;

  @OptionalNested(() => Ansprechpartner)
  ansprechpartnerKunde?: Ansprechpartner;

  @OptionalDateTime()
  statusVeraenderungsZeitpunkt?: string;

  @OptionalString()
  referenzArtikelID?: string;

  @OptionalString()
  apiPath?: string;

  @OptionalString()
  apiKennung?: string;

  @OptionalString()
  unbOutboundDatum?: string;
}
