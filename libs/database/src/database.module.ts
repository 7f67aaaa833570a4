import { join } from 'node:path';
import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { MarketRole } from '@maco/domain';
import { SERVICE_CONFIG, SERVICE_ROLE, type ServiceConfig, StartupError } from '@maco/platform';
import { DATABASE_CONNECTION, PG_POOL } from './database.tokens';
import { DatabasePoolMetrics } from './database-pool-metrics';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded-postgres';
import { usableHostUrl } from './host-list';
import { MIGRATIONS } from './migrations';
import { SERVICE_ROLE_NAME } from './migrations/1765100000000-ServiceRole';
import { ensureRevisionPartitionsAt, PartitionMaintenance } from './partitions/partition-maintenance.service';
import { ReadinessController } from './readiness.controller';
import { runMigrationsLocked } from './run-migrations';
import { ServicePool } from './service-pool';

export interface DatabaseConnection {
  /** What requests connect to; they run as `maco_service` (SERVICE_ROLE_NAME). */
  url: string;
  /** The schema owner's: migrations, partitions and retention. The same URL unless `DATABASE_MIGRATION_URL` is set. */
  ownerUrl: string;
  embedded?: EmbeddedDatabase;
}

/** Closes the pool on shutdown, then stops the embedded server that pool talked to. */
@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
    await this.connection.embedded?.stop();
  }
}

/**
 * PostgreSQL for a service: `DATABASE_URL`, or an embedded server when it is absent; migrations applied (TypeORM, under
 * an advisory lock) before the pool is handed out; one pg pool, closed on shutdown; readiness and pool metrics. Global,
 * so groups inject {@link PG_POOL} without importing it.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [ReadinessController],
      providers: [
        {
          provide: DATABASE_CONNECTION,
          inject: [SERVICE_CONFIG, SERVICE_ROLE],
          useFactory: async (config: ServiceConfig, role: MarketRole): Promise<DatabaseConnection> => {
            if (config.databaseUrl)
              return { url: config.databaseUrl, ownerUrl: config.databaseMigrationUrl ?? config.databaseUrl };
            const logger = new Logger('EmbeddedDatabase');
            const dir = join(config.dataDir, role.toLowerCase(), 'postgres');
            const embedded = await startEmbeddedDatabase({ dir, database: 'maco' });
            logger.log(`DATABASE_URL not set: ${embedded.summary}`);
            return { url: embedded.url, ownerUrl: embedded.url, embedded };
          },
        },
        {
          provide: PG_POOL,
          inject: [DATABASE_CONNECTION, SERVICE_CONFIG],
          useFactory: async (connection: DatabaseConnection, config: ServiceConfig): Promise<Pool> => {
            // A host list (failover, docs/operations.md): the start-up work goes to the server that takes writes now, as the owner.
            const primary = await usableHostUrl(connection.ownerUrl, config.databaseConnectTimeoutMs).catch(
              unreachable(connection.ownerUrl),
            );
            await migrate(primary).catch(unreachable(primary));
            // Revision partitions for the months ahead, before any request can book (PartitionMaintenance).
            await ensureRevisionPartitionsAt(primary);
            const pool = new ServicePool({ connectionString: connection.url, ...poolOptions(config) });
            // An idle connection that dies (server restart, network) emits 'error' on the pool; unheard, it would end
            // the process. The pool drops the connection; requests find out on their own.
            const logger = new Logger('DatabasePool');
            pool.on('error', (error) => logger.warn(`idle database connection lost: ${error.message}`));
            return pool;
          },
        },
        DatabaseLifecycle,
        DatabasePoolMetrics,
        PartitionMaintenance,
      ],
      exports: [PG_POOL, DATABASE_CONNECTION],
    };
  }
}

// The failures of reaching a server (network, no such host or database, refused login), not of a migration's SQL.
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
  '08001',
  '08006',
  '28P01',
  '28000',
  '3D000',
]);

/** Turns a failure to reach the database at start into one sentence naming where (without credentials) and the fix. */
function unreachable(url: string): (error: unknown) => never {
  return (error) => {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_FAILURES.has(code)) {
      const where = url.replace(/^(postgres(?:ql)?:\/\/)[^@/]*@/i, '$1').replace(/\?.*$/, '');
      throw new StartupError(
        `the database at ${where} cannot be used (${String(message)}): start it, or fix DATABASE_URL`,
        { cause: error },
      );
    }
    throw error;
  };
}

/**
 * Applies pending migrations. They may outlast a request's statement timeout (an index build, waiting for another
 * instance's migrations under the lock): they run on a short-lived TypeORM DataSource of their own, without the
 * timeouts of requests.
 */
async function migrate(url: string): Promise<void> {
  const migrator = await new DataSource({
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    extra: { max: 2 },
  }).initialize();
  try {
    await runMigrationsLocked(migrator);
  } finally {
    await migrator.destroy();
  }
}

/**
 * Options of the service's pg pool. They bound how long a request can wait on the database, so that an outage
 * is answered 503 within about `DATABASE_CONNECT_TIMEOUT_MS` instead of hanging:
 * - `connectionTimeoutMillis`: waiting for a connection, a new one or a free one of a full pool;
 * - `statement_timeout`: the server cancels a statement that runs (or waits for a lock) longer (57014);
 * - `query_timeout`: the client gives up on a statement the server does not answer at all (a network partition
 *   leaves no connection to close); past the statement timeout, so a live server always answers first;
 * - TCP keepalive finds dead peers of idle connections;
 * - `plan_cache_mode=force_generic_plan`: every statement on the hot path is an index lookup by key, prepared once per
 *   connection; with `= ANY($n::text[])` (the key resolution of updates) PostgreSQL would otherwise plan it on every
 *   execution, for the same index plan (docs/performance.md, "Interface groups and process chains").
 * - `jit=off`: generic plans estimate a key's rows at a share of the table, so at a million objects PostgreSQL
 *   compiled each MaLo identification statement on every execution (docs/performance.md, "MaLo identification at
 *   1 M"). No statement of these services scans enough to gain.
 */
export function poolOptions(
  config: Pick<ServiceConfig, 'databasePoolSize' | 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs'>,
) {
  return {
    max: config.databasePoolSize,
    connectionTimeoutMillis: config.databaseConnectTimeoutMs,
    statement_timeout: config.databaseStatementTimeoutMs,
    query_timeout: config.databaseStatementTimeoutMs + config.databaseConnectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Requests run as the restricted role from the connection's start: no statement of theirs can alter the archive.
    options: `-c plan_cache_mode=force_generic_plan -c jit=off -c role=${SERVICE_ROLE_NAME}`,
  };
}
