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
            extra: { max: config.databasePoolSize, connectionTimeoutMillis: 5_000 },
          }),
          dataSourceFactory: async (options?: DataSourceOptions) => {
            const dataSource = await new DataSource(options as DataSourceOptions).initialize();
            await runMigrationsLocked(dataSource);
            return dataSource;
          },
        }),
      ],
    };
  }
}
