import type { ConfigVariable } from './config-reader';

/**
 * The variables platform's reader (`readServiceConfig`) reads, in the order docs/configuration.md lists them. Defaults
 * and accepted values come from the reader itself; `unset` only where it computes the default.
 */
export const SERVICE_CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', meaning: 'HTTP port' },
  { name: 'HOST', meaning: 'listen address' },
  {
    name: 'DATABASE_URL',
    unset: '— (embedded PostgreSQL)',
    meaning:
      '`postgres://…`, or a host list `postgres://…@h1:p1,h2:p2/db?target_session_attrs=read-write` (the first ' +
      'writable host; failover, [operations.md](operations.md)); absent → embedded PostgreSQL under ' +
      '`MACO_DATA_DIR/<role>/postgres`. Requests run as the role `maco_service` (append-only archive, ' +
      '[reliability.md](reliability.md))',
  },
  {
    name: 'DATABASE_MIGRATION_URL',
    unset: '— (the `DATABASE_URL` user owns the schema)',
    meaning:
      "the owner's `postgres://…` (a host list too) for migrations, partitions and retention, when `DATABASE_URL` is " +
      'a restricted login (a member of `maco_service`); only with `DATABASE_URL` (the embedded database has one user)',
  },
  { name: 'DATABASE_POOL_SIZE', meaning: 'connections per instance' },
  { name: 'MACO_DATA_DIR', unset: '`./.data`', meaning: 'local data: embedded database, development JWT secret' },
  {
    name: 'BODY_LIMIT_BYTES',
    meaning:
      'larger bodies get 413 (and are kept in the quarantine without their bytes); sized in [limits.md](limits.md)',
  },
  { name: 'JWT_ROLES_CLAIM', meaning: 'claim listing the roles a token may write for' },
  {
    name: 'JWT_MAX_LIFETIME',
    meaning: 'longest validity (`exp` − `iat`, or `exp` − now without `iat`) a token may have; longer → 401',
  },
  { name: 'PROBLEM_TYPE_BASE', meaning: 'prefix of problem `type` URIs' },
  {
    name: 'DEFAULT_RELEASE',
    unset: 'the release in force at start-up',
    meaning:
      'release (`10/25`, `04/26`, `10/26` or `FV2510`, `FV2604`, `FV2610`) for messages that name none and carry no ' +
      'usable `nachrichtendatum`',
  },
  {
    name: 'MACO_DIALECT',
    meaning:
      "BO4E dialect of what the service answers and sends without a body to copy: `de` (German) or `en` (the vendor's " +
      'English: reads, identification answers, trigger bodies; `eventname` stays German). Bodies are read in either ' +
      '([dialects.md](dialects.md))',
  },
  { name: 'LOG_LEVEL', meaning: 'the lowest level logged' },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    meaning: 'how long SIGTERM waits for requests in flight before the process exits anyway',
  },
  {
    name: 'JSON_MAX_DEPTH',
    meaning: 'deepest nesting of objects/arrays a body may have; deeper → 422 `json-limit-exceeded`',
  },
  {
    name: 'JSON_MAX_ARRAY_LENGTH',
    meaning: 'most elements of any one array in a body; more → 422 `json-limit-exceeded` (kept in the quarantine)',
  },
  {
    name: 'RATE_LIMIT',
    meaning:
      'requests per token (per client address without one) and `RATE_LIMIT_WINDOW_MS`; more → 429 with ' +
      '`Retry-After`. Health, metrics and docs are never limited. `0` switches it off',
  },
  { name: 'RATE_LIMIT_WINDOW_MS', meaning: 'the window `RATE_LIMIT` counts in' },
  {
    name: 'DATABASE_CONNECT_TIMEOUT_MS',
    meaning: 'how long a request waits for a database connection before it gets 503',
  },
  {
    name: 'DATABASE_STATEMENT_TIMEOUT_MS',
    meaning: 'longest a database statement may run before it is cancelled (503)',
  },
  {
    name: 'JWT_JWKS_URL',
    unset: '—',
    meaning:
      "production: RS/ES keys from the issuer's JWKS, issuer and audience checked (`JWT_ISSUER`, `JWT_AUDIENCE` " +
      'required); not together with `JWT_SECRET`',
  },
  { name: 'JWT_ISSUER', unset: '—', meaning: 'the issuer a token must name (required with `JWT_JWKS_URL`)' },
  { name: 'JWT_AUDIENCE', unset: '—', meaning: 'the audience a token must name (required with `JWT_JWKS_URL`)' },
  {
    name: 'JWT_SECRET',
    unset: '—',
    meaning:
      'HS256 secret (≥ 32 bytes), development. Absent (and no JWKS) outside production → a secret is generated in ' +
      '`MACO_DATA_DIR/dev-jwt-secret`, which `npm run token` uses too',
  },
  {
    name: 'JWT_ALGORITHMS',
    meaning: 'allowed algorithms with JWKS (asymmetric only: RS, PS or ES with 256, 384, 512)',
  },
  {
    name: 'NODE_ENV',
    unset: '—',
    meaning: '`production` forbids the generated development secret (`JWT_JWKS_URL` or `JWT_SECRET` required)',
  },
  {
    name: 'RETENTION_MONTHS',
    unset: '— (keep everything)',
    meaning:
      'revisions of months ending before the start of the UTC month this many months back are dropped (whole monthly ' +
      'partitions), then processes left without revisions and unchanged since then are deleted, and refused writes ' +
      '(quarantine) received before that point; daily and at start ([reliability.md](reliability.md), ' +
      '"Growth: partitions and retention")',
  },
  {
    name: 'RETENTION_EXPORT_DIR',
    unset: '— (no export)',
    meaning:
      'with `RETENTION_MONTHS` (alone it is refused): each partition is first written to ' +
      '`<dir>/process_revision_YYYY_MM.ndjson.gz` (one JSON row per line), completed before the partition is ' +
      "dropped; the quarantine's expired entries to `<dir>/refused_message_before_YYYY_MM.ndjson.gz`",
  },
];
