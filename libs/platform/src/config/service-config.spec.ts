import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError } from './config-reader';
import { loadServiceConfig, parseServiceConfig } from './service-config';

describe(loadServiceConfig.name, () => {
  const secret = 'a-development-secret-of-32-bytes-or-more';

  it('should apply defaults and read the shared secret', () => {
    const config = loadServiceConfig({ JWT_SECRET: secret });
    expect(config).toMatchObject({ port: 3000, bodyLimitBytes: 16777216, databaseUrl: undefined, rolesClaim: 'roles' });
    expect(config.tokenVerification).toEqual({ kind: 'shared-secret', secret, secretSource: 'env' });
  });

  it('should name every bad variable at once', () => {
    const attempt = () =>
      loadServiceConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', BODY_LIMIT_BYTES: '-1' });
    expect(attempt).toThrow(ConfigurationError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'BODY_LIMIT_BYTES']) expect(message).toContain(name);
    }
  });

  it('should require issuer and audience with a JWKS URL, and refuse symmetric algorithms there', () => {
    expect(() => loadServiceConfig({ JWT_JWKS_URL: 'https://idp.example/jwks' })).toThrow(
      /JWT_ISSUER.*\n.*JWT_AUDIENCE/s,
    );
    expect(() =>
      loadServiceConfig({
        JWT_JWKS_URL: 'https://idp.example/jwks',
        JWT_ISSUER: 'i',
        JWT_AUDIENCE: 'a',
        JWT_ALGORITHMS: 'HS256',
      }),
    ).toThrow(/JWT_ALGORITHMS/);
    expect(
      loadServiceConfig({ JWT_JWKS_URL: 'https://idp.example/jwks', JWT_ISSUER: 'i', JWT_AUDIENCE: 'a' })
        .tokenVerification,
    ).toEqual({
      kind: 'jwks',
      jwksUrl: 'https://idp.example/jwks',
      issuer: 'i',
      audience: 'a',
      algorithms: ['RS256', 'ES256'],
    });
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

  it('should read the default release in either spelling', () => {
    expect(loadServiceConfig({ JWT_SECRET: secret, DEFAULT_RELEASE: 'FV2510' })).toMatchObject({
      defaultRelease: '10/25',
    });
    expect(loadServiceConfig({ JWT_SECRET: secret, DEFAULT_RELEASE: '04/26' })).toMatchObject({
      defaultRelease: '04/26',
    });
  });

  it('should name DEFAULT_RELEASE and LOG_LEVEL when their values are unknown', () => {
    expect(() => loadServiceConfig({ JWT_SECRET: secret, DEFAULT_RELEASE: '13/27', LOG_LEVEL: 'loud' })).toThrow(
      /DEFAULT_RELEASE.*\n.*LOG_LEVEL/s,
    );
  });

  it('should answer every problem with the variable it names, and never quote a secret', () => {
    const result = parseServiceConfig({
      JWT_SECRET: 'short-secret',
      RATE_LIMIT_WINDOW_MS: '1s',
      DATABASE_URL: 'mysql://user:password@host/db',
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((problem) => problem.variable)).toEqual(['DATABASE_URL', 'RATE_LIMIT_WINDOW_MS', 'JWT_SECRET']);
    expect(problems.map((problem) => problem.message).join('\n')).not.toMatch(/short-secret|password/);
  });

  it('should hold no setting of a single interface group', () => {
    expect(
      Object.keys(loadServiceConfig({ JWT_SECRET: secret })).filter((key) =>
        /maco|trigger|ahb|answer|candidates|console/i.test(key),
      ),
    ).toEqual([]);
  });

  describe('retention', () => {
    it('should keep everything by default', () => {
      expect(loadServiceConfig({ JWT_SECRET: secret }).retention).toEqual({});
    });

    it('should read the months kept and resolve the export folder', () => {
      expect(
        loadServiceConfig({ JWT_SECRET: secret, RETENTION_MONTHS: '24', RETENTION_EXPORT_DIR: 'exports/revisions' })
          .retention,
      ).toEqual({
        months: 24,
        exportDir: resolve('exports/revisions'),
      });
      expect(loadServiceConfig({ JWT_SECRET: secret, RETENTION_MONTHS: '1' }).retention).toEqual({ months: 1 });
    });

    it.each(['0', '-3', '1.5', 'twelve'])('should refuse RETENTION_MONTHS=%s', (months) => {
      expect(() => loadServiceConfig({ JWT_SECRET: secret, RETENTION_MONTHS: months })).toThrow(
        /RETENTION_MONTHS must be an integer from 1/,
      );
    });

    it('should refuse an export folder without retention', () => {
      expect(() => loadServiceConfig({ JWT_SECRET: secret, RETENTION_EXPORT_DIR: '/tmp/x' })).toThrow(
        /RETENTION_EXPORT_DIR.*RETENTION_MONTHS/,
      );
    });
  });
});
