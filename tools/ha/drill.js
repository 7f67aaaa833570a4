#!/usr/bin/env node
// The failover drill (docs/operations.md): the LF service books under load against the cluster of tools/ha/cluster.sh,
// the primary is killed hard in the middle, the service must find the promoted standby by itself, and afterwards every
// booking that was answered 200 must be in the database.
//
//   tools/ha/cluster.sh up && node tools/ha/drill.js [--warmup 5] [--before 10] [--after 10] [--rejoin-load 10]
//     [--connections 16] [--max-outage 120] [--no-build] [--no-rejoin]
//
// 1. makes sure the cluster has a primary and a synchronous standby (starts a stopped node and waits for it: the node a
//    previous drill killed rejoins as standby);
// 2. builds the LF service (Nx, a no-op when nothing changed) and starts it on DATABASE_URL = both nodes with
//    target_session_attrs=read-write; it migrates the database itself;
// 3. books with --connections concurrent clients, each request a create with a business key of its own; every answer
//    is a line of the log (HA_DIR/drill/<run>.ndjson: key, status, problem code, start and end);
// 4. after --warmup and --before seconds: `cluster.sh kill-primary` (SIGKILL of the primary's keeper and PostgreSQL);
// 5. keeps booking until bookings succeed again, then --after seconds more; meanwhile it records the monitor's states
//    and the service's readiness;
// 7. restarts the killed node (it rejoins as the standby: `cluster.sh rejoin`) and books --rejoin-load seconds more,
//    with synchronous replication again;
// 8. reads the new primary: every key answered 200 must have its process row and its first revision;
// 9. prints the figures (and writes them to HA_DIR/drill/<run>.json) and stops the service.
// Exit 0 when every 200 is stored and bookings came back; 1 otherwise; 2 when it cannot run.
'use strict';
const { execFile, execFileSync, spawn } = require('node:child_process');
const { createWriteStream, mkdirSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const { join } = require('node:path');
const { parseArgs, promisify } = require('node:util');
const { sign } = require('jsonwebtoken');
const { Client } = require('pg');

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
    'max-outage': { type: 'string', default: '120' },
    port: { type: 'string', default: '23201' },
    // Pause of a client after an answer other than 200, as a caller that retries later would (and so that the clients do
    // not take the CPU the promotion needs on a small machine).
    'pause-ms': { type: 'string', default: '50' },
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
    while (!healthy(nodes)) {
      if (Date.now() - started > 180_000)
        throw new Error(`the cluster did not reach primary + secondary within 180 s: ${describeStates(nodes)}`);
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
async function startService(/** @type {string} */ databaseUrl, /** @type {string} */ logFile) {
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
    const status = await get(`http://127.0.0.1:${port}/health/ready`).catch(() => 0);
    if (status === 200) break;
    if (Date.now() - started > 60_000) throw new Error(`the service was not ready within 60 s (log: ${logFile})`);
    await sleep(250);
  }
  log(`service ready on :${port} in ${Date.now() - started} ms (log: ${logFile})`);
  return child;
}

/** @returns {Promise<number>} */
function get(/** @type {string} */ url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: 2000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
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

/**
 * @typedef {{ key: string, status: number, code?: string, start: number, end: number }} Answer
 * status 0: no HTTP answer (`code` is the socket error).
 */

/** One booking; resolves with its answer, never rejects. */
function book(
  /** @type {http.Agent} */ agent,
  /** @type {string} */ token,
  /** @type {{ key: string, body: string }} */ booking,
) {
  const start = Date.now();
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
          /** @type {Answer} */
          const answer = { key: booking.key, status: response.statusCode ?? 0, start, end: Date.now() };
          if (answer.status !== 200) {
            try {
              answer.code = JSON.parse(Buffer.concat(chunks).toString('utf8')).code;
            } catch {
              answer.code = 'unparsable answer';
            }
          }
          resolve(answer);
        });
        response.on('error', (error) =>
          resolve({
            key: booking.key,
            status: 0,
            code: /** @type {any} */ (error).code ?? error.message,
            start,
            end: Date.now(),
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })),
    );
    request.on('error', (error) =>
      resolve({
        key: booking.key,
        status: 0,
        code: /** @type {any} */ (error).code ?? error.message,
        start,
        end: Date.now(),
      }),
    );
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
  mkdirSync(outDir, { recursive: true });
  const service = await startService(env.DATABASE_URL, join(outDir, `${run}-service.log`));
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
    /** @type {number | undefined} */
    let recoveredAt;
    /** Starts `connections` clients booking one after the other; the returned function stops them and waits. */
    const startLoad = () => {
      let stopping = false;
      const worker = async () => {
        while (!stopping) {
          const answer = /** @type {Answer} */ (await book(agent, token, next()));
          answers.push(answer);
          answerLog.write(`${JSON.stringify(answer)}\n`);
          if (recoveredAt === undefined && answer.status === 200 && answer.start > killAt) recoveredAt = answer.end;
          if (answer.status !== 200) await sleep(pauseMs);
        }
      };
      const workers = Array.from({ length: connections }, worker);
      return async () => {
        stopping = true;
        await Promise.all(workers);
      };
    };

    // The monitor's states and the service's readiness, every 250 ms, as they change.
    let watching = true;
    let lastStates = '';
    let lastReady = -1;
    const watch = (async () => {
      while (watching) {
        const states = await nodeStates(env.MONITOR_URL)
          .then(describeStates)
          .catch(() => 'monitor unreachable');
        if (states !== lastStates) mark(`monitor: ${(lastStates = states)}`);
        const ready = await get(`http://127.0.0.1:${port}/health/ready`).catch(() => 0);
        if (ready !== lastReady) mark(`service /health/ready: ${(lastReady = ready)}`);
        await sleep(250);
      }
    })();

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
    recoveredAt = answers.find((a) => a.status === 200 && a.start > killedAt)?.end;
    mark(killed, killAt);

    while (recoveredAt === undefined && Date.now() - killAt < maxOutageS * 1000) await sleep(100);
    if (recoveredAt === undefined) mark(`no booking answered 200 within ${maxOutageS} s of the kill`);
    else {
      mark('first booking answered 200 after the kill', recoveredAt);
      await sleep(afterS * 1000);
    }
    await stopLoad();
    const loadEnd = Date.now();
    mark(`load stopped: ${answers.length} answers`);

    // The killed node back as the standby (pg_rewind, else a base backup), then bookings with synchronous replication
    // again: the third throughput figure.
    /** @type {{ restartToHealthyMs: number, from: number, to: number } | undefined} */
    let rejoined;
    if (args.rejoin && recoveredAt !== undefined) {
      const restarted = Date.now();
      const healthy = await healthyCluster(env).catch((error) => {
        mark(`the cluster is not back to primary + standby: ${error.message}`);
        return undefined;
      });
      if (healthy) {
        mark(
          `redundancy back: ${describeStates(healthy.nodes)}, synchronous_standby_names = ${healthy.replication.synchronousStandbyNames}`,
        );
        if (rejoinLoadS > 0) {
          const from = Date.now();
          stopLoad = startLoad();
          await sleep(rejoinLoadS * 1000);
          await stopLoad();
          rejoined = { restartToHealthyMs: from - restarted, from, to: Date.now() };
          mark(`load with the standby back stopped: ${answers.length} answers in all`);
        } else rejoined = { restartToHealthyMs: Date.now() - restarted, from: 0, to: 0 };
      }
    }
    watching = false;
    await watch;
    answerLog.end();
    agent.destroy();

    // Row by row: every key answered 200 has its process and its first revision on the (new) primary.
    const primaryUrl = await findPrimary(env.DATABASE_URL);
    const okKeys = answers.filter((a) => a.status === 200).map((a) => a.key);
    const otherKeys = answers.filter((a) => a.status !== 200).map((a) => a.key);
    const stored = await storedKeys(primaryUrl, [...okKeys, ...otherKeys]);
    const missing = okKeys.filter((key) => !stored.has(key));
    const storedDespiteError = otherKeys.filter((key) => stored.has(key));

    const report = figures({
      answers,
      killAt,
      recoveredAt,
      loadStart,
      loadEnd,
      rejoined,
      missing,
      storedDespiteError,
      okCount: okKeys.length,
      timeline,
      cluster,
      killed,
      answersFile,
      primaryUrl,
      haDir: env.HA_DIR,
    });
    writeFileSync(join(outDir, `${run}.json`), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(markdown(report));
    log(`figures: ${join(outDir, `${run}.json`)}; every answer: ${answersFile}`);
    process.exitCode = missing.length === 0 && recoveredAt !== undefined ? 0 : 1;
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => (service.exitCode !== null ? resolve(undefined) : service.once('exit', resolve)));
  }
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

/** Keys with their process row and revision 1 (the create), read in batches. */
async function storedKeys(/** @type {string} */ url, /** @type {string[]} */ keys) {
  return withClient(url, async (client) => {
    const found = new Set();
    for (let i = 0; i < keys.length; i += 5000) {
      const { rows } = await client.query(
        `SELECT r.business_key FROM process_record r
          WHERE r.role = 'LF' AND r.business_key = ANY($1::text[])
            AND EXISTS (SELECT 1 FROM process_revision v WHERE v.record_id = r.id AND v.revision = 1 AND v.operation = 'create')`,
        [keys.slice(i, i + 5000)],
      );
      for (const row of rows) found.add(row.business_key);
    }
    return found;
  });
}

/** @param {any} r */
function figures(r) {
  const { answers, killAt, recoveredAt, loadStart, loadEnd } = r;
  /** @type {Answer[]} */
  const ok = answers.filter((/** @type {Answer} */ a) => a.status === 200);
  // The gap: from the last 200 answered before the first failure after the kill to the first 200 after it.
  const firstFailure = answers
    .filter((/** @type {Answer} */ a) => a.status !== 200 && a.end >= killAt)
    .sort((/** @type {Answer} */ a, /** @type {Answer} */ b) => a.end - b.end)[0];
  const lastOkBefore = Math.max(...ok.filter((a) => a.end <= (firstFailure?.end ?? killAt)).map((a) => a.end));
  const gapEnd = recoveredAt ?? loadEnd;
  const inGap = answers.filter((/** @type {Answer} */ a) => a.end > lastOkBefore && a.end < gapEnd);
  /** @type {Record<string, number>} */
  const byStatus = {};
  for (const a of inGap) {
    const label = `${a.status || 'no answer'}${a.code ? ` ${a.code}` : ''}`;
    byStatus[label] = (byStatus[label] ?? 0) + 1;
  }
  const rate = (/** @type {number} */ from, /** @type {number} */ to) =>
    Math.round((ok.filter((a) => a.end >= from && a.end < to).length / ((to - from) / 1000)) * 10) / 10;
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
    date: new Date(loadStart).toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      load1: os.loadavg()[0],
      node: process.version,
    },
    settings: {
      connections,
      warmupS,
      beforeS,
      afterS,
      rejoinLoadS,
      pauseMsAfterError: pauseMs,
      timeouts: readFileSync(join(r.haDir, '.maco-ha'), 'utf8').trim(),
    },
    cluster: {
      before: describeStates(r.cluster.nodes),
      synchronousStandbyNames: r.cluster.replication.synchronousStandbyNames,
      synchronousCommit: r.cluster.replication.synchronousCommit,
    },
    killed: r.killed,
    failover: {
      gapMs: recoveredAt ? recoveredAt - lastOkBefore : null,
      killToFirst200Ms: recoveredAt ? recoveredAt - killAt : null,
      killToPromotionMs: promotion ? promotion.at - killAt : null,
      lastOkBefore: new Date(lastOkBefore).toISOString(),
      firstOkAfter: recoveredAt ? new Date(recoveredAt).toISOString() : null,
      answersInGap: inGap.length,
      answersInGapByStatus: byStatus,
    },
    throughput: {
      beforePerS: rate(loadStart, killAt),
      afterPerS: recoveredAt ? rate(recoveredAt, loadEnd) : null,
      afterRejoinPerS: r.rejoined?.to ? rate(r.rejoined.from, r.rejoined.to) : null,
    },
    rejoin: r.rejoined ? { restartToHealthyMs: r.rejoined.restartToHealthyMs } : null,
    bookings: {
      answered: answers.length,
      answered200: r.okCount,
      missing: r.missing.length,
      missingKeys: r.missing.slice(0, 20),
      storedDespiteError: r.storedDespiteError.length,
    },
    checkedOn: r.primaryUrl.replace(/\/\/[^@]*@/, '//'),
    timeline: [...r.timeline]
      .sort((/** @type {any} */ a, /** @type {any} */ b) => a.at - b.at)
      .map((/** @type {any} */ t) => ({ atMs: t.at - killAt, event: t.event })),
    answersLog: r.answersFile,
  };
}

/** @param {ReturnType<typeof figures>} f */
function markdown(f) {
  const s = (/** @type {number | null} */ ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
  return [
    `## Failover drill ${f.date}`,
    '',
    `Machine: ${f.machine.cpus} × ${f.machine.cpuModel}, ${f.machine.memoryGB} GB, load ${f.machine.load1.toFixed(1)} at the end, Node ${f.machine.node}. ` +
      `${f.settings.connections} clients, ${f.settings.warmupS} s warm-up, ${f.settings.beforeS} s before the kill, ${f.settings.afterS} s after recovery, ${f.settings.rejoinLoadS} s after the rejoin; cluster ${f.settings.timeouts}.`,
    `Before: ${f.cluster.before}, synchronous_standby_names = ${f.cluster.synchronousStandbyNames}, synchronous_commit = ${f.cluster.synchronousCommit}.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| failover time (last 200 before → first 200 after) | ${s(f.failover.gapMs)} |`,
    `| kill → standby told to take over (monitor assigns wait_primary) | ${s(f.failover.killToPromotionMs)} |`,
    `| kill → first 200 | ${s(f.failover.killToFirst200Ms)} |`,
    `| answers during the gap | ${f.failover.answersInGap}: ${
      Object.entries(f.failover.answersInGapByStatus)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ') || 'none'
    } |`,
    `| throughput before (synchronous standby) / after (new primary alone) / after the rejoin (synchronous again), 200/s | ${f.throughput.beforePerS} / ${f.throughput.afterPerS ?? '—'} / ${f.throughput.afterRejoinPerS ?? '—'} |`,
    `| killed node restarted → primary + synchronous standby again | ${s(f.rejoin?.restartToHealthyMs ?? null)} |`,
    `| bookings answered / answered 200 | ${f.bookings.answered} / ${f.bookings.answered200} |`,
    `| answered 200 but missing in the database | **${f.bookings.missing}** |`,
    `| answered otherwise but stored (outcome unknown to the caller) | ${f.bookings.storedDespiteError} |`,
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
