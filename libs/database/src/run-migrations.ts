import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';

// Any constant works; it only has to be the same for every instance of every role.
const MIGRATION_LOCK_ID = 727_261_001;

/** Applies pending migrations while holding a session advisory lock, so instances starting together don't race. */
export async function runMigrationsLocked(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}

/** Migrates the database at `url` on a connection of its own (tools and tests; a service migrates as it starts). */
export async function migrateDatabase(url: string, migrations: typeof MIGRATIONS = MIGRATIONS): Promise<void> {
  const dataSource = await new DataSource({ type: 'postgres', url, migrations }).initialize();
  try {
    await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
