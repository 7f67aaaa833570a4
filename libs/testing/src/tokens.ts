import { sign, type SignOptions } from 'jsonwebtoken';

/** HS256 secret of test services (≥ 32 bytes, as the config demands). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestTokenOptions {
  roles?: unknown;
  subject?: string;
  secret?: string;
  expiresInSeconds?: number;
  notBeforeSeconds?: number;
  algorithm?: SignOptions['algorithm'];
  extraClaims?: Record<string, unknown>;
}

/** A bearer token as the middleware would send it. */
export function mintTestToken(options: TestTokenOptions = {}): string {
  const { roles = ['LF'], subject = 'maco-app-test', secret = TEST_JWT_SECRET, expiresInSeconds = 300 } = options;
  return sign({ roles, ...options.extraClaims }, secret, {
    algorithm: options.algorithm ?? 'HS256',
    subject,
    expiresIn: expiresInSeconds,
    ...(options.notBeforeSeconds !== undefined ? { notBefore: options.notBeforeSeconds } : {}),
  });
}
