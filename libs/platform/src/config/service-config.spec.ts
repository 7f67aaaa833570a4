import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError, loadServiceConfig } from './service-config';

describe(loadServiceConfig.name, () => {
  const secret = 'a-development-secret-of-32-bytes-or-more';

  it('should apply defaults and read the shared secret', () => {
    const config = loadServiceConfig({ JWT_SECRET: secret });
    expect(config).toMatchObject({ port: 3000, bodyLimitBytes: 1048576, databaseUrl: undefined, rolesClaim: 'roles' });
    expect(config.tokenVerification).toEqual({ kind: 'shared-secret', secret, secretSource: 'env' });
  });

  it('should name every bad variable at once', () => {
    const attempt = () => loadServiceConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', BODY_LIMIT_BYTES: '-1' });
    expect(attempt).toThrow(ConfigurationError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'BODY_LIMIT_BYTES']) expect(message).toContain(name);
    }
  });

  it('should require issuer and audience with a JWKS URL, and refuse symmetric algorithms there', () => {
    expect(() => loadServiceConfig({ JWT_JWKS_URL: 'https://idp.example/jwks' })).toThrow(/JWT_ISSUER.*\n.*JWT_AUDIENCE/s);
    expect(() =>
      loadServiceConfig({ JWT_JWKS_URL: 'https://idp.example/jwks', JWT_ISSUER: 'i', JWT_AUDIENCE: 'a', JWT_ALGORITHMS: 'HS256' }),
    ).toThrow(/JWT_ALGORITHMS/);
    expect(
      loadServiceConfig({ JWT_JWKS_URL: 'https://idp.example/jwks', JWT_ISSUER: 'i', JWT_AUDIENCE: 'a' }).tokenVerification,
    ).toEqual({ kind: 'jwks', jwksUrl: 'https://idp.example/jwks', issuer: 'i', audience: 'a', algorithms: ['RS256', 'ES256'] });
  });

  it('should create one development secret under the data folder and reuse it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'maco-config-'));
    const first = loadServiceConfig({ MACO_DATA_DIR: dataDir }).tokenVerification;
    const second = loadServiceConfig({ MACO_DATA_DIR: dataDir }).tokenVerification;
    expect(first).toMatchObject({ kind: 'shared-secret', secretSource: 'dev-file' });
    expect(second).toEqual(first);
    expect(readFileSync(join(dataDir, 'dev-jwt-secret'), 'utf8').trim()).toBe((first as { secret: string }).secret);
  });

  it('should refuse to invent a secret in production', () => {
    expect(() => loadServiceConfig({ NODE_ENV: 'production' })).toThrow(/JWT_JWKS_URL.*JWT_SECRET/);
  });

  it('should read the default release in either spelling and the AHB rule mode', () => {
    expect(loadServiceConfig({ JWT_SECRET: secret, DEFAULT_RELEASE: 'FV2510', AHB_RULE_MODE: 'strict' })).toMatchObject({
      defaultRelease: '10/25',
      ahbRuleMode: 'strict',
    });
    expect(loadServiceConfig({ JWT_SECRET: secret })).toMatchObject({ ahbRuleMode: 'report' });
  });

  it('should name DEFAULT_RELEASE and AHB_RULE_MODE when their values are unknown', () => {
    expect(() => loadServiceConfig({ JWT_SECRET: secret, DEFAULT_RELEASE: '13/27', AHB_RULE_MODE: 'lenient' })).toThrow(
      /DEFAULT_RELEASE.*\n.*AHB_RULE_MODE/s,
    );
  });
});
