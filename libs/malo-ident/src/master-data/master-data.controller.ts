import { Controller, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { requestFactsOf, Route } from '@maco/platform';
import { type MasterData, MasterDataService } from './master-data.service';
import { MASTER_DATA_ROUTE } from './master-data-route';

/** The master data of the identified MaLo, under its English and German name (`MALO_IDENT_PATHS`). */
@Controller()
export class MasterDataController {
  constructor(private readonly masterData: MasterDataService) {}

  @Route(MASTER_DATA_ROUTE)
  read(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<MasterData> {
    return this.masterData.read(query, requestFactsOf(request.raw));
  }
}
