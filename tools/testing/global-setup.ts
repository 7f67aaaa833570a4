import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
// jest requires global setup with plain Node resolution (no moduleNameMapper), where '@maco/database' is the built
// dist/ and the whole lib; the source file alone starts the database without a build.
// eslint-disable-next-line @nx/enforce-module-boundaries -- deliberate source import, see above
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../../libs/database/src/embedded-postgres';

/**
 * Tests talk to a real PostgreSQL: the server at DATABASE_URL (CI), else a throw-away embedded one
 * for this jest run, in its own folder so parallel runs never share a cluster.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env['DATABASE_URL']) return;
  const parent = join(__dirname, '..', '..', '.data');
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(join(parent, 'test-postgres-'));
  await chmod(dir, 0o755);
  const started = await startEmbeddedDatabase({ dir, database: 'maco_tests' });
  // As root in a folder the user postgres cannot enter, the cluster lives under /var/lib/maco-backend and `dir`
  // only links to it: the teardown removes `dir`, stopping removes the cluster.
  const database: EmbeddedDatabase = {
    ...started,
    stop: async () => {
      await started.stop();
      if (started.dataDir !== dir) await rm(started.dataDir, { recursive: true, force: true });
    },
  };
  process.env['DATABASE_URL'] = database.url;
  (globalThis as { __macoTestDatabase?: { database: EmbeddedDatabase; dir: string } }).__macoTestDatabase = {
    database,
    dir,
  };
}
