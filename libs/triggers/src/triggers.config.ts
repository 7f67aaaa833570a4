import { type ConfigReader, type ConfigVariable, defineGroupConfig } from '@maco/platform';

/** The middleware (MACO APP) the service calls, and the technical account it authenticates as (OAuth password grant). */
export interface MacoAppConnection {
  /** Base URL; triggers go to `{url}/inbound`. */
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret?: string;
  username: string;
  password: string;
  /** Longest one call (token or inbound) may take before it counts as failed. */
  timeoutMs: number;
}

/** How undelivered triggers are retried in the background. */
export interface TriggerDeliverySettings {
  /** Attempts in all (the first one included) before a trigger is given up as `failed`. */
  maxAttempts: number;
  /** Backoff before the second attempt; it doubles per attempt (with jitter) up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often a worker looks for due deliveries. */
  pollIntervalMs: number;
}

/** The group's own settings, read at start-up with platform's (`TRIGGERS_CONFIG`). */
export interface TriggersConfig {
  /** Absent when `MACO_APP_URL` is not set: the service then sends nothing to a middleware. */
  macoApp?: MacoAppConnection;
  delivery: TriggerDeliverySettings;
}

export const TRIGGERS_CONFIG = Symbol('TRIGGERS_CONFIG');

const REQUIRED = 'required with `MACO_APP_URL`';

export const TRIGGERS_CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'MACO_APP_URL',
    unset: '—',
    meaning:
      'base URL of the middleware (MACO APP); triggers go to `{MACO_APP_URL}/inbound`. Absent → `POST /triggers/…` ' +
      'answers 503 and nothing is sent',
  },
  {
    name: 'MACO_TOKEN_URL',
    unset: '—',
    meaning:
      "token endpoint of the OAuth password grant of the service's technical account at the middleware; " +
      `${REQUIRED}; tokens are cached until shortly before they expire and never logged`,
  },
  { name: 'MACO_CLIENT_ID', unset: '—', meaning: `the OAuth client of that grant; ${REQUIRED}` },
  { name: 'MACO_CLIENT_SECRET', unset: '—', meaning: 'its client secret, only if the client has one' },
  { name: 'MACO_USERNAME', unset: '—', meaning: `the technical account's user name; ${REQUIRED}` },
  { name: 'MACO_PASSWORD', unset: '—', meaning: `the technical account's password (taken as given); ${REQUIRED}` },
  {
    name: 'MACO_TIMEOUT_MS',
    meaning: 'longest one call to the middleware (token or trigger) may take before it counts as failed',
  },
  {
    name: 'TRIGGER_MAX_ATTEMPTS',
    meaning: 'delivery attempts of a trigger, the first included, before it is given up as `failed`',
  },
  {
    name: 'TRIGGER_RETRY_BASE_MS',
    meaning: 'wait after a failed attempt: doubles from the base per attempt up to `TRIGGER_RETRY_MAX_MS`, with jitter',
  },
  { name: 'TRIGGER_RETRY_MAX_MS', meaning: 'the longest wait between attempts; not less than `TRIGGER_RETRY_BASE_MS`' },
  {
    name: 'TRIGGER_POLL_INTERVAL_MS',
    meaning:
      'how often each instance looks for deliveries due again (instances share the work; none sends a trigger ' +
      'another holds)',
  },
  {
    name: 'NODE_ENV',
    unset: '—',
    meaning: '`production`: the middleware URLs (`MACO_APP_URL`, `MACO_TOKEN_URL`) must be https',
  },
];

/** `MACO_*` (the middleware and its account) and `TRIGGER_*` (the retries). */
export const triggersConfig = defineGroupConfig(TRIGGERS_CONFIG, readTriggersConfig, TRIGGERS_CONFIG_VARIABLES);

function readTriggersConfig(read: ConfigReader): TriggersConfig {
  const timeoutMs = read.milliseconds('MACO_TIMEOUT_MS', 5000, { min: 100, max: 600_000 });
  const macoApp = readMacoApp(read, timeoutMs);
  const delivery: TriggerDeliverySettings = {
    maxAttempts: read.integer('TRIGGER_MAX_ATTEMPTS', 15, { min: 1, max: 1000 }),
    retryBaseMs: read.milliseconds('TRIGGER_RETRY_BASE_MS', 2000, { min: 10, max: 3_600_000 }),
    retryMaxMs: read.milliseconds('TRIGGER_RETRY_MAX_MS', 900_000, { min: 10, max: 86_400_000 }),
    pollIntervalMs: read.milliseconds('TRIGGER_POLL_INTERVAL_MS', 1000, { min: 10, max: 3_600_000 }),
  };
  if (delivery.retryMaxMs < delivery.retryBaseMs)
    read.problem('TRIGGER_RETRY_MAX_MS', 'TRIGGER_RETRY_MAX_MS must not be less than TRIGGER_RETRY_BASE_MS');
  return { ...(macoApp ? { macoApp } : {}), delivery };
}

/** The middleware connection when `MACO_APP_URL` is set: then its token endpoint and account are required too. */
function readMacoApp(read: ConfigReader, timeoutMs: number): MacoAppConnection | undefined {
  // Credentials and tokens must not cross the network in clear text in production.
  const production = read.env['NODE_ENV'] === 'production';
  const urlOptions = production
    ? { schemes: ['https'], what: 'an https URL (NODE_ENV=production)' }
    : { schemes: ['http', 'https'] };
  const url = read.url('MACO_APP_URL', urlOptions);
  if (!url) return undefined;
  const tokenUrl = read.url('MACO_TOKEN_URL', urlOptions);
  if (!tokenUrl) read.problem('MACO_TOKEN_URL', 'MACO_TOKEN_URL is required with MACO_APP_URL');
  const clientId = read.required('MACO_CLIENT_ID', 'with MACO_APP_URL');
  const username = read.required('MACO_USERNAME', 'with MACO_APP_URL');
  // Passwords are taken as given: blanks may be part of them.
  const password = read.secret('MACO_PASSWORD') ?? '';
  if (password === '') read.problem('MACO_PASSWORD', 'MACO_PASSWORD is required with MACO_APP_URL');
  const clientSecret = read.secret('MACO_CLIENT_SECRET');
  return {
    url: url.replace(/\/+$/, ''),
    tokenUrl: tokenUrl ?? '',
    clientId,
    clientSecret,
    username,
    password,
    timeoutMs,
  };
}
