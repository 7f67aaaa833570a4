import { type ConfigEnvironment, ConfigurationError, valueOrThrow } from '@maco/platform';
import { triggersConfig } from './triggers.config';

const load = (env: ConfigEnvironment) => valueOrThrow(triggersConfig.parse(env));
const problemsOf = (env: ConfigEnvironment) => {
  const result = triggersConfig.parse(env);
  return result.ok ? [] : result.problems;
};

describe('triggersConfig', () => {
  const middleware = {
    MACO_APP_URL: 'http://maco.example/api/',
    MACO_TOKEN_URL: 'http://maco.example/oauth/token',
    MACO_CLIENT_ID: 'backend',
    MACO_USERNAME: 'svc-backend',
    MACO_PASSWORD: ' secret with blanks ',
  };

  it('should leave the middleware out without MACO_APP_URL and apply the delivery defaults', () => {
    expect(load({})).toEqual({
      delivery: { maxAttempts: 15, retryBaseMs: 2000, retryMaxMs: 900_000, pollIntervalMs: 1000 },
    });
    expect(load({ MACO_APP_URL: ' ', MACO_TOKEN_URL: 'not checked without MACO_APP_URL' }).macoApp).toBeUndefined();
  });

  it('should read the connection, keep the password as given and trim the trailing slash of the URL', () => {
    expect(load({ ...middleware, MACO_CLIENT_SECRET: 'cs', MACO_TIMEOUT_MS: '2500' }).macoApp).toEqual({
      url: 'http://maco.example/api',
      tokenUrl: 'http://maco.example/oauth/token',
      clientId: 'backend',
      clientSecret: 'cs',
      username: 'svc-backend',
      password: ' secret with blanks ',
      timeoutMs: 2500,
    });
    expect(load(middleware).macoApp).toMatchObject({ clientSecret: undefined, timeoutMs: 5000 });
  });

  it('should read the delivery settings', () => {
    const env = {
      TRIGGER_MAX_ATTEMPTS: '3',
      TRIGGER_RETRY_BASE_MS: '20',
      TRIGGER_RETRY_MAX_MS: '100',
      TRIGGER_POLL_INTERVAL_MS: '25',
    };
    expect(load(env).delivery).toEqual({ maxAttempts: 3, retryBaseMs: 20, retryMaxMs: 100, pollIntervalMs: 25 });
  });

  it('should name every missing or bad middleware and delivery variable at once', () => {
    const env = {
      MACO_APP_URL: 'ftp://x',
      TRIGGER_MAX_ATTEMPTS: '0',
      TRIGGER_RETRY_BASE_MS: '5000',
      TRIGGER_RETRY_MAX_MS: '1000',
    };
    expect(() => load(env)).toThrow(ConfigurationError);
    expect(problemsOf(env).map((problem) => problem.variable)).toEqual([
      'MACO_APP_URL',
      'MACO_TOKEN_URL',
      'MACO_CLIENT_ID',
      'MACO_USERNAME',
      'MACO_PASSWORD',
      'TRIGGER_MAX_ATTEMPTS',
      'TRIGGER_RETRY_MAX_MS',
    ]);
    expect(problemsOf(env).map((problem) => problem.message)).toEqual([
      'MACO_APP_URL must be an http(s) URL',
      'MACO_TOKEN_URL is required with MACO_APP_URL',
      'MACO_CLIENT_ID is required with MACO_APP_URL',
      'MACO_USERNAME is required with MACO_APP_URL',
      'MACO_PASSWORD is required with MACO_APP_URL',
      'TRIGGER_MAX_ATTEMPTS must be an integer from 1 to 1000 (got "0")',
      'TRIGGER_RETRY_MAX_MS must not be less than TRIGGER_RETRY_BASE_MS',
    ]);
  });

  it.each([
    ['MACO_TIMEOUT_MS', '99'],
    ['MACO_TIMEOUT_MS', '5s'],
    ['TRIGGER_MAX_ATTEMPTS', '1001'],
    ['TRIGGER_RETRY_BASE_MS', '9'],
    ['TRIGGER_RETRY_MAX_MS', '86400001'],
    ['TRIGGER_POLL_INTERVAL_MS', '1.5'],
  ])('should refuse %s=%s, naming it and the value', (variable, value) => {
    expect(problemsOf({ [variable]: value })).toEqual([
      {
        variable,
        message: expect.stringMatching(
          new RegExp(`^${variable} must be .*integer from .*\\(got "${value.replace('.', '\\.')}"\\)$`),
        ),
      },
    ]);
  });

  it('should refuse a URL that does not parse, and never quote the URLs or the password', () => {
    const problems = problemsOf({ ...middleware, MACO_APP_URL: 'http://user:hunter2@[::1', MACO_PASSWORD: '' });
    expect(problems.map((problem) => problem.variable)).toEqual(['MACO_APP_URL', 'MACO_PASSWORD']);
    expect(problems.map((problem) => problem.message).join('\n')).not.toContain('hunter2');
  });

  it('should demand https for the middleware in production', () => {
    expect(() => load({ NODE_ENV: 'production', ...middleware })).toThrow(
      /MACO_APP_URL must be an https URL \(NODE_ENV=production\).*\n.*MACO_TOKEN_URL must be an https URL/s,
    );
    expect(
      load({
        NODE_ENV: 'production',
        ...middleware,
        MACO_APP_URL: 'HTTPS://maco.example',
        MACO_TOKEN_URL: 'https://maco.example/token',
      }).macoApp,
    ).toMatchObject({
      url: 'HTTPS://maco.example',
    });
  });
});
