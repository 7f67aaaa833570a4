import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal, OperatorReadable, type Principal } from '@maco/auth';
import { requestFactsOf } from '@maco/platform';
import { IDENTIFY_OPERATIONS, identifyOperationOf } from '../identify-command';
import { MaloIdentService, type IdentifyAnswer } from '../malo-ident.service';
import { maloIdentProblem } from '../malo-ident.problems';
import type { MaloIdentRecord } from '../malo-ident.repository';
import { MasterDataService, type MasterData } from '../master-data.service';
import { MALO_IDENT_PATHS } from './malo-ident-paths';

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * "MaloIdent NB (Backend)": identification of a MaLo and the master data of the identified one, each under its English and
 * German name (`MALO_IDENT_PATHS`); the record for operators.
 */
@Controller()
export class MaloIdentController {
  constructor(
    private readonly maloIdent: MaloIdentService,
    private readonly masterData: MasterDataService,
  ) {}

  @Post([...MALO_IDENT_PATHS.identify])
  @HttpCode(HttpStatus.OK)
  identify(@Body() body: unknown, @Query('command') command: unknown, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest): Promise<IdentifyAnswer> {
    const operation = identifyOperationOf(command);
    if (!operation) {
      throw maloIdentProblem('MALO_IDENT.INVALID_PARAMETER', 'The command names another operation.', {
        errors: [{ pointer: '#/command', message: `must be ${IDENTIFY_OPERATIONS.join(' or ')}, with or without a system prefix such as SAP_ (or absent)` }],
      });
    }
    return this.maloIdent.identify(body, principal.subject, requestFactsOf(request.raw), operation);
  }

  @Get([...MALO_IDENT_PATHS.masterData])
  @OperatorReadable()
  read(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<MasterData> {
    return this.masterData.read(query, requestFactsOf(request.raw));
  }

  @Get('maloIdentRequests/:key')
  @OperatorReadable()
  recorded(@Param('key') key: string): Promise<MaloIdentRecord> {
    if (!KEY.test(key)) {
      throw maloIdentProblem('MALO_IDENT.INVALID_PARAMETER', 'The key is not a printable id.', { errors: [{ pointer: '#/idempodenzschluessel', message: 'must be 1 to 200 printable characters' }] });
    }
    return this.maloIdent.recorded(key);
  }
}
