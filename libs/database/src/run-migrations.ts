import type { DataSource } from 'typeorm';

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
