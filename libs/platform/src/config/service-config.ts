import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Dialect, DIALECTS, parseRelease, releaseInForceAt, type ReleaseName, RELEASES } from '@maco/domain';
import {
  type ConfigEnvironment,
  type ConfigReader,
  type ConfigResult,
  readConfig,
  valueOrThrow,
} from './config-reader';
import { SERVICE_CONFIG_VARIABLES } from './service-config-variables';

export type TokenVerification =
  | { kind: 'shared-secret'; secret: string; secretSource: 'env' | 'dev-file'; issuer?: string; audience?: string }
  | { kind: 'jwks'; jwksUrl: string; issuer: string; audience: string; algorithms: string[] };

/**
 * What every service reads from its environment, validated once at start-up. A setting only some interface groups
 * use is the group's own (`InterfaceGroup.config`); one that several groups or every service use is here.
 */
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
  /** Longest validity (`exp` − `iat`) a bearer token may have, in seconds: a longer-lived one is 401. */
  jwtMaxLifetimeSeconds: number;
  problemTypeBase: string;
  /** The release a message or request is validated against when nothing it carries decides (read by several groups). */
  defaultRelease: ReleaseName;
  /**
   * The BO4E dialect of what the service answers and sends without a body to copy (reads, identification answers,
   * trigger bodies); bodies are read in either dialect whatever it says.
   */
  dialect: Dialect;
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
  /**
   * What leaves the database with age (docs/reliability.md, "Growth: partitions and retention"): applied by the
   * database's partition maintenance, which every service runs on the tables all its groups share.
   */
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

export const DEV_SECRET_FILE = 'dev-jwt-secret';

/**
 * Reads and checks platform's configuration, noting every problem before answering so an operator fixes them in one
 * go. The only side effect: a development JWT secret is created under the data folder when neither a secret nor a
 * JWKS URL is configured (outside NODE_ENV=production).
 */
export function parseServiceConfig(env: ConfigEnvironment = process.env): ConfigResult<ServiceConfig> {
  return readConfig(env, readServiceConfig, SERVICE_CONFIG_VARIABLES);
}

/** {@link parseServiceConfig}, throwing a `ConfigurationError` that names every bad variable. */
export function loadServiceConfig(env: ConfigEnvironment = process.env): ServiceConfig {
  return valueOrThrow(parseServiceConfig(env));
}

/** Platform's reader: reads only {@link SERVICE_CONFIG_VARIABLES} when run by {@link parseServiceConfig}. */
export function readServiceConfig(read: ConfigReader): ServiceConfig {
  const databaseUrl = read.url('DATABASE_URL', { schemes: ['postgres', 'postgresql'], wellFormed: false });
  const databaseMigrationUrl = read.url('DATABASE_MIGRATION_URL', {
    schemes: ['postgres', 'postgresql'],
    wellFormed: false,
  });
  if (databaseMigrationUrl && !databaseUrl)
    read.problem(
      'DATABASE_MIGRATION_URL',
      'DATABASE_MIGRATION_URL needs DATABASE_URL (the embedded database has one user)',
    );
  const dataDir = resolve(read.text('MACO_DATA_DIR') ?? join(process.cwd(), '.data'));
  const config: Omit<ServiceConfig, 'tokenVerification' | 'retention'> = {
    port: read.integer('PORT', 3000, { min: 0, max: 65535 }),
    host: read.text('HOST', '0.0.0.0'),
    databaseUrl,
    databaseMigrationUrl,
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, { min: 1, max: 500 }),
    dataDir,
    // Sized from the largest regular message (docs/limits.md): a month of quarter-hour values of eight registers.
    bodyLimitBytes: read.integer('BODY_LIMIT_BYTES', 16 * 1024 * 1024, { min: 1024, max: 64 * 1024 * 1024 }),
    rolesClaim: read.text('JWT_ROLES_CLAIM', 'roles'),
    jwtMaxLifetimeSeconds: read.seconds('JWT_MAX_LIFETIME', 24 * 3600, { min: 60, max: 366 * 24 * 3600 }),
    problemTypeBase: read.text('PROBLEM_TYPE_BASE', 'urn:maco:problem:'),
    defaultRelease: readDefaultRelease(read),
    dialect: read.choice('MACO_DIALECT', DIALECTS, 'de'),
    logLevel: read.choice('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    shutdownTimeoutMs: read.milliseconds('SHUTDOWN_TIMEOUT_MS', 10_000, { min: 100, max: 600_000 }),
    jsonMaxDepth: read.integer('JSON_MAX_DEPTH', 32, { min: 4, max: 1000 }),
    jsonMaxArrayLength: read.integer('JSON_MAX_ARRAY_LENGTH', 100_000, { min: 1, max: 10_000_000 }),
    // Above what one instance books per token (≈ 2.5k/s on 2 cores): it stops floods and runaway retry loops,
    // never a middleware's month-start peak. Lower it per deployment.
    rateLimit: read.integer('RATE_LIMIT', 6000, { min: 0, max: 10_000_000 }),
    rateLimitWindowMs: read.milliseconds('RATE_LIMIT_WINDOW_MS', 1000, { min: 100, max: 3_600_000 }),
    databaseConnectTimeoutMs: read.milliseconds('DATABASE_CONNECT_TIMEOUT_MS', 3000, { min: 100, max: 600_000 }),
    databaseStatementTimeoutMs: read.milliseconds('DATABASE_STATEMENT_TIMEOUT_MS', 15_000, {
      min: 100,
      max: 3_600_000,
    }),
  };
  const tokenVerification = readTokenVerification(read, dataDir);
  const retention = readRetention(read);
  // Without a token verification a problem was noted: the value is never answered then.
  return { ...config, tokenVerification: tokenVerification as TokenVerification, retention };
}

/** Retention is off unless `RETENTION_MONTHS` is set; an export folder alone switches nothing on. */
function readRetention(read: ConfigReader): RetentionSettings {
  const months = read.optionalInteger('RETENTION_MONTHS', { min: 1, max: 1200 });
  const exportDir = read.text('RETENTION_EXPORT_DIR');
  if (exportDir !== undefined && read.text('RETENTION_MONTHS') === undefined) {
    read.problem(
      'RETENTION_EXPORT_DIR',
      'RETENTION_EXPORT_DIR is set but RETENTION_MONTHS is not: nothing would be exported',
    );
  }
  return { ...(months ? { months } : {}), ...(exportDir ? { exportDir: resolve(exportDir) } : {}) };
}

function readDefaultRelease(read: ConfigReader): ReleaseName {
  // Without a setting: the release in force when the service starts (the newest known before the first one).
  const fallback = releaseInForceAt(new Date()) ?? RELEASES[RELEASES.length - 1].name;
  const raw = read.text('DEFAULT_RELEASE');
  if (raw === undefined) return fallback;
  const release = parseRelease(raw);
  if (!release)
    read.problem(
      'DEFAULT_RELEASE',
      `DEFAULT_RELEASE must name a release: ${RELEASES.map((r) => `${r.name} or ${r.formatVersion}`).join(', ')} (got "${raw}")`,
    );
  return release ?? fallback;
}

function readTokenVerification(read: ConfigReader, dataDir: string): TokenVerification | undefined {
  const jwksUrl = read.url('JWT_JWKS_URL', { schemes: ['http', 'https'], wellFormed: false });
  const issuer = read.text('JWT_ISSUER');
  const audience = read.text('JWT_AUDIENCE');
  const secret = read.secret('JWT_SECRET');

  if (jwksUrl) {
    if (secret)
      read.problem('JWT_SECRET', 'set either JWT_SECRET (development) or JWT_JWKS_URL (production), not both');
    if (!issuer) read.problem('JWT_ISSUER', 'JWT_ISSUER is required with JWT_JWKS_URL');
    if (!audience) read.problem('JWT_AUDIENCE', 'JWT_AUDIENCE is required with JWT_JWKS_URL');
    const algorithms = read
      .text('JWT_ALGORITHMS', 'RS256,ES256')
      .split(',')
      .map((a) => a.trim());
    const unsupported = algorithms.filter((a) => !/^(RS|PS|ES)(256|384|512)$/.test(a));
    if (unsupported.length)
      read.problem(
        'JWT_ALGORITHMS',
        `JWT_ALGORITHMS allows only asymmetric algorithms (got ${unsupported.join(', ')})`,
      );
    return { kind: 'jwks', jwksUrl, issuer: issuer ?? '', audience: audience ?? '', algorithms };
  }
  if (secret !== undefined) {
    // HS256 keys shorter than the hash output are brute-forceable (RFC 7518 §3.2).
    if (Buffer.byteLength(secret) < 32) read.problem('JWT_SECRET', 'JWT_SECRET must be at least 32 bytes long');
    return { kind: 'shared-secret', secret, secretSource: 'env', issuer, audience };
  }
  if (read.env['NODE_ENV'] === 'production') {
    read.problem(
      'JWT_JWKS_URL',
      'JWT_JWKS_URL (with JWT_ISSUER and JWT_AUDIENCE) or JWT_SECRET is required when NODE_ENV=production',
    );
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
