import { createHmac } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import type { ServiceConfig } from '@maco/platform';
import { JwtStrategy } from './jwt.strategy';
import { TokenAuthenticator } from './token-authenticator';

const SECRET = 'a-secret-of-at-least-thirty-two-bytes!';
const config = {
  tokenVerification: { kind: 'shared-secret', secret: SECRET, secretSource: 'env' },
  rolesClaim: 'roles',
  jwtMaxLifetimeSeconds: 3600,
} as ServiceConfig;

const request = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function forged(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}

describe(TokenAuthenticator.name, () => {
  const strategy = new JwtStrategy(config);
  const verifications = jest.spyOn(strategy, 'authenticate');
  const authenticator = new TokenAuthenticator(strategy, config);

  it('should name the principal of a valid token, and again from the cache', async () => {
    const token = sign({ roles: ['LF'] }, SECRET, { algorithm: 'HS256', subject: 'mako', expiresIn: 600 });
    verifications.mockClear();
    const first = await authenticator.authenticate(request(token));
    expect(first.principal).toMatchObject({ subject: 'mako', roles: ['LF'] });
    expect((await authenticator.authenticate(request(token))).principal).toEqual(first.principal);
    // The signature was checked once: the second answer came from the cache of verified tokens.
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no token', { headers: {} }, /required/, false],
    ['two words', { headers: { authorization: 'Bearer a b' } }, /Bearer/, false],
    ['another secret', request(sign({ roles: ['LF'] }, 'x'.repeat(40), { expiresIn: 60 })), /invalid/, false],
    ['no exp', request(sign({ roles: ['LF'] }, SECRET)), /expiry/, true],
    [
      'a lifetime beyond JWT_MAX_LIFETIME',
      request(sign({ roles: ['LF'] }, SECRET, { expiresIn: 3601 })),
      /JWT_MAX_LIFETIME/,
      true,
    ],
    [
      'a crit header',
      request(forged({ alg: 'HS256', crit: ['b64'], b64: false }, { roles: ['LF'], exp: Date.now() / 1000 + 60 })),
      /crit/,
      true,
    ],
  ])('should refuse %s with a 401 problem', async (_, given, detail, signed) => {
    const { principal, problem, signedFor } = await authenticator.authenticate(given);
    expect(principal).toBeUndefined();
    // A correctly signed token still names its sender, whose write the quarantine keeps.
    expect(signedFor !== undefined).toBe(signed);
    expect(problem).toMatchObject({ code: 'AUTH.UNAUTHENTICATED', detail: expect.stringMatching(detail) });
    expect(problem?.headers['www-authenticate']).toMatch(/^Bearer realm="maco"/);
  });
});
