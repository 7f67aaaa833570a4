import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
} from '@maco/testing';

const STAGE_APP = resolve(__dirname, '..', 'stage-app.sh');

/** What the image holds, built by the image's own script without Docker: it must run with production dependencies only. */
describe('docker/stage-app.sh', () => {
  let database: TestDatabase;
  let stage: string;

  // A failed staging must not leave its service running: the next one would orphan it and jest would wait for it.
  afterEach(() => stopChildren());

  beforeAll(async () => {
    database = await createTestDatabase();
    stage = mkdtempSync(join(tmpdir(), 'maco-stage-'));
  });

  // Staged trees hold a full production node_modules each: removing them takes seconds on a busy machine.
  afterAll(async () => {
    await rm(stage, { recursive: true, force: true });
    await database?.drop();
  }, 120_000);

  it.each(['lf', 'nb', 'msb'])(
    'should stage %s so that it starts and books with production dependencies only',
    async (app) => {
      const dest = join(stage, app);
      // Built by the target's dependencies: the script's own build step would rebuild outputs other suites use meanwhile.
      execFileSync(STAGE_APP, [app, dest], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, STAGE_APP_PREBUILT: '1' },
      });

      expect(readdirSync(join(dest, 'libs')).sort()).not.toContain('testing');
      expect(() =>
        execFileSync(process.execPath, ['-e', "require.resolve('jest')"], { cwd: dest, stdio: 'pipe' }),
      ).toThrow();

      const port = await freePort();
      const service = trackChild(
        spawn(process.execPath, [join('apps', app, 'dist', 'main.js')], {
          cwd: dest,
          env: {
            PATH: process.env['PATH'],
            NODE_ENV: 'production',
            DATABASE_URL: database.url,
            JWT_SECRET: TEST_JWT_SECRET,
            PORT: String(port),
            HOST: '127.0.0.1',
          },
          stdio: 'ignore',
        }),
      );
      const base = `http://127.0.0.1:${port}`;
      let live = false;
      for (let waited = 0; waited < 20_000 && !live && service.exitCode === null; waited += 100) {
        live = (await fetch(`${base}/health/live`).catch(() => undefined))?.status === 200;
        if (!live) await new Promise((r) => setTimeout(r, 100));
      }
      expect(live).toBe(true);

      const role = app.toUpperCase();
      const body = withBusinessKey(loadSamples({ role, operation: 'create' })[0].body);
      const answer = await postJson(`${base}/createProcessData`, body, { token: mintTestToken({ roles: [role] }) });
      expect(answer.status).toBe(200);
      const consolePage = await fetch(`${base}/console/`);
      expect({ status: consolePage.status, type: consolePage.headers.get('content-type') }).toEqual({
        status: 200,
        type: expect.stringContaining('text/html'),
      });

      service.kill('SIGTERM');
      await new Promise((r) => service.once('exit', r));
      await rm(dest, { recursive: true, force: true });
    },
    180_000,
  );
});
