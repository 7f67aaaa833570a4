import { Inject, Injectable } from '@nestjs/common';
import { ProblemError, SERVICE_CONFIG, type ServiceConfig } from '@maco/platform';
import { readBearerCredentials, type RequestWithHeaders } from './bearer-token';
import { SigningKeysUnavailableError } from './jwks-keys';
import { JwtStrategy } from './jwt.strategy';
import type { Principal } from './principal';
import { VerifiedTokenCache } from './verified-token-cache';

const REALM = 'Bearer realm="maco"';

/**
 * Who a request's bearer token names, or the problem it is answered with (401; 503 while the JWKS is out of reach).
 * `signedFor`: a token whose signature, issuer and audience hold but which this service refuses all the same (its
 * lifetime, a missing `exp`, a `crit` header) still names who sent it — a write it carried is kept in the quarantine.
 */
export type Authentication =
  | { principal: Principal; problem?: undefined; signedFor?: undefined }
  | { principal?: undefined; problem: ProblemError; signedFor?: Principal };

interface PassportAttempt {
  success(user: Principal): void;
  fail(info?: unknown): void;
  error(error?: unknown): void;
  pass(): void;
  authenticate(request: unknown, options: object): void;
}

/**
 * The one judgement of a bearer token, for the guard, for the gate that runs before a body is read and for the
 * quarantine: strict credentials, the passport strategy's signature and claim checks, then what jsonwebtoken does
 * not check — no `crit` header (RFC 7515 §4.1.11), an `exp` (RFC 9068 §2.2), a lifetime within `JWT_MAX_LIFETIME`.
 * Verified tokens are remembered until their `exp`: the middleware sends one token for many requests.
 */
@Injectable()
export class TokenAuthenticator {
  private readonly verified = new VerifiedTokenCache();
  private readonly maxLifetimeMs: number;

  constructor(
    private readonly strategy: JwtStrategy,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.maxLifetimeMs = config.jwtMaxLifetimeSeconds * 1000;
  }

  async authenticate(request: RequestWithHeaders): Promise<Authentication> {
    const credentials = readBearerCredentials(request);
    if (credentials.kind === 'missing') return refused({ detail: 'A bearer token is required.' });
    if (credentials.kind === 'malformed') return refused({ code: 'invalid_request', detail: credentials.detail });
    const known = this.verified.get(credentials.token);
    if (known) return { principal: known };
    const outcome = await this.verify(request);
    if (!outcome.principal) return outcome;
    const { principal } = outcome;
    const objection = this.objectionTo(credentials.token, principal);
    if (objection)
      return { problem: unauthenticated({ code: 'invalid_token', detail: objection }), signedFor: principal };
    this.verified.remember(credentials.token, principal);
    return { principal };
  }

  /** What this service holds against a correctly signed token that jsonwebtoken does not check. */
  private objectionTo(token: string, principal: Principal): string | undefined {
    if (namesCriticalParameters(token))
      return 'The bearer token names critical header parameters (crit) this service does not understand.';
    // jsonwebtoken accepts a token without `exp`, which would then be valid forever.
    if (principal.expiresAt === undefined)
      return 'The bearer token has no expiry (exp); only expiring tokens are accepted.';
    const lifetimeMs = principal.expiresAt - (principal.issuedAt ?? Date.now());
    if (lifetimeMs > this.maxLifetimeMs)
      return `The bearer token is valid for longer than the ${this.maxLifetimeMs / 1000} s this service accepts (JWT_MAX_LIFETIME).`;
    return undefined;
  }

  /** The strategy's verdict, as passport would reach it, on a per-request copy whose callbacks report the outcome. */
  private verify(request: RequestWithHeaders): Promise<Authentication> {
    return new Promise((resolve) => {
      const attempt = Object.create(this.strategy) as PassportAttempt;
      attempt.success = (principal) => resolve({ principal });
      attempt.fail = (info) => resolve({ problem: problemFor(info) });
      attempt.error = attempt.pass = () => resolve(refused(COULD_NOT_VERIFY));
      try {
        attempt.authenticate(request, {});
      } catch {
        resolve(refused(COULD_NOT_VERIFY));
      }
    });
  }
}

const COULD_NOT_VERIFY = { code: 'invalid_token', detail: 'The bearer token could not be verified.' };

/** The 401 a token is refused with; RFC 6750 §3.1: no error code when the request carried no token at all. */
export function unauthenticated(reason: { code?: string; detail: string }): ProblemError {
  const challenge = reason.code ? `${REALM}, error="${reason.code}", error_description="${reason.detail}"` : REALM;
  return new ProblemError('AUTH.UNAUTHENTICATED', reason.detail, {}, { 'www-authenticate': challenge });
}

function refused(reason: { code?: string; detail: string }): Authentication {
  return { problem: unauthenticated(reason) };
}

function problemFor(info: unknown): ProblemError {
  // Whether the token is valid cannot be told while the issuer's keys are out of reach: retry later, not 401.
  if (info instanceof SigningKeysUnavailableError) {
    return new ProblemError(
      'SERVER.UNAVAILABLE',
      'The token issuer’s signing keys (JWKS) cannot be fetched; retry later.',
    );
  }
  const name = (info as Error | undefined)?.name;
  if (name === 'TokenExpiredError')
    return unauthenticated({ code: 'invalid_token', detail: 'The bearer token has expired.' });
  if (name === 'NotBeforeError')
    return unauthenticated({ code: 'invalid_token', detail: 'The bearer token is not valid yet.' });
  if (name === 'JsonWebTokenError')
    return unauthenticated({ code: 'invalid_token', detail: 'The bearer token is invalid.' });
  if (info instanceof Error && /no auth token/i.test(info.message))
    return unauthenticated({ detail: 'A bearer token is required.' });
  return unauthenticated(COULD_NOT_VERIFY);
}

/** Whether the JOSE header carries `crit`: this service understands no extension, so any listed one is unknown. */
function namesCriticalParameters(token: string): boolean {
  const end = token.indexOf('.');
  if (end <= 0) return false;
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, end), 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null && Object.hasOwn(header, 'crit');
  } catch {
    // Not a JOSE header at all: the strategy refuses it as invalid.
    return false;
  }
}
