import { Inject, Injectable } from '@nestjs/common';
import { MALO_ID_PATTERN, RFC3339_DATE_TIME, type MarketRole } from '@maco/domain';
import { commandNames, SERVICE_ROLE, type RequestFacts } from '@maco/platform';
import { BusinessObjectReadRepository, locationKey } from '@maco/process-store';
import { MASTER_DATA_OPERATION, type RequestError } from './identify-request';
import { MALO_IDENT_LOG_FIELDS } from './malo-ident.log-fields';
import { maloIdentProblem } from './malo-ident.problems';
import { MaloIdentMetrics } from './metrics/malo-ident-metrics';

/** The kinds of the answer, in the contract's order (`MaloIdent Marktlokation`), and the kind each is stored as. */
export const MASTER_DATA_KINDS = [
  'MARKTLOKATION',
  'BILANZIERUNG',
  'TRANCHE',
  'MESSLOKATION',
  'ENERGIELIEFERVERTRAG',
  'TECHNISCHE_RESSOURCE',
  'STEUERBARE_RESSOURCE',
  'NETZLOKATION',
] as const;

export type MasterData = { stammdaten: Record<(typeof MASTER_DATA_KINDS)[number], unknown[]> };

/**
 * `GET /getMaloidentMarketlocation` (`LESEN_MALOIDENT_MARKTLOKATION`): the objects of the MaLo (`parameter1`) in force at
 * the key date (`parameter3`), per kind, from the read model; an unknown MaLo answers every list empty.
 */
@Injectable()
export class MasterDataService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly objects: BusinessObjectReadRepository,
    private readonly metrics: MaloIdentMetrics,
  ) {}

  async read(query: Record<string, unknown>, facts?: RequestFacts): Promise<MasterData> {
    MALO_IDENT_LOG_FIELDS.note(facts, { maloIdentOperation: MASTER_DATA_OPERATION });
    const errors: RequestError[] = [];
    const maloId = query['parameter1'];
    const keyDate = query['parameter3'];
    if (maloId === undefined || maloId === '') errors.push({ pointer: '#/parameter1', message: 'is required' });
    else if (typeof maloId !== 'string' || !MALO_ID_PATTERN.test(maloId)) errors.push({ pointer: '#/parameter1', message: 'must be a MaLo id (11 digits), given once' });
    let at: Date | undefined;
    if (keyDate === undefined || keyDate === '') errors.push({ pointer: '#/parameter3', message: 'is required' });
    // The contract's pattern demands milliseconds, its example has none: both are taken.
    else if (typeof keyDate !== 'string' || !RFC3339_DATE_TIME.test(keyDate) || Number.isNaN((at = new Date(keyDate)).getTime())) {
      errors.push({ pointer: '#/parameter3', message: 'must be a date-time with offset (2024-06-28T12:18:00Z or 2024-06-28T12:18:00.000Z), given once' });
    }
    const command = query['command'];
    if (command !== undefined && !commandNames(command, MASTER_DATA_OPERATION)) {
      errors.push({ pointer: '#/command', message: `must be ${MASTER_DATA_OPERATION}, with or without a system prefix such as SAP_ (or absent)` });
    }
    if (errors.length > 0 || typeof maloId !== 'string' || !at) {
      this.metrics.read('invalid');
      throw maloIdentProblem('MALO_IDENT.INVALID_PARAMETER', `${errors.length} parameter${errors.length === 1 ? ' is' : 's are'} invalid.`, { errors });
    }
    MALO_IDENT_LOG_FIELDS.note(facts, { locationId: maloId });
    const keys = [locationKey('MALO', maloId)];
    const from = at;
    const bodies = await Promise.all(MASTER_DATA_KINDS.map((kind) => this.objects.find({ role: this.role, kind, keys, from })));
    const found = bodies[0]?.length ?? 0;
    this.metrics.read(found > 0 ? 'found' : 'empty');
    const stammdaten = Object.fromEntries(MASTER_DATA_KINDS.map((kind, index) => [kind, found > 0 ? (bodies[index] ?? []).map((body) => JSON.parse(body) as unknown) : []]));
    return { stammdaten } as MasterData;
  }
}
