import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** Another live process holds the journal folder. */
export class JournalInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`the write journal in ${dir} is held by process ${pid}: every instance needs a journal folder of its own`);
  }
}

/**
 * Takes the folder's `owner.pid` for this process: one writer per journal (two would number entries twice). A file
 * left by a process that died (kill -9) is taken over; so is our own pid's (a container restarted as pid 1).
 */
export function takeOwnerLock(dir: string, file: string): () => void {
  if (HELD_HERE.has(file)) throw new JournalInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      HELD_HERE.add(file);
      return () => {
        HELD_HERE.delete(file);
        releaseOwnerLock(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readTextOr(file, ''), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
        throw new JournalInUseError(dir, holder);
      unlinkOr(file);
    }
  }
  throw new Error(`the write journal's owner file ${file} could not be taken`);
}

/** The owner files this process holds: a second open here is refused too (two services in one test process). */
const HELD_HERE = new Set<string>();

function releaseOwnerLock(file: string): void {
  if (readTextOr(file, '') === String(process.pid)) unlinkOr(file);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readTextOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return fallback;
  }
}

function unlinkOr(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
