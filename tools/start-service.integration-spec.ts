import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort } from '@maco/database';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  postJson,
  stopChildren,
  TEST_JWT_SECRET,
  type TestDatabase,
  trackChild,
  withBusinessKey,
  workspaceCopy,
} from '@maco/testing';

const ROLES = ['lf', 'nb', 'msb'] as const;

interface StartedRole {
  role: (typeof ROLES)[number];
  port: number;
  child: ChildProcess;
  output(): string;
}

/** `npm run start:<role>` as the README says, for the three roles at once: each builds, loads and serves (issue 36 §7). */
describe('npm run start:lf, start:nb and start:msb started at the same moment', () => {
  let copy: string;
  let database: TestDatabase;
  let started: StartedRole[];

  beforeAll(async () => {
    copy = workspaceCopy('maco-start-');
    database = await createTestDatabase();
    started = await Promise.all(
      ROLES.map(async (role): Promise<StartedRole> => {
        const port = await freePort();
        const child = trackChild(
          spawn('npm', ['run', `start:${role}`], {
            cwd: copy,
            // Its own process group: npm does not pass SIGTERM on to the service, the group's end reaches both.
            detached: true,
            env: {
              ...process.env,
              DATABASE_URL: database.url,
              PORT: String(port),
              HOST: '127.0.0.1',
              JWT_SECRET: TEST_JWT_SECRET,
              LOG_LEVEL: 'warn',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        );
        let output = '';
        child.stdout?.on('data', (chunk) => (output += chunk));
        child.stderr?.on('data', (chunk) => (output += chunk));
        return { role, port, output: () => output, child };
      }),
    );
    await Promise.all(
      started.map(async ({ role, port, child, output }) => {
        for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
          if (child.exitCode !== null) throw new Error(`${role} exited with ${child.exitCode}:\n${output()}`);
          const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
          if (ready?.status === 200) return;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        throw new Error(`${role} did not become ready:\n${output()}`);
      }),
    );
  }, 300_000);

  afterAll(async () => {
    for (const { child } of started ?? []) {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    }
    await stopChildren();
    await database?.drop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }, 60_000);

  it('should bring all three up, each booking a message of its role', async () => {
    for (const { role, port } of started) {
      const sample = loadSamples({ role, operation: 'create' })[0];
      const body = withBusinessKey(sample.body);
      const token = mintTestToken({ roles: [role.toUpperCase()] });
      const answer = await postJson(`http://127.0.0.1:${port}/createProcessData`, body, { token });
      expect({ role, status: answer.status, revision: answer.body['revision'] }).toEqual({
        role,
        status: 200,
        revision: 1,
      });
    }
  });

  it('should have built and loaded one start after the other (the start lock)', () => {
    const waited = started.filter(({ output }) => output().includes("waiting for another service's start"));
    expect(waited.length).toBeGreaterThanOrEqual(1);
  });
});
