import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { requestFactsOf } from '@maco/platform';
import type { ImportOutcome } from '../business-object-import.repository';
import { MasterDataImportService } from '../master-data-import.service';

/**
 * `POST /masterData`: 200 `{imported, unchanged, refused: [{pointer, message}]}`, also when some objects were refused
 * (the others are stored: a 4xx would tell a client that nothing happened).
 */
@Controller()
export class MasterDataImportController {
  constructor(private readonly imports: MasterDataImportService) {}

  @Post('masterData')
  @HttpCode(200)
  async import(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ImportOutcome> {
    return this.imports.import(body, requestFactsOf(request.raw));
  }
}
