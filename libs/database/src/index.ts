export * from './database.module';
export * from './database.tokens';
export * from './database-pool-metrics';
export * from './embedded-postgres';
export * from './jsonb/jsonb-storability';
export * from './migrations';
export * from './run-migrations';
