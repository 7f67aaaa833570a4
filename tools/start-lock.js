'use strict';
// One start at a time per workspace: `npm run start:lf`, `start:nb` and `start:msb` launched together each ran an Nx
// build whose tasks empty the shared libraries' dist while another service was loading them.
const { mkdirSync, linkSync, writeFileSync, readFileSync, rmSync } = require('node:fs');
const { dirname } = require('node:path');

const SLEEP = new Int32Array(new SharedArrayBuffer(4));

/**
 * Whether the process `pid` still runs (a lock whose holder died is taken over).
 * @param {number} pid
 */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Creates `file` holding this process's pid, or returns false when it exists. The pid is written to a file of this
 * process first and linked into place: a lock is never seen empty (an empty lock was once taken for a dead one).
 * @param {string} file
 */
function create(file) {
  const own = `${file}.${process.pid}`;
  writeFileSync(own, String(process.pid));
  try {
    linkSync(own, file);
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * Removes the lock of the dead `holder`. Only the holder of `<file>.takeover` removes a lock, and only while it still
 * names the dead start: a waiter that comes late cannot remove the lock a live start has taken meanwhile.
 * @param {string} file
 * @param {string} holder
 */
function removeStale(file, holder) {
  const takeover = `${file}.takeover`;
  if (!create(takeover)) {
    const other = readHolder(takeover);
    const pid = Number.parseInt(other ?? '', 10);
    if (other !== undefined && (!Number.isInteger(pid) || !alive(pid))) rmSync(takeover, { force: true });
    return;
  }
  try {
    if (readHolder(file) === holder) rmSync(file, { force: true });
  } finally {
    rmSync(takeover, { force: true });
  }
}

/**
 * Takes the lock file `file` (holding this process's pid), waiting while a live process holds it.
 * @param {string} file
 * @param {{ timeoutMs?: number, pollMs?: number, onWait?: (holder: number) => void }} [options]
 * @returns {() => void} gives the lock back (once; also on exit)
 */
function acquireStartLock(file, { timeoutMs = 10 * 60_000, pollMs = 200, onWait } = {}) {
  mkdirSync(dirname(file), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let told = false;
  while (!create(file)) {
    const holder = readHolder(file);
    if (holder === undefined) continue; // let go just now
    const pid = Number.parseInt(holder, 10);
    if (!Number.isInteger(pid) || !alive(pid)) {
      removeStale(file, holder);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another start (pid ${holder}) holds ${file} for too long`);
    if (!told) onWait?.(pid);
    told = true;
    Atomics.wait(SLEEP, 0, 0, pollMs);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    if (readHolder(file) === String(process.pid)) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return release;
}

/**
 * The pid written in `file`, or undefined when there is no such file.
 * @param {string} file
 */
function readHolder(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
}

module.exports = { acquireStartLock };
