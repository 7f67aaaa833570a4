import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalInUseError, takeOwnerLock } from './owner-lock';

/** What `/proc` says of a process's start, as the lock records it. */
function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  return `${boot}:${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
}

describe('the journal owner lock', () => {
  let dir: string;
  const file = () => join(dir, 'owner.pid');
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'maco-owner-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should record this process with its host and start, and remove the file on release', () => {
    const release = takeOwnerLock(dir, file());
    expect(readFileSync(file(), 'utf8')).toBe(`${process.pid} ${hostname()} ${startTimeOf(process.pid)}`);
    release();
    expect(() => readFileSync(file())).toThrow();
  });

  it('should refuse while another live process holds it', async () => {
    const holder = spawn('sleep', ['30']);
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      writeFileSync(file(), `${holder.pid} ${hostname()} ${startTimeOf(holder.pid as number)}`);
      expect(() => takeOwnerLock(dir, file())).toThrow(JournalInUseError);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it.each([
    ['a process killed with -9 (its pid is gone)', () => `999999999 ${hostname()} x:1`],
    ["a container's pid 1 seen from another host", () => `1 another-host x:1`],
    ['a pid now used by another process (another start time)', () => `1 ${hostname()} another-boot:1`],
  ])('should take over the file of %s', (_case, content) => {
    writeFileSync(file(), content());
    const release = takeOwnerLock(dir, file());
    expect(readFileSync(file(), 'utf8').startsWith(`${process.pid} `)).toBe(true);
    release();
  });
});
