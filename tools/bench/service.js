'use strict';
// The service under test: started from a checkout's build (one instance or several), its token, and stopping it all.
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { sign } = require('jsonwebtoken');
const { rssMB } = require('./machine');
const { sumOf } = require('./statistics');
const { waitForLive } = require('./wait-for-live');

const JWT_SECRET = 'benchmark-secret-that-is-long-enough-for-hs256';

/**
 * @typedef {{ port: number, readyMs: number, idleRssMB: number | undefined }} InstanceStartup
 * @typedef {{
 *   child: import('node:child_process').ChildProcess, readyMs: number, idleRssMB: number | undefined,
 *   children?: import('node:child_process').ChildProcess[], ports?: number[], totalIdleRssMB?: number,
 *   instances?: InstanceStartup[],
 * }} Started a started service: one process, or (`--instances`) several, `child` being the first
 * @typedef {{ readyMs: number, idleRssMB: number | undefined, instances?: InstanceStartup[], totalIdleRssMB?: number }} Startup
 */

/**
 * A bearer token of the role for the service (HS256, an hour).
 * @param {string} role
 */
function benchToken(role) {
  return sign({ roles: [role] }, JWT_SECRET, { algorithm: 'HS256', subject: 'bench', expiresIn: 3600 });
}

/**
 * Starts the app's production build of a checkout; resolves when it is live, with its time to ready and idle RSS.
 * @param {import('./options').BenchOptions} options the app and `--service-node-args`
 * @param {string} databaseUrl
 * @param {number} port
 * @param {string} checkout the project's root whose build of the app runs
 * @returns {Promise<Started>}
 */
async function startService({ app, args }, databaseUrl, port, checkout) {
  const started = process.hrtime.bigint();
  const nodeArgs = args['service-node-args'].split(' ').filter((arg) => arg !== '');
  // Each service its own write journal (one writer per folder): several run at once, and the checkout's own stays free.
  const journalDir = mkdtempSync(join(tmpdir(), 'maco-bench-journal-'));
  const child = spawn(process.execPath, [...nodeArgs, join(checkout, 'apps', app, 'dist', 'main.js')], {
    cwd: checkout,
    // The load comes from one token: the rate limit runs (its cost is measured) but at a limit the load never reaches.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: '10000000',
      JOURNAL_DIR: journalDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A service that exits before it is live (its port taken by a leftover) must fail the run, not let another answer.
  child.once('exit', () => rmSync(journalDir, { recursive: true, force: true }));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(`exited with ${code}`)));
  const live = waitForLive(`http://127.0.0.1:${port}/health/live`, 20_000).then(
    () => 'live',
    (/** @type {Error} */ error) => error.message,
  );
  const outcome = await Promise.race([live, exited]);
  if (outcome !== 'live') throw new Error(`${app} of ${checkout}: ${outcome} (port ${port})`);
  const readyMs = Number((process.hrtime.bigint() - started) / 1_000_000n);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return { child, readyMs, idleRssMB: rssMB(child.pid) };
}

/**
 * Migrates a database by starting a checkout's service on it once and waiting until it has exited again.
 * @param {import('./options').BenchOptions} options
 * @param {string} databaseUrl
 * @param {number} port
 * @param {string} checkout
 */
async function migrateWithService(options, databaseUrl, port, checkout) {
  const { child } = await startService(options, databaseUrl, port, checkout);
  await new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'));
}

/**
 * `--instances N`: N instances of a checkout's service on one database, on consecutive ports from `firstPort`, started
 * one after the other (the first migrates). `readyMs` and `idleRssMB` are the worst instance's (the targets are per
 * process); `totalIdleRssMB` is their sum.
 * @param {import('./options').BenchOptions} options
 * @param {string} databaseUrl
 * @param {number} firstPort
 * @param {string} checkout
 * @param {number} count
 * @returns {Promise<Started>}
 */
async function startInstances(options, databaseUrl, firstPort, checkout, count) {
  const ports = Array.from({ length: count }, (_, i) => firstPort + i);
  const started = [];
  for (const port of ports) started.push(await startService(options, databaseUrl, port, checkout));
  const idle = started.map((instance) => instance.idleRssMB);
  return {
    child: started[0].child,
    children: started.map((instance) => instance.child),
    ports,
    readyMs: Math.max(...started.map((instance) => instance.readyMs)),
    idleRssMB: idle.every((mb) => mb !== undefined) ? Math.max(.../** @type {number[]} */ (idle)) : undefined,
    totalIdleRssMB: sumOf(idle.map((mb) => mb ?? 0)),
    instances: started.map((instance, i) => ({
      port: ports[i],
      readyMs: instance.readyMs,
      idleRssMB: instance.idleRssMB,
    })),
  };
}

/**
 * The target fields that spread a load over started instances (none for a single service).
 * @param {{ ports?: number[], children?: import('node:child_process').ChildProcess[] }} started
 * @returns {Pick<import('./load').Target, 'origins' | 'pids'>}
 */
function spread(started) {
  if (!started.ports || !started.children) return {};
  return {
    origins: started.ports.map((port) => `http://127.0.0.1:${port}`),
    pids: started.children.map((child) => child.pid),
  };
}

/**
 * Stops the started processes (SIGTERM) and gives them half a second to let go of their databases.
 * @param {import('node:child_process').ChildProcess[]} children
 */
async function stopAll(children) {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

module.exports = { JWT_SECRET, benchToken, migrateWithService, startService, startInstances, spread, stopAll };
