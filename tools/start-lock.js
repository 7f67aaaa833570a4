'use strict';
// One start at a time per workspace: `npm run start:lf`, `start:nb` and `start:msb` launched together each ran an Nx
// build whose tasks empty the shared libraries' dist while another service was loading them.
const { mkdirSync, openSync, closeSync, writeSync, readFileSync, rmSync } = require('node:fs');
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
 * Takes the lock file `file` (created exclusively, holding this process's pid), waiting while a live process holds it.
 * @param {string} file
 * @param {{ timeoutMs?: number, pollMs?: number, onWait?: (holder: number) => void }} [options]
 * @returns {() => void} gives the lock back (once; also on exit)
 */
function acquireStartLock(file, { timeoutMs = 10 * 60_000, pollMs = 200, onWait } = {}) {
  mkdirSync(dirname(file), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readHolder(file), 10);
    if (!Number.isInteger(holder) || !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another start (pid ${holder}) holds ${file} for too long`);
    if (!told) onWait?.(holder);
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

/** @param {string} file */
function readHolder(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

module.exports = { acquireStartLock };
