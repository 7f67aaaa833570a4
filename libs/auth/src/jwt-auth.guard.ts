import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC, routeFlag } from '@maco/platform';
import type { RequestWithHeaders } from './bearer-token';
import type { Principal } from './principal';
import { TokenAuthenticator } from './token-authenticator';

/**
 * Global guard: every route needs a valid bearer token unless marked `@Public()`. Failures are 401. A request whose
 * token the body gate already judged (it carried a body) arrives with its principal set.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: TokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<RequestWithHeaders & { user?: Principal }>();
    if (request.user) return true;
    const { principal, problem } = await this.authenticator.authenticate(request);
    if (problem) throw problem;
    request.user = principal;
    return true;
  }
}

export function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  return routeFlag(reflector, IS_PUBLIC, context);
}
