import { AdHocSteuerkanal } from '../bo/ad-hoc-steuerkanal';
import { Anfrage } from '../bo/anfrage';
import { Angebot } from '../bo/angebot';
import { Auftrag } from '../bo/auftrag';
import { Bilanzierung } from '../bo/bilanzierung';
import { Energiemenge } from '../bo/energiemenge';
import { Handelsunstimmigkeit } from '../bo/handelsunstimmigkeit';
import { Leistungskurvendefinition } from '../bo/leistungskurvendefinition';
import { Lokationsbuendel } from '../bo/lokationsbuendel';
import { Marktlokation } from '../bo/marktlokation';
import { Messlokation } from '../bo/messlokation';
import { Netzlokation } from '../bo/netzlokation';
import { Schaltzeitdefinition } from '../bo/schaltzeitdefinition';
import { Statusbericht } from '../bo/statusbericht';
import { Statusmitteilung } from '../bo/statusmitteilung';
import { SteuerbareRessource } from '../bo/steuerbare-ressource';
import { TechnischeRessource } from '../bo/technische-ressource';
import { Tranche } from '../bo/tranche';
import { Vertrag } from '../bo/vertrag';
import { Verwendungszeitraum } from '../bo/verwendungszeitraum';
import { WerteNachTyp2 } from '../bo/werte-nach-typ2';
import { Zaehler } from '../bo/zaehler';
import { Positionsdaten } from '../com/positionsdaten';
import { OptionalNested, OptionalObject, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * Master data of a process call, keyed by BO kind; every value is a list of BOs (contract kinds hold `boTyp:
 * "VERTRAG"`). Union of the kinds of all roles' schemas (backend-interface §5).
 * @see https://doc.macoapp.de/
 */
export class Stammdaten {
  @OptionalNested(() => AdHocSteuerkanal, { each: true })
  AD_HOC_STEUERKANAL?: AdHocSteuerkanal[];

  // A single object in the schemas of PIs 17131 and 19124, a list everywhere else (§3.1).
  @OptionalNested(() => Anfrage, { each: true, orSingle: true })
  ANFRAGE?: Anfrage[] | Anfrage;

  @OptionalNested(() => Angebot, { each: true })
  ANGEBOT?: Angebot[];

  @OptionalNested(() => Auftrag, { each: true })
  AUFTRAG?: Auftrag[];

  @OptionalNested(() => Bilanzierung, { each: true })
  BILANZIERUNG?: Bilanzierung[];

  @OptionalNested(() => Vertrag, { each: true })
  ENERGIELIEFERVERTRAG?: Vertrag[];

  @OptionalNested(() => Energiemenge, { each: true })
  ENERGIEMENGE?: Energiemenge[];

  @OptionalNested(() => Handelsunstimmigkeit, { each: true })
  HANDELSUNSTIMMIGKEIT?: Handelsunstimmigkeit[];

  @OptionalNested(() => Leistungskurvendefinition, { each: true })
  LEISTUNGSKURVENDEFINITION?: Leistungskurvendefinition[];

  // A single object in the LF update schema of PI 55035, a list everywhere else (§3.1).
  @OptionalNested(() => Lokationsbuendel, { each: true, orSingle: true })
  LOKATIONSBUENDEL?: Lokationsbuendel[] | Lokationsbuendel;

  @OptionalNested(() => Marktlokation, { each: true })
  MARKTLOKATION?: Marktlokation[];

  @OptionalNested(() => Messlokation, { each: true })
  MESSLOKATION?: Messlokation[];

  @OptionalNested(() => Vertrag, { each: true })
  MESSSTELLENBETRIEBSVERTRAG?: Vertrag[];

  @OptionalNested(() => Netzlokation, { each: true })
  NETZLOKATION?: Netzlokation[];

  @OptionalNested(() => Vertrag, { each: true })
  NETZNUTZUNGSVERTRAG?: Vertrag[];

  @OptionalNested(() => Schaltzeitdefinition, { each: true })
  SCHALTZEITDEFINITION?: Schaltzeitdefinition[];

  @OptionalNested(() => Statusbericht, { each: true })
  STATUSBERICHT?: Statusbericht[];

  @OptionalNested(() => Statusmitteilung, { each: true })
  STATUSMITTEILUNG?: Statusmitteilung[];

  @OptionalNested(() => SteuerbareRessource, { each: true })
  STEUERBARE_RESSOURCE?: SteuerbareRessource[];

  @OptionalNested(() => TechnischeRessource, { each: true })
  TECHNISCHE_RESSOURCE?: TechnischeRessource[];

  @OptionalNested(() => Tranche, { each: true })
  TRANCHE?: Tranche[];

  @OptionalNested(() => Verwendungszeitraum, { each: true })
  VERWENDUNGSZEITRAUM?: Verwendungszeitraum[];

  @OptionalNested(() => WerteNachTyp2, { each: true })
  WERTE_NACH_TYP2?: WerteNachTyp2[];

  @OptionalNested(() => Zaehler, { each: true })
  ZAEHLER?: Zaehler[];

  // Doc defects (backend-interface §5): non-BO keys some LF schemas put directly under stammdaten.
  @OptionalString()
  auftragsstatus?: string;

  @OptionalString()
  marktlokationsId?: string;

  @OptionalString()
  statusObjekt?: string;

  // The AUFTRAG positions of PI 17123, one level too high.
  @OptionalNested(() => Positionsdaten, { each: true })
  positionsdaten?: Positionsdaten[];

  // Added from the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e).
  @OptionalObject({ each: true })
  RECHNUNG?: JsonObject[];

  @OptionalObject({ each: true })
  BERECHNUNGSFORMEL?: JsonObject[];

  @OptionalObject({ each: true })
  SPERRAUFTRAG?: JsonObject[];

  @OptionalObject({ each: true })
  KOMMUNIKATIONSDATEN?: JsonObject[];

  @OptionalObject({ each: true })
  PREISBLATT?: JsonObject[];

  @OptionalObject({ each: true })
  AVIS?: JsonObject[];

  @OptionalObject({ each: true })
  REKLAMATION?: JsonObject[];

  @OptionalObject({ each: true })
  ZAEHLZEITDEFINITION?: JsonObject[];
}
