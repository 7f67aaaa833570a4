import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { inDialect } from '@maco/domain';
import { requestFactsOf, Route, SERVICE_CONFIG, type ServiceConfig } from '@maco/platform';
import { MasterDataService } from './master-data.service';
import { MASTER_DATA_ROUTE } from './master-data-route';

/**
 * The master data of the identified MaLo, under its English and German name (`MALO_IDENT_PATHS`): read in the
 * canonical German form the read model holds, answered in the dialect of `MACO_DIALECT` (`masterData` in English).
 */
@Controller()
export class MasterDataController {
  constructor(
    private readonly masterData: MasterDataService,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceConfig, 'dialect'>,
  ) {}

  @Route(MASTER_DATA_ROUTE)
  async read(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<unknown> {
    return inDialect(await this.masterData.read(query, requestFactsOf(request.raw)), this.config.dialect);
  }
}
