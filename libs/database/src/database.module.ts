import { join } from 'node:path';
import { Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { MarketRole } from '@maco/domain';
import { SERVICE_CONFIG, SERVICE_ROLE, type ServiceConfig } from '@maco/platform';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-postgres';
import { MIGRATIONS } from './migrations';
import { ReadinessController } from './readiness.controller';
import { runMigrationsLocked } from './run-migrations';

export const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION');

export interface DatabaseConnection {
  url: string;
  embedded?: EmbeddedDatabase;
}

/** Stops the embedded server on shutdown, after the pool that talks to it is closed. */
@Injectable()
class EmbeddedDatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.connection.embedded) return;
    const dataSource = this.moduleRef.get(DataSource, { strict: false });
    if (dataSource.isInitialized) await dataSource.destroy();
    await this.connection.embedded.stop();
  }
}

@Module({
  providers: [
    {
      provide: DATABASE_CONNECTION,
      inject: [SERVICE_CONFIG, SERVICE_ROLE],
      useFactory: async (config: ServiceConfig, role: MarketRole): Promise<DatabaseConnection> => {
        if (config.databaseUrl) return { url: config.databaseUrl };
        const logger = new Logger('EmbeddedDatabase');
        const dir = join(config.dataDir, role.toLowerCase(), 'postgres');
        const embedded = await startEmbeddedDatabase({ dir, database: 'maco' });
        logger.log(`DATABASE_URL not set: embedded PostgreSQL on ${new URL(embedded.url).host}, data in ${dir}`);
        return { url: embedded.url, embedded };
      },
    },
    EmbeddedDatabaseLifecycle,
  ],
  exports: [DATABASE_CONNECTION],
})
class DatabaseConnectionModule {}

/** TypeORM on PostgreSQL: `DATABASE_URL`, or an embedded server when it is absent; migrations applied at start. */
@Module({})
export class DatabaseModule {
  static forRoot(): DynamicModule {
    return {
      module: DatabaseModule,
      controllers: [ReadinessController],
      imports: [
        TerminusModule.forRoot({ logger: false }),
        TypeOrmModule.forRootAsync({
          imports: [DatabaseConnectionModule],
          inject: [DATABASE_CONNECTION, SERVICE_CONFIG],
          useFactory: (connection: DatabaseConnection, config: ServiceConfig) => ({
            type: 'postgres' as const,
            url: connection.url,
            autoLoadEntities: true,
            synchronize: false,
            migrationsRun: false,
            migrations: MIGRATIONS,
            extra: poolOptions(config),
          }),
          dataSourceFactory: async (options?: DataSourceOptions) => {
            // Migrations may outlast a request's statement timeout (an index build, waiting for another instance's
            // migrations under the lock): they run on a pool of their own without the timeouts of requests.
            const migrator = await new DataSource(withoutStatementTimeouts(options as DataSourceOptions)).initialize();
            try {
              await runMigrationsLocked(migrator);
            } finally {
              await migrator.destroy();
            }
            return new DataSource(options as DataSourceOptions).initialize();
          },
        }),
      ],
    };
  }
}

/**
 * Options of the pg pool behind TypeORM. They bound how long a request can wait on the database, so that an outage
 * is answered 503 within about `DATABASE_CONNECT_TIMEOUT_MS` instead of hanging:
 * - `connectionTimeoutMillis`: waiting for a connection, a new one or a free one of a full pool;
 * - `statement_timeout`: the server cancels a statement that runs (or waits for a lock) longer (57014);
 * - `query_timeout`: the client gives up on a statement the server does not answer at all (a network partition
 *   leaves no connection to close); past the statement timeout, so a live server always answers first;
 * - TCP keepalive finds dead peers of idle connections.
 */
export function poolOptions(config: Pick<ServiceConfig, 'databasePoolSize' | 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs'>) {
  return {
    max: config.databasePoolSize,
    connectionTimeoutMillis: config.databaseConnectTimeoutMs,
    statement_timeout: config.databaseStatementTimeoutMs,
    query_timeout: config.databaseStatementTimeoutMs + config.databaseConnectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

function withoutStatementTimeouts(options: DataSourceOptions): DataSourceOptions {
  const { statement_timeout: _statement, query_timeout: _query, ...extra } = (options.extra ?? {}) as Record<string, unknown>;
  return { ...options, extra: { ...extra, max: 2 } } as DataSourceOptions;
}
