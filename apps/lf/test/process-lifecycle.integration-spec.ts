import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@maco/database';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  TEST_JWT_SECRET,
  withBusinessKey,
  withClient,
  workspaceRoot,
  type TestDatabase,
} from '@maco/testing';

const MAIN = join(workspaceRoot(), 'apps', 'lf', 'dist', 'main.js');

function run(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env['PATH'], ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The built service as a process: how it starts with a bad configuration, and how it stops under load. */
describe('LF service process', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the app first (nx run lf:build)`);
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('should refuse to start with a bad configuration and name every offending variable', async () => {
    const service = run({ DATABASE_URL: database.url, JWT_SECRET: 'short', PORT: 'eighty', AHB_RULE_MODE: 'lenient' });

    expect(await service.exited).toBe(1);
    for (const variable of ['JWT_SECRET', 'PORT', 'AHB_RULE_MODE']) expect(service.output()).toContain(variable);
  }, 30_000);

  it('should answer every request in flight on SIGTERM and lose none that got a 200', async () => {
    const port = await freePort();
    const service = run({ DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' });
    const url = `http://127.0.0.1:${port}`;
    for (let waited = 0; (await fetch(`${url}/health/live`).catch(() => undefined))?.status !== 200; waited += 100) {
      if (waited > 20_000) throw new Error(`service did not start: ${service.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = mintTestToken({ roles: ['LF'] });
    const template = loadSamples({ role: 'LF', operation: 'create' })[0].body;
    const booked: string[] = [];
    let failed = 0;
    let stopping = false;

    // 16 clients book until the service is gone; SIGTERM goes out once 100 bookings are through.
    const client = async () => {
      for (let i = 0; i < 10_000; i++) {
        const businessKey = randomUUID();
        const response = await fetch(`${url}/createProcessData`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(withBusinessKey(template, businessKey)),
        }).catch(() => undefined);
        if (response?.status === 200) booked.push(businessKey);
        else failed++;
        if (!stopping && booked.length >= 100) {
          stopping = true;
          service.child.kill('SIGTERM');
        }
        if (stopping && !response) return;
      }
    };
    await Promise.all(Array.from({ length: 16 }, client));
    await service.exited;

    expect(booked.length).toBeGreaterThanOrEqual(100);
    const stored = await withClient(database.url, async (db) =>
      (await db.query('SELECT r.business_key FROM process_record r JOIN process_revision v ON v.record_id = r.id WHERE r.business_key = ANY($1)', [booked])).rows,
    );
    expect(stored).toHaveLength(booked.length);
    expect(service.output()).toContain('SIGTERM: finishing requests in flight');
    expect(failed).toBeGreaterThan(0);
  }, 60_000);
});
