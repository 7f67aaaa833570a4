import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * Runs `script` (CommonJS, with the workspace's TypeScript loadable) in a child process; resolves with its stdout once
 * it exits. With `killOnOutput`, the child is killed (no chance to flush anything) as soon as its stdout holds a whole
 * line, or after 15 s: a line still in a buffer then never arrives.
 */
function runChild(script: string, { killOnOutput = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', join(ROOT, 'tools', 'ts-require.js'), '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    const giveUp = killOnOutput ? setTimeout(() => child.kill('SIGKILL'), 15_000) : undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (killOnOutput && stdout.includes('\n')) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(giveUp);
      resolve(stdout);
    });
  });
}

const LOGGER = `const { createServiceLogger } = require(${JSON.stringify(join(ROOT, 'libs/platform/src/logging/service-logger.ts'))});
const logger = createServiceLogger('info', 'LF');`;

describe('the service logger on standard output', () => {
  it('should write a line of a quiet service without waiting for more lines or the exit', async () => {
    // The process stays alive (a timer) and is killed without a chance to flush: the line must have been written.
    const stdout = await runChild(
      `${LOGGER} logger.info({ requestId: 'r1' }, 'one quiet line'); setInterval(() => {}, 1000);`,
      { killOnOutput: true },
    );
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ msg: 'one quiet line', requestId: 'r1', role: 'LF' })]);
  }, 20_000);

  it('should have written every line when the process exits', async () => {
    const stdout = await runChild(
      `${LOGGER} for (let i = 0; i < 500; i++) logger.info({ n: i }, 'line'); process.exit(0);`,
    );
    const numbers = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, i) => i));
  }, 20_000);
});
