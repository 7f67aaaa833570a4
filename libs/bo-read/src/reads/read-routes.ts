/** The query parameters of a BO4E read (`parameter1…7`); `command` is checked on its own. */
export const READ_PARAMETERS = [
  'parameter1',
  'parameter2',
  'parameter3',
  'parameter4',
  'parameter5',
  'parameter6',
  'parameter7',
] as const;
export type ReadParameter = (typeof READ_PARAMETERS)[number];

/**
 * What a parameter of a read carries. The reads number their parameters alike (`parameter1` the location id,
 * `parameter3` the key date, …) except where the contract says otherwise (an Avis number, an ILN, a definition code).
 */
export type ParameterMeaning =
  /** A location id; its type is `locationType` when given, else follows from the id's format. */
  | 'locationId'
  | 'locationType'
  /** Key date, or the start of the period when a `to` parameter is given. */
  | 'from'
  | 'to'
  /** The id a kind without a location is read by (`lookupKey`). */
  | 'lookupId'
  /** An OBIS code: only energy amounts with a value of it. */
  | 'obis'
  /** `true`/`false`/`null` (= ignore): only energy amounts with that `abrechnungsrelevant` / `bilanzierungsrelevant`. */
  | 'billingRelevant'
  | 'balancingRelevant'
  /** The supplier's ILN and balancing group of an assignment authorisation. */
  | 'supplier'
  | 'balancingGroup';

export interface ParameterSpec {
  meaning: ParameterMeaning;
  required: boolean;
}

/** One BO4E read of the contract ("BO4E Lesen (Backend)" and "Prozessdaten lesen", backend-interface.md §1.4, §1.5). */
export interface ReadRoute {
  /** The MaCo operationId (the `command`, a system prefix allowed). */
  operationId: string;
  /** Other spellings of the operationId seen in the contract's generations, accepted as `command` too. */
  commandAliases?: readonly string[];
  /** Paths, the current spelling first; drifting spellings (§10 item 3) and the German name (§12) are served too. */
  paths: readonly string[];
  /** The read model's kind (the `stammdaten` key the objects were booked or imported under). */
  kind: string;
  /** The key of the answer's `stammdaten` when the contract names the kind differently from the write side. */
  answerKind?: string;
  /** The parameters the read takes; others (`parameter5…7` mostly) are accepted and ignored. */
  parameters: Partial<Record<ReadParameter, ParameterSpec>>;
  /** A SQL/JSON path condition (on `@`, the object) every answered object meets: one kind read in several ways. */
  condition?: { path: string; description: string };
  /** The answer: the objects (`{"stammdaten": …}`, default), or whether an authorisation exists. */
  answer?: 'authorization';
  summary: string;
}

const required = (meaning: ParameterMeaning): ParameterSpec => ({ meaning, required: true });
const optional = (meaning: ParameterMeaning): ParameterSpec => ({ meaning, required: false });

/** The common convention (changelog 1.1.1): location id, optional type, key date or period. */
const BY_LOCATION = {
  parameter1: required('locationId'),
  parameter2: optional('locationType'),
  parameter3: required('from'),
  parameter4: optional('to'),
};
const ENERGY_AMOUNT = { ...BY_LOCATION, parameter5: optional('obis') };
/** Definitions are read by their code; a location type is accepted (the mock lists one) but selects nothing. */
const BY_DEFINITION_CODE = {
  parameter1: required('lookupId'),
  parameter2: optional('locationType'),
  parameter3: required('from'),
  parameter4: optional('to'),
};

/** The OBIS code of a value (`obiskennzahl`, also `obisKennzahl`) matches a regular expression. */
const obisMatches = (pattern: string) =>
  `exists(@.energieverbrauch[*] ? (@.obiskennzahl like_regex "${pattern}" || @.obisKennzahl like_regex "${pattern}"))`;

/**
 * What an OBIS code (`A-B:C.D.E`, `A-B:` optional) means depends on its medium A: electricity (1, and codes without a
 * medium) marks a register reading by value group D = 8 and a load profile value by D = 29; gas (7) marks a meter
 * reading by D = 0 (`7-0:3.0.0`, volume at meter conditions) and a load profile by C = 99 (profile data).
 */
const METER_READING = {
  description:
    'Only amounts with a register reading: electricity OBIS value group D = 8 (`1-1:1.8.0`), gas D = 0 (`7-0:3.0.0`).',
  path: `(${obisMatches('^(1-[0-9]+:)?[0-9]+[.]8[.]')} || ${obisMatches('^7-[0-9]+:[0-9]+[.]0[.]')})`,
};
const LOAD_CURVE = {
  description:
    'Only amounts with a load profile value per measuring period: electricity OBIS value group D = 29 (`1-1:1.29.0`), gas C = 99.',
  path: `(${obisMatches('^(1-[0-9]+:)?[0-9]+[.]29[.]')} || ${obisMatches('^7-[0-9]+:99[.]')})`,
};

/** The reads, one row each: the controller, parameter checks, metrics, logs and OpenAPI all take them from here. */
export const READ_ROUTES: readonly ReadRoute[] = [
  {
    operationId: 'LESEN_MARKTLOKATION_BASIS',
    paths: ['/getMarketlocationBasic', '/getMarketLocationBasic', '/lesenMarktlokationBasis'],
    kind: 'MARKTLOKATION',
    parameters: BY_LOCATION,
    summary: 'Marktlokation lesen',
  },
  {
    operationId: 'LESEN_MESSLOKATION_BASIS',
    paths: ['/getMeterLocationBasic', '/lesenMesslokationBasis'],
    kind: 'MESSLOKATION',
    parameters: BY_LOCATION,
    summary: 'Messlokation lesen',
  },
  {
    operationId: 'LESEN_NETZLOKATION_BASIS',
    paths: ['/getGridLocationBasic', '/lesenNetzlokationBasis'],
    kind: 'NETZLOKATION',
    parameters: BY_LOCATION,
    summary: 'Netzlokation lesen',
  },
  {
    operationId: 'LESEN_TECHNISCHE_RESSOURCE_BASIS',
    paths: ['/getTechnicalResourceBasic', '/lesenTechnischeRessourceBasis'],
    kind: 'TECHNISCHE_RESSOURCE',
    parameters: BY_LOCATION,
    summary: 'Technische Ressource lesen',
  },
  {
    operationId: 'LESEN_STEUERBARE_RESSOURCE_BASIS',
    paths: ['/getControllableResourceBasic', '/lesenSteuerbareRessourceBasis'],
    kind: 'STEUERBARE_RESSOURCE',
    parameters: BY_LOCATION,
    summary: 'Steuerbare Ressource lesen',
  },
  {
    operationId: 'LESEN_TRANCHE_BASIS',
    paths: ['/getTrancheBasic', '/lesenTrancheBasis'],
    kind: 'TRANCHE',
    parameters: BY_LOCATION,
    summary: 'Tranche lesen',
  },
  {
    operationId: 'LESEN_ZAEHLER_BASIS',
    paths: ['/getCounterBasic', '/lesenZaehlerBasis'],
    kind: 'ZAEHLER',
    parameters: BY_LOCATION,
    summary: 'Zähler lesen',
  },
  {
    operationId: 'LESEN_BILANZIERUNG_BASIS',
    paths: ['/getAccountingBasic', '/lesenBilanzierungBasis'],
    kind: 'BILANZIERUNG',
    parameters: BY_LOCATION,
    summary: 'Bilanzierung lesen',
  },
  {
    operationId: 'LESEN_LOKATIONSBUENDEL_BASIS',
    paths: ['/getLocationBundleBasic', '/lesenLokationsbundBasis'],
    kind: 'LOKATIONSBUENDEL',
    parameters: BY_LOCATION,
    summary: 'Lokationsbündel lesen',
  },
  {
    operationId: 'LESEN_NETZNUTZUNGSVERTRAG_BASIS',
    paths: ['/getGridUsageContractBasic', '/lesenNetznutzungsvertragBasis'],
    kind: 'NETZNUTZUNGSVERTRAG',
    parameters: BY_LOCATION,
    summary: 'Netznutzungsvertrag lesen',
  },
  {
    operationId: 'LESEN_ENERGIELIEFERVERTRAG_BASIS',
    paths: ['/getEnergySupplyContractBasic', '/getEnerySupplyContractBasic', '/lesenEnergieliefervertragBasis'],
    kind: 'ENERGIELIEFERVERTRAG',
    parameters: BY_LOCATION,
    summary: 'Energieliefervertrag lesen',
  },
  {
    operationId: 'LESEN_MESSSTELLENBETRIEBSVERTRAG_BASIS',
    paths: ['/getMeasuringPointOperationContractBasic', '/lesenMessstellenbetriebsvertragBasis'],
    kind: 'MESSSTELLENBETRIEBSVERTRAG',
    parameters: BY_LOCATION,
    summary: 'Messstellenbetriebsvertrag lesen',
  },
  {
    // sic: the contract's operationId lacks the E of BERECHNUNG.
    operationId: 'LESEN_BRECHNUNGSFORMEL_BASIS',
    commandAliases: ['LESEN_BERECHNUNGSFORMEL_BASIS'],
    paths: ['/getCalculationFormulaBasic', '/lesenBerechnungsformelBasis'],
    kind: 'BERECHNUNGSFORMEL',
    parameters: BY_LOCATION,
    summary: 'Berechnungsformel lesen',
  },
  {
    operationId: 'LESEN_AVIS_BASIS',
    paths: ['/getAvisBasic', '/lesenAvisBasis'],
    kind: 'AVIS',
    // No key date: the Avis as it stands now.
    parameters: { parameter1: required('lookupId') },
    summary: 'Avis lesen',
  },
  {
    operationId: 'LESEN_KOMMUNIKATIONSDATEN_BASIS',
    paths: ['/getCommunicationDataBasic', '/lesenKommunikationsdatenBasis'],
    kind: 'KOMMUNIKATIONSDATEN',
    parameters: { parameter1: required('lookupId'), parameter2: required('from') },
    summary: 'Kommunikationsdaten lesen',
  },
  {
    operationId: 'LESEN_PREISBLATT_BASIS',
    paths: ['/getPriceSheetBasic'],
    kind: 'PREISBLATT',
    // Without a location: every price sheet of the role in force.
    parameters: { ...BY_LOCATION, parameter1: optional('locationId') },
    summary: 'Preisblatt lesen',
  },
  {
    operationId: 'LESEN_ENERGIEMENGE_ENERGIEMENGE',
    paths: ['/getEnergyAmount', '/lesenEnergiemengeEnergiemenge'],
    kind: 'ENERGIEMENGE',
    parameters: ENERGY_AMOUNT,
    summary: 'Energiemenge lesen',
  },
  {
    operationId: 'LESEN_ENERGIEMENGE_LASTGANG',
    paths: ['/getEnergyAmountLoadCurve', '/lesenEnergiemengeLastgang'],
    kind: 'ENERGIEMENGE',
    parameters: {
      ...ENERGY_AMOUNT,
      parameter6: optional('billingRelevant'),
      parameter7: optional('balancingRelevant'),
    },
    condition: LOAD_CURVE,
    summary: 'Lastgang lesen',
  },
  {
    operationId: 'LESEN_ENERGIEMENGE_ZAEHLERSTAND',
    paths: ['/getEnergyAmountMeterReading', '/lesenEnergiemengeZaehlerstand'],
    kind: 'ENERGIEMENGE',
    parameters: ENERGY_AMOUNT,
    condition: METER_READING,
    summary: 'Zählerstand lesen',
  },
  {
    operationId: 'LESEN_DEFINITION_SCHALTZEIT',
    paths: ['/getDefinitionSwitch'],
    kind: 'SCHALTZEITDEFINITION',
    parameters: BY_DEFINITION_CODE,
    summary: 'Schaltzeitdefinition lesen',
  },
  {
    operationId: 'LESEN_DEFINITION_LEISTUNGSKURVE',
    // The interface documentation's spelling; the vendor's mock has the one above.
    commandAliases: ['LESEN_DEFINITION_LST_KURVEN'],
    paths: ['/getDefinitionPerformance'],
    kind: 'LEISTUNGSKURVENDEFINITION',
    parameters: BY_DEFINITION_CODE,
    summary: 'Leistungskurvendefinition lesen',
  },
  {
    operationId: 'LESEN_DEFINITION_ZAEHLZEIT',
    paths: ['/getDefinitionCounting'],
    kind: 'ZAEHLZEITDEFINITION',
    parameters: BY_DEFINITION_CODE,
    summary: 'Zählzeitdefinition lesen',
  },
  {
    operationId: 'LESEN_PROZESSDATEN_ZUORDNUNGERMAECHTIGUNG',
    // The mock's own example of `command` spells it with the S.
    commandAliases: ['LESEN_PROZESSDATEN_ZUORDNUNGSERMAECHTIGUNG'],
    paths: ['/getAllocationAuthorization'],
    kind: 'ZUORDNUNGSERMAECHTIGUNG',
    // The contract marks all four required; the balancing group is taken as optional (an authorisation without one holds
    // for any, one with one only for that group).
    parameters: {
      parameter1: required('locationId'),
      parameter2: required('supplier'),
      parameter3: required('from'),
      parameter4: optional('balancingGroup'),
    },
    answer: 'authorization',
    summary: 'Zuordnungsermächtigung lesen',
  },
];

export const READ_PATHS: readonly string[] = READ_ROUTES.flatMap((route) => route.paths);

/** The German names of the vendor's `_build` specs (backend-interface.md §12) all begin with `lesen`, the English ones with `get`. */
export const isGermanReadPath = (path: string): boolean => path.startsWith('/lesen');

const ROUTE_BY_PATH = new Map(READ_ROUTES.flatMap((route) => route.paths.map((path) => [path, route] as const)));

/** The read served at a path (as registered, with its leading slash). */
export function readRouteAt(path: string): ReadRoute | undefined {
  return ROUTE_BY_PATH.get(path);
}
