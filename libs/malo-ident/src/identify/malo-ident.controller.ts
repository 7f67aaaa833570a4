import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '@maco/auth';
import { inDialect } from '@maco/domain';
import { readQuery, requestFactsOf, Route, SERVICE_CONFIG, type ServiceConfig } from '@maco/platform';
import { maloIdentProblem } from '../malo-ident.problems';
import { IDENTIFY_ROUTE, RECORD_KEY, RECORDED_ROUTE } from './identify-routes';
import type { MaloIdentRecord } from './malo-ident.repository';
import { MaloIdentService } from './malo-ident.service';

/**
 * "MaloIdent NB (Backend)": identification of a MaLo under its English and German name (`MALO_IDENT_PATHS`); the
 * record for operators. Requests are taken in either BO4E dialect; the service computes and records in the canonical
 * German form, and answers here in the dialect of `MACO_DIALECT`.
 */
@Controller()
export class MaloIdentController {
  constructor(
    private readonly maloIdent: MaloIdentService,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceConfig, 'dialect'>,
  ) {}

  @Route(IDENTIFY_ROUTE)
  async identify(
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<unknown> {
    const { values, errors } = readQuery(IDENTIFY_ROUTE.query, query);
    if (errors.length > 0)
      throw maloIdentProblem('MALO_IDENT.INVALID_PARAMETER', 'The command names another operation.', { errors });
    const answer = await this.maloIdent.identify(body, principal.subject, requestFactsOf(request.raw), values.command);
    return inDialect(answer, this.config.dialect);
  }

  /** The request as it was received (either dialect); the answer as this service answers it. */
  @Route(RECORDED_ROUTE)
  async recorded(@Param('key') key: string): Promise<MaloIdentRecord> {
    const { errors } = readQuery({ idempodenzschluessel: RECORD_KEY }, { idempodenzschluessel: key });
    if (errors.length > 0)
      throw maloIdentProblem('MALO_IDENT.INVALID_PARAMETER', 'The key is not a printable id.', { errors });
    const record = await this.maloIdent.recorded(key);
    return { ...record, answer: inDialect(record.answer, this.config.dialect) };
  }
}
