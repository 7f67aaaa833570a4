import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { acquireStartLock } = require('./start-lock') as {
  acquireStartLock: (file: string, options?: { timeoutMs?: number; pollMs?: number }) => () => void;
};

/** A process that takes the lock, says so, holds it a moment, says it let go, and lets go. */
const HOLDER = `
  const { writeFileSync } = require('node:fs');
  const release = require(${JSON.stringify(join(__dirname, 'start-lock.js'))}).acquireStartLock(process.argv[1]);
  writeFileSync(process.argv[2], 'held');
  setTimeout(() => { writeFileSync(process.argv[3], 'released'); release(); }, 400);
`;

describe('the start lock of tools/start-service.js', () => {
  const dir = mkdtempSync(join(tmpdir(), 'maco-start-lock-'));

  it('should make a second start wait until the first has let go', async () => {
    const lock = join(dir, 'start.lock');
    const held = join(dir, 'held');
    const released = join(dir, 'released');
    const holder = spawn(process.execPath, ['-e', HOLDER, lock, held, released], { stdio: 'inherit' });
    while (!existsSync(held)) await new Promise((resolve) => setTimeout(resolve, 20));
    const release = acquireStartLock(lock, { pollMs: 20 });
    expect(existsSync(released)).toBe(true);
    release();
    expect(existsSync(lock)).toBe(false);
    await new Promise((resolve) => holder.once('exit', resolve));
  });

  it('should take over the lock of a start that died', () => {
    const lock = join(dir, 'stale.lock');
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(lock, dead.stdout.trim());
    const release = acquireStartLock(lock, { timeoutMs: 1000, pollMs: 20 });
    release();
    expect(existsSync(lock)).toBe(false);
  });
});
