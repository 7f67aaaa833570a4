import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

/** A process that takes the lock, notes when it held it (in ms of the clock), and lets go. */
const CONTENDER = `
  const { appendFileSync } = require('node:fs');
  const release = require(${JSON.stringify(join(__dirname, 'start-lock.js'))}).acquireStartLock(process.argv[1], { pollMs: 5 });
  const from = performance.timeOrigin + performance.now();
  const until = from + 30;
  while (performance.timeOrigin + performance.now() < until);
  appendFileSync(process.argv[2], from + ' ' + (performance.timeOrigin + performance.now()) + '\\n');
  release();
`;

function deadPid(): string {
  return spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
}

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
    writeFileSync(lock, deadPid());
    const release = acquireStartLock(lock, { timeoutMs: 1000, pollMs: 20 });
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('should take over an empty lock file', () => {
    const lock = join(dir, 'empty.lock');
    writeFileSync(lock, '');
    const release = acquireStartLock(lock, { timeoutMs: 1000, pollMs: 20 });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
  });

  it("should let one of many starts launched at once hold it at a time, also when they find a dead start's lock", async () => {
    const lock = join(dir, 'contended.lock');
    const log = join(dir, 'contended.log');
    writeFileSync(lock, deadPid());
    writeFileSync(log, '');
    const contenders = Array.from({ length: 8 }, () =>
      spawn(process.execPath, ['-e', CONTENDER, lock, log], { stdio: 'inherit' }),
    );
    await Promise.all(contenders.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    const held = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ').map(Number) as [number, number])
      .sort((a, b) => a[0] - b[0]);
    expect(held).toHaveLength(8);
    const overlaps = held.slice(1).filter(([from], index) => from < held[index][1]);
    expect(overlaps).toEqual([]);
    expect(existsSync(lock)).toBe(false);
  });
});
