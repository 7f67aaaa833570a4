import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  workspaceCopy,
} from '@maco/testing';

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
    copy = workspaceCopy('maco-journal-replay-');
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
