import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@maco/database';
import { loadSamples, mintTestToken, postJson, TEST_JWT_SECRET, withBusinessKey, workspaceRoot } from '@maco/testing';

const MAIN = join(workspaceRoot(), 'apps', 'lf', 'dist', 'main.js');

/** The built service as a real process without DATABASE_URL: it must bring its own database and keep the data. */
describe('LF service without DATABASE_URL', () => {
  let dataDir: string;
  let port: number;
  let service: ChildProcess | undefined;
  const token = mintTestToken({ roles: ['LF'] });
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the app first (nx run lf:build)`);
    dataDir = await mkdtemp(join(tmpdir(), 'maco-lf-embedded-'));
    await chmod(dataDir, 0o755);
    port = await freePort();
  });

  afterAll(async () => {
    if (service && service.exitCode === null) {
      service.kill('SIGTERM');
      await exited(service);
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  const start = async (): Promise<ChildProcess> => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MACO_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
    };
    delete env['DATABASE_URL'];
    const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    for (let waited = 0; waited < 30_000; waited += 100) {
      if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}: ${stderr}`);
      const live = await fetch(url('/health/live')).catch(() => undefined);
      if (live?.status === 200) return child;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`service did not become live: ${stderr}`);
  };

  it('should keep a booking across a crash and a restart', async () => {
    const sample = loadSamples({ role: 'LF', operation: 'create' })[0].body;
    const body = withBusinessKey(sample);
    const businessKey = (body['zusatzdaten'] as { businessKey: string }).businessKey;

    service = await start();
    expect((await postJson(url('/createProcessData'), body, { token })).body).toMatchObject({
      businessKey,
      revision: 1,
      replayed: false,
    });

    // A crash leaves the embedded PostgreSQL running without its owner; the next start must take over.
    service.kill('SIGKILL');
    await exited(service);
    service = await start();

    expect((await postJson(url('/createProcessData'), body, { token })).body).toMatchObject({
      businessKey,
      revision: 1,
      replayed: true,
    });
    const update = {
      stammdaten: {},
      transaktionsdaten: { pruefidentifikator: '55002', dokumentennummer: randomUUID() },
      zusatzdaten: { businessKey },
    };
    expect((await postJson(url('/updateProcessData'), update, { token })).body).toMatchObject({
      businessKey,
      revision: 2,
      replayed: false,
    });

    service.kill('SIGTERM');
    await exited(service);
    // A clean stop also stops the embedded server.
    expect(existsSync(join(dataDir, 'lf', 'postgres', 'cluster', 'postmaster.pid'))).toBe(false);
  }, 90_000);
});

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}
