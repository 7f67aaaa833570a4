import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

// Marks the error for the service start-up (platform's `isStartupError`: one sentence, no stack trace) without
// importing platform.
const STARTUP_ERROR = Symbol.for('maco.startupError');

/** Another live process holds the journal folder. */
export class JournalInUseError extends Error {
  readonly [STARTUP_ERROR] = true;

  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the write journal in ${dir} is held by process ${pid} on this host: every instance needs a journal folder ` +
        'of its own (JOURNAL_DIR); if that process is not a service, remove owner.pid in that folder',
    );
  }
}

/** Who holds a journal: the process, its host, and when the process started (a reused pid is another process). */
interface Owner {
  pid: number;
  host?: string;
  startedAt?: string;
}

/**
 * Takes the folder's `owner.pid` for this process: one writer per journal (two would number entries twice). The file
 * of a process that is gone is taken over: killed with -9, another host's or container's (its host name differs), or
 * a pid now used by another process (its start time differs) — a container's service runs as pid 1 each time.
 */
export function takeOwnerLock(dir: string, file: string): () => void {
  if (HELD_HERE.has(file)) throw new JournalInUseError(dir, process.pid);
  const self = ownerText({ pid: process.pid, host: hostname(), startedAt: startTimeOf(process.pid) });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, self);
      closeSync(fd);
      HELD_HERE.add(file);
      return () => {
        HELD_HERE.delete(file);
        if (readTextOr(file, '') === self) unlinkOr(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseOwner(readTextOr(file, ''));
      if (holder && holdsIt(holder)) throw new JournalInUseError(dir, holder.pid);
      unlinkOr(file);
    }
  }
  throw new Error(`the write journal's owner file ${file} could not be taken`);
}

/** The owner files this process holds: a second open here is refused too (two services in one test process). */
const HELD_HERE = new Set<string>();

function holdsIt(owner: Owner): boolean {
  if (owner.pid === process.pid) return false;
  if (owner.host !== undefined && owner.host !== hostname()) return false;
  if (!isAlive(owner.pid)) return false;
  // Without a start time on either side (not Linux, or an old file) the live pid is taken for the holder.
  const startedAt = startTimeOf(owner.pid);
  return owner.startedAt === undefined || startedAt === undefined || owner.startedAt === startedAt;
}

function ownerText(owner: Owner): string {
  return [owner.pid, owner.host ?? '', owner.startedAt ?? ''].join(' ');
}

function parseOwner(text: string): Owner | undefined {
  const [pid, host, startedAt] = text.trim().split(/\s+/);
  const number = Number.parseInt(pid ?? '', 10);
  if (!Number.isInteger(number) || number <= 0) return undefined;
  return { pid: number, ...(host ? { host } : {}), ...(startedAt ? { startedAt } : {}) };
}

/** The process's start time in clock ticks since boot (Linux `/proc/<pid>/stat`, field 22), with the boot's id. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${fields[19]}`;
  } catch {
    return undefined;
  }
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
