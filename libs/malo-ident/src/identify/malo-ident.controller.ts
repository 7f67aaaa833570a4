import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '@maco/auth';
import { readQuery, requestFactsOf, Route } from '@maco/platform';
import { maloIdentProblem } from '../malo-ident.problems';
import { IDENTIFY_ROUTE, RECORD_KEY, RECORDED_ROUTE } from './identify-routes';
import type { MaloIdentRecord } from './malo-ident.repository';
import { type IdentifyAnswer, MaloIdentService } from './malo-ident.service';

/**
 * "MaloIdent NB (Backend)": identification of a MaLo under its English and German name (`MALO_IDENT_PATHS`); the
 * record for operators.
 */
@Controller()
export class MaloIdentController {
  constructor(private readonly maloIdent: MaloIdentService) {}

  @Route(IDENTIFY_ROUTE)
  identify(
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<IdentifyAnswer> {
    const { values, errors } = readQuery(IDENTIFY_ROUTE.query, query);
    if (errors.length > 0)
      throw maloIdentProblem('MALO_IDENT.INVALID_PARAMETER', 'The command names another operation.', { errors });
    return this.maloIdent.identify(body, principal.subject, requestFactsOf(request.raw), values.command);
  }

  @Route(RECORDED_ROUTE)
  recorded(@Param('key') key: string): Promise<MaloIdentRecord> {
    const { errors } = readQuery({ idempodenzschluessel: RECORD_KEY }, { idempodenzschluessel: key });
    if (errors.length > 0)
      throw maloIdentProblem('MALO_IDENT.INVALID_PARAMETER', 'The key is not a printable id.', { errors });
    return this.maloIdent.recorded(key);
  }
}
