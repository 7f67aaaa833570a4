import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { WriteJournal } from '@maco/journal';
import {
  createTestDatabase,
  loadSamples,
  stopChildren,
  TEST_JWT_SECRET,
  type TestDatabase,
  trackChild,
  withBusinessKey,
  withClient,
  workspaceRoot,
} from '@maco/testing';

/**
 * A copy of the workspace (its files, its own `@maco` links, everything else of `node_modules` linked), as
 * tools/start-service.integration-spec.ts makes one: the replay builds the service with Nx, which empties `dist`
 * folders that the workspace's other suites run their built services from.
 */
function workspaceCopy(): string {
  const root = workspaceRoot();
  const copy = mkdtempSync(join(tmpdir(), 'maco-journal-replay-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file), { errorOnExist: false });
  }
  const modules = join(copy, 'node_modules');
  mkdirSync(join(modules, '@maco'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@maco') symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  for (const entry of readdirSync(join(root, 'node_modules', '@maco'))) {
    symlinkSync(readlinkSync(join(root, 'node_modules', '@maco', entry)), join(modules, '@maco', entry));
  }
  return copy;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run journal -- replay`: a retired instance's journal carried over to a service started for it. */
describe('npm run journal -- replay', () => {
  let copy: string;
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    copy = workspaceCopy();
    database = await createTestDatabase();
    folder = mkdtempSync(join(tmpdir(), 'maco-retired-'));
  }, 60_000);

  afterAll(async () => {
    await stopChildren();
    await database?.drop();
    for (const dir of [copy, folder]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("should book every entry of a retired instance's journal through the LF service, and leave the journal empty", async () => {
    const dir = join(folder, 'journal');
    const samples = loadSamples({ role: 'LF', operation: 'create' });
    const keys: string[] = [];
    const journal = WriteJournal.open(dir, 10_000_000);
    for (const sample of samples.slice(0, 2)) {
      const body = withBusinessKey(sample.body);
      keys.push((body['zusatzdaten'] as { businessKey: string }).businessKey);
      await journal.append({
        receivedAt: new Date().toISOString(),
        operation: 'create',
        url: '/createProcessData',
        contentType: 'application/json',
        requestId: `retired-${keys.length}`,
        headers: {},
        body: Buffer.from(JSON.stringify(body)),
      });
    }
    await journal.close();

    const started = Date.now();
    const result = await new Promise<Run>((resolve) => {
      const child = trackChild(
        spawn(
          process.execPath,
          [join(copy, 'tools', 'journal', 'journal.js'), 'replay', '--dir', dir, '--role', 'lf'],
          {
            cwd: copy,
            env: { ...process.env, DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'warn' },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        ),
      );
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk) => (stdout += chunk));
      child.stderr?.on('data', (chunk) => (stderr += chunk));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });
    console.log(`journal replay (build, start, booking, stop): ${Date.now() - started} ms`);

    if (result.code !== 0) throw new Error(`the replay exited with ${result.code}:\n${result.stderr}`);
    expect(result.stdout).toMatch(
      /^2 of 2 entries of \S+ booked \(2 booked, 0 booked before already, 0 kept in the quarantine\) in [\d.]+ s\n$/,
    );
    expect(result.stdout).toContain(` of ${dir} booked`);
    const revisions = await withClient(
      database.url,
      async (client) =>
        (
          await client.query<{ business_key: string; revision: number; request_id: string }>(
            `SELECT r.business_key, v.revision, v.request_id FROM process_record r
               JOIN process_revision v ON v.record_id = r.id WHERE r.business_key = ANY($1) ORDER BY v.request_id`,
            [keys],
          )
        ).rows,
    );
    expect(revisions).toEqual(
      keys.map((key, index) => ({
        business_key: key,
        revision: 1,
        request_id: expect.stringMatching(new RegExp(`^journal:${index + 1}@`)),
      })),
    );
    // Empty, and given back: the service stopped cleanly and released the folder.
    const reader = WriteJournal.read(dir);
    expect([...reader.entries()]).toEqual([]);
    await reader.close();
    expect(existsSync(join(dir, 'owner.pid'))).toBe(false);
  }, 300_000);
});
