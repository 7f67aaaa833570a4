'use strict';
// What the machine is and what its processes use: CPU time and resident memory from /proc (Linux).
const { cpus } = require('node:os');
const { readFileSync } = require('node:fs');
const { sumOf } = require('./statistics');

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node supports

/** @typedef {{ node: string, cpus: number, cpuModel: string | undefined }} Machine */

/** @returns {Machine} */
function machineFacts() {
  const all = cpus();
  return { node: process.version, cpus: all.length, cpuModel: all[0]?.model };
}

/**
 * User + system CPU time of a process in µs, from /proc (Linux); 0 where unavailable.
 * @param {number | undefined} pid
 */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** @param {number | undefined} pid */
function rssMB(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The resident memory of a target's server processes together, MB.
 * @param {{ pid: number | undefined, pids?: (number | undefined)[] }} target
 */
function totalRssMB(target) {
  if (!target.pids) return rssMB(target.pid);
  const each = target.pids.map(rssMB);
  return each.every((mb) => mb !== undefined) ? sumOf(/** @type {number[]} */ (each)) : undefined;
}

module.exports = { machineFacts, cpuMicros, rssMB, totalRssMB };
