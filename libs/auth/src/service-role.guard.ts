import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { MarketRole } from '@maco/domain';
import { ProblemError, SERVICE_ROLE } from '@maco/platform';
import { isPublic } from './jwt-auth.guard';
import { isOperatorReadable } from './operator-readable.decorator';
import type { Principal } from './principal';

/**
 * Global guard after authentication: the token must permit writing for the role this service serves (else 403). An
 * `OPERATOR` token passes too where the route is marked `@OperatorReadable()`.
 */
@Injectable()
export class ServiceRoleGuard implements CanActivate {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (isPublic(this.reflector, context)) return true;
    const principal = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (principal?.roles.includes(this.role)) return true;
    if (principal?.operator && isOperatorReadable(this.reflector, context)) return true;
    const granted = [...(principal?.roles ?? []), ...(principal?.operator ? ['OPERATOR (reads only)'] : [])];
    throw new ProblemError(
      'AUTH.ROLE_NOT_PERMITTED',
      `This service books for role ${this.role}; the token permits ${granted.length ? granted.join(', ') : 'no market role'}.`,
    );
  }
}
