#!/usr/bin/env node
// The failover drill (docs/operations.md, "The drill"): the LF service books under load against the cluster of
// tools/ha/cluster.sh, the primary is killed hard in the middle, the service must find the promoted standby by itself
// and — with its write journal — answer every write 2xx meanwhile; afterwards every write answered 2xx must be booked,
// exactly once.
//
//   tools/ha/cluster.sh up && node tools/ha/drill.js [--warmup 5] [--before 10] [--after 10] [--rejoin-load 10]
//     [--connections 16] [--rate N] [--max-outage 120] [--drain-timeout 120] [--allow-non-2xx] [--no-build]
//     [--no-rejoin]
//
// 1. makes sure the cluster has a primary and a synchronous standby (starts a stopped node and waits for it: the node a
//    previous drill killed rejoins as standby);
// 2. builds the LF service (Nx, a no-op when nothing changed) and starts it on DATABASE_URL = both nodes with
//    target_session_attrs=read-write, its write journal in a fresh folder of the run (HA_DIR/drill/<run>-journal); it
//    migrates the database itself;
// 3. books with --connections concurrent clients, each request a create with a business key of its own; every answer
//    is a line of the log (HA_DIR/drill/<run>.ndjson: key, status, class — booked, journaled, refused, transport —,
//    problem or socket code, start and end);
// 4. after --warmup and --before seconds: `cluster.sh kill-primary` (SIGKILL of the primary's keeper and PostgreSQL);
// 5. keeps booking until the database takes writes again (a direct booking, or the journal's replay booking an entry),
//    then --after seconds more; meanwhile it records the monitor's states, the service's readiness and its journal;
// 6. waits until GET /journal reports 0 entries (at most --drain-timeout seconds, else the drill fails);
// 7. restarts the killed node (it rejoins as the standby: `cluster.sh rejoin`) and, when the journal drained, books
//    --rejoin-load seconds more, with synchronous replication again;
// 8. stops the service, reads what is left in its journal (nothing, when it drained) and the new primary: every key
//    answered 2xx (booked or journaled) must have exactly one process row, its create as revision 1 and no other
//    revision — or still be in the journal (the drill has failed then, but nothing is lost);
// 9. prints the figures (and writes them to HA_DIR/drill/<run>.json).
// Exit 0 when every 2xx is booked exactly once, the journal drained, the database came back and every write was
// answered 2xx (--allow-non-2xx: whatever the other answers); 1 otherwise; 2 when it cannot run.
'use strict';
const { execFile, execFileSync, spawn } = require('node:child_process');
const { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const { join } = require('node:path');
const { parseArgs, promisify } = require('node:util');
const { sign } = require('jsonwebtoken');
const { Client } = require('pg');
const { classify, count, verdict } = require('./drill-count');

const ROOT = join(__dirname, '..', '..');
const CLUSTER = join(__dirname, 'cluster.sh');
const JWT_SECRET = 'failover-drill-secret-that-is-long-enough-for-hs256';

const { values: args } = parseArgs({
  options: {
    // Load before the measured window (the service's first requests: JIT, connections, prepared statements).
    warmup: { type: 'string', default: '5' },
    before: { type: 'string', default: '10' },
    after: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    // At most this many requests per second from all clients together (a caller sending at its own pace). Unset: each
    // client sends its next request as soon as it has its answer (the load then follows the service's answer time).
    rate: { type: 'string' },
    'max-outage': { type: 'string', default: '120' },
    port: { type: 'string', default: '23201' },
    // Pause of a client after an answer other than 2xx (or none), as a caller that retries later would (and so that the
    // clients do not take the CPU the promotion needs on a small machine).
    'pause-ms': { type: 'string', default: '50' },
    // After the load: how long the service's write journal may take to book what it kept (GET /journal → 0 entries).
    'drain-timeout': { type: 'string', default: '120' },
    // Exit 0 despite writes answered other than 2xx (or not answered): only missing or twice-booked writes and a
    // journal that does not drain fail the drill then. By default any such answer fails it (the goal is none).
    'allow-non-2xx': { type: 'boolean', default: false },
    build: { type: 'boolean', default: true },
    // After the drill: restart the killed node (it rejoins as the standby) and book this many seconds more.
    rejoin: { type: 'boolean', default: true },
    'rejoin-load': { type: 'string', default: '10' },
  },
  allowNegative: true,
});
const warmupS = Number(args.warmup);
const beforeS = Number(args.before);
const afterS = Number(args.after);
const connections = Number(args.connections);
const maxOutageS = Number(args['max-outage']);
const port = Number(args.port);
const pauseMs = Number(args['pause-ms']);
const rejoinLoadS = Number(args['rejoin-load']);
const drainTimeoutS = Number(args['drain-timeout']);
const rate = args.rate === undefined ? undefined : Number(args.rate);

const log = (/** @type {string} */ message) =>
  process.stderr.write(`[drill ${new Date().toISOString().slice(11, 23)}] ${message}\n`);
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @returns {Record<string, string>} */
function clusterEnv() {
  const out = execFileSync(CLUSTER, ['env'], { encoding: 'utf8' });
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** Single-host URLs of the host list (the same split the service does, libs/database/src/host-list.ts). */
function hostUrls(/** @type {string} */ url) {
  const [, scheme, userInfo, hosts, tail] = /^(postgres(?:ql)?:\/\/)([^@/]*@)?([^/?#]*)(.*)$/.exec(url) ?? [];
  return hosts
    .split(',')
    .map(
      (host) =>
        `${scheme}${userInfo ?? ''}${host}${tail.replace(/[?&]target_session_attrs=[^&]*/, '').replace(/^\/([^?]*)&/, '/$1?')}`,
    );
}

/** @param {string} url @param {(client: import('pg').Client) => Promise<any>} work */
async function withClient(url, work) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** @returns {Promise<{ name: string, port: number, reported: string, goal: string }[]>} */
async function nodeStates(/** @type {string} */ monitorUrl) {
  return withClient(
    monitorUrl,
    async (client) =>
      (
        await client.query(
          'SELECT nodename AS name, nodeport AS port, reportedstate AS reported, goalstate AS goal FROM pgautofailover.node ORDER BY nodeid',
        )
      ).rows,
  );
}

const describeStates = (/** @type {Awaited<ReturnType<typeof nodeStates>>} */ nodes) =>
  nodes.map((n) => `${n.name}=${n.reported}/${n.goal}`).join(' ');

/** The cluster with a primary and a secondary (a node stopped by a previous drill is started and awaited). */
async function healthyCluster(/** @type {Record<string, string>} */ env) {
  const healthy = (/** @type {Awaited<ReturnType<typeof nodeStates>>} */ nodes) =>
    nodes.length === 2 &&
    nodes.some((n) => n.reported === 'primary' && n.goal === 'primary') &&
    nodes.some((n) => n.reported === 'secondary' && n.goal === 'secondary');
  let nodes = await nodeStates(env.MONITOR_URL).catch(() => []);
  if (!healthy(nodes)) {
    log(
      `cluster not at primary + secondary (${describeStates(nodes) || 'monitor unreachable'}): tools/ha/cluster.sh rejoin`,
    );
    execFileSync(CLUSTER, ['rejoin'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const started = Date.now();
    // 360 s: when pg_rewind fails, the keeper's base backup first waits for a spread checkpoint on the new primary
    // (up to checkpoint_completion_target × checkpoint_timeout = 4.5 min after a journal's replay wrote much).
    while (!healthy(nodes)) {
      if (Date.now() - started > 360_000)
        throw new Error(`the cluster did not reach primary + secondary within 360 s: ${describeStates(nodes)}`);
      await sleep(1000);
      nodes = await nodeStates(env.MONITOR_URL).catch(() => []);
    }
    log(`cluster healthy again after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const primary = nodes.find((n) => n.reported === 'primary');
  const primaryUrl = hostUrls(env.DATABASE_URL).find((url) => url.includes(`:${primary?.port}/`));
  if (!primaryUrl) throw new Error(`no URL of the primary's port ${primary?.port} in ${env.DATABASE_URL}`);
  // Synchronous replication: the primary's commit waits for the standby (quorum or sync), else a 200 could be lost.
  const replication = await withClient(primaryUrl, async (client) => ({
    synchronousStandbyNames: (await client.query('SHOW synchronous_standby_names')).rows[0].synchronous_standby_names,
    synchronousCommit: (await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit,
    standbys: (await client.query('SELECT application_name, state, sync_state FROM pg_stat_replication')).rows,
  }));
  if (
    !replication.synchronousStandbyNames ||
    !replication.standbys.some((/** @type {any} */ s) => ['sync', 'quorum'].includes(s.sync_state))
  ) {
    throw new Error(`the primary replicates asynchronously: ${JSON.stringify(replication)}`);
  }
  return { nodes, primary, replication };
}

function buildService() {
  log('building the LF service (nx run lf:build)');
  execFileSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'run', 'lf:build', '--output-style=static'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
}

/** The LF service of this checkout (tools/ha/checkout-libs.js: its libraries, also in a worktree sharing node_modules). */
async function startService(
  /** @type {string} */ databaseUrl,
  /** @type {string} */ logFile,
  /** @type {{ journalDir: string, dataDir: string }} */ dirs,
) {
  const out = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    ['-r', join(__dirname, 'checkout-libs.js'), join(ROOT, 'apps', 'lf', 'dist', 'main.js')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
        PORT: String(port),
        HOST: '127.0.0.1',
        RATE_LIMIT: '0',
        LOG_LEVEL: process.env.DRILL_SERVICE_LOG_LEVEL ?? 'warn',
        // A journal of the run's own, empty at the start (never the working tree's .data/lf/journal, which another
        // service of this checkout may hold), and the service's other files beside it.
        JOURNAL_DIR: dirs.journalDir,
        MACO_DATA_DIR: dirs.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the service exited with ${child.exitCode} at start (log: ${logFile})`);
    const { status } = await get(`http://127.0.0.1:${port}/health/ready`).catch(() => ({ status: 0 }));
    if (status === 200) break;
    if (Date.now() - started > 60_000) throw new Error(`the service was not ready within 60 s (log: ${logFile})`);
    await sleep(250);
  }
  log(`service ready on :${port} in ${Date.now() - started} ms (log: ${logFile}, journal: ${dirs.journalDir})`);
  return child;
}

/** @returns {Promise<{ status: number, body: string }>} */
function get(/** @type {string} */ url, /** @type {string | undefined} */ token = undefined) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { timeout: 2000, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** @returns {any} */
const parsed = (/** @type {string} */ text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The service's journal counters (`maco_journaled_total`, `…_replayed_total`, `maco_writes_withheld_total`). */
async function journalCounters() {
  const { body } = await get(`http://127.0.0.1:${port}/metrics`);
  /** @type {{ journaled: number, replayed: number, withheld: number }} */
  const sums = { journaled: 0, replayed: 0, withheld: 0 };
  /** @type {Record<string, number>} */
  const series = {};
  for (const line of body.split('\n')) {
    const match =
      /^(maco_journaled_total|maco_journal_replayed_total|maco_writes_withheld_total)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match) continue;
    const value = Number(match[3]);
    series[`${match[1]}${match[2] ?? ''}`] = value;
    if (match[1] === 'maco_journaled_total') sums.journaled += value;
    else if (match[1] === 'maco_journal_replayed_total') sums.replayed += value;
    else sums.withheld += value;
  }
  return { ...sums, series };
}

/** The role's create samples as templates, a business key of its own per request (as tools/bench does). */
function bodies(/** @type {string} */ run) {
  const dir = join(ROOT, 'reference', 'samples');
  const files = [
    ...readdirSync(dir).map((f) => join(dir, f)),
    ...readdirSync(join(dir, 'upstream')).map((f) => join(dir, 'upstream', f)),
  ].filter((f) => /[/\\]lf-create-[^/\\]*\.json$/.test(f));
  const templates = files.map((file) => {
    const body = JSON.parse(readFileSync(file, 'utf8'));
    body.zusatzdaten = { ...body.zusatzdaten, businessKey: '__KEY__' };
    return JSON.stringify(body).split('"__KEY__"');
  });
  let counter = 0;
  return () => {
    const key = `drill-${run}-${counter}`;
    const template = templates[counter++ % templates.length];
    return { key, body: template[0] + JSON.stringify(key) + template[1] };
  };
}

/** @typedef {import('./drill-count').Answer} Answer */

/** One booking; resolves with its answer (classified: booked, journaled, refused, transport), never rejects. */
function book(
  /** @type {http.Agent} */ agent,
  /** @type {string} */ token,
  /** @type {{ key: string, body: string }} */ booking,
) {
  const start = Date.now();
  /** @returns {Answer} */
  const noAnswer = (/** @type {any} */ error) => ({
    key: booking.key,
    status: 0,
    ...classify(0, error.code ?? error.message),
    start,
    end: Date.now(),
  });
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/createProcessData',
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-request-id': booking.key,
          'content-length': Buffer.byteLength(booking.body),
        },
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({
            key: booking.key,
            status,
            ...classify(status, Buffer.concat(chunks).toString('utf8')),
            start,
            end: Date.now(),
          });
        });
        response.on('error', (error) => resolve(noAnswer(error)));
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })),
    );
    request.on('error', (error) => resolve(noAnswer(error)));
    request.end(booking.body);
  });
}

async function main() {
  const env = clusterEnv();
  const cluster = await healthyCluster(env);
  log(
    `cluster: ${describeStates(cluster.nodes)}; synchronous_standby_names = ${cluster.replication.synchronousStandbyNames}`,
  );
  if (args.build) buildService();

  const run = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const outDir = join(env.HA_DIR, 'drill');
  const journalDir = join(outDir, `${run}-journal`);
  mkdirSync(outDir, { recursive: true });
  const service = await startService(env.DATABASE_URL, join(outDir, `${run}-service.log`), {
    journalDir,
    dataDir: join(outDir, `${run}-data`),
  });
  // SIGTERM: the service answers what is in flight, stops its journal's replay and exits.
  const stopService = async () => {
    if (service.exitCode === null && service.signalCode === null) service.kill('SIGTERM');
    await new Promise((resolve) =>
      service.exitCode !== null || service.signalCode !== null ? resolve(undefined) : service.once('exit', resolve),
    );
  };
  const answersFile = join(outDir, `${run}.ndjson`);
  const answerLog = createWriteStream(answersFile);
  /** @type {Answer[]} */
  const answers = [];
  /** @type {{ at: number, event: string }[]} */
  const timeline = [];
  const mark = (/** @type {string} */ event, at = Date.now()) => {
    timeline.push({ at, event });
    log(event);
  };

  try {
    const token = sign({ roles: ['LF'] }, JWT_SECRET, {
      algorithm: 'HS256',
      subject: 'failover-drill',
      expiresIn: 3600,
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const next = bodies(run);
    // When the primary was killed (none yet: no answer started after it).
    let killAt = Infinity;
    /** When the drill first saw the database take a write after the kill: a direct booking, or a journal replay. */
    /** @type {number | undefined} */
    let dbBackSeenAt;
    // --rate: the next request's time, shared by the clients (a client late by more than 200 ms does not catch up).
    let nextSlot = 0;
    const pace = async () => {
      if (!rate) return;
      const now = Date.now();
      nextSlot = Math.max(nextSlot + 1000 / rate, now - 200);
      if (nextSlot > now) await sleep(nextSlot - now);
    };
    /** Starts `connections` clients booking one after the other; the returned function stops them and waits. */
    const startLoad = () => {
      let stopping = false;
      const worker = async () => {
        while (!stopping) {
          await pace();
          if (stopping) break;
          const answer = await book(agent, token, next());
          answers.push(answer);
          answerLog.write(`${JSON.stringify(answer)}\n`);
          if (dbBackSeenAt === undefined && answer.cls === 'booked' && answer.start > killAt) dbBackSeenAt = answer.end;
          if (answer.cls === 'refused' || answer.cls === 'transport') await sleep(pauseMs);
        }
      };
      const workers = Array.from({ length: connections }, worker);
      return async () => {
        stopping = true;
        await Promise.all(workers);
      };
    };

    // What GET /journal reports (entries waiting), as it is read.
    /** @type {[number, number][]} */
    const journalSamples = [];
    let journalEntries = 0;
    let journalMaxEntries = 0;
    /** @type {number | undefined} */
    let journalEmptyAt;
    const readJournal = async () => {
      const { status, body } = await get(`http://127.0.0.1:${port}/journal`, token);
      const entries = status === 200 ? parsed(body)?.entries : undefined;
      if (typeof entries !== 'number') throw new Error(`GET /journal answered ${status}: ${body.slice(0, 200)}`);
      const at = Date.now();
      journalSamples.push([at, entries]);
      journalMaxEntries = Math.max(journalMaxEntries, entries);
      if (entries > 0 && journalEntries === 0) mark(`journal: ${entries} entries waiting`, at);
      if (entries === 0 && journalEntries > 0) {
        mark(`journal: empty (at most ${journalMaxEntries} entries waited)`, at);
        if (at > killAt && journalEmptyAt === undefined) journalEmptyAt = at;
      }
      journalEntries = entries;
      return entries;
    };

    // The monitor's states, the service's readiness and its journal, every 250 ms, as they change.
    let watching = true;
    let lastStates = '';
    let lastReady = '';
    let replayedSeen = 0;
    const watch = (async () => {
      while (watching) {
        const states = await nodeStates(env.MONITOR_URL)
          .then(describeStates)
          .catch(() => 'monitor unreachable');
        if (states !== lastStates) mark(`monitor: ${(lastStates = states)}`);
        const ready = await get(`http://127.0.0.1:${port}/health/ready`)
          .then(({ status, body }) => `${status}${parsed(body)?.status ? ` ${parsed(body).status}` : ''}`)
          .catch((error) => `no answer (${error.code ?? error.message})`);
        if (ready !== lastReady) mark(`service /health/ready: ${(lastReady = ready)}`);
        await readJournal().catch((error) => mark(`journal: ${error.message}`));
        const counters = await journalCounters().catch(() => undefined);
        if (counters && counters.replayed > replayedSeen) {
          if (replayedSeen === 0) mark(`journal: the replay booked its first entry`);
          if (dbBackSeenAt === undefined && Date.now() > killAt) dbBackSeenAt = Date.now();
          replayedSeen = counters.replayed;
        }
        await sleep(250);
      }
    })();

    /** Until GET /journal reports 0 entries (true), or `seconds` passed (false). */
    const drain = async (/** @type {number} */ seconds) => {
      const from = Date.now();
      for (;;) {
        const entries = await readJournal().catch(() => -1);
        if (entries === 0) {
          if (journalEmptyAt === undefined && answers.some((a) => a.cls === 'journaled')) journalEmptyAt = Date.now();
          return true;
        }
        if (Date.now() - from > seconds * 1000) return false;
        await sleep(250);
      }
    };

    mark(`load: ${connections} clients booking (${warmupS} s warm-up)`);
    let stopLoad = startLoad();
    await sleep(warmupS * 1000);
    const loadStart = Date.now();
    mark('measuring');
    await sleep(beforeS * 1000);

    // Asynchronously: the clients keep booking (and their answers keep their times) while the script runs. The kill's
    // time is the one the script took right before its `kill`: requests started before it may still succeed.
    const killed = (await promisify(execFile)(CLUSTER, ['kill-primary'], { encoding: 'utf8' })).stdout.trim();
    const killedAt = Date.parse(/ at (\S+Z)$/.exec(killed)?.[1] ?? '');
    if (Number.isNaN(killedAt)) throw new Error(`kill-primary said: ${killed}`);
    killAt = killedAt;
    dbBackSeenAt = answers.find((a) => a.cls === 'booked' && a.start > killedAt)?.end;
    mark(killed, killAt);

    while (dbBackSeenAt === undefined && Date.now() - killAt < maxOutageS * 1000) await sleep(100);
    const recovered = dbBackSeenAt !== undefined;
    if (!recovered) mark(`the database took no write within ${maxOutageS} s of the kill`);
    else {
      mark('the database takes writes again (first direct booking or journal replay seen)', dbBackSeenAt);
      await sleep(afterS * 1000);
    }
    await stopLoad();
    const loadEnd = Date.now();
    mark(`load stopped: ${answers.length} answers, ${answers.filter((a) => a.cls === 'journaled').length} journaled`);

    // What the journal kept must be booked before the standby comes back (and before the check).
    let drained = await drain(recovered ? drainTimeoutS : 0);
    const drainUntil = Date.now();
    mark(
      drained
        ? 'journal drained'
        : `journal not drained within ${drainTimeoutS} s: ${journalEntries} entries left${args.rejoin ? ' (no load after the rejoin)' : ''}`,
    );

    // The killed node back as the standby (pg_rewind, else a base backup), then bookings with synchronous replication
    // again: the third throughput figure.
    /** @type {{ restartToHealthyMs: number, from: number, to: number } | undefined} */
    let rejoined;
    if (args.rejoin && recovered) {
      const restarted = Date.now();
      const healthy = await healthyCluster(env).catch((error) => {
        mark(`the cluster is not back to primary + standby: ${error.message}`);
        return undefined;
      });
      if (healthy) {
        mark(
          `redundancy back: ${describeStates(healthy.nodes)}, synchronous_standby_names = ${healthy.replication.synchronousStandbyNames}`,
        );
        if (rejoinLoadS > 0 && drained) {
          const from = Date.now();
          stopLoad = startLoad();
          await sleep(rejoinLoadS * 1000);
          await stopLoad();
          rejoined = { restartToHealthyMs: from - restarted, from, to: Date.now() };
          mark(`load with the standby back stopped: ${answers.length} answers in all`);
          drained = await drain(drainTimeoutS);
          if (!drained) mark(`journal not drained within ${drainTimeoutS} s after the load with the standby back`);
        } else rejoined = { restartToHealthyMs: Date.now() - restarted, from: 0, to: 0 };
      }
    }
    watching = false;
    await watch;
    const counters = await journalCounters().catch(() => undefined);
    answerLog.end();
    agent.destroy();

    // The service stopped, what is left in its journal stays as it is: the check does not race the replay.
    await stopService();
    const pending = journalLeft(journalDir);
    if (pending.size) mark(`the stopped service's journal holds ${pending.size} entries`);

    // Row by row: every key answered 2xx has exactly one process, its create as revision 1, on the (new) primary.
    const primaryUrl = await findPrimary(env.DATABASE_URL);
    const stored = await storedKeys(
      primaryUrl,
      answers.map((a) => a.key),
    );
    const counted = count({
      answers,
      stored,
      pending,
      killAt,
      loadStart,
      loadEnd,
      drainUntil,
      journalEmptyAt: drained ? journalEmptyAt : undefined,
      journalMaxEntries,
      rejoined: rejoined?.to ? rejoined : undefined,
    });
    const judged = verdict(counted, { allowNon2xx: args['allow-non-2xx'] ?? false, recovered });
    const report = figures({
      counted,
      judged,
      answers,
      killAt,
      dbBackSeenAt,
      loadStart,
      rejoined,
      timeline,
      journalSamples,
      counters,
      cluster,
      killed,
      answersFile,
      journalDir,
      primaryUrl,
      haDir: env.HA_DIR,
    });
    writeFileSync(join(outDir, `${run}.json`), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(markdown(report));
    log(`figures: ${join(outDir, `${run}.json`)}; every answer: ${answersFile}`);
    for (const reason of judged.reasons) log(`FAILED: ${reason}`);
    process.exitCode = judged.exitCode;
  } finally {
    await stopService();
  }
}

/**
 * The request ids (the drill's keys) of the entries left in a journal, read with the service stopped — through the
 * lib's own source (`WriteJournal.read`, as `npm run journal` does), so that its LMDB options are the service's.
 */
function journalLeft(/** @type {string} */ dir) {
  /** @type {Set<string>} */
  const keys = new Set();
  if (!existsSync(join(dir, 'journal.mdb'))) return keys;
  require('../ts-require');
  const { WriteJournal } = require('../../libs/journal/src/write-journal.ts');
  const journal = WriteJournal.read(dir);
  try {
    for (const entry of journal.entries()) keys.add(entry.requestId);
  } finally {
    void journal.close();
  }
  return keys;
}

async function findPrimary(/** @type {string} */ url) {
  for (const candidate of hostUrls(url)) {
    const writable = await withClient(
      candidate,
      async (client) => (await client.query('SELECT NOT pg_is_in_recovery() AS writable')).rows[0].writable,
    ).catch(() => false);
    if (writable) return candidate;
  }
  throw new Error('no primary to check the bookings on');
}

/**
 * What the database holds of each key (drill-count.js, StoredKey): its process rows, their revisions, whether
 * revision 1 is the create and its request id, the record's created_at; read in batches.
 * @returns {Promise<Map<string, import('./drill-count').StoredKey>>}
 */
async function storedKeys(/** @type {string} */ url, /** @type {string[]} */ keys) {
  return withClient(url, async (client) => {
    /** @type {Map<string, import('./drill-count').StoredKey>} */
    const found = new Map();
    for (let i = 0; i < keys.length; i += 5000) {
      const { rows } = await client.query(
        `SELECT r.business_key AS key,
                count(DISTINCT r.id)::int AS records,
                count(v.record_id)::int AS revisions,
                coalesce(bool_or(v.revision = 1 AND v.operation = 'create'), false) AS first,
                min(v.request_id) FILTER (WHERE v.revision = 1) AS request_id,
                (extract(epoch FROM min(r.created_at)) * 1000)::float8 AS created_ms
           FROM process_record r
           LEFT JOIN process_revision v ON v.record_id = r.id
          WHERE r.role = 'LF' AND r.business_key = ANY($1::text[])
          GROUP BY r.business_key`,
        [keys.slice(i, i + 5000)],
      );
      for (const row of rows)
        found.set(row.key, {
          records: row.records,
          revisions: row.revisions,
          first: row.first,
          requestId: row.request_id,
          createdAt: row.created_ms,
        });
    }
    return found;
  });
}

/** @param {any} r */
function figures(r) {
  const { counted, killAt } = r;
  // The first monitor state after the kill in which the other node is the (wait_)primary.
  const killedNode = /^killed (\S+)/.exec(r.killed)?.[1];
  const promotion = r.timeline.find(
    (/** @type {any} */ t) =>
      t.at > killAt &&
      t.event.startsWith('monitor:') &&
      [...t.event.matchAll(/(\S+)=\S+\/(?:wait_primary|primary)\b/g)].some((m) => m[1] !== killedNode),
  );
  const cpus = os.cpus();
  return {
    date: new Date(r.loadStart).toISOString(),
    verdict: r.judged,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      load1: os.loadavg()[0],
      node: process.version,
    },
    settings: {
      connections,
      ratePerS: rate ?? null,
      warmupS,
      beforeS,
      afterS,
      rejoinLoadS,
      pauseMsAfterFailure: pauseMs,
      drainTimeoutS,
      allowNon2xx: args['allow-non-2xx'] ?? false,
      timeouts: readFileSync(join(r.haDir, '.maco-ha'), 'utf8').trim(),
      journalDir: r.journalDir,
    },
    cluster: {
      before: describeStates(r.cluster.nodes),
      synchronousStandbyNames: r.cluster.replication.synchronousStandbyNames,
      synchronousCommit: r.cluster.replication.synchronousCommit,
    },
    killed: r.killed,
    failover: {
      ...counted.gap,
      killToPromotionMs: promotion ? promotion.at - killAt : null,
      killToDatabaseBackSeenMs: r.dbBackSeenAt ? r.dbBackSeenAt - killAt : null,
    },
    answers: counted.answers,
    journal: { ...counted.journal, serviceCounters: r.counters ?? null },
    throughput: counted.throughput,
    rejoin: r.rejoined ? { restartToHealthyMs: r.rejoined.restartToHealthyMs } : null,
    bookings: counted.bookings,
    checkedOn: r.primaryUrl.replace(/\/\/[^@]*@/, '//'),
    timeline: [...r.timeline]
      .sort((/** @type {any} */ a, /** @type {any} */ b) => a.at - b.at)
      .map((/** @type {any} */ t) => ({ atMs: t.at - killAt, event: t.event })),
    // GET /journal's entries as read, [ms from the kill, entries], where they changed.
    journalSamples: r.journalSamples
      .filter(
        (/** @type {[number, number]} */ s, /** @type {number} */ i, /** @type {[number, number][]} */ all) =>
          i === 0 || s[1] !== all[i - 1][1],
      )
      .map((/** @type {[number, number]} */ s) => [s[0] - killAt, s[1]]),
    answersLog: r.answersFile,
  };
}

/** @param {ReturnType<typeof figures>} f */
function markdown(f) {
  const s = (/** @type {number | null} */ ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
  const classes = (/** @type {Record<string, number>} */ byClass) =>
    Object.entries(byClass)
      .map(([k, v]) => `${k} × ${v}`)
      .join(', ') || 'none';
  return [
    `## Failover drill ${f.date}`,
    '',
    `Machine: ${f.machine.cpus} × ${f.machine.cpuModel}, ${f.machine.memoryGB} GB, load ${f.machine.load1.toFixed(1)} at the end, Node ${f.machine.node}. ` +
      `${f.settings.connections} clients${f.settings.ratePerS ? ` at ${f.settings.ratePerS} requests/s in all` : ''}, ${f.settings.warmupS} s warm-up, ${f.settings.beforeS} s before the kill, ${f.settings.afterS} s after the database is back, ${f.settings.rejoinLoadS} s after the rejoin; cluster ${f.settings.timeouts}.`,
    `Before: ${f.cluster.before}, synchronous_standby_names = ${f.cluster.synchronousStandbyNames}, synchronous_commit = ${f.cluster.synchronousCommit}.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| database gap (its last booking before the kill → its first after, created_at) | ${s(f.failover.databaseGapMs)} |`,
    `| kill → standby told to take over (monitor assigns wait_primary) | ${s(f.failover.killToPromotionMs)} |`,
    `| kill → the database's first booking after it | ${s(f.failover.killToDatabaseBackMs)} |`,
    `| answers during the gap | ${f.failover.answers}: ${classes(f.failover.byClass)} |`,
    `| **not 2xx during the gap** (goal 0) | **${f.failover.non2xx}** |`,
    `| answers in all | ${f.answers.total}: ${classes(f.answers.byClass)} |`,
    `| not 2xx in all: with a status / no answer | ${f.answers.non2xx} / ${f.answers.transportFailures} |`,
    `| journaled: answers; first / last after the kill; median answer time | ${f.journal.journaledAnswers}; ${s(f.answers.firstJournaledMs)} / ${s(f.answers.lastJournaledMs)}; ${f.answers.medianJournaledMs ?? '—'} ms |`,
    `| journal: most entries waiting; booked by the replay; replay rate | ${f.journal.maxEntries}; ${f.journal.bookedByReplay}; ${f.journal.replayPerS ?? '—'}/s |`,
    `| journal empty: after the database's first booking / after the load stopped / after the kill | ${s(f.journal.databaseBackToEmptyMs)} / ${f.journal.loadStopToEmptyMs !== null && f.journal.loadStopToEmptyMs < 0 ? 'before it' : s(f.journal.loadStopToEmptyMs)} / ${s(f.journal.killToEmptyMs)}${f.journal.drained ? '' : ' — **not drained**'} |`,
    `| throughput before (synchronous standby) / after (new primary alone) / after the rejoin (synchronous again), 2xx/s | ${f.throughput.beforePerS} / ${f.throughput.afterPerS ?? '—'} / ${f.throughput.afterRejoinPerS ?? '—'} |`,
    `| killed node restarted → primary + synchronous standby again | ${s(f.rejoin?.restartToHealthyMs ?? null)} |`,
    `| answered 2xx and checked | ${f.bookings.checked} |`,
    `| answered 2xx but **missing** in the database | **${f.bookings.missing}** |`,
    `| answered 2xx, not booked, still in the journal (it did not drain) | ${f.bookings.waiting} |`,
    `| **booked twice** (more than one record or revision) | **${f.bookings.bookedTwice}** |`,
    `| journaled and booked by the replay / journaled but booked directly (the commit went through before the connection died) / answered booked but booked by the replay | ${f.bookings.journaledByReplay} / ${f.bookings.journaledBookedDirectly} / ${f.bookings.bookedByReplay} |`,
    `| journaled receipts naming another key | ${f.bookings.receiptKeyMismatch} |`,
    `| not answered 2xx but stored (outcome unknown to the caller) | ${f.bookings.storedDespiteFailure} |`,
    `| verdict | ${f.verdict.exitCode === 0 ? 'passed' : `**failed**: ${f.verdict.reasons.join('; ')}`} |`,
    '',
    'Timeline (ms from the kill):',
    '',
    ...f.timeline.map(
      (/** @type {{ atMs: number, event: string }} */ t) => `- ${t.atMs >= 0 ? '+' : ''}${t.atMs} ${t.event}`,
    ),
    '',
  ].join('\n');
}

main().catch((error) => {
  log(`cannot run: ${error.stack ?? error.message}`);
  process.exitCode = 2;
});
