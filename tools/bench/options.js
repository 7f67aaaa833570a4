'use strict';
// The command line of `npm run bench` (tools/bench/run.js): its options and which benchmark they ask for.
const { join } = require('node:path');
const { parseArgs } = require('node:util');

/** @type {import('node:util').ParseArgsConfig['options']} */
const OPTIONS = {
  app: { type: 'string', default: 'lf' },
  duration: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '5' },
  connections: { type: 'string', default: '1,8,32,64' },
  pairs: { type: 'string', default: '1' },
  out: { type: 'string', default: join(__dirname, 'results') },
  // Another checkout of the project, built (`npx nx run <app>:build` there): its service runs as a fourth contestant
  // in the same pairs, so a change is compared with its base on the same machine minute by minute.
  reference: { type: 'string' },
  // Read mode: fill the read model with this many objects and load the BO4E reads (the booking part is skipped).
  reads: { type: 'string' },
  // Identify mode (NB): fill the read model with this many market locations and load `POST /identifyMarketlocation`.
  identify: { type: 'string' },
  // Read and identify mode: use (create if absent) this database and keep it, filled, for the next run instead of a fresh one.
  'keep-database': { type: 'string' },
  // Node options for the service process (space-separated), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
  // under load (written when the bench stops it), or `--require <file>` to try a change without building it.
  'service-node-args': { type: 'string', default: '' },
  // Booking mode: run N (2–4) instances of the service (and of the reference) on the one database, the load spread
  // over them round-robin by connection; RSS and CPU are summed over the instances.
  instances: { type: 'string' },
  // Scale mode: preload this many stored revisions (booked processes with 1–3 revisions each, tools/bench/process-fill.js;
  // reused with --keep-database) and compare bookings and process reads on it with a fresh empty database, both
  // services running side by side.
  preload: { type: 'string' },
  // Statement mode (with --reference): the create batch statement of this checkout and of the reference alone, through
  // their builds' batchers on one database, in pairs; creates/s and the database server's CPU per create.
  statement: { type: 'boolean', default: false },
  // Statement mode: creates in flight (fewer make smaller batches).
  'in-flight': { type: 'string', default: '64' },
};

/**
 * The parsed options as given (strings) and what the benchmarks read from them.
 * @typedef {{
 *   app: string, duration: string, warmup: string, connections: string, pairs: string, out: string,
 *   reference?: string, reads?: string, identify?: string, 'keep-database'?: string, 'service-node-args': string,
 *   instances?: string, preload?: string, statement: boolean, 'in-flight': string,
 * }} BenchArgs
 * @typedef {{ args: BenchArgs, app: string, role: string, duration: number, connectionLevels: number[] }} BenchOptions
 * @typedef {'booking' | 'scale' | 'reads' | 'identify' | 'statement'} Benchmark
 */

/**
 * Parses the command line; an unknown option or a missing value throws (node:util `parseArgs`, strict).
 * @param {string[]} argv the arguments after the script
 * @returns {BenchOptions}
 */
function parseBenchArgs(argv) {
  const args = /** @type {BenchArgs} */ (parseArgs({ args: argv, options: OPTIONS }).values);
  return {
    args,
    app: args.app,
    role: args.app.toUpperCase(),
    duration: Number(args.duration),
    connectionLevels: args.connections.split(',').map(Number),
  };
}

/**
 * Which benchmark the options ask for: `--preload` the bookings at scale, `--reads` the reads, `--identify` the MaLo
 * identification, `--statement` the create statement against the reference's, else the bookings (A/B against the
 * baseline, the floor and an optional `--reference`).
 * @param {BenchOptions} options
 * @returns {Benchmark}
 */
function benchmarkOf({ args }) {
  if (args.instances !== undefined && (args.reads !== undefined || args.identify !== undefined))
    throw new Error('--instances applies to the booking benchmark only');
  if (args.statement) {
    if (args.reference === undefined) throw new Error('--statement compares with a --reference checkout');
    return 'statement';
  }
  if (args.preload !== undefined) return 'scale';
  if (args.reads !== undefined) return 'reads';
  if (args.identify !== undefined) return 'identify';
  return 'booking';
}

/**
 * How long and how often each contestant is loaded.
 * @param {BenchOptions} options
 */
function loadSettings({ args, duration }) {
  return { duration, warmup: Number(args.warmup), pairs: Number(args.pairs) };
}

module.exports = { OPTIONS, parseBenchArgs, benchmarkOf, loadSettings };
