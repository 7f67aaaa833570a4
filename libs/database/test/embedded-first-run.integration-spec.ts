import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import {
  DEFAULT_RELOCATION_DIR,
  type EmbeddedDatabase,
  EmbeddedDatabaseUnavailableError,
  startEmbeddedDatabase,
} from '../src/embedded-postgres';
import { fingerprint, packagedInstallation, postgresOsUser, relocatedName } from '../src/embedded-postgres-placement';
import { blockedFolder, blockedInTree, type Identity } from '../src/path-access';

/**
 * `npm install && npm start` as root from a folder the OS user postgres cannot enter (root's 0700 home, the Debian
 * default): PostgreSQL refuses to run as root, runs as postgres, and must still find its binaries and its cluster.
 */
const asRoot = process.getuid?.() === 0;

if (!asRoot) {
  describe('embedded PostgreSQL started by root from a 0700 folder', () => {
    it('is skipped: the tests do not run as root, so a 0700 directory blocks nothing', () => {
      console.info('embedded-first-run: not root, the 0700 first-run case cannot arise here');
      expect(process.getuid?.()).not.toBe(0);
    });
  });
} else {
  describe('embedded PostgreSQL started by root from a 0700 folder', () => {
    let home: string;
    let installation: string;
    let dataDir: string;
    let binariesCopy: string;
    let binariesCopyExisted: boolean;
    let relocationDirExisted: boolean;
    let postgres: Identity;
    const started: EmbeddedDatabase[] = [];

    const start = async (options: Partial<Parameters<typeof startEmbeddedDatabase>[0]> = {}) => {
      const database = await startEmbeddedDatabase({
        dir: dataDir,
        database: 'maco',
        binaries: installation,
        ...options,
      });
      started.push(database);
      return database;
    };
    const query = async <T extends object>(url: string, sql: string, values: unknown[] = []) => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(sql, values)).rows;
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      postgres = await postgresOsUser();
      // A home like /root: 0700, owned by root; the project, its node_modules (here: a copy of the PostgreSQL
      // binaries) and its .data inside.
      home = await mkdtemp(join(tmpdir(), 'maco-first-run-'));
      await chmod(home, 0o700);
      installation = join(home, 'project', 'node_modules', 'postgres');
      await mkdir(dirname(installation), { recursive: true });
      await cp(packagedInstallation(), installation, { recursive: true, verbatimSymlinks: true });
      dataDir = join(home, 'project', '.data', 'lf', 'postgres');
      binariesCopy = join(DEFAULT_RELOCATION_DIR, `postgres-${fingerprint(installation)}`);
      binariesCopyExisted = existsSync(binariesCopy);
      relocationDirExisted = existsSync(DEFAULT_RELOCATION_DIR);
      expect(blockedFolder(home, postgres)).toBe(home);
    });

    afterAll(async () => {
      for (const database of started) await database.stop();
      await rm(home, { recursive: true, force: true });
      await rm(join(DEFAULT_RELOCATION_DIR, 'data', relocatedName(dataDir)), { recursive: true, force: true });
      if (!binariesCopyExisted) await rm(binariesCopy, { recursive: true, force: true });
      if (!relocationDirExisted) {
        // Only while empty: a service may have started to use it meanwhile.
        for (const folder of [join(DEFAULT_RELOCATION_DIR, 'data'), DEFAULT_RELOCATION_DIR])
          await rmdir(folder).catch(() => undefined);
      }
    });

    it('should book into a cluster the user postgres can reach and find the booking again after a restart', async () => {
      const first = await start();

      // The data moved to the relocation folder; the configured folder links there, so its password file is found.
      expect(first.dataDir).toBe(join(DEFAULT_RELOCATION_DIR, 'data', relocatedName(dataDir)));
      expect(lstatSync(dataDir).isSymbolicLink()).toBe(true);
      expect(realpathSync(dataDir)).toBe(first.dataDir);
      expect(blockedFolder(join(first.dataDir, 'cluster'), postgres)).toBeUndefined();
      expect(decodeURIComponent(new URL(first.url).password)).toBe(
        readFileSync(join(dataDir, 'password'), 'utf8').trim(),
      );
      // The binaries run from a copy the user postgres can reach, not from the 0700 folder.
      expect(first.binDir).toBe(join(binariesCopy, 'bin'));
      expect(blockedInTree(binariesCopy, postgres, () => false)).toBeUndefined();
      const version = spawnSync(join(first.binDir, 'postgres'), ['--version'], { ...postgres, encoding: 'utf8' });
      expect(version.status).toBe(0);
      expect(version.stdout).toContain(first.version);
      expect(first.summary).toBe(
        `embedded PostgreSQL ${first.version} on 127.0.0.1:${first.port}, data in ${first.dataDir} (linked from ${dataDir}), binaries in ${first.binDir}`,
      );

      await query(first.url, 'CREATE TABLE booking (business_key text PRIMARY KEY, revision int NOT NULL)');
      await query(first.url, 'INSERT INTO booking VALUES ($1, $2)', ['5d97c84f', 1]);
      await first.stop();

      const second = await start();
      expect(second.dataDir).toBe(first.dataDir);
      expect(second.url.replace(/:\d+\//, '/')).toBe(first.url.replace(/:\d+\//, '/'));
      expect(await query(second.url, 'SELECT business_key, revision FROM booking')).toEqual([
        { business_key: '5d97c84f', revision: 1 },
      ]);
      await second.stop();
    }, 120_000);

    it('should name cause and fix in one sentence when the relocation folder cannot be created', async () => {
      const aFile = join(home, 'not-a-folder');
      writeFileSync(aFile, '');
      const attempt = start({ dir: join(home, 'other', 'postgres'), relocationDir: join(aFile, 'maco-backend') });
      await expect(attempt).rejects.toBeInstanceOf(EmbeddedDatabaseUnavailableError);
      await expect(attempt).rejects.toThrow(
        /^Embedded PostgreSQL cannot start: [^\n]*cannot be created[^\n]*; set DATABASE_URL to a PostgreSQL server, or MACO_DATA_DIR to a folder the user postgres can reach\.$/,
      );
    });

    it('should name cause and fix in one sentence when the binaries are missing', async () => {
      const attempt = start({ binaries: join(home, 'no-such-installation') });
      await expect(attempt).rejects.toBeInstanceOf(EmbeddedDatabaseUnavailableError);
      await expect(attempt).rejects.toThrow(
        /^Embedded PostgreSQL cannot start: the PostgreSQL binaries are missing [^\n]*; run npm install, or set DATABASE_URL to a PostgreSQL server\.$/,
      );
    });
  });
}
