import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@maco/database';
import { WriteJournal } from '@maco/journal';
import {
  createTestDatabase,
  type DatabaseProxy,
  loadSamples,
  mintTestToken,
  postJson,
  type RunningScript,
  runScript,
  startDatabaseProxy,
  stopChildren,
  TEST_JWT_SECRET,
  type TestDatabase,
  withBusinessKey,
  withClient,
  workspaceRoot,
} from '@maco/testing';

const MAIN = join(workspaceRoot(), 'apps', 'lf', 'dist', 'main.js');
const WRITES = 20;

/**
 * The write journal across a crash: the built LF service journals writes while its database is cut off, is killed
 * (-9) with them unbooked, and the next start on the same journal folder books each exactly once.
 */
describe('LF service killed (-9) while its writes wait in the journal', () => {
  let database: TestDatabase;
  let proxy: DatabaseProxy;
  let journalDir: string;
  const token = mintTestToken({ roles: ['LF'] });
  const operatorToken = mintTestToken({ roles: ['OPERATOR'] });

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the app first (nx run lf:build)`);
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database.url);
    journalDir = join(mkdtempSync(join(tmpdir(), 'maco-journal-kill-')), 'journal');
  });

  // A test that fails before its own kill must not leave its service running (jest would wait for it).
  afterEach(() => stopChildren());

  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
    if (journalDir) rmSync(join(journalDir, '..'), { recursive: true, force: true });
  });

  /** The built service on the proxied database and the journal folder, once it answers. */
  async function start(): Promise<{ service: RunningScript; url: string }> {
    const port = await freePort();
    const service = runScript(MAIN, {
      DATABASE_URL: proxy.url,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      JOURNAL_DIR: journalDir,
      JWT_SECRET: TEST_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRIGGER_POLL_INTERVAL_MS: '60000',
    });
    const url = `http://127.0.0.1:${port}`;
    for (let waited = 0; (await fetch(`${url}/health/live`).catch(() => undefined))?.status !== 200; waited += 100) {
      if (service.child.exitCode !== null || waited > 30_000)
        throw new Error(`the service did not start: ${service.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { service, url };
  }

  const journalUsage = async (url: string) =>
    (await (await fetch(`${url}/journal`, { headers: { authorization: `Bearer ${operatorToken}` } })).json()) as {
      entries: number;
    };

  it('should keep every journaled write across the kill and book each exactly once after the restart', async () => {
    const samples = loadSamples({ role: 'LF', operation: 'create' });
    const first = await start();

    // The database goes away; every create is answered 200 from the journal.
    await proxy.cut();
    const bodies = Array.from({ length: WRITES }, (_, index) => withBusinessKey(samples[index % samples.length].body));
    const keys = bodies.map((body) => (body['zusatzdaten'] as { businessKey: string }).businessKey);
    const answers = await Promise.all(
      bodies.map((body) => postJson(`${first.url}/createProcessData`, body, { token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(bodies.map(() => 200));
    expect(answers.map((answer) => answer.body['journaled'])).toEqual(bodies.map(() => true));
    expect(answers.map((answer) => answer.body['businessKey'])).toEqual(keys);
    expect((await journalUsage(first.url)).entries).toBe(WRITES);

    // Killed with no chance to close anything.
    first.service.child.kill('SIGKILL');
    expect(await first.service.exited).toBeNull();
    expect(first.service.child.signalCode).toBe('SIGKILL');

    // The journal on disk holds every acknowledged write, whole.
    const reader = WriteJournal.read(journalDir);
    const kept = [...reader.entries()];
    await reader.close();
    expect(kept).toHaveLength(WRITES);
    const keptKeys = kept.map(
      (entry) =>
        (JSON.parse(Buffer.from(entry.body).toString('utf8')) as { zusatzdaten: { businessKey: string } }).zusatzdaten
          .businessKey,
    );
    expect([...keptKeys].sort()).toEqual([...keys].sort());
    expect(kept.every((entry) => entry.operation === 'create' && entry.url === '/createProcessData')).toBe(true);

    // The database is back; the next start on the same folder (the dead owner's lock taken over) books the journal.
    await proxy.restore();
    const restartedAt = Date.now();
    const second = await start();
    const startedIn = Date.now() - restartedAt;
    while ((await journalUsage(second.url)).entries !== 0) {
      expect(Date.now() - restartedAt).toBeLessThan(60_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(
      `journal kill: the restarted service answered after ${startedIn} ms; the ${WRITES} journaled writes were booked ` +
        `${Date.now() - restartedAt} ms after the restart`,
    );

    const revisions = await withClient(
      database.url,
      async (client) =>
        (
          await client.query<{ business_key: string; records: number; revisions: number; request_ids: string[] }>(
            `SELECT r.business_key, count(DISTINCT r.id)::int AS records, count(v.*)::int AS revisions,
                    array_agg(v.request_id) AS request_ids
               FROM process_record r JOIN process_revision v ON v.record_id = r.id
              WHERE r.role = 'LF' GROUP BY r.business_key`,
          )
        ).rows,
    );
    // Each key exactly once, nothing else booked; each from the journal.
    expect(revisions.map((row) => row.business_key).sort()).toEqual([...keys].sort());
    for (const row of revisions) {
      expect(row).toEqual({
        business_key: row.business_key,
        records: 1,
        revisions: 1,
        request_ids: [expect.stringMatching(/^journal:\d+@\d{4}-\d\d-\d\dT[\d:.]+Z$/)],
      });
    }
    expect(await journalUsage(second.url)).toMatchObject({ entries: 0, bytes: 0, journalingSince: null });

    second.service.child.kill('SIGTERM');
    expect(await second.service.exited).not.toBe(1);
  }, 120_000);
});
