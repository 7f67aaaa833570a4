'use strict';
// Load on a server: one autocannon run, its CPU cost per request (server and PostgreSQL), and A/B pairs of runs.
const autocannon = require('autocannon');
const { cpuMicros } = require('./machine');
const { sumOf } = require('./statistics');

/**
 * @typedef {{ url: string, headers: Record<string, string>, pid: number | undefined, origins?: string[], pids?: (number | undefined)[] }} Target
 * `origins` and `pids` (`--instances`): the load is spread over these servers by connection, and their CPU is summed.
 * @typedef {{ path: string, body?: string }} PathAndBody
 * A body string per request (sent to `path`, else the target's path), or a path and body per request; `method` POST
 * unless given (GET for reads: a path per request, no body).
 * `onResponse`, when given, sees every answer (status and body) under load.
 * @typedef {{ path?: string, method?: string, next: () => string | PathAndBody, onResponse?: (status: number, body: string) => void }} BodySource
 * @typedef {{
 *   rps: number, p50: number, p99: number, requests: number, errors: number, cpuMicrosPerRequest: number | null,
 *   postgresMicrosPerRequest?: number | null,
 * }} Run `postgresMicrosPerRequest`: measured by `loadWithPostgres` only
 * @typedef {Run & { postgresMicrosPerRequest: number | null }} ReadRun
 */

/**
 * One autocannon run; `source.next()` gives a body string, or `{path, body}` for mixed paths.
 * @param {Target} target
 * @param {number} connections
 * @param {number} seconds
 * @param {BodySource} source
 * @returns {Promise<Run>}
 */
async function load(target, connections, seconds, source) {
  const base = new URL(target.url);
  const pids = target.pids ?? [target.pid];
  const cpuBefore = sumOf(pids.map(cpuMicros));
  const result = await autocannon({
    // Several origins (`--instances`): autocannon gives connection i to origin i mod N, one histogram over all of them.
    // Its typings (autocannon.d.ts) know a single url only.
    url: target.origins
      ? /** @type {string} */ (/** @type {unknown} */ (target.origins))
      : `${base.protocol}//${base.host}`,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: source.method ?? 'POST',
        headers: target.headers,
        ...(source.onResponse ? { onResponse: source.onResponse } : {}),
        setupRequest: (request) => {
          const next = source.next();
          if (typeof next === 'string') return { ...request, path: source.path ?? base.pathname, body: next };
          // The baseline books every path the same way; the service dispatches on it.
          return next.body === undefined
            ? { ...request, path: next.path }
            : { ...request, path: next.path, body: next.body };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    // CPU time of the server process per answered request (its own process only, not PostgreSQL's).
    cpuMicrosPerRequest:
      result.requests.total > 0 ? Math.round((sumOf(pids.map(cpuMicros)) - cpuBefore) / result.requests.total) : null,
  };
}

/**
 * The CPU time in µs of each client backend of the client's database (the client's own excluded), by pid.
 * @param {import('pg').Client} client
 * @returns {Promise<Map<number, number>>}
 */
async function backendCpu(client) {
  const { rows } = await client.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
  );
  return new Map(rows.map((row) => [row.pid, cpuMicros(row.pid)]));
}

/**
 * The CPU the backends spent between two readings: those alive at the second, each from its first reading (or its
 * start); backends that ended in between are not counted.
 * @param {Map<number, number>} before
 * @param {Map<number, number>} after
 */
function backendCpuSpent(before, after) {
  let micros = 0;
  for (const [pid, cpu] of after) micros += cpu - (before.get(pid) ?? 0);
  return micros;
}

/**
 * `load`, plus the CPU time the database's client backends spent meanwhile (PostgreSQL's share of a request; only
 * the loaded server's pool is busy during a run).
 * @param {import('pg').Client} client connected to the benchmark's database
 * @param {Target} target
 * @param {number} connections
 * @param {number} seconds
 * @param {BodySource} source
 * @returns {Promise<ReadRun>}
 */
async function loadWithPostgres(client, target, connections, seconds, source) {
  const before = await backendCpu(client);
  const run = await load(target, connections, seconds, source);
  const micros = backendCpuSpent(before, await backendCpu(client));
  return { ...run, postgresMicrosPerRequest: run.requests > 0 ? Math.round(micros / run.requests) : null };
}

/**
 * `pairs` runs of every contestant, the order reversed every other pair so that none always runs on a warmer
 * database; the runs per contestant.
 * @template {string} N
 * @template R
 * @param {N[]} names
 * @param {number} pairs
 * @param {(name: N) => Promise<R>} runOne
 * @returns {Promise<Record<N, R[]>>}
 */
async function alternatingPairs(names, pairs, runOne) {
  const runs = /** @type {Record<N, R[]>} */ (
    /** @type {unknown} */ (Object.fromEntries(names.map((name) => [name, []])))
  );
  for (let pair = 0; pair < pairs; pair++) {
    for (const name of pair % 2 === 0 ? names : [...names].reverse()) runs[name].push(await runOne(name));
  }
  return runs;
}

module.exports = { load, loadWithPostgres, alternatingPairs, backendCpu, backendCpuSpent };
