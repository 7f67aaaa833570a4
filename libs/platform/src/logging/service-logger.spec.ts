import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** Runs `script` (CommonJS, with the workspace's TypeScript loadable) in a child process; resolves with its stdout. */
function runChild(script: string, { killAfterMs }: { killAfterMs?: number } = {}): Promise<{ stdout: string; linesBeforeKill?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', join(ROOT, 'tools', 'ts-require.js'), '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    let linesBeforeKill: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    if (killAfterMs !== undefined) {
      setTimeout(() => {
        linesBeforeKill = stdout;
        child.kill('SIGKILL');
      }, killAfterMs);
    }
    child.on('error', reject);
    child.on('close', () => resolve({ stdout, linesBeforeKill }));
  });
}

const LOGGER = `const { createServiceLogger } = require(${JSON.stringify(join(ROOT, 'libs/platform/src/logging/service-logger.ts'))});
const logger = createServiceLogger('info', 'LF');`;

describe('the service logger on standard output', () => {
  it('should write a line of a quiet service at once, not when a buffer fills', async () => {
    // The process stays alive (a timer) and is killed without a chance to flush: the line must be out already.
    const { linesBeforeKill } = await runChild(`${LOGGER} logger.info({ requestId: 'r1' }, 'one quiet line'); setInterval(() => {}, 1000);`, {
      killAfterMs: 1500,
    });
    const lines = (linesBeforeKill ?? '').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ msg: 'one quiet line', requestId: 'r1', role: 'LF' })]);
  }, 20_000);

  it('should have written every line when the process exits', async () => {
    const { stdout } = await runChild(`${LOGGER} for (let i = 0; i < 500; i++) logger.info({ n: i }, 'line'); process.exit(0);`);
    const numbers = stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, i) => i));
  }, 20_000);
});
