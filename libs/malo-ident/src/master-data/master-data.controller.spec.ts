import type { FastifyRequest } from 'fastify';
import type { Dialect } from '@maco/domain';
import { MASTER_DATA_KINDS_EN } from '../openapi/malo-ident-schemas';
import { MasterDataController } from './master-data.controller';
import { MASTER_DATA_KINDS, type MasterData, type MasterDataService } from './master-data.service';

const MALO = { boTyp: 'MARKTLOKATION', marktlokationsId: '74018657187', sparte: 'STROM', energierichtung: 'AUSSP' };
const MASTER_DATA = {
  stammdaten: Object.fromEntries(MASTER_DATA_KINDS.map((kind) => [kind, kind === 'MARKTLOKATION' ? [MALO] : []])),
} as MasterData;

function controllerOf(dialect: Dialect) {
  const service = { read: async () => MASTER_DATA } as unknown as MasterDataService;
  return new MasterDataController(service, { dialect });
}
const request = { raw: {} } as FastifyRequest;

describe(MasterDataController.name, () => {
  it('should answer the master data itself in German (MACO_DIALECT=de)', async () => {
    expect(await controllerOf('de').read({}, request)).toBe(MASTER_DATA);
  });

  it('should answer it in English (MACO_DIALECT=en), kinds in the order of the English schema', async () => {
    const answer = (await controllerOf('en').read({}, request)) as { masterData: Record<string, unknown[]> };
    expect(Object.keys(answer)).toEqual(['masterData']);
    expect(Object.keys(answer.masterData)).toEqual(MASTER_DATA_KINDS_EN);
    expect(answer.masterData['MARKET_LOCATION']).toEqual([
      {
        boType: 'MARKET_LOCATION',
        marketLocationId: '74018657187',
        sector: 'ELECTRICITY',
        energyDirection: 'FEED_OUT',
      },
    ]);
  });
});
