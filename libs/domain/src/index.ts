export { MARKET_ROLES, type MarketRole, type ProcessOperation } from './market-role';
export { parseRelease, releaseInForceAt, RELEASES, type Release, type ReleaseName } from './release/release';
export type { Finding, FindingCode } from './domain-api';
export * from './identifiers';
export type { FieldViolation } from './validation/field-violation';
export {
  appendPointer,
  escapePointerToken,
  ROOT_POINTER,
  unescapePointerToken,
  valueAt,
} from './validation/json-pointer';
export { RFC3339_DATE_TIME } from './validation/date-time-patterns';
export { isCalendarInstant } from './validation/date-time';
export { isPlainObject } from './json/plain-object';
export { validateProcessData } from './validation/validate-process-data';
export { envelopeOf, jsonKindOf, tolerantReading, type TolerantReading } from './validation/tolerant-envelope';
export { envelopeClassFor, type EnvelopeClass } from './envelope/envelope-table';
export type { JsonObject, JsonScalarOrObject } from './validation/json-kind';

export { Prozessdaten } from './envelope/prozessdaten';
export {
  ProzessdatenAktualisieren,
  ProzessdatenAktualisierenLf,
  ProzessdatenAktualisierenMsb,
  ProzessdatenAktualisierenNb,
} from './envelope/prozessdaten-aktualisieren';
export {
  ProzessdatenErstellen,
  ProzessdatenErstellenLf,
  ProzessdatenErstellenMsb,
  ProzessdatenErstellenNb,
} from './envelope/prozessdaten-erstellen';
export { Stammdaten } from './envelope/stammdaten';
export { Transaktionsdaten } from './envelope/transaktionsdaten';
export { Zusatzdaten, ZusatzdatenAktualisieren } from './envelope/zusatzdaten';
export { MALO_IDENT_ANSWER_PIS, MaloIdentAntwortLf, ZusatzdatenMaloIdentAntwort } from './envelope/maloident-antwort';
export { validateMaloIdentAnswer } from './validation/validate-maloident-answer';
export { AdHocSteuerkanal } from './bo/ad-hoc-steuerkanal';
export { Anfrage } from './bo/anfrage';
export { Angebot } from './bo/angebot';
export { Ansprechpartner } from './bo/ansprechpartner';
export { Auftrag } from './bo/auftrag';
export { Bilanzierung } from './bo/bilanzierung';
export { Energiemenge } from './bo/energiemenge';
export { Geraet } from './bo/geraet';
export { Geschaeftspartner } from './bo/geschaeftspartner';
export { Handelsunstimmigkeit } from './bo/handelsunstimmigkeit';
export { Leistungskurvendefinition } from './bo/leistungskurvendefinition';
export { Lokationsbuendel } from './bo/lokationsbuendel';
export { Marktlokation } from './bo/marktlokation';
export { Marktteilnehmer } from './bo/marktteilnehmer';
export { Messlokation } from './bo/messlokation';
export { Netzlokation } from './bo/netzlokation';
export { Schaltzeitdefinition } from './bo/schaltzeitdefinition';
export { Statusbericht } from './bo/statusbericht';
export { Statusmitteilung } from './bo/statusmitteilung';
export { SteuerbareRessource } from './bo/steuerbare-ressource';
export { TechnischeRessource } from './bo/technische-ressource';
export { Tranche } from './bo/tranche';
export { Vertrag } from './bo/vertrag';
export { Verwendungszeitraum } from './bo/verwendungszeitraum';
export { WerteNachTyp2 } from './bo/werte-nach-typ2';
export { Zaehler } from './bo/zaehler';
export { Zaehlzeitdefinition } from './bo/zaehlzeitdefinition';
export { Abrechnungsdaten } from './com/abrechnungsdaten';
export { Abtretungserklaerung } from './com/abtretungserklaerung';
export { Adresse } from './com/adresse';
export { AllgemeineInformationen } from './com/allgemeine-informationen';
export { AntwortStatusZeitraum } from './com/antwort-status-zeitraum';
export { Aussteller } from './com/aussteller';
export { Betrag } from './com/betrag';
export { BilanzkreisReferenz } from './com/bilanzkreis-referenz';
export { DatenelementFehleranzeige } from './com/datenelement-fehleranzeige';
export { Energieherkunft } from './com/energieherkunft';
export { EnFG } from './com/enfg';
export { ErforderlichesProduktpaket } from './com/erforderliches-produktpaket';
export { ExterneReferenz } from './com/externe-referenz';
export { Freitext } from './com/freitext';
export { Geraeteeigenschaften } from './com/geraeteeigenschaften';
export { HandelsunstimmigkeitsBegruendung } from './com/handelsunstimmigkeits-begruendung';
export { IpAdresseClsDevice } from './com/ip-adresse-cls-device';
export { IpRange } from './com/ip-range';
export { Konzessionsabgabe } from './com/konzessionsabgabe';
export { Lastprofil } from './com/lastprofil';
export { Leistungskurve } from './com/leistungskurve';
export { MarktlokationsTyp } from './com/marktlokations-typ';
export { Menge } from './com/menge';
export { Messstellenbetriebsabrechnungsdaten } from './com/messstellenbetriebsabrechnungsdaten';
export { NachrichtenAntwort } from './com/nachrichten-antwort';
export { Nennleistung } from './com/nennleistung';
export { Netznutzungsabrechnungsdaten } from './com/netznutzungsabrechnungsdaten';
export { Objectcode } from './com/objectcode';
export { Positionsdaten } from './com/positionsdaten';
export { Produkt } from './com/produkt';
export { Produktpaket } from './com/produktpaket';
export { Rufnummer } from './com/rufnummer';
export { Schaltzeit } from './com/schaltzeit';
export { Schwellwert } from './com/schwellwert';
export { SegmentFehleranzeige } from './com/segment-fehleranzeige';
export { StatusZusatzInformation } from './com/status-zusatz-information';
export { Tagesparameter } from './com/tagesparameter';
export { UebertragungsdateiAntwort } from './com/uebertragungsdatei-antwort';
export { Verbrauch } from './com/verbrauch';
export { Vertragskonditionen } from './com/vertragskonditionen';
export { Verwendungszweck } from './com/verwendungszweck';
export { Zaehlwerk } from './com/zaehlwerk';
export { Zaehlzeit } from './com/zaehlzeit';
export { Zeitraum } from './com/zeitraum';
export { ZertifikatsNutzer } from './com/zertifikats-nutzer';
export { Zieladresse } from './com/zieladresse';
export { ZugeordneteDefinition } from './com/zugeordnete-definition';
export { ZuordnungObjectcode } from './com/zuordnung-objectcode';
export { ZusatzInformation } from './com/zusatz-information';
export { BoTyp } from './enum/bo-typ.enum';
export { Rollencodetyp } from './enum/rollencodetyp.enum';
export { Rufnummernart } from './enum/rufnummernart.enum';
export { missingTriggerFields, triggerEvent, triggerEventNames, type TriggerEvent } from './release/trigger-events';
export {
  BO4E_DE_TO_EN,
  BO4E_EN_TO_DE,
  BO4E_NOT_REVERSIBLE,
  type Bo4eNameTable,
  type Bo4eNameTables,
  type Dialect,
  dialectOf,
  DIALECTS,
  type DialectRoot,
  fromEnglish,
  inDialect,
  MIXED_DIALECTS,
  type ReceivedBody,
  receiveBody,
  receivedPointer,
  toEnglish,
} from './dialect';
export {
  answerReferencesOf,
  type CountedForward,
  DEADLINE_RULES,
  type DeadlineRule,
  deadlineOf,
  deadlineRulesAnsweredBy,
  deadlineRulesStartedBy,
  dueOf,
  type DueAt,
  requestDateOf,
  type RequestDate,
  type RequestMessage,
  requestNumbersOf,
} from './deadlines';
export {
  addCalendarDays,
  addWorkingDays,
  germanDateOf,
  germanTimeToInstant,
  isWorkingDay,
  nonWorkingDayReason,
  nthWorkingDayOfMonth,
  workingDayDeadline,
} from './deadlines/working-days';
