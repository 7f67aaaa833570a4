import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseRelease, releaseInForceAt, RELEASES, type ReleaseName } from '@maco/domain';

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

export type TokenVerification =
  | { kind: 'shared-secret'; secret: string; secretSource: 'env' | 'dev-file'; issuer?: string; audience?: string }
  | { kind: 'jwks'; jwksUrl: string; issuer: string; audience: string; algorithms: string[] };

/** Everything a service reads from its environment, validated once at start-up. */
export interface ServiceConfig {
  port: number;
  host: string;
  /** Absent: the service runs its own embedded PostgreSQL under `dataDir`. */
  databaseUrl?: string;
  /**
   * The owner's connection for migrations and retention, when `DATABASE_URL` is a restricted login; absent: the
   * `DATABASE_URL` user owns the schema and requests enter the restricted role (`SET ROLE maco_service`).
   */
  databaseMigrationUrl?: string;
  databasePoolSize: number;
  dataDir: string;
  bodyLimitBytes: number;
  tokenVerification: TokenVerification;
  /** Name of the JWT claim that lists the roles (LF, NB, MSB) a token may write for. */
  rolesClaim: string;
  problemTypeBase: string;
  /** The release a message is validated against when neither header nor `nachrichtendatum` decides. */
  defaultRelease: ReleaseName;
  /** `report`: book and record AHB findings; `strict`: refuse a body that lacks a field its PI's AHB makes mandatory. */
  ahbRuleMode: 'report' | 'strict';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long a SIGTERM may wait for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Deepest nesting of objects/arrays a body may have (the body itself is depth 1); deeper → 422. */
  jsonMaxDepth: number;
  /** Most elements any one array of a body may have; more → 422. */
  jsonMaxArrayLength: number;
  /** Requests per token (or per client address without one) and `rateLimitWindowMs`; 0 switches the limit off. */
  rateLimit: number;
  rateLimitWindowMs: number;
  /** How long a request waits for a database connection before it is answered 503. */
  databaseConnectTimeoutMs: number;
  /** Longest a single database statement may run before it is cancelled (and the request answered 503). */
  databaseStatementTimeoutMs: number;
  /** Absent when `MACO_APP_URL` is not set: the service then sends nothing to a middleware. */
  macoApp?: MacoAppConnection;
  triggerDelivery: TriggerDeliverySettings;
  /** What leaves the database with age (docs/reliability.md, "Growth: partitions and retention"). */
  retention: RetentionSettings;
}

/** Retention of revisions and of the processes they leave behind. */
export interface RetentionSettings {
  /**
   * Months of revisions kept besides the current one: a month's partition is dropped once it ended before the start of
   * the UTC month `months` back. Absent (`RETENTION_MONTHS` unset): nothing is ever dropped.
   */
  months?: number;
  /** Where a partition's rows are written (`process_revision_YYYY_MM.ndjson.gz`) before it is dropped; absent: not exported. */
  exportDir?: string;
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

export const DEV_SECRET_FILE = 'dev-jwt-secret';

/**
 * Reads and checks the service configuration. Collects every problem before failing so an operator
 * fixes them in one go. The only side effect: a development JWT secret is created under the data
 * folder when neither a secret nor a JWKS URL is configured (outside NODE_ENV=production).
 */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const text = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const databaseMigrationUrl = text('DATABASE_MIGRATION_URL');
  if (databaseMigrationUrl && !/^postgres(ql)?:\/\//.test(databaseMigrationUrl)) {
    problems.push('DATABASE_MIGRATION_URL must be a postgres:// or postgresql:// URL');
  } else if (databaseMigrationUrl && !databaseUrl) {
    problems.push('DATABASE_MIGRATION_URL needs DATABASE_URL (the embedded database has one user)');
  }
  const dataDir = resolve(text('MACO_DATA_DIR') ?? join(process.cwd(), '.data'));

  const config: Omit<ServiceConfig, 'tokenVerification' | 'macoApp' | 'triggerDelivery' | 'retention'> = {
    port: integer('PORT', 3000, 0, 65535),
    host: text('HOST') ?? '0.0.0.0',
    databaseUrl,
    databaseMigrationUrl,
    databasePoolSize: integer('DATABASE_POOL_SIZE', 10, 1, 500),
    dataDir,
    // Sized from the largest regular message (docs/limits.md): a month of quarter-hour values of eight registers.
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', 16 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    rolesClaim: text('JWT_ROLES_CLAIM') ?? 'roles',
    problemTypeBase: text('PROBLEM_TYPE_BASE') ?? 'urn:maco:problem:',
    defaultRelease: readDefaultRelease(text('DEFAULT_RELEASE'), problems),
    ahbRuleMode: readChoice(text('AHB_RULE_MODE'), 'AHB_RULE_MODE', ['report', 'strict'] as const, 'report', problems),
    logLevel: readChoice(text('LOG_LEVEL'), 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info', problems),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    jsonMaxDepth: integer('JSON_MAX_DEPTH', 32, 4, 1000),
    jsonMaxArrayLength: integer('JSON_MAX_ARRAY_LENGTH', 100_000, 1, 10_000_000),
    // Above what one instance books per token (docs/performance.md, "Reads"): it stops floods and runaway retry
    // loops, never a middleware's month-start peak. Lower it per deployment.
    rateLimit: integer('RATE_LIMIT', 6000, 0, 10_000_000),
    rateLimitWindowMs: integer('RATE_LIMIT_WINDOW_MS', 1000, 100, 3_600_000),
    databaseConnectTimeoutMs: integer('DATABASE_CONNECT_TIMEOUT_MS', 3000, 100, 600_000),
    databaseStatementTimeoutMs: integer('DATABASE_STATEMENT_TIMEOUT_MS', 15_000, 100, 3_600_000),
  };
  const tokenVerification = readTokenVerification(env, text, dataDir, problems);
  const macoApp = readMacoApp(env, text, integer('MACO_TIMEOUT_MS', 5000, 100, 600_000), problems);
  const triggerDelivery: TriggerDeliverySettings = {
    maxAttempts: integer('TRIGGER_MAX_ATTEMPTS', 15, 1, 1000),
    retryBaseMs: integer('TRIGGER_RETRY_BASE_MS', 2000, 10, 3_600_000),
    retryMaxMs: integer('TRIGGER_RETRY_MAX_MS', 900_000, 10, 86_400_000),
    pollIntervalMs: integer('TRIGGER_POLL_INTERVAL_MS', 1000, 10, 3_600_000),
  };
  if (triggerDelivery.retryMaxMs < triggerDelivery.retryBaseMs) problems.push('TRIGGER_RETRY_MAX_MS must not be less than TRIGGER_RETRY_BASE_MS');
  const retention = readRetention(integer, text, problems);
  if (problems.length) throw new ConfigurationError(problems);
  return { ...config, tokenVerification: tokenVerification as TokenVerification, macoApp, triggerDelivery, retention };
}

/** The middleware connection when `MACO_APP_URL` is set: then its token endpoint and account are required too. */
function readMacoApp(
  env: NodeJS.ProcessEnv,
  text: (name: string) => string | undefined,
  timeoutMs: number,
  problems: string[],
): MacoAppConnection | undefined {
  const url = text('MACO_APP_URL');
  if (!url) return undefined;
  const tokenUrl = text('MACO_TOKEN_URL');
  // Credentials and tokens must not cross the network in clear text in production.
  const scheme = env['NODE_ENV'] === 'production' ? /^https:\/\//i : /^https?:\/\//i;
  const schemeText = env['NODE_ENV'] === 'production' ? 'an https URL (NODE_ENV=production)' : 'an http(s) URL';
  if (!scheme.test(url) || !URL.canParse(url)) problems.push(`MACO_APP_URL must be ${schemeText}`);
  if (!tokenUrl) problems.push('MACO_TOKEN_URL is required with MACO_APP_URL');
  else if (!scheme.test(tokenUrl) || !URL.canParse(tokenUrl)) problems.push(`MACO_TOKEN_URL must be ${schemeText}`);
  const required = (name: string): string => {
    const value = text(name);
    if (!value) problems.push(`${name} is required with MACO_APP_URL`);
    return value ?? '';
  };
  const clientId = required('MACO_CLIENT_ID');
  const username = required('MACO_USERNAME');
  // Passwords are taken as given: blanks may be part of them.
  const password = env['MACO_PASSWORD'] ?? '';
  if (password === '') problems.push('MACO_PASSWORD is required with MACO_APP_URL');
  const clientSecret = env['MACO_CLIENT_SECRET'] || undefined;
  return { url: url.replace(/\/+$/, ''), tokenUrl: tokenUrl ?? '', clientId, clientSecret, username, password, timeoutMs };
}

/** Retention is off unless `RETENTION_MONTHS` is set; an export folder alone switches nothing on. */
function readRetention(
  integer: (name: string, fallback: number, min: number, max: number) => number,
  text: (name: string) => string | undefined,
  problems: string[],
): RetentionSettings {
  const months = text('RETENTION_MONTHS') === undefined ? undefined : integer('RETENTION_MONTHS', 0, 1, 1200);
  const exportDir = text('RETENTION_EXPORT_DIR');
  if (exportDir !== undefined && months === undefined) problems.push('RETENTION_EXPORT_DIR is set but RETENTION_MONTHS is not: nothing would be exported');
  return { ...(months ? { months } : {}), ...(exportDir ? { exportDir: resolve(exportDir) } : {}) };
}

function readDefaultRelease(raw: string | undefined, problems: string[]): ReleaseName {
  // Without a setting: the release in force when the service starts (the newest known before the first one).
  const fallback = releaseInForceAt(new Date()) ?? RELEASES[RELEASES.length - 1].name;
  if (raw === undefined) return fallback;
  const release = parseRelease(raw);
  if (!release) problems.push(`DEFAULT_RELEASE must name a release: ${RELEASES.map((r) => `${r.name} or ${r.formatVersion}`).join(', ')} (got "${raw}")`);
  return release ?? fallback;
}

function readChoice<T extends string>(raw: string | undefined, name: string, choices: readonly T[], fallback: T, problems: string[]): T {
  if (raw === undefined) return fallback;
  if ((choices as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be one of ${choices.join(', ')} (got "${raw}")`);
  return fallback;
}

function readTokenVerification(
  env: NodeJS.ProcessEnv,
  text: (name: string) => string | undefined,
  dataDir: string,
  problems: string[],
): TokenVerification | undefined {
  const jwksUrl = text('JWT_JWKS_URL');
  const issuer = text('JWT_ISSUER');
  const audience = text('JWT_AUDIENCE');
  const secret = env['JWT_SECRET'];

  if (jwksUrl) {
    if (secret) problems.push('set either JWT_SECRET (development) or JWT_JWKS_URL (production), not both');
    if (!/^https?:\/\//.test(jwksUrl)) problems.push('JWT_JWKS_URL must be an http(s) URL');
    if (!issuer) problems.push('JWT_ISSUER is required with JWT_JWKS_URL');
    if (!audience) problems.push('JWT_AUDIENCE is required with JWT_JWKS_URL');
    const algorithms = (text('JWT_ALGORITHMS') ?? 'RS256,ES256').split(',').map((a) => a.trim());
    const unsupported = algorithms.filter((a) => !/^(RS|PS|ES)(256|384|512)$/.test(a));
    if (unsupported.length) problems.push(`JWT_ALGORITHMS allows only asymmetric algorithms (got ${unsupported.join(', ')})`);
    return { kind: 'jwks', jwksUrl, issuer: issuer ?? '', audience: audience ?? '', algorithms };
  }
  if (secret !== undefined && secret !== '') {
    // HS256 keys shorter than the hash output are brute-forceable (RFC 7518 §3.2).
    if (Buffer.byteLength(secret) < 32) problems.push('JWT_SECRET must be at least 32 bytes long');
    return { kind: 'shared-secret', secret, secretSource: 'env', issuer, audience };
  }
  if (env['NODE_ENV'] === 'production') {
    problems.push('JWT_JWKS_URL (with JWT_ISSUER and JWT_AUDIENCE) or JWT_SECRET is required when NODE_ENV=production');
    return undefined;
  }
  return { kind: 'shared-secret', secret: readOrCreateDevSecret(dataDir), secretSource: 'dev-file', issuer, audience };
}

/** The development secret shared by the services and `npm run token` when JWT_SECRET is not set. */
export function readOrCreateDevSecret(dataDir: string): string {
  const file = join(dataDir, DEV_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another service started at the same moment and wrote it first.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
