import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError, loadServiceConfig } from './service-config';

describe(loadServiceConfig.name, () => {
  const secret = 'a-development-secret-of-32-bytes-or-more';

  it('should apply defaults and read the shared secret', () => {
    const config = loadServiceConfig({ JWT_SECRET: secret });
    expect(config).toMatchObject({ port: 3000, bodyLimitBytes: 16777216, databaseUrl: undefined, rolesClaim: 'roles' });
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
  describe('middleware and trigger delivery', () => {
    const middleware = {
      MACO_APP_URL: 'http://maco.example/api/',
      MACO_TOKEN_URL: 'http://maco.example/oauth/token',
      MACO_CLIENT_ID: 'backend',
      MACO_USERNAME: 'svc-backend',
      MACO_PASSWORD: ' secret with blanks ',
    };

    it('should leave the middleware out without MACO_APP_URL and apply the delivery defaults', () => {
      const config = loadServiceConfig({ JWT_SECRET: secret });
      expect(config.macoApp).toBeUndefined();
      expect(config.triggerDelivery).toEqual({ maxAttempts: 15, retryBaseMs: 2000, retryMaxMs: 900_000, pollIntervalMs: 1000 });
    });

    it('should read the connection, keep the password as given and trim the trailing slash of the URL', () => {
      expect(loadServiceConfig({ JWT_SECRET: secret, ...middleware, MACO_CLIENT_SECRET: 'cs', MACO_TIMEOUT_MS: '2500' }).macoApp).toEqual({
        url: 'http://maco.example/api',
        tokenUrl: 'http://maco.example/oauth/token',
        clientId: 'backend',
        clientSecret: 'cs',
        username: 'svc-backend',
        password: ' secret with blanks ',
        timeoutMs: 2500,
      });
    });

    it('should name every missing or bad middleware and delivery variable at once', () => {
      const attempt = () =>
        loadServiceConfig({ JWT_SECRET: secret, MACO_APP_URL: 'ftp://x', TRIGGER_MAX_ATTEMPTS: '0', TRIGGER_RETRY_BASE_MS: '5000', TRIGGER_RETRY_MAX_MS: '1000' });
      expect(attempt).toThrow(ConfigurationError);
      try {
        attempt();
      } catch (error) {
        const message = (error as Error).message;
        for (const name of ['MACO_APP_URL', 'MACO_TOKEN_URL', 'MACO_CLIENT_ID', 'MACO_USERNAME', 'MACO_PASSWORD', 'TRIGGER_MAX_ATTEMPTS', 'TRIGGER_RETRY_MAX_MS']) {
          expect(message).toContain(name);
        }
      }
    });

    it('should demand https for the middleware in production', () => {
      expect(() => loadServiceConfig({ NODE_ENV: 'production', JWT_SECRET: secret, ...middleware })).toThrow(/MACO_APP_URL must be an https URL.*\n.*MACO_TOKEN_URL must be an https URL/s);
    });
  });

  describe('retention', () => {
    it('should keep everything by default', () => {
      expect(loadServiceConfig({ JWT_SECRET: secret }).retention).toEqual({});
    });

    it('should read the months kept and resolve the export folder', () => {
      expect(loadServiceConfig({ JWT_SECRET: secret, RETENTION_MONTHS: '24', RETENTION_EXPORT_DIR: 'exports/revisions' }).retention).toEqual({
        months: 24,
        exportDir: resolve('exports/revisions'),
      });
      expect(loadServiceConfig({ JWT_SECRET: secret, RETENTION_MONTHS: '1' }).retention).toEqual({ months: 1 });
    });

    it.each(['0', '-3', '1.5', 'twelve'])('should refuse RETENTION_MONTHS=%s', (months) => {
      expect(() => loadServiceConfig({ JWT_SECRET: secret, RETENTION_MONTHS: months })).toThrow(/RETENTION_MONTHS must be an integer from 1/);
    });

    it('should refuse an export folder without retention', () => {
      expect(() => loadServiceConfig({ JWT_SECRET: secret, RETENTION_EXPORT_DIR: '/tmp/x' })).toThrow(/RETENTION_EXPORT_DIR.*RETENTION_MONTHS/);
    });
  });
});
