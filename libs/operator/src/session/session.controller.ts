import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '@maco/auth';
import type { MarketRole } from '@maco/domain';
import { Route, SERVICE_ROLE } from '@maco/platform';
import type { OperatorSession } from '../operator-api';
import { OperatorReads } from '../operator-reads';
import { SESSION_ROUTE } from './session-route';

/** `GET /operator/session`: what the console may show and offer to the token's holder on this service. */
@Controller()
export class SessionController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly reads: OperatorReads,
  ) {}

  @Route(SESSION_ROUTE)
  session(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest): OperatorSession {
    this.reads.answered('session', request, 1);
    return {
      role: this.role,
      subject: principal.subject ?? null,
      canWrite: principal.roles.includes(this.role),
      operator: principal.operator,
    };
  }
}
