export * from './database.module';
export * from './embedded-postgres';
export * from './migrations';
export * from './run-migrations';
