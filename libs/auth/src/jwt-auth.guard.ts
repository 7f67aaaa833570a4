import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC, ProblemError, routeFlag } from '@maco/platform';
import { readBearerCredentials, type RequestWithHeaders } from './bearer-token';
import { SigningKeysUnavailableError } from './jwks-keys';
import type { Principal } from './principal';
import { VerifiedTokenCache } from './verified-token-cache';

const REALM = 'Bearer realm="maco"';

/** Global guard: every route needs a valid bearer token unless marked `@Public()`. Failures are 401. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  private readonly verified = new VerifiedTokenCache();

  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<RequestWithHeaders & { user?: Principal }>();
    const credentials = readBearerCredentials(request);
    if (credentials.kind === 'missing') throw unauthenticated({ detail: 'A bearer token is required.' });
    if (credentials.kind === 'malformed')
      throw unauthenticated({ code: 'invalid_request', detail: credentials.detail });
    const known = this.verified.get(credentials.token);
    if (known) {
      request.user = known;
      return true;
    }
    const allowed = (await super.canActivate(context)) as boolean;
    if (!allowed || !request.user) return allowed;
    // jsonwebtoken accepts a token without `exp`, which would then be valid forever (RFC 9068 §2.2 makes it REQUIRED).
    if (request.user.expiresAt === undefined) {
      throw unauthenticated({
        code: 'invalid_token',
        detail: 'The bearer token has no expiry (exp); only expiring tokens are accepted.',
      });
    }
    this.verified.remember(credentials.token, request.user);
    return true;
  }

  override handleRequest<TUser = Principal>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (!error && user) return user;
    // Whether the token is valid cannot be told while the issuer's keys are out of reach: retry later, not 401.
    if (info instanceof SigningKeysUnavailableError)
      throw new ProblemError(
        'SERVER.UNAVAILABLE',
        'The token issuer’s signing keys (JWKS) cannot be fetched; retry later.',
      );
    throw unauthenticated(describe(info));
  }
}

function unauthenticated(reason: { code?: string; detail: string }): ProblemError {
  // RFC 6750 §3.1: no error code when the request carried no token at all.
  const challenge = reason.code ? `${REALM}, error="${reason.code}", error_description="${reason.detail}"` : REALM;
  return new ProblemError('AUTH.UNAUTHENTICATED', reason.detail, {}, { 'www-authenticate': challenge });
}

export function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  return routeFlag(reflector, IS_PUBLIC, context);
}

function describe(info: unknown): { code?: string; detail: string } {
  const name = (info as Error | undefined)?.name;
  if (name === 'TokenExpiredError') return { code: 'invalid_token', detail: 'The bearer token has expired.' };
  if (name === 'NotBeforeError') return { code: 'invalid_token', detail: 'The bearer token is not valid yet.' };
  if (name === 'JsonWebTokenError') return { code: 'invalid_token', detail: 'The bearer token is invalid.' };
  if (info instanceof Error && /no auth token/i.test(info.message)) return { detail: 'A bearer token is required.' };
  return { code: 'invalid_token', detail: 'The bearer token could not be verified.' };
}
