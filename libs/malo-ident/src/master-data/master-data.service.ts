import { Inject, Injectable } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import { readQuery, type RequestFacts, SERVICE_ROLE } from '@maco/platform';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { locationKey } from '@maco/read-model';
import { MALO_IDENT_LOG_FIELDS } from '../malo-ident.log-fields';
import { maloIdentProblem } from '../malo-ident.problems';
import { MaloIdentMetrics } from '../metrics/malo-ident-metrics';
import { MASTER_DATA_KINDS } from '../openapi/malo-ident-schemas';
import { MASTER_DATA_OPERATION, MASTER_DATA_ROUTE } from './master-data-route';

/** The kinds of the answer, in the contract's order (`MaloIdent Marktlokation`). */
export { MASTER_DATA_KINDS };

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
    const { values, errors } = readQuery(MASTER_DATA_ROUTE.query, query);
    if (errors.length > 0) {
      this.metrics.read('invalid');
      throw maloIdentProblem(
        'MALO_IDENT.INVALID_PARAMETER',
        `${errors.length} parameter${errors.length === 1 ? ' is' : 's are'} invalid.`,
        { errors },
      );
    }
    const { parameter1: maloId, parameter3: at } = values;
    MALO_IDENT_LOG_FIELDS.note(facts, { locationId: maloId });
    const keys = [locationKey('MALO', maloId)];
    const bodies = await Promise.all(
      MASTER_DATA_KINDS.map((kind) => this.objects.find({ role: this.role, kind, keys, from: at })),
    );
    const found = bodies[0]?.length ?? 0;
    this.metrics.read(found > 0 ? 'found' : 'empty');
    const stammdaten = Object.fromEntries(
      MASTER_DATA_KINDS.map((kind, index) => [
        kind,
        found > 0 ? (bodies[index] ?? []).map((body) => JSON.parse(body) as unknown) : [],
      ]),
    );
    return { stammdaten } as MasterData;
  }
}
