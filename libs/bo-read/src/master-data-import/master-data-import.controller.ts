import { Body, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { requestFactsOf, Route } from '@maco/platform';
import type { ImportOutcome } from './business-object-import.repository';
import { MasterDataImportService } from './master-data-import.service';
import { MASTER_DATA_ROUTE } from './master-data-import-route';

/**
 * `POST /masterData`: 200 `{imported, unchanged, refused: [{pointer, message}]}`, also when some objects were refused
 * (the others are stored: a 4xx would tell a client that nothing happened).
 */
@Controller()
export class MasterDataImportController {
  constructor(private readonly imports: MasterDataImportService) {}

  @Route(MASTER_DATA_ROUTE)
  async import(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ImportOutcome> {
    return this.imports.import(body, requestFactsOf(request.raw));
  }
}
