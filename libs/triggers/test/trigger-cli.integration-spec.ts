import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createTestDatabase,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  TEST_JWT_SECRET,
  type TestDatabase,
  type TestService,
} from '@maco/testing';
import { maloIdentBody, newProzessId, startTriggerService } from './trigger-test-kit';

const CLI = resolve(__dirname, '../../../tools/trigger/post-trigger.js');

/** Runs the CLI; resolves to its exit code and output (never rejects on a non-zero exit). */
function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, JWT_SECRET: TEST_JWT_SECRET } },
      (error, stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run trigger', () => {
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  let service: TestService;
  let dir: string;
  let bodyFile: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    middleware = await startScriptedMiddleware();
    service = await startTriggerService('LF', database.url, middleware.env);
    dir = mkdtempSync(join(tmpdir(), 'trigger-cli-'));
    bodyFile = join(dir, 'body.json');
    writeFileSync(bodyFile, JSON.stringify(maloIdentBody()));
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await service?.close();
    await middleware?.close();
    await database?.drop();
  });

  it('should print the answer and exit 0 when the trigger is sent', async () => {
    const prozessId = newProzessId();
    const result = await runCli([
      '--role',
      'LF',
      '--event',
      'START_MALOIDENT',
      '--body',
      bodyFile,
      '--prozess-id',
      prozessId,
      '--url',
      service.baseUrl,
    ]);

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      prozessId,
      businessKey: expect.any(String),
      eventname: 'START_MALOIDENT',
      status: 'sent',
    });
  });

  it('should print the problem and exit 1 when the service refuses the trigger', async () => {
    const result = await runCli([
      '--role',
      'LF',
      '--event',
      'START_NOTHING',
      '--body',
      bodyFile,
      '--url',
      service.baseUrl,
    ]);

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 404, code: 'TRIGGER.UNKNOWN_EVENT' });
  });

  it('should exit 2 with a message when it cannot ask', async () => {
    const result = await runCli(['--event', 'START_MALOIDENT', '--body', bodyFile]);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--role');
  });
});
