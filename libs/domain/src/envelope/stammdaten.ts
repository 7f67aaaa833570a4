import { Bilanzierung } from '../bo/bilanzierung';
import { Marktlokation } from '../bo/marktlokation';
import { Messlokation } from '../bo/messlokation';
import { Netzlokation } from '../bo/netzlokation';
import { SteuerbareRessource } from '../bo/steuerbare-ressource';
import { TechnischeRessource } from '../bo/technische-ressource';
import { Tranche } from '../bo/tranche';
import { Vertrag } from '../bo/vertrag';
import { Zaehler } from '../bo/zaehler';
import { OptionalNested, OptionalObject, OptionalString } from '../validation/decorators';
import type { JsonObject } from '../validation/json-kind';

/**
 * Master data of a process call, keyed by BO kind; every value is a list of BOs (contract kinds hold `boTyp:
 * "VERTRAG"`).
 * @see https://doc.macoapp.de/
 */
export class Stammdaten {
  @OptionalNested(() => Bilanzierung, { each: true })
  BILANZIERUNG?: Bilanzierung[];

  @OptionalNested(() => Vertrag, { each: true })
  ENERGIELIEFERVERTRAG?: Vertrag[];

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

  @OptionalNested(() => SteuerbareRessource, { each: true })
  STEUERBARE_RESSOURCE?: SteuerbareRessource[];

  @OptionalNested(() => TechnischeRessource, { each: true })
  TECHNISCHE_RESSOURCE?: TechnischeRessource[];

  @OptionalNested(() => Tranche, { each: true })
  TRANCHE?: Tranche[];

  @OptionalNested(() => Zaehler, { each: true })
  ZAEHLER?: Zaehler[];

  // BO kinds of the LF schemas without a class yet: lists of objects, contents unchecked.
  @OptionalObject({ each: true })
  AD_HOC_STEUERKANAL?: JsonObject[];

  @OptionalObject({ each: true })
  ANFRAGE?: JsonObject[];

  @OptionalObject({ each: true })
  ANGEBOT?: JsonObject[];

  @OptionalObject({ each: true })
  AUFTRAG?: JsonObject[];

  @OptionalObject({ each: true })
  ENERGIEMENGE?: JsonObject[];

  @OptionalObject({ each: true })
  HANDELSUNSTIMMIGKEIT?: JsonObject[];

  @OptionalObject({ each: true })
  LEISTUNGSKURVENDEFINITION?: JsonObject[];

  @OptionalObject({ each: true })
  LOKATIONSBUENDEL?: JsonObject[];

  @OptionalObject({ each: true })
  SCHALTZEITDEFINITION?: JsonObject[];

  @OptionalObject({ each: true })
  STATUSBERICHT?: JsonObject[];

  @OptionalObject({ each: true })
  STATUSMITTEILUNG?: JsonObject[];

  @OptionalObject({ each: true })
  VERWENDUNGSZEITRAUM?: JsonObject[];

  @OptionalObject({ each: true })
  WERTE_NACH_TYP2?: JsonObject[];

  // Doc defects (backend-interface §5): non-BO keys some LF schemas put directly under stammdaten.
  @OptionalString()
  auftragsstatus?: string;

  @OptionalString()
  marktlokationsId?: string;

  @OptionalString()
  statusObjekt?: string;

  @OptionalObject({ each: true })
  positionsdaten?: JsonObject[];
}
