import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { EmbeddedDatabaseUnavailableError, reason } from './embedded-database-error';
import {
  assertInstallation,
  DEFAULT_RELOCATION_DIR,
  packagedInstallation,
  postgresOsUser,
  reachableDataDir,
  reachableInstallation,
} from './embedded-postgres-placement';
import type { Identity } from './path-access';

export { EmbeddedDatabaseUnavailableError } from './embedded-database-error';
export { DEFAULT_RELOCATION_DIR } from './embedded-postgres-placement';

/** A PostgreSQL cluster run by this process, with its data kept on disk between runs. */
export interface EmbeddedDatabase {
  readonly url: string;
  readonly port: number;
  /** `server_version` of the running server, e.g. `18.0`. */
  readonly version: string;
  /**
   * The folder that really holds the cluster (`cluster/`) and its `password`: the configured `dir`, or, when the
   * process is root and the user postgres cannot reach `dir`, the folder under the relocation folder `dir` links to.
   */
  readonly dataDir: string;
  /** The folder of the executables that run the cluster (`initdb`, `postgres`). */
  readonly binDir: string;
  /** For the log, one line: `embedded PostgreSQL 18.0 on 127.0.0.1:PORT, data in …, binaries in …`. */
  readonly summary: string;
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
  /** PostgreSQL installation to run (holding `bin/`, `lib/`, `share/`); default: the one embedded-postgres installed. */
  binaries?: string;
  /**
   * Root only: the root-owned folder the binaries are copied to and the cluster is kept in when the user postgres
   * cannot reach them where they are (e.g. under root's 0700 home). Default `/var/lib/maco-backend`.
   */
  relocationDir?: string;
}

/** The OS user PostgreSQL runs as when this process is root; it refuses to run as root itself. */
type RunAs = Identity | undefined;

/**
 * Starts (and on first use creates) an embedded PostgreSQL cluster under `dir`.
 * Survives a previous run that was killed: an orphaned server still holding the folder is shut down first.
 * Rejects with `EmbeddedDatabaseUnavailableError` (a one-sentence message naming cause and fix) when it cannot run here.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const dir = resolve(options.dir);
  let installation = options.binaries ? resolve(options.binaries) : packagedInstallation();
  assertInstallation(installation);

  let runAs: RunAs;
  let dataDir = dir;
  if (process.getuid?.() === 0) {
    // initdb and the server run as the OS user postgres: it must reach the binaries and the data folder.
    runAs = await postgresOsUser();
    const relocationDir = resolve(options.relocationDir ?? DEFAULT_RELOCATION_DIR);
    installation = await reachableInstallation(installation, runAs, relocationDir);
    dataDir = await reachableDataDir(dir, runAs, relocationDir);
  } else {
    await mkdir(dir, { recursive: true, mode: 0o755 }).catch((error: unknown) => {
      throw new EmbeddedDatabaseUnavailableError(`its data folder ${dir} cannot be created (${reason(error)})`, {
        fix: 'set MACO_DATA_DIR to a folder this user may write to, or DATABASE_URL to a PostgreSQL server',
        cause: error,
      });
    });
  }
  const binDir = join(installation, 'bin');
  const clusterDir = join(dataDir, 'cluster');
  await clearStaleServer(clusterDir);

  const password = await readOrCreatePassword(join(dataDir, 'password'));
  const port = options.port ?? (await freePort());
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await rm(clusterDir, { recursive: true, force: true });
    await initialise({ binDir, dataDir, clusterDir, password, runAs, log });
  }
  const server = await startServer({ binDir, clusterDir, port, runAs, log });

  try {
    const version = await ensureDatabase(connectionUrl(password, port, 'postgres'), options.database);
    const location = dataDir === dir ? dataDir : `${dataDir} (linked from ${dir})`;
    return {
      url: connectionUrl(password, port, options.database),
      port,
      version,
      dataDir,
      binDir,
      summary: `embedded PostgreSQL ${version} on 127.0.0.1:${port}, data in ${location}, binaries in ${binDir}`,
      stop: server.stop,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Creates `database` when missing; answers the server's version. */
async function ensureDatabase(adminUrl: string, database: string): Promise<string> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version.split(' ')[0] ?? 'unknown';
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

interface InitialiseOptions {
  binDir: string;
  dataDir: string;
  clusterDir: string;
  password: string;
  runAs: RunAs;
  log: (line: string) => void;
}

/** initdb: a UTF-8 cluster, C locale, superuser `postgres` with `password` (SCRAM). */
async function initialise({ binDir, dataDir, clusterDir, password, runAs, log }: InitialiseOptions): Promise<void> {
  // The password reaches initdb through a file only its user can read, next to the cluster (reachable by it).
  const passwordFile = join(dataDir, `.pwfile-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, password + '\n', { mode: 0o600 });
  await mkdir(clusterDir, { mode: 0o700 });
  await chmod(clusterDir, 0o700);
  if (runAs) {
    await chown(passwordFile, runAs.uid, runAs.gid);
    await chown(clusterDir, runAs.uid, runAs.gid);
  }
  const args = [
    `--pgdata=${clusterDir}`,
    '--auth=scram-sha-256',
    '--username=postgres',
    `--pwfile=${passwordFile}`,
    '--encoding=UTF8',
    '--locale=C',
  ];
  try {
    const output: string[] = [];
    const child = spawnAs(join(binDir, 'initdb'), args, runAs);
    forEachLine(child, (line) => {
      output.push(line);
      log(line);
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done, fail) => {
      child.once('error', fail);
      child.once('close', (exitCode, exitSignal) => done([exitCode, exitSignal]));
    });
    if (code !== 0) {
      const last =
        output.filter((line) => /error|fatal|denied/i.test(line)).pop() ??
        output.pop() ??
        `exit code ${code ?? signal}`;
      throw new EmbeddedDatabaseUnavailableError(`initdb could not create the cluster in ${clusterDir} (${last})`);
    }
  } catch (error) {
    if (error instanceof EmbeddedDatabaseUnavailableError) throw error;
    throw new EmbeddedDatabaseUnavailableError(`initdb in ${binDir} could not be run (${reason(error)})`, {
      cause: error,
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

interface StartOptions {
  binDir: string;
  clusterDir: string;
  port: number;
  runAs: RunAs;
  log: (line: string) => void;
}

interface RunningServer {
  stop(): Promise<void>;
}

const READY = 'database system is ready to accept connections';

/** Runs the server in the foreground as a child of this process; resolves once it accepts connections. */
async function startServer({ binDir, clusterDir, port, runAs, log }: StartOptions): Promise<RunningServer> {
  const child = spawnAs(join(binDir, 'postgres'), ['-D', clusterDir, '-p', String(port)], runAs);
  // Should this process exit without stopping it (process.exit on a failed start, a shutdown timeout), the server
  // is asked to shut down fast; a server orphaned anyway is cleared by the next start (`clearStaleServer`).
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);
  const exited = new Promise<void>((done) => {
    child.once('exit', () => done());
    child.once('error', () => child.pid === undefined && done()); // never started: no 'exit' follows
  });
  void exited.then(() => process.off('exit', onExit));

  const recent: string[] = [];
  await new Promise<void>((ready, fail) => {
    // Also drains the pipes for the server's whole life: a full pipe would block its logging.
    forEachLine(child, (line) => {
      log(line);
      recent.push(line);
      if (recent.length > 20) recent.shift();
      if (line.includes(READY)) ready();
    });
    child.on('error', (error) => {
      log(`embedded PostgreSQL: ${reason(error)}`);
      fail(
        new EmbeddedDatabaseUnavailableError(`the server in ${binDir} could not be run (${reason(error)})`, {
          cause: error,
        }),
      );
    });
    child.once('exit', (code, signal) => {
      const last =
        recent.filter((line) => /FATAL|PANIC|ERROR|denied/.test(line)).pop() ??
        recent.pop() ??
        `exit code ${code ?? signal}`;
      // `2026-01-02 03:04:05.678 UTC [123] FATAL:  …` → `FATAL: …`
      const message = last.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /, '');
      fail(new EmbeddedDatabaseUnavailableError(`the server stopped before it accepted connections (${message})`));
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Smart shutdown first: sessions a pool is just closing end normally instead of being cut off. Then fast
      // shutdown (rolls back open transactions, keeps committed data) for sessions still open; a hung server is killed.
      child.kill('SIGTERM');
      const fast = setTimeout(() => child.kill('SIGINT'), 2_000);
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(fast);
      clearTimeout(kill);
    })();
    return stopping;
  };
  return { stop };
}

function spawnAs(command: string, args: string[], runAs: RunAs): ChildProcess {
  return spawn(command, args, {
    ...(runAs ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Fixed message language: readiness is recognised by the server's log line.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
}

/** Calls `onLine` for each line the child writes to stdout or stderr, trimmed, empty ones left out. */
function forEachLine(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(line.trim());
    });
    stream?.on('end', () => {
      if (partial.trim()) onLine(partial.trim());
    });
  }
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
