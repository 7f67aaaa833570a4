import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { type JwtFromRequestFunction, Strategy, type StrategyOptionsWithoutRequest } from 'passport-jwt';
import { MARKET_ROLES, type MarketRole } from '@maco/domain';
import { SERVICE_CONFIG, type ServiceConfig, type TokenVerification } from '@maco/platform';
import { readBearerCredentials, type RequestWithHeaders } from './bearer-token';
import { jwksKeyProvider } from './jwks-keys';
import type { Principal } from './principal';

/** Verifies bearer JWTs: HS256 with a shared secret (development) or RS/ES keys from a JWKS URL (production). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly rolesClaim: string;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(strategyOptions(config.tokenVerification));
    this.rolesClaim = config.rolesClaim;
  }

  validate(payload: Record<string, unknown>): Principal {
    return {
      subject: typeof payload['sub'] === 'string' ? payload['sub'] : undefined,
      roles: rolesFrom(payload[this.rolesClaim]),
      operator: claimValues(payload[this.rolesClaim]).includes(OPERATOR_ROLE),
      expiresAt: typeof payload['exp'] === 'number' ? payload['exp'] * 1000 : undefined,
      issuedAt: typeof payload['iat'] === 'number' ? payload['iat'] * 1000 : undefined,
    };
  }
}

function strategyOptions(verification: TokenVerification): StrategyOptionsWithoutRequest {
  const jwtFromRequest = bearerTokenOf as unknown as JwtFromRequestFunction;
  if (verification.kind === 'jwks') {
    return {
      jwtFromRequest,
      secretOrKeyProvider: jwksKeyProvider(verification.jwksUrl),
      algorithms: verification.algorithms as StrategyOptionsWithoutRequest['algorithms'],
      issuer: verification.issuer,
      audience: verification.audience,
    };
  }
  return {
    jwtFromRequest,
    // A KeyObject, not the string: jsonwebtoken would convert a string secret on every verify (docs/performance.md,
    // "Costs behind choices in the code").
    secretOrKey: createSecretKey(Buffer.from(verification.secret, 'utf8')) as unknown as string,
    algorithms: ['HS256'],
    ...(verification.issuer ? { issuer: verification.issuer } : {}),
    ...(verification.audience ? { audience: verification.audience } : {}),
  };
}

/** The same strict reading as the guard's (one `Authorization: Bearer <token>`, no query string, no body). */
function bearerTokenOf(request: RequestWithHeaders): string | null {
  const credentials = readBearerCredentials(request);
  return credentials.kind === 'token' ? credentials.token : null;
}

/** The roles claim's value that grants operator reads (the console), not a market role. */
export const OPERATOR_ROLE = 'OPERATOR';

/** Accepts an array of role names or a space-separated string (OAuth scope style); ignores anything else. */
function claimValues(claim: unknown): unknown[] {
  return Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.split(' ') : [];
}

function rolesFrom(claim: unknown): MarketRole[] {
  const values = claimValues(claim);
  return MARKET_ROLES.filter((role) => values.includes(role));
}
