import { rm } from 'node:fs/promises';
import type { EmbeddedDatabase } from '@maco/database';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { __macoTestDatabase?: { database: EmbeddedDatabase; dir: string } })
    .__macoTestDatabase;
  if (!started) return;
  await started.database.stop();
  await rm(started.dir, { recursive: true, force: true });
  delete process.env['DATABASE_URL'];
}
