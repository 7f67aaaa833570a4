#!/usr/bin/env node
// Measures a role's service against the bare limit of this machine, side by side, in one run.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench [-- --duration 10 --connections 1,8,32,64]
//   … npm run bench -- --instances 2: the same bookings against 2 (to 4) instances of the service on one database.
//   … npm run bench -- --reads 1000000 [--keep-database NAME]: the BO4E reads on a read model of N objects instead.
//   … npm run bench -- --identify 1000000 --app nb [--keep-database NAME]: the MaLo identification on N market locations.
// Writes tools/bench/results/bench-<time>.{json,md} and prints the markdown. See tools/bench/README.md.
'use strict';
const { execFileSync, fork, spawn } = require('node:child_process');
const { mkdirSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const autocannon = require('autocannon');
const { sign } = require('jsonwebtoken');
const { Client } = require('pg');
const { keptDatabase } = require('./kept-database');
const { waitForLive } = require('./wait-for-live');

const ROOT = join(__dirname, '..', '..');
const SAMPLES = join(ROOT, 'reference', 'samples');
const JWT_SECRET = 'benchmark-secret-that-is-long-enough-for-hs256';
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node supports
const TARGETS = { ratioAt32: 0.7, p99FactorAt32: 1.5, validationMicrosPer5KB: 60, idleRssMB: 150, readyMs: 2000 };

/**
 * @typedef {'baseline' | 'service' | 'floor' | 'reference'} Contestant
 * @typedef {{ url: string, headers: Record<string, string>, pid: number | undefined, origins?: string[], pids?: (number | undefined)[] }} Target
 * `origins` and `pids` (`--instances`): the load is spread over these servers by connection, and their CPU is summed.
 * @typedef {{ path: string, body?: string }} PathAndBody
 * A body string per request (sent to `path`, else the target's path), or a path and body per request; `method` POST
 * unless given (GET for reads: a path per request, no body).
 * `onResponse`, when given, sees every answer (status and body) under load.
 * @typedef {{ path?: string, method?: string, next: () => string | PathAndBody, onResponse?: (status: number, body: string) => void }} BodySource
 * @typedef {ReturnType<typeof createBodies>} Bodies
 * @typedef {{ rps: number, p50: number, p99: number, requests: number, errors: number, cpuMicrosPerRequest: number | null }} Run
 * @typedef {{
 *   connections: number, baseline: Run, service: Run, floor: Run, ratio: number, floorRatio: number,
 *   p99Factor: number | null, serviceRssMB: number | undefined, reference?: Run, referenceRatio?: number,
 * }} ThroughputRow
 * @typedef {{ file: string, bytes: number, micros: number }} SampleValidation
 * @typedef {{ target: string, value: number | null | undefined, met: boolean }} TargetCheck
 * @typedef {{
 *   date: string,
 *   app: string,
 *   machine: { node: string, cpus: number, cpuModel: string | undefined },
 *   settings: { duration: number, warmup: number, pairs: number, samples: string[], reference?: string, instances?: number },
 *   startup: { readyMs: number, idleRssMB: number | undefined, instances?: { port: number, readyMs: number, idleRssMB: number | undefined }[], totalIdleRssMB?: number },
 *   validation: { perSample: SampleValidation[], microsPer5KB: number },
 *   throughput: ThroughputRow[],
 *   mixed: Run & { serviceRssMB: number | undefined },
 *   referenceMixed?: Run & { serviceToReference: number },
 *   replay: Run,
 * }} Measurements
 * @typedef {Measurements & { targets: TargetCheck[] }} Report
 * @typedef {{
 *   child: import('node:child_process').ChildProcess, readyMs: number, idleRssMB: number | undefined,
 *   children?: import('node:child_process').ChildProcess[], ports?: number[], totalIdleRssMB?: number,
 *   instances?: { port: number, readyMs: number, idleRssMB: number | undefined }[],
 * }} Started a started service: one process, or (`--instances`) several, `child` being the first
 * @typedef {Run & { postgresMicrosPerRequest: number | null }} ReadRun
 * @typedef {{ connections: number, baseline: ReadRun, service: ReadRun, ratio: number, p99Factor: number | null, serviceRssMB: number | undefined }} ReadRow
 * @typedef {{ requests: number, identical: number, found: number, empty: number, mismatches: { path: string, service: string, baseline: string }[] }} AnswerCheck
 * @typedef {{
 *   date: string,
 *   app: string,
 *   machine: Measurements['machine'],
 *   settings: { duration: number, warmup: number, pairs: number, reads: number, database: string, keptDatabase: boolean, existingSiteShare: number },
 *   fill: import('./read-fill').FillResult,
 *   startup: Measurements['startup'],
 *   answers: AnswerCheck,
 *   throughput: ReadRow[],
 * }} ReadMeasurements
 * @typedef {ReadMeasurements & { targets: TargetCheck[] }} ReadReport
 */

const { values: args } = parseArgs({
  options: {
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
    // reused with --keep-database) and
    // compare bookings and process reads on it with a fresh empty database, both services running side by side.
    preload: { type: 'string' },
  },
});
const app = args.app;
const role = app.toUpperCase();
const duration = Number(args.duration);
const connectionLevels = args.connections.split(',').map(Number);

async function main() {
  if (args.instances !== undefined && (args.reads !== undefined || args.identify !== undefined)) throw new Error('--instances applies to the booking benchmark only');
  if (args.preload !== undefined) return scaleBenchmark();
  if (args.reads !== undefined) return readBenchmark();
  if (args.identify !== undefined) return identifyBenchmark();
  const instances = args.instances === undefined ? undefined : Number(args.instances);
  if (instances !== undefined && !(Number.isInteger(instances) && instances >= 2 && instances <= 4)) throw new Error('--instances wants 2, 3 or 4');
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database)');
  const machine = machineFacts();

  buildApp();

  const database = await createDatabase(adminUrl, 'service');
  const referenceDatabase = args.reference ? await createDatabase(adminUrl, 'reference') : undefined;
  const children = [];
  try {
    const validation = validationMicroBenchmark();
    // Below the ephemeral range (32768+): a port there can be taken by a client socket, or even self-connected by the readiness poll.
    const baselinePort = 23101;
    const servicePort = 23102;
    const floorPort = 23103;
    const referencePort = 23104;
    const baseline = fork(join(__dirname, 'baseline-server.js'), [], { env: { ...process.env, DATABASE_URL: database.url, PORT: String(baselinePort) }, stdio: 'inherit' });
    children.push(baseline);
    // With --instances: the service's instances on consecutive ports from 23111, the reference's from 23121.
    /** @type {Started} */
    const startup = instances ? await startInstances(database.url, 23111, ROOT, instances) : await startService(database.url, servicePort, ROOT);
    children.push(...(startup.children ?? [startup.child]));
    /** @type {Started | undefined} */
    const reference = args.reference && referenceDatabase
      ? instances ? await startInstances(referenceDatabase.url, 23121, args.reference, instances) : await startService(referenceDatabase.url, referencePort, args.reference)
      : undefined;
    if (reference) children.push(...(reference.children ?? [reference.child]));
    await waitForLive(`http://127.0.0.1:${baselinePort}/`, 10_000);
    // On the service's (migrated) database: the same tables, indexes and statement.
    const floor = fork(join(__dirname, 'floor-server.js'), [], { env: { ...process.env, DATABASE_URL: database.url, PORT: String(floorPort), ROLE: role }, stdio: 'inherit' });
    children.push(floor);
    await waitForLive(`http://127.0.0.1:${floorPort}/`, 10_000);

    const token = sign({ roles: [role] }, JWT_SECRET, { algorithm: 'HS256', subject: 'bench', expiresIn: 3600 });
    /** @type {Record<Contestant, Target>} */
    const targets = {
      baseline: { url: `http://127.0.0.1:${baselinePort}/createProcessData`, headers: { 'content-type': 'application/json' }, pid: baseline.pid },
      service: {
        url: `http://127.0.0.1:${startup.ports?.[0] ?? servicePort}/createProcessData`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        pid: startup.child.pid,
        ...spread(startup),
      },
      floor: { url: `http://127.0.0.1:${floorPort}/createProcessData`, headers: { 'content-type': 'application/json' }, pid: floor.pid },
      reference: {
        url: `http://127.0.0.1:${reference?.ports?.[0] ?? referencePort}/createProcessData`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        pid: reference?.child.pid,
        ...(reference ? spread(reference) : {}),
      },
    };
    /** @type {Contestant[]} */
    const contestants = reference ? ['baseline', 'service', 'floor', 'reference'] : ['baseline', 'service', 'floor'];
    const bodies = createBodies(role);

    log(`warm-up ${args.warmup}s each`);
    for (const name of contestants) await load(targets[name], 32, Number(args.warmup), bodies.create);

    /** @type {ThroughputRow[]} */
    const rows = [];
    for (const connections of connectionLevels) {
      const runs = await alternatingPairs(contestants, (name) => load(targets[name], connections, duration, bodies.create));
      const baselineRun = median(runs.baseline);
      const serviceRun = median(runs.service);
      const floorRun = median(runs.floor);
      const row = {
        connections,
        baseline: baselineRun,
        service: serviceRun,
        floor: floorRun,
        ratio: round(serviceRun.rps / baselineRun.rps, 3),
        floorRatio: round(floorRun.rps / baselineRun.rps, 3),
        // autocannon reports whole milliseconds: below 1 ms the factor says nothing.
        p99Factor: baselineRun.p99 > 0 ? round(serviceRun.p99 / baselineRun.p99, 2) : null,
        serviceRssMB: totalRssMB(targets.service),
        ...(reference ? { reference: median(runs.reference), referenceRatio: round(serviceRun.rps / median(runs.reference).rps, 3) } : {}),
      };
      rows.push(row);
      log(`c=${connections}: baseline ${baselineRun.rps} req/s, service ${serviceRun.rps} req/s (ratio ${row.ratio}), floor ${floorRun.rps} req/s (ratio ${row.floorRatio})` +
        (row.reference ? `, reference ${row.reference.rps} req/s (service/reference ${row.referenceRatio})` : ''));
    }

    log('mixed create/update run and replay run at 32 connections');
    const seeded = await seed(targets.service, bodies, 200);
    /** @type {Run[]} */
    const mixedRuns = [];
    /** @type {Run[]} */
    const referenceMixedRuns = [];
    const referenceSeeded = reference ? await seed(targets.reference, bodies, 200) : [];
    // With a reference, the mixed load alternates between both like the levels above: the update path compared too.
    for (let pair = 0; pair < (reference ? Number(args.pairs) : 1); pair++) {
      const serviceFirst = pair % 2 === 0;
      if (reference && !serviceFirst) referenceMixedRuns.push(await load(targets.reference, 32, duration, bodies.mixed(referenceSeeded)));
      mixedRuns.push(await load(targets.service, 32, duration, bodies.mixed(seeded)));
      if (reference && serviceFirst) referenceMixedRuns.push(await load(targets.reference, 32, duration, bodies.mixed(referenceSeeded)));
    }
    const mixed = median(mixedRuns);
    const referenceMixed = reference ? median(referenceMixedRuns) : undefined;
    const replay = await load(targets.service, 32, duration, bodies.replay());

    /** @type {Measurements} */
    const measurements = {
      date: new Date().toISOString(),
      app,
      machine,
      settings: {
        duration,
        warmup: Number(args.warmup),
        pairs: Number(args.pairs),
        samples: bodies.sampleNames,
        ...(args.reference ? { reference: args.reference } : {}),
        ...(instances ? { instances } : {}),
      },
      startup: {
        readyMs: startup.readyMs,
        idleRssMB: startup.idleRssMB,
        ...(startup.instances ? { instances: startup.instances, totalIdleRssMB: startup.totalIdleRssMB } : {}),
      },
      validation,
      throughput: rows,
      mixed: { ...mixed, serviceRssMB: totalRssMB(targets.service) },
      ...(referenceMixed ? { referenceMixed: { ...referenceMixed, serviceToReference: round(mixed.rps / referenceMixed.rps, 3) } } : {}),
      replay,
    };
    /** @type {Report} */
    const report = { ...measurements, targets: checkTargets(measurements) };
    writeReport('bench', report, toMarkdown(report));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
    await referenceDatabase?.drop();
  }
}

/**
 * Bookings at scale: the service on a fresh empty database and on one preloaded with `--preload` processes run side by
 * side; each connection level alternates between them (pairs), then a process-read probe (`GET /processes/{key}` of
 * keys booked in the run) on both. Reports throughput, p50/p99, the ratio preloaded/empty and the bytes per stored
 * revision (tables, indexes and TOAST) of both databases.
 */
async function scaleBenchmark() {
  const revisions = Number(args.preload);
  if (!Number.isInteger(revisions) || revisions < 1) throw new Error('--preload wants a whole number of revisions');
  const { preloadProcesses, processesForRevisions, storage } = require('./process-fill');
  // The issue's figure is stored revisions: the fill makes 1–3 per process (1.48 on average).
  const processes = processesForRevisions(revisions);
  const { machine, database: preloaded, kept, children, client } = await openLoadedDatabase('preloaded');
  const adminUrl = /** @type {string} */ (process.env.DATABASE_URL);
  const empty = await createDatabase(adminUrl, 'empty');
  try {
    // The service migrates each database on start; the fill needs the preloaded one migrated.
    const preloadedService = await startService(preloaded.url, 23105, ROOT);
    children.push(preloadedService.child);
    await client.connect();
    log(`preloading ${revisions.toLocaleString('en')} revisions: ${processes.toLocaleString('en')} processes (reused when the kept database holds them)`);
    const fill = await preloadProcesses(client, { role, processes, log });
    log(`preloaded: ${fill.records.toLocaleString('en')} records, ${fill.revisions.toLocaleString('en')} revisions, ${fill.totalMB} MB, ${fill.bytesPerRevision} B per revision`);
    // The read model the bookings projected: as many business objects as processes (the read benchmark's sites).
    const { fillReadModel } = require('./read-fill');
    const rules = require(join(ROOT, 'libs', 'process-store', 'dist', 'read-model', 'business-object-rules.js'));
    const readModel = await fillReadModel(client, { role, objects: processes, rules, log });
    log(`read model: ${readModel.objects.toLocaleString('en')} objects, ${readModel.tableMB} MB`);
    const emptyService = await startService(empty.url, 23106, ROOT);
    children.push(emptyService.child);
    const token = sign({ roles: [role] }, JWT_SECRET, { algorithm: 'HS256', subject: 'bench', expiresIn: 3600 });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    /** @type {Record<'empty' | 'preloaded', Target>} */
    const targets = {
      empty: { url: 'http://127.0.0.1:23106/createProcessData', headers, pid: emptyService.child.pid },
      preloaded: { url: 'http://127.0.0.1:23105/createProcessData', headers, pid: preloadedService.child.pid },
    };
    const bodies = createBodies(role);
    log(`warm-up ${args.warmup}s each`);
    /** @type {('empty' | 'preloaded')[]} */
    const both = ['empty', 'preloaded'];
    for (const name of both) await load(targets[name], 32, Number(args.warmup), bodies.create);

    const rows = [];
    for (const connections of connectionLevels) {
      const runs = await alternatingPairs(both, (name) => load(targets[name], connections, duration, bodies.create));
      const emptyRun = median(runs.empty);
      const preloadedRun = median(runs.preloaded);
      const row = {
        connections,
        empty: emptyRun,
        preloaded: preloadedRun,
        ratio: round(preloadedRun.rps / emptyRun.rps, 3),
        p99Factor: emptyRun.p99 > 0 ? round(preloadedRun.p99 / emptyRun.p99, 2) : null,
      };
      rows.push(row);
      log(`c=${connections}: empty ${emptyRun.rps} req/s, preloaded ${preloadedRun.rps} req/s (ratio ${row.ratio})`);
    }

    log('process reads at 32 connections');
    /** @type {Record<'empty' | 'preloaded', Run>} */
    const reads = { empty: await readProbe(targets.empty, bodies), preloaded: await readProbe(targets.preloaded, bodies) };

    const emptyClient = new Client({ connectionString: empty.url });
    await emptyClient.connect();
    const emptyStorage = await storage(emptyClient);
    await emptyClient.end();
    const preloadedStorage = await storage(client);
    const at32 = rows.find((row) => row.connections === 32);
    const measurements = {
      date: new Date().toISOString(),
      app,
      machine,
      settings: { ...loadSettings(), preload: revisions, preloadedProcesses: processes, database: preloaded.name, keptDatabase: Boolean(kept) },
      fill,
      readModel,
      storage: { empty: emptyStorage, preloaded: preloadedStorage },
      throughput: rows,
      reads: { ...reads, p99Factor: reads.empty.p99 > 0 ? round(reads.preloaded.p99 / reads.empty.p99, 2) : null },
    };
    const targetsMet = [
      at32 && { target: 'bookings on the preloaded database ≥ 90 % of the empty one at 32 connections', value: at32.ratio, met: at32.ratio >= 0.9 },
      {
        target: 'process read p99 on the preloaded database within 20 % of the empty one',
        value: measurements.reads.p99Factor,
        met: measurements.reads.p99Factor === null || measurements.reads.p99Factor <= 1.2,
      },
    ].filter((check) => check !== undefined);
    const report = { ...measurements, targets: targetsMet };
    const lines = [
      `# Booking benchmark at scale (${app.toUpperCase()}, ${revisions.toLocaleString('en')} preloaded revisions in ${processes.toLocaleString('en')} processes)`,
      '',
      `${report.date}, ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; ${duration} s per run, ${args.pairs} pair(s).`,
      `Preload: ${fill.records.toLocaleString('en')} records, ${fill.revisions.toLocaleString('en')} revisions, ${fill.totalMB} MB` +
        ` (${fill.reused ? 'reused' : `filled in ${Math.round(fill.fillMs / 1000)} s`}); read model ${readModel.objects.toLocaleString('en')} objects, ${readModel.tableMB} MB.`,
      '',
      '| connections | empty req/s | preloaded req/s | ratio | empty p50 / p99 ms | preloaded p50 / p99 ms | p99 factor |',
      '|---|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.connections} | ${r.empty.rps} | ${r.preloaded.rps} | ${r.ratio} | ${r.empty.p50} / ${r.empty.p99} | ${r.preloaded.p50} / ${r.preloaded.p99} | ${r.p99Factor ?? '–'} |`),
      '',
      `Process reads (32 connections): empty ${reads.empty.rps} req/s p99 ${reads.empty.p99} ms, preloaded ${reads.preloaded.rps} req/s p99 ${reads.preloaded.p99} ms.`,
      `Storage per stored revision (process tables and read model with indexes and TOAST): empty database after the run ` +
        `${emptyStorage.bytesPerRevision} B (${emptyStorage.revisions.toLocaleString('en')} revisions), preloaded ${preloadedStorage.bytesPerRevision} B.`,
      '',
      ...targetsMet.map((check) => `- ${check.met ? 'met' : 'NOT met'}: ${check.target} (${check.value})`),
      '',
    ];
    writeReport('scale', report, lines.join('\n'));
  } finally {
    await client.end().catch(() => undefined);
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await empty.drop();
    await preloaded.drop();
  }
}

/**
 * `GET /processes/{key}` of keys booked on the target (200 creates first), 32 connections for the run's duration.
 * @param {Target} target
 * @param {Bodies} bodies
 */
async function readProbe(target, bodies) {
  const keys = await seed(target, bodies, 200);
  let n = 0;
  const base = new URL(target.url);
  return load({ ...target, url: `${base.protocol}//${base.host}/processes` }, 32, duration, {
    method: 'GET',
    next: () => ({ path: `/processes/${encodeURIComponent(keys[n++ % keys.length])}` }),
  });
}

/**
 * `--pairs` runs of every contestant, the order reversed every other pair so that none always runs on a warmer
 * database; the runs per contestant.
 * @template {string} N
 * @template R
 * @param {N[]} names
 * @param {(name: N) => Promise<R>} runOne
 * @returns {Promise<Record<N, R[]>>}
 */
async function alternatingPairs(names, runOne) {
  const runs = /** @type {Record<N, R[]>} */ (/** @type {unknown} */ (Object.fromEntries(names.map((name) => [name, []]))));
  for (let pair = 0; pair < Number(args.pairs); pair++) {
    for (const name of pair % 2 === 0 ? names : [...names].reverse()) runs[name].push(await runOne(name));
  }
  return runs;
}

/**
 * Sample bodies of the role with a placeholder key, turned into unique bodies by string splicing (cheap for the load generator).
 * @param {string} role
 */
function createBodies(role) {
  const files = [...listSamples(SAMPLES, ''), ...listSamples(join(SAMPLES, 'upstream'), 'upstream/')].filter((f) =>
    new RegExp(`^(upstream/)?${role.toLowerCase()}-create-`).test(f),
  );
  const templates = files.map((file) => {
    const body = JSON.parse(readFileSync(join(SAMPLES, file), 'utf8'));
    body.zusatzdaten = { ...body.zusatzdaten, businessKey: '__KEY__' };
    return JSON.stringify(body).split('"__KEY__"');
  });
  const run = Date.now().toString(36);
  let counter = 0;
  const create = () => {
    const template = templates[counter % templates.length];
    return template[0] + JSON.stringify(`${run}-${counter++}`) + template[1];
  };
  const updateOf = (/** @type {string} */ businessKey, /** @type {number} */ n) =>
    JSON.stringify({
      stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192', [`feld${n % 50}`]: n }] },
      transaktionsdaten: { pruefidentifikator: '55002', dokumentennummer: `${run}-u${n}`, nachrichtendatum: '2026-05-04T08:00:00Z' },
      zusatzdaten: { businessKey },
    });
  return {
    sampleNames: files,
    create: { path: '/createProcessData', next: create },
    /**
     * @param {string[]} keys business keys to update
     * @returns {BodySource}
     */
    mixed(keys) {
      let n = 0;
      return {
        next: () => {
          n++;
          return n % 2 === 0 ? { path: '/updateProcessData', body: updateOf(keys[n % keys.length], n) } : { path: '/createProcessData', body: create() };
        },
      };
    },
    /** @returns {BodySource} */
    replay() {
      const body = create();
      return { path: '/createProcessData', next: () => body };
    },
  };
}

/**
 * @param {string} dir
 * @param {string} prefix
 */
function listSamples(dir, prefix) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => prefix + name);
}

/**
 * @param {Target} target
 * @param {Bodies} bodies
 * @param {number} count
 * @returns {Promise<string[]>} the business keys created
 */
async function seed(target, bodies, count) {
  const keys = [];
  for (let i = 0; i < count; i++) {
    const body = bodies.create.next();
    const response = await fetch(target.url, { method: 'POST', headers: target.headers, body });
    if (response.status !== 200) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    keys.push(/** @type {{ businessKey: string }} */ (await response.json()).businessKey);
  }
  return keys;
}

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
    url: target.origins ? /** @type {string} */ (/** @type {unknown} */ (target.origins)) : `${base.protocol}//${base.host}`,
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
          return next.body === undefined ? { ...request, path: next.path } : { ...request, path: next.path, body: next.body };
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
    cpuMicrosPerRequest: result.requests.total > 0 ? Math.round((sumOf(pids.map(cpuMicros)) - cpuBefore) / result.requests.total) : null,
  };
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

/**
 * @param {string} databaseUrl
 * @param {number} port
 * @param {string} checkout the project's root whose build of the app runs
 */
async function startService(databaseUrl, port, checkout) {
  const started = process.hrtime.bigint();
  const nodeArgs = args['service-node-args'].split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...nodeArgs, join(checkout, 'apps', app, 'dist', 'main.js')], {
    cwd: checkout,
    // The load comes from one token: the rate limit runs (its cost is measured) but at a limit the load never reaches.
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: databaseUrl, JWT_SECRET, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: '10000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForLive(`http://127.0.0.1:${port}/health/live`, 20_000);
  const readyMs = Number((process.hrtime.bigint() - started) / 1_000_000n);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return { child, readyMs, idleRssMB: rssMB(child.pid) };
}

/**
 * `--instances N`: N instances of a checkout's service on one database, on consecutive ports from `firstPort`, started
 * one after the other (the first migrates). `readyMs` and `idleRssMB` are the worst instance's (the targets are per
 * process); `totalIdleRssMB` is their sum.
 * @param {string} databaseUrl
 * @param {number} firstPort
 * @param {string} checkout
 * @param {number} count
 */
async function startInstances(databaseUrl, firstPort, checkout, count) {
  const ports = Array.from({ length: count }, (_, i) => firstPort + i);
  const started = [];
  for (const port of ports) started.push(await startService(databaseUrl, port, checkout));
  const idle = started.map((instance) => instance.idleRssMB);
  return {
    child: started[0].child,
    children: started.map((instance) => instance.child),
    ports,
    readyMs: Math.max(...started.map((instance) => instance.readyMs)),
    idleRssMB: idle.every((mb) => mb !== undefined) ? Math.max(.../** @type {number[]} */ (idle)) : undefined,
    totalIdleRssMB: sumOf(idle.map((mb) => mb ?? 0)),
    instances: started.map((instance, i) => ({ port: ports[i], readyMs: instance.readyMs, idleRssMB: instance.idleRssMB })),
  };
}

/**
 * The target fields that spread a load over started instances (none for a single service).
 * @param {{ ports?: number[], children?: import('node:child_process').ChildProcess[] }} started
 * @returns {Pick<Target, 'origins' | 'pids'>}
 */
function spread(started) {
  if (!started.ports || !started.children) return {};
  return { origins: started.ports.map((port) => `http://127.0.0.1:${port}`), pids: started.children.map((child) => child.pid) };
}

/**
 * The resident memory of a target's server processes together, MB.
 * @param {Target} target
 */
function totalRssMB(target) {
  if (!target.pids) return rssMB(target.pid);
  const each = target.pids.map(rssMB);
  return each.every((mb) => mb !== undefined) ? sumOf(/** @type {number[]} */ (each)) : undefined;
}

/** @param {number[]} values */
function sumOf(values) {
  return values.reduce((total, value) => total + value, 0);
}

/** How long and how often each contestant is loaded. */
function loadSettings() {
  return { duration, warmup: Number(args.warmup), pairs: Number(args.pairs) };
}

/**
 * The start of a benchmark on a loaded read model: the server, the build, the database (`--keep-database NAME`
 * reuses one across runs, else a fresh one dropped at the end), the list of started processes and a client.
 * @param {string} purpose
 */
async function openLoadedDatabase(purpose) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the benchmark creates its own database)');
  const machine = machineFacts();
  buildApp();
  const kept = args['keep-database'];
  const database = kept ? await keptDatabase(adminUrl, kept) : await createDatabase(adminUrl, purpose);
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  return { machine, database, kept, children, client: new Client({ connectionString: database.url }) };
}

/**
 * The markdown table of the targets, with a blank line before and after.
 * @param {TargetCheck[]} targets
 */
function targetTable(targets) {
  return ['', '| target | value | met |', '|---|---:|:---:|', ...targets.map((t) => `| ${t.target} | ${t.value} | ${t.met ? 'yes' : 'NO'} |`), ''];
}

/**
 * Writes a report as `<out>/<prefix>-<time>.{json,md}` and prints the markdown.
 * @param {string} prefix
 * @param {{ date: string }} report
 * @param {string} markdown
 */
function writeReport(prefix, report, markdown) {
  mkdirSync(args.out, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  writeFileSync(join(args.out, `${prefix}-${stamp}.json`), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(args.out, `${prefix}-${stamp}.md`), markdown);
  process.stdout.write(markdown);
}

/** The production build of the app and the libs the floor and fill tools require from their dist. */
function buildApp() {
  log(`building ${app} and domain`);
  execFileSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'run-many', '-t', 'build', '-p', app, 'domain', 'process-store', '--output-style=static'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
}

function machineFacts() {
  const cpus = require('node:os').cpus();
  return { node: process.version, cpus: cpus.length, cpuModel: cpus[0]?.model };
}

/**
 * µs per body for validation and findings (release 04/26) on every sample, after warm-up, in this process.
 * @returns {Measurements['validation']}
 */
function validationMicroBenchmark() {
  const { findingsFor, validateProcessData } = require(join(ROOT, 'libs', 'domain', 'dist'));
  const files = [...listSamples(SAMPLES, ''), ...listSamples(join(SAMPLES, 'upstream'), 'upstream/')].filter((f) => /-(create|update)-\d{5}/.test(f));
  const results = files.map((file) => {
    const text = readFileSync(join(SAMPLES, file), 'utf8');
    const body = JSON.parse(text);
    body.zusatzdaten = { businessKey: 'bench' };
    const [sampleRole, operation] = file.replace(/^upstream\//, '').split('-');
    // What a booking pays before the database: validation, then the release's findings (AHB and identifier checks).
    const validate = () => {
      validateProcessData(sampleRole.toUpperCase(), operation, body);
      findingsFor('04/26', sampleRole.toUpperCase(), operation, body);
    };
    for (let i = 0; i < 200; i++) validate();
    const iterations = 1000;
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) validate();
    const micros = Number(process.hrtime.bigint() - start) / 1000 / iterations;
    return { file, bytes: Buffer.byteLength(text), micros: round(micros, 1) };
  });
  // Weighted by size: the cost per 5 KB of body over all samples (small bodies alone would overstate fixed costs).
  const totalMicros = results.reduce((sum, r) => sum + r.micros, 0);
  const totalBytes = results.reduce((sum, r) => sum + r.bytes, 0);
  return { perSample: results, microsPer5KB: round((totalMicros * 5120) / totalBytes, 1) };
}

/**
 * @param {Measurements} report
 * @returns {TargetCheck[]}
 */
function checkTargets(report) {
  const at32 = report.throughput.find((row) => row.connections === 32);
  const checks = [
    at32 && { target: 'throughput at 32 connections ≥ 70 % of the baseline', value: at32.ratio, met: at32.ratio >= TARGETS.ratioAt32 },
    at32 && { target: 'p99 at 32 connections ≤ 1.5 × the baseline p99', value: at32.p99Factor, met: at32.p99Factor === null || at32.p99Factor <= TARGETS.p99FactorAt32 },
    { target: 'validation + findings ≤ 60 µs per 5 KB body', value: report.validation.microsPer5KB, met: report.validation.microsPer5KB <= TARGETS.validationMicrosPer5KB },
    { target: 'idle RSS ≤ 150 MB', value: report.startup.idleRssMB, met: report.startup.idleRssMB !== undefined && report.startup.idleRssMB <= TARGETS.idleRssMB },
    { target: 'ready in ≤ 2 s', value: report.startup.readyMs, met: report.startup.readyMs <= TARGETS.readyMs },
  ];
  // No p99 factor (baseline p99 below 1 ms) counts as met; an unknown idle RSS (no /proc) as not met.
  return checks.filter((check) => check !== undefined);
}

/** @param {Report} report */
function toMarkdown(report) {
  const lines = [
    `# Benchmark ${report.app.toUpperCase()} — ${report.date}`,
    '',
    `Node ${report.machine.node}, ${report.machine.cpus} cores (${report.machine.cpuModel}); ${report.settings.duration} s per run after ${report.settings.warmup} s warm-up, ${report.settings.pairs} A/B pair(s) per level; bodies: ${report.settings.samples.join(', ')}.`,
    ...(report.settings.instances
      ? [
          `Service: ${report.settings.instances} instances on one database (ports ${report.startup.instances?.map((i) => i.port).join(', ')}${report.settings.reference ? '; the reference likewise' : ''}), ` +
            'the load spread round-robin by connection (one autocannon run, connection i to instance i mod N, one latency histogram); ' +
            'service RSS and Node CPU are the sums over the instances.',
        ]
      : []),
    '',
    '| connections | baseline req/s | service req/s | ratio | baseline p50 / p99 ms | service p50 / p99 ms | p99 factor | errors (b/s) | service RSS MB | floor req/s (ratio) | Node CPU µs/req b / s / f |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.throughput.map(
      (r) =>
        `| ${r.connections} | ${r.baseline.rps} | ${r.service.rps} | ${r.ratio} | ${r.baseline.p50} / ${r.baseline.p99} | ${r.service.p50} / ${r.service.p99} | ${r.p99Factor} | ${r.baseline.errors} / ${r.service.errors} | ${r.serviceRssMB} | ${r.floor.rps} (${r.floorRatio}) | ${r.baseline.cpuMicrosPerRequest} / ${r.service.cpuMicrosPerRequest} / ${r.floor.cpuMicrosPerRequest} |`,
    ),
    ...(report.throughput.some((r) => r.reference)
      ? [
          '',
          `Reference: the service of ${report.settings.reference}, in the same pairs.`,
          '',
          '| connections | reference req/s | service req/s | service / reference | reference p50 / p99 ms | Node CPU µs/req reference / service |',
          '|---:|---:|---:|---:|---:|---:|',
          ...report.throughput.map(
            (r) =>
              `| ${r.connections} | ${r.reference?.rps} | ${r.service.rps} | ${r.referenceRatio} | ${r.reference?.p50} / ${r.reference?.p99} | ${r.reference?.cpuMicrosPerRequest} / ${r.service.cpuMicrosPerRequest} |`,
          ),
        ]
      : []),
    '',
    'Floor: bare Fastify running the service\'s own create statement (record, first revision and projection, same tables',
    'and indexes, batched as the service batches it) and nothing else: what this data model gets from this machine.',
    '',
    `Mixed create/update (32 connections): ${report.mixed.rps} req/s, p50 ${report.mixed.p50} ms, p99 ${report.mixed.p99} ms, errors ${report.mixed.errors}, RSS ${report.mixed.serviceRssMB} MB.`,
    ...(report.referenceMixed
      ? [
          `Mixed create/update of the reference: ${report.referenceMixed.rps} req/s, p50 ${report.referenceMixed.p50} ms, p99 ${report.referenceMixed.p99} ms, errors ${report.referenceMixed.errors}; service/reference ${report.referenceMixed.serviceToReference}.`,
        ]
      : []),
    `Replay of one create (32 connections): ${report.replay.rps} req/s, p50 ${report.replay.p50} ms, p99 ${report.replay.p99} ms, errors ${report.replay.errors}.`,
    report.startup.instances
      ? `Start-up (one after the other): ${report.startup.instances.map((i) => `${i.port} ready in ${i.readyMs} ms, idle RSS ${i.idleRssMB} MB`).join('; ')}; idle RSS together ${report.startup.totalIdleRssMB} MB.`
      : `Start-up: ready in ${report.startup.readyMs} ms, idle RSS ${report.startup.idleRssMB} MB.`,
    `Validation: ${report.validation.microsPer5KB} µs per 5 KB (all samples, weighted by size); per sample: ${report.validation.perSample.map((s) => `${s.file} ${s.micros} µs/${s.bytes} B`).join('; ')}.`,
    ...targetTable(report.targets),
  ];
  return lines.join('\n');
}

/**
 * @param {string} adminUrl
 * @param {string} purpose
 */
async function createDatabase(adminUrl, purpose) {
  const name = `maco_bench_${Date.now()}_${purpose}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
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
 * @template {Run} R
 * @param {R[]} runs
 * @returns {R}
 */
function median(runs) {
  const sorted = [...runs].sort((a, b) => (a.rps ?? a) - (b.rps ?? b));
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * @param {number} value
 * @param {number} digits
 */
function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** @param {string} message */
function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

// ---------- reads: `--reads N` ----------

const READ_TARGETS = { ratioAt32: 0.7, p99FactorAt32: 2 };

/**
 * The read benchmark: the service's BO4E reads against a bare read baseline on a read model of N objects, both on the
 * same (service-migrated) database, alternated in pairs per connection level like the bookings.
 */
async function readBenchmark() {
  const { fillReadModel, readPaths } = require('./read-fill');
  const objects = Number(args.reads);
  if (!Number.isInteger(objects) || objects < 1000) throw new Error('--reads wants a number of objects, at least 1000');
  const { machine, database, kept, children, client } = await openLoadedDatabase('reads');
  try {
    const servicePort = 23102;
    const baselinePort = 23105;
    // The service migrates the database; the fill goes into its tables.
    const startup = await startService(database.url, servicePort, ROOT);
    children.push(startup.child);
    await client.connect();
    const rules = require(join(ROOT, 'libs', 'process-store', 'dist', 'read-model', 'business-object-rules.js'));
    const fill = await fillReadModel(client, { role, objects, rules, log });
    log(`read model: ${fill.objects} objects (${fill.groups} sites, ${fill.versioned} MaLos with two versions), ${fill.tableMB} MB, ` +
      `${fill.reused ? 'reused (filled' : 'filled'} in ${(fill.fillMs / 1000).toFixed(1)} s${fill.reused ? ')' : ''}`);
    const baseline = fork(join(__dirname, 'read-baseline-server.js'), [], {
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(baselinePort), ROLE: role },
      stdio: 'inherit',
    });
    children.push(baseline);
    await waitForLive(`http://127.0.0.1:${baselinePort}/`, 10_000);

    const token = sign({ roles: [role] }, JWT_SECRET, { algorithm: 'HS256', subject: 'bench', expiresIn: 3600 });
    /** @type {Record<'baseline' | 'service', Target>} */
    const targets = {
      baseline: { url: `http://127.0.0.1:${baselinePort}/`, headers: {}, pid: baseline.pid },
      service: { url: `http://127.0.0.1:${servicePort}/`, headers: { authorization: `Bearer ${token}` }, pid: startup.child.pid },
    };
    const { paths, existingSiteShare } = readPaths(fill.groups);
    let offset = 0;
    /** @type {BodySource} */
    const reads = { method: 'GET', next: () => ({ path: paths[offset++ % paths.length] }) };

    const answers = await compareAnswers(targets, paths.slice(0, 400));
    log(`answers: ${answers.identical}/${answers.requests} identical (${answers.found} with objects, ${answers.empty} empty)`);

    log(`warm-up ${args.warmup}s each`);
    for (const name of /** @type {const} */ (['baseline', 'service'])) await load(targets[name], 32, Number(args.warmup), reads);

    /** @type {ReadRow[]} */
    const rows = [];
    for (const connections of connectionLevels) {
      /** @type {('baseline' | 'service')[]} */
      const contestants = ['baseline', 'service'];
      const runs = await alternatingPairs(contestants, (name) => loadWithPostgres(client, targets[name], connections, duration, reads));
      const baselineRun = median(runs.baseline);
      const serviceRun = median(runs.service);
      const row = {
        connections,
        baseline: baselineRun,
        service: serviceRun,
        ratio: round(serviceRun.rps / baselineRun.rps, 3),
        p99Factor: baselineRun.p99 > 0 ? round(serviceRun.p99 / baselineRun.p99, 2) : null,
        serviceRssMB: rssMB(startup.child.pid),
      };
      rows.push(row);
      log(`c=${connections}: baseline ${baselineRun.rps} req/s p99 ${baselineRun.p99} ms, service ${serviceRun.rps} req/s p99 ${serviceRun.p99} ms (ratio ${row.ratio}, p99 factor ${row.p99Factor})`);
    }

    /** @type {ReadMeasurements} */
    const measurements = {
      date: new Date().toISOString(),
      app,
      machine,
      settings: {
        ...loadSettings(),
        reads: objects,
        database: database.name,
        keptDatabase: Boolean(kept),
        existingSiteShare: round(existingSiteShare, 3),
      },
      fill,
      startup: { readyMs: startup.readyMs, idleRssMB: startup.idleRssMB },
      answers,
      throughput: rows,
    };
    const at32 = rows.find((row) => row.connections === 32);
    /** @type {ReadReport} */
    const report = {
      ...measurements,
      targets: at32
        ? [
            { target: 'read throughput at 32 connections ≥ 70 % of the read baseline', value: at32.ratio, met: at32.ratio >= READ_TARGETS.ratioAt32 },
            {
              target: 'read p99 at 32 connections ≤ 2 × the read baseline p99',
              value: at32.p99Factor,
              met: at32.p99Factor === null || at32.p99Factor <= READ_TARGETS.p99FactorAt32,
            },
            { target: 'service answers identical to the baseline', value: answers.identical, met: answers.identical === answers.requests },
            // A throughput made of refusals (429, 5xx) is no read throughput.
            { target: 'no failed reads under load', value: rows.reduce((sum, row) => sum + row.service.errors + row.baseline.errors, 0), met: rows.every((row) => row.service.errors === 0 && row.baseline.errors === 0) },
          ]
        : [],
    };
    writeReport('reads', report, readMarkdown(report));
  } finally {
    await client.end().catch(() => undefined);
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}

/**
 * The same reads on both: the service's answer must be the baseline's, byte for byte.
 * @param {Record<'baseline' | 'service', Target>} targets
 * @param {string[]} paths
 * @returns {Promise<AnswerCheck>}
 */
async function compareAnswers(targets, paths) {
  /** @type {AnswerCheck} */
  const check = { requests: paths.length, identical: 0, found: 0, empty: 0, mismatches: [] };
  for (const path of paths) {
    const [service, baseline] = await Promise.all(
      [targets.service, targets.baseline].map((target) => fetch(new URL(path, target.url), { headers: target.headers }).then((response) => response.text())),
    );
    if (service === baseline) check.identical++;
    else if (check.mismatches.length < 5) check.mismatches.push({ path, service: service.slice(0, 300), baseline: baseline.slice(0, 300) });
    if (/:\[\]\}\}$/.test(service)) check.empty++;
    else check.found++;
  }
  return check;
}

/**
 * `load`, plus the CPU time the database's client backends spent meanwhile (PostgreSQL's share of a request; only
 * the loaded server's pool is busy during a run). Backends that ended during the run are not counted.
 * @param {import('pg').Client} client connected to the benchmark's database
 * @param {Target} target
 * @param {number} connections
 * @param {number} seconds
 * @param {BodySource} source
 * @returns {Promise<ReadRun>}
 */
async function loadWithPostgres(client, target, connections, seconds, source) {
  const backends = async () => {
    const { rows } = await client.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    return new Map(rows.map((row) => [row.pid, cpuMicros(row.pid)]));
  };
  const before = await backends();
  const run = await load(target, connections, seconds, source);
  const after = await backends();
  let micros = 0;
  for (const [pid, cpu] of after) micros += cpu - (before.get(pid) ?? 0);
  return { ...run, postgresMicrosPerRequest: run.requests > 0 ? Math.round(micros / run.requests) : null };
}

/** @param {ReadReport} report */
function readMarkdown(report) {
  const f = report.fill;
  const lines = [
    `# Read benchmark ${report.app.toUpperCase()} — ${report.date}`,
    '',
    `Node ${report.machine.node}, ${report.machine.cpus} cores (${report.machine.cpuModel}); ${report.settings.duration} s per run after ${report.settings.warmup} s warm-up, ${report.settings.pairs} A/B pair(s) per level.`,
    `Read model: ${f.objects} objects (${f.groups} sites, ${f.versioned} MaLos with two versions, ${f.templates} templates from the samples, avg body ${f.avgBodyBytes} B), ${f.tableMB} MB with indexes; ` +
      `${f.reused ? `reused from ${report.settings.database} (filled in` : 'filled in'} ${(f.fillMs / 1000).toFixed(1)} s${f.reused ? ')' : ''}.`,
    `Reads: 70 % getMarketlocationBasic, 10 % each getMeterLocationBasic, getCounterBasic, getGridUsageContractBasic; ${Math.round(report.settings.existingSiteShare * 100)} % of existing sites; ` +
      `key dates 2020–2026; parameter2 on half. Answers compared before the load: ${report.answers.identical}/${report.answers.requests} identical ` +
      `(${report.answers.found} with objects, ${report.answers.empty} empty).`,
    '',
    '| connections | baseline req/s | service req/s | ratio | baseline p50 / p99 ms | service p50 / p99 ms | p99 factor | errors (b/s) | service RSS MB | Node CPU µs/req b / s | PostgreSQL CPU µs/req b / s |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.throughput.map(
      (r) =>
        `| ${r.connections} | ${r.baseline.rps} | ${r.service.rps} | ${r.ratio} | ${r.baseline.p50} / ${r.baseline.p99} | ${r.service.p50} / ${r.service.p99} | ${r.p99Factor} | ${r.baseline.errors} / ${r.service.errors} | ${r.serviceRssMB} | ${r.baseline.cpuMicrosPerRequest} / ${r.service.cpuMicrosPerRequest} | ${r.baseline.postgresMicrosPerRequest} / ${r.service.postgresMicrosPerRequest} |`,
    ),
    '',
    'Baseline: `read-baseline-server.js` — node:http, the query string and one indexed SELECT (role, kind, `locations &&`,',
    '`valid @>` the key date) on the same table, answering the stored jsonb text wrapped as the service does. No auth,',
    'no parameter checks, no version resolution.',
    ...(report.answers.mismatches.length > 0
      ? ['', 'Differing answers (first ones):', '', ...report.answers.mismatches.map((m) => `- \`${m.path}\`: service \`${m.service}\`, baseline \`${m.baseline}\``)]
      : []),
    ...targetTable(report.targets),
  ];
  return lines.join('\n');
}

// ---------- MaLo identification: `--identify N` (NB) ----------

const IDENTIFY_TARGETS = { p99At8: 50 };
/** The moment the requests identify for: the MaLos' current versions are in force, former customers within 3 years. */
const IDENTIFY_AT = '2026-05-04T08:00:00Z';

/**
 * @typedef {{ requests: number, withExpected: number, expectedNonEmpty: number, expectedFound: number, expectedFirst: number,
 *   unknown: number, unknownEmpty: number, candidatesPerAnswer: number, failures: { type: string, status: number, body: string }[],
 *   byType: Record<string, { requests: number, found: number, candidates: number, meanMs: number }> }} IdentifyCheck
 * @typedef {ReadRun & { candidatesPerAnswer: number | null, emptyShare: number | null }} IdentifyRun
 * @typedef {{ connections: number, service: IdentifyRun, runs: IdentifyRun[], serviceRssMB: number | undefined }} IdentifyRow
 * @typedef {{
 *   date: string,
 *   app: string,
 *   machine: Measurements['machine'],
 *   settings: { duration: number, warmup: number, pairs: number, sites: number, database: string, keptDatabase: boolean, at: string, mix: string },
 *   fill: import('./identify-fill').IdentifyFillResult,
 *   startup: Measurements['startup'],
 *   answers: IdentifyCheck,
 *   throughput: IdentifyRow[],
 * }} IdentifyMeasurements
 * @typedef {IdentifyMeasurements & { targets: TargetCheck[] }} IdentifyReport
 */

/**
 * The MaLo identification benchmark: `POST /identifyMarketlocation` of the NB service on a read model of N market
 * locations (with MeLo and meter each), a realistic request mix with a fresh idempotency key per request, per
 * connection level `--pairs` runs (the median by req/s is reported). No bare baseline: the target is absolute (p99).
 */
async function identifyBenchmark() {
  if (role !== 'NB') throw new Error('--identify measures the grid operator\'s MaLo identification: use --app nb');
  const { fillIdentifyModel, identifyRequests, identifyBodyParts, MIX } = require('./identify-fill');
  const sites = Number(args.identify);
  if (!Number.isInteger(sites) || sites < 1000) throw new Error('--identify wants a number of market locations, at least 1000');
  const { machine, database, kept, children, client } = await openLoadedDatabase('identify');
  try {
    const servicePort = 23102;
    // The service migrates the database; the fill goes into its tables.
    const startup = await startService(database.url, servicePort, ROOT);
    children.push(startup.child);
    await client.connect();
    const rules = require(join(ROOT, 'libs', 'process-store', 'dist', 'read-model', 'business-object-rules.js'));
    const fill = await fillIdentifyModel(client, { sites, rules, log });
    log(`read model: ${fill.objects} objects (${fill.malos} MaLo versions of ${fill.sites} sites), ${fill.tableMB} MB, ` +
      `${fill.reused ? 'reused (filled' : 'filled'} in ${(fill.fillMs / 1000).toFixed(1)} s${fill.reused ? ')' : ''}; ` +
      `${fill.keysPerMalo} keys per MaLo, ${fill.avgSitesPerAddressKey} MaLos per address key, up to ${fill.maxSitesPerNameKey} per name key`);
    // Old recorded requests would only grow the record table between runs on a kept database.
    await client.query(`DELETE FROM malo_ident_request WHERE idempotency_key LIKE 'bench-%'`);

    const token = sign({ roles: [role] }, JWT_SECRET, { algorithm: 'HS256', subject: 'bench', expiresIn: 3600 });
    /** @type {Target} */
    const target = {
      url: `http://127.0.0.1:${servicePort}/identifyMarketlocation`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      pid: startup.child.pid,
    };
    const requests = identifyRequests(sites);
    const parts = requests.map((request) => identifyBodyParts(request, IDENTIFY_AT));
    const run = `bench-${Date.now().toString(36)}`;
    let counter = 0;
    const nextBody = () => {
      const n = counter++;
      const [before, between, after] = parts[n % parts.length] ?? ['', '', ''];
      const key = `${run}-${n}`;
      return before + key + between + key + after;
    };

    const answers = await checkIdentifyAnswers(target, requests.slice(0, 400), nextBody);
    log(`answers: ${answers.expectedNonEmpty}/${answers.withExpected} non-empty where a MaLo is expected (${answers.expectedFound} with it, ` +
      `${answers.expectedFirst} first), ${answers.unknownEmpty}/${answers.unknown} empty where none is; ${answers.candidatesPerAnswer} candidates per answer`);

    /** @type {{ answers: number, candidates: number, empty: number }} */
    const counts = { answers: 0, candidates: 0, empty: 0 };
    /** @type {BodySource} */
    const source = {
      next: nextBody,
      onResponse: (status, body) => {
        if (status !== 200) return;
        counts.answers++;
        const candidates = countOf(body, '"lokationsId"');
        counts.candidates += candidates;
        if (candidates === 0) counts.empty++;
      },
    };
    log(`warm-up ${args.warmup}s`);
    await load(target, 8, Number(args.warmup), source);

    /** @type {IdentifyRow[]} */
    const rows = [];
    for (const connections of connectionLevels) {
      /** @type {IdentifyRun[]} */
      const runs = [];
      for (let pair = 0; pair < Number(args.pairs); pair++) {
        Object.assign(counts, { answers: 0, candidates: 0, empty: 0 });
        const measured = await loadWithPostgres(client, target, connections, duration, source);
        runs.push({
          ...measured,
          candidatesPerAnswer: counts.answers > 0 ? round(counts.candidates / counts.answers, 2) : null,
          emptyShare: counts.answers > 0 ? round(counts.empty / counts.answers, 3) : null,
        });
      }
      const service = median(runs);
      rows.push({ connections, service, runs, serviceRssMB: rssMB(startup.child.pid) });
      log(`c=${connections}: ${service.rps} req/s, p50 ${service.p50} ms, p99 ${service.p99} ms, errors ${service.errors}, ${service.candidatesPerAnswer} candidates per answer` +
        (runs.length > 1 ? ` (p99 of the runs: ${runs.map((r) => r.p99).join(', ')} ms)` : ''));
    }

    /** @type {IdentifyMeasurements} */
    const measurements = {
      date: new Date().toISOString(),
      app,
      machine,
      settings: {
        ...loadSettings(),
        sites,
        database: database.name,
        keptDatabase: Boolean(kept),
        at: IDENTIFY_AT,
        mix: MIX.map(([type, share]) => `${Math.round(share * 100)} % ${type}`).join(', '),
      },
      fill,
      startup: { readyMs: startup.readyMs, idleRssMB: startup.idleRssMB },
      answers,
      throughput: rows,
    };
    const at8 = rows.find((row) => row.connections === 8);
    const failed = rows.reduce((sum, row) => sum + row.runs.reduce((runSum, r) => runSum + r.errors, 0), 0);
    /** @type {IdentifyReport} */
    const report = {
      ...measurements,
      targets: [
        ...(at8 ? [{ target: `identification p99 at 8 connections ≤ ${IDENTIFY_TARGETS.p99At8} ms`, value: at8.service.p99, met: at8.service.p99 <= IDENTIFY_TARGETS.p99At8 }] : []),
        { target: 'no failed identifications under load', value: failed, met: failed === 0 },
        { target: `answers non-empty where a MaLo is expected (of ${answers.withExpected} checked)`, value: answers.expectedNonEmpty, met: answers.expectedNonEmpty === answers.withExpected },
      ],
    };
    writeReport('identify', report, identifyMarkdown(report));
  } finally {
    await client.end().catch(() => undefined);
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}

/**
 * Occurrences of a string in a text.
 * @param {string} text
 * @param {string} part
 */
function countOf(text, part) {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/**
 * Sends some requests one by one before the load: is the expected MaLo among the candidates (and first), are the
 * unknown ones answered empty; candidates and time per request type.
 * @param {Target} target
 * @param {import('./identify-fill').IdentifyRequest[]} requests
 * @param {() => string} nextBody gives the body of request `n` in turn (the first call request 0)
 * @returns {Promise<IdentifyCheck>}
 */
async function checkIdentifyAnswers(target, requests, nextBody) {
  /** @type {IdentifyCheck} */
  const check = { requests: requests.length, withExpected: 0, expectedNonEmpty: 0, expectedFound: 0, expectedFirst: 0, unknown: 0, unknownEmpty: 0, candidatesPerAnswer: 0, failures: [], byType: {} };
  let candidates = 0;
  for (const request of requests) {
    const started = process.hrtime.bigint();
    const response = await fetch(target.url, { method: 'POST', headers: target.headers, body: nextBody() });
    const text = await response.text();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const type = (check.byType[request.type] ??= { requests: 0, found: 0, candidates: 0, meanMs: 0 });
    type.requests++;
    type.meanMs += ms;
    if (response.status !== 200) {
      if (check.failures.length < 5) check.failures.push({ type: request.type, status: response.status, body: text.slice(0, 300) });
      continue;
    }
    const ids = (/** @type {{ maloIdentDaten: { lokationsId: string }[] }} */ (JSON.parse(text))).maloIdentDaten.map((candidate) => candidate.lokationsId);
    candidates += ids.length;
    type.candidates += ids.length;
    if (request.expected) {
      check.withExpected++;
      if (ids.length > 0) check.expectedNonEmpty++;
      if (ids.includes(request.expected)) {
        check.expectedFound++;
        type.found++;
      }
      if (ids[0] === request.expected) check.expectedFirst++;
      if (ids.length === 0 && check.failures.length < 5) check.failures.push({ type: request.type, status: response.status, body: text.slice(0, 300) });
    } else {
      check.unknown++;
      if (ids.length === 0) check.unknownEmpty++;
    }
  }
  for (const type of Object.values(check.byType)) {
    type.meanMs = round(type.meanMs / type.requests, 1);
    type.candidates = round(type.candidates / type.requests, 2);
  }
  check.candidatesPerAnswer = round(candidates / requests.length, 2);
  return check;
}

/** @param {IdentifyReport} report */
function identifyMarkdown(report) {
  const f = report.fill;
  const a = report.answers;
  const lines = [
    `# MaLo identification benchmark ${report.app.toUpperCase()} — ${report.date}`,
    '',
    `Node ${report.machine.node}, ${report.machine.cpus} cores (${report.machine.cpuModel}); ${report.settings.duration} s per run after ${report.settings.warmup} s warm-up, ${report.settings.pairs} run(s) per level (median by req/s).`,
    `Read model: ${f.sites} sites = ${f.objects} objects (${f.malos} MARKTLOKATION versions, a MESSLOKATION and a ZAEHLER each; avg body ${f.avgBodyBytes} B), ${f.tableMB} MB with indexes; ` +
      `${f.keysPerMalo} location keys per MaLo version, ${f.addressKeys} address keys (${f.avgSitesPerAddressKey} MaLo versions each), up to ${f.maxSitesPerNameKey} per name key; ` +
      `${f.reused ? `reused from ${report.settings.database} (filled in` : 'filled in'} ${(f.fillMs / 1000).toFixed(1)} s${f.reused ? ')' : ''}.`,
    `Requests (${report.settings.at}, a fresh idempodenzschluessel each): ${report.settings.mix}.`,
    `Answers checked before the load (one by one, ${a.requests}): ${a.expectedNonEmpty}/${a.withExpected} non-empty where a MaLo is expected, ${a.expectedFound} with it, ${a.expectedFirst} with it first; ` +
      `${a.unknownEmpty}/${a.unknown} empty where none is; ${a.candidatesPerAnswer} candidates per answer.`,
    '',
    '| request type | requests | expected MaLo found | candidates per answer | mean ms (1 connection) |',
    '|---|---:|---:|---:|---:|',
    ...Object.entries(a.byType).map(([type, t]) => `| ${type} | ${t.requests} | ${type === 'unknown' ? '—' : t.found} | ${t.candidates} | ${t.meanMs} |`),
    '',
    '| connections | req/s | p50 ms | p99 ms | errors | candidates per answer | empty answers | service RSS MB | Node CPU µs/req | PostgreSQL CPU µs/req |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.throughput.map(
      (r) =>
        `| ${r.connections} | ${r.service.rps} | ${r.service.p50} | ${r.service.p99}${r.runs.length > 1 ? ` (${r.runs.map((run) => run.p99).join(', ')})` : ''} | ${r.service.errors} | ${r.service.candidatesPerAnswer} | ${r.service.emptyShare === null ? '—' : `${Math.round(r.service.emptyShare * 100)} %`} | ${r.serviceRssMB} | ${r.service.cpuMicrosPerRequest} | ${r.service.postgresMicrosPerRequest} |`,
    ),
    '',
    'No bare baseline in this mode: the target is absolute (p99 at 8 connections). Every request is a new identification',
    '(two candidate statements, flags, the record insert), none a replay.',
    ...(a.failures.length > 0 ? ['', 'Unexpected answers (first ones):', '', ...a.failures.map((failure) => `- ${failure.type}: ${failure.status} \`${failure.body}\``)] : []),
    ...targetTable(report.targets),
  ];
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
