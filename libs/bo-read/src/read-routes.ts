/** The query parameters of a BO4E read (`parameter1…7`); `command` is checked on its own. */
export const READ_PARAMETERS = ['parameter1', 'parameter2', 'parameter3', 'parameter4', 'parameter5', 'parameter6', 'parameter7'] as const;
export type ReadParameter = (typeof READ_PARAMETERS)[number];

/** One BO4E read of the contract ("BO4E Lesen (Backend)", backend-interface.md §1.5). */
export interface ReadRoute {
  /** The MaCo operationId (the `command`, a system prefix allowed). */
  operationId: string;
  /** Paths, the current spelling first; drifting spellings are served too (§10 item 3). */
  paths: readonly string[];
  /** The read model's kind (the `stammdaten` key the objects were booked under). */
  kind: string;
  /** The key of the answer's `stammdaten` when the contract names the kind differently from the write side. */
  answerKind?: string;
  /** Required parameters; `parameter2` (location type) and `parameter4` (period end) are optional on every read. */
  required: readonly ReadParameter[];
  summary: string;
}

const KEY_DATE_READ = ['parameter1', 'parameter3'] as const;

/** The reads of this part, one row each: the controller, metrics, logs and OpenAPI all take them from here. */
export const READ_ROUTES: readonly ReadRoute[] = [
  {
    operationId: 'LESEN_MARKTLOKATION_BASIS',
    paths: ['/getMarketlocationBasic', '/getMarketLocationBasic'],
    kind: 'MARKTLOKATION',
    required: KEY_DATE_READ,
    summary: 'Marktlokation lesen',
  },
  { operationId: 'LESEN_MESSLOKATION_BASIS', paths: ['/getMeterLocationBasic'], kind: 'MESSLOKATION', required: KEY_DATE_READ, summary: 'Messlokation lesen' },
  { operationId: 'LESEN_NETZLOKATION_BASIS', paths: ['/getGridLocationBasic'], kind: 'NETZLOKATION', required: KEY_DATE_READ, summary: 'Netzlokation lesen' },
  {
    operationId: 'LESEN_TECHNISCHE_RESSOURCE_BASIS',
    paths: ['/getTechnicalResourceBasic'],
    kind: 'TECHNISCHE_RESSOURCE',
    required: KEY_DATE_READ,
    summary: 'Technische Ressource lesen',
  },
  {
    operationId: 'LESEN_STEUERBARE_RESSOURCE_BASIS',
    paths: ['/getControllableResourceBasic'],
    kind: 'STEUERBARE_RESSOURCE',
    required: KEY_DATE_READ,
    summary: 'Steuerbare Ressource lesen',
  },
  { operationId: 'LESEN_TRANCHE_BASIS', paths: ['/getTrancheBasic'], kind: 'TRANCHE', required: KEY_DATE_READ, summary: 'Tranche lesen' },
  { operationId: 'LESEN_ZAEHLER_BASIS', paths: ['/getCounterBasic'], kind: 'ZAEHLER', required: KEY_DATE_READ, summary: 'Zähler lesen' },
  { operationId: 'LESEN_BILANZIERUNG_BASIS', paths: ['/getAccountingBasic'], kind: 'BILANZIERUNG', required: KEY_DATE_READ, summary: 'Bilanzierung lesen' },
  {
    operationId: 'LESEN_LOKATIONSBUENDEL_BASIS',
    paths: ['/getLocationBundleBasic'],
    kind: 'LOKATIONSBUENDEL',
    required: KEY_DATE_READ,
    summary: 'Lokationsbündel lesen',
  },
  {
    operationId: 'LESEN_NETZNUTZUNGSVERTRAG_BASIS',
    paths: ['/getGridUsageContractBasic'],
    kind: 'NETZNUTZUNGSVERTRAG',
    required: KEY_DATE_READ,
    summary: 'Netznutzungsvertrag lesen',
  },
  {
    operationId: 'LESEN_ENERGIELIEFERVERTRAG_BASIS',
    paths: ['/getEnergySupplyContractBasic', '/getEnerySupplyContractBasic'],
    kind: 'ENERGIELIEFERVERTRAG',
    required: KEY_DATE_READ,
    summary: 'Energieliefervertrag lesen',
  },
  {
    operationId: 'LESEN_MESSSTELLENBETRIEBSVERTRAG_BASIS',
    paths: ['/getMeasuringPointOperationContractBasic'],
    kind: 'MESSSTELLENBETRIEBSVERTRAG',
    required: KEY_DATE_READ,
    summary: 'Messstellenbetriebsvertrag lesen',
  },
];

export const READ_PATHS: readonly string[] = READ_ROUTES.flatMap((route) => route.paths);

const ROUTE_BY_PATH = new Map(READ_ROUTES.flatMap((route) => route.paths.map((path) => [path, route] as const)));

/** The read served at a path (as registered, with its leading slash). */
export function readRouteAt(path: string): ReadRoute | undefined {
  return ROUTE_BY_PATH.get(path);
}
