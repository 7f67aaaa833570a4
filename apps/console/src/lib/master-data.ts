/** The BO4E kinds the console reads, each with its read route (API.md, lib bo-read). */
export const MASTER_DATA_KINDS = {
  MARKTLOKATION: '/getMarketlocationBasic',
  MESSLOKATION: '/getMeterLocationBasic',
  NETZLOKATION: '/getGridLocationBasic',
  TECHNISCHE_RESSOURCE: '/getTechnicalResourceBasic',
  STEUERBARE_RESSOURCE: '/getControllableResourceBasic',
  TRANCHE: '/getTrancheBasic',
  ZAEHLER: '/getCounterBasic',
  BILANZIERUNG: '/getAccountingBasic',
  LOKATIONSBUENDEL: '/getLocationBundleBasic',
  NETZNUTZUNGSVERTRAG: '/getGridUsageContractBasic',
  ENERGIELIEFERVERTRAG: '/getEnergySupplyContractBasic',
  MESSSTELLENBETRIEBSVERTRAG: '/getMeasuringPointOperationContractBasic',
} as const;

export type MasterDataKind = keyof typeof MASTER_DATA_KINDS;

export function isMasterDataKind(value: string): value is MasterDataKind {
  return Object.hasOwn(MASTER_DATA_KINDS, value);
}

/** The read request: `parameter1` the id, `parameter3` the key date, `parameter4` (history) the end of the period. */
export function masterDataRequest(kind: MasterDataKind, id: string, keyDate: string, periodEnd?: string): string {
  const params = new URLSearchParams({ parameter1: id.trim(), parameter3: keyDate });
  if (periodEnd) params.set('parameter4', periodEnd);
  return `${MASTER_DATA_KINDS[kind]}?${params.toString()}`;
}

/** A version's validity as the objects carry it (the first of the usual BO4E names that is there). */
export function validityOf(object: unknown): { from?: string; to?: string } {
  const record = (object ?? {}) as Record<string, unknown>;
  const text = (...names: string[]): string | undefined => {
    for (const name of names) if (typeof record[name] === 'string') return record[name];
    return undefined;
  };
  const from = text('gueltigAb', 'gueltigkeitAb', 'gueltigVon', 'validFrom', 'vertragsbeginn', 'beginn');
  const to = text('gueltigBis', 'gueltigkeitBis', 'validTo', 'vertragsende', 'ende');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/**
 * The objects of the answer's `stammdaten` (all kinds it holds), ordered by the start of their validity, unknown last.
 * A bare list (a deployment with `READ_ANSWER_SHAPE=array`) holds objects of the kind asked for.
 */
export function versionsByValidity(
  answer: unknown,
  kind: MasterDataKind,
): { kind: string; object: unknown; from?: string; to?: string }[] {
  const stammdaten = Array.isArray(answer)
    ? { [kind]: answer }
    : (((answer ?? {}) as { stammdaten?: Record<string, unknown> }).stammdaten ?? {});
  const versions = Object.entries(stammdaten).flatMap(([kind, objects]) =>
    (Array.isArray(objects) ? objects : [objects]).map((object) => ({ kind, object, ...validityOf(object) })),
  );
  return versions
    .map((version, index) => ({ version, index }))
    .sort((a, b) => {
      if (a.version.from === b.version.from) return a.index - b.index;
      if (a.version.from === undefined) return 1;
      if (b.version.from === undefined) return -1;
      return Date.parse(a.version.from) - Date.parse(b.version.from) || a.index - b.index;
    })
    .map(({ version }) => version);
}
