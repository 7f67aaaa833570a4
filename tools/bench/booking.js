'use strict';
// The booking benchmark (the default): the service against the bare baseline and the floor, and a `--reference`
// checkout's service when given, alternated in pairs per connection level; then a mixed create/update and a replay load.
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { createBodies, seed } = require('./bodies');
const { bookingMarkdown, checkTargets } = require('./booking-report');
const { ROOT, buildApp } = require('./build');
const { createDatabase } = require('./database');
const { Client } = require('pg');
const { alternatingPairs, load, loadWithPostgres } = require('./load');
const { machineFacts, totalRssMB } = require('./machine');
const { log, writeReport } = require('./report');
const { benchToken, migrateWithService, spread, startInstances, startService, stopAll } = require('./service');
const { median, round } = require('./statistics');
const { validationMicroBenchmark } = require('./validation-timing');
const { waitForLive } = require('./wait-for-live');

/**
 * @typedef {'baseline' | 'service' | 'floor' | 'reference'} Contestant
 * @typedef {import('./load').Target} Target
 * @typedef {import('./load').Run} Run
 * @typedef {import('./service').Started} Started
 */

/** @param {import('./options').BenchOptions} options */
async function bookingBenchmark(options) {
  const { args, app, role, duration, connectionLevels } = options;
  const instances = args.instances === undefined ? undefined : Number(args.instances);
  if (instances !== undefined && !(Number.isInteger(instances) && instances >= 2 && instances <= 4))
    throw new Error('--instances wants 2, 3 or 4');
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database)');
  const machine = machineFacts();

  buildApp(app);

  // One database per contestant that books (the baseline and the floor share one): the service's tables hold only its
  // own bookings, as the reference's do, so neither A/B side works on larger tables and indexes than the other.
  const database = await createDatabase(adminUrl, 'service');
  const floorDatabase = await createDatabase(adminUrl, 'floor');
  const referenceDatabase = args.reference ? await createDatabase(adminUrl, 'reference') : undefined;
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @type {Client[]} */
  const clients = [];
  try {
    const validation = validationMicroBenchmark();
    // Below the ephemeral range (32768+): a port there can be taken by a client socket, or even self-connected by the readiness poll.
    const baselinePort = 23101;
    const servicePort = 23102;
    const floorPort = 23103;
    const referencePort = 23104;
    const baseline = fork(join(__dirname, 'baseline-server.js'), [], {
      env: { ...process.env, DATABASE_URL: floorDatabase.url, PORT: String(baselinePort) },
      stdio: 'inherit',
    });
    children.push(baseline);
    // With --instances: the service's instances on consecutive ports from 23111, the reference's from 23121.
    /** @type {Started} */
    const startup = instances
      ? await startInstances(options, database.url, 23111, ROOT, instances)
      : await startService(options, database.url, servicePort, ROOT);
    children.push(...(startup.children ?? [startup.child]));
    /** @type {Started | undefined} */
    const reference =
      args.reference && referenceDatabase
        ? instances
          ? await startInstances(options, referenceDatabase.url, 23121, args.reference, instances)
          : await startService(options, referenceDatabase.url, referencePort, args.reference)
        : undefined;
    if (reference) children.push(...(reference.children ?? [reference.child]));
    await waitForLive(`http://127.0.0.1:${baselinePort}/`, 10_000);
    // The service's tables, indexes and statement, on a database of its own that this checkout's service migrates.
    await migrateWithService(options, floorDatabase.url, floorPort, ROOT);
    const floor = fork(join(__dirname, 'floor-server.js'), [], {
      env: { ...process.env, DATABASE_URL: floorDatabase.url, PORT: String(floorPort), ROLE: role },
      stdio: 'inherit',
    });
    children.push(floor);
    await waitForLive(`http://127.0.0.1:${floorPort}/`, 10_000);

    const token = benchToken(role);
    /** @type {Record<Contestant, Target>} */
    const targets = {
      baseline: {
        url: `http://127.0.0.1:${baselinePort}/createProcessData`,
        headers: { 'content-type': 'application/json' },
        pid: baseline.pid,
      },
      service: {
        url: `http://127.0.0.1:${startup.ports?.[0] ?? servicePort}/createProcessData`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        pid: startup.child.pid,
        ...spread(startup),
      },
      floor: {
        url: `http://127.0.0.1:${floorPort}/createProcessData`,
        headers: { 'content-type': 'application/json' },
        pid: floor.pid,
      },
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
    // The service and the reference book into databases of their own: PostgreSQL's CPU per request is measured for each.
    const serviceClient = new Client({ connectionString: database.url });
    const referenceClient = referenceDatabase && new Client({ connectionString: referenceDatabase.url });
    await serviceClient.connect();
    await referenceClient?.connect();
    clients.push(serviceClient, ...(referenceClient ? [referenceClient] : []));
    /** @type {(name: Contestant, connections: number, seconds: number, source: import('./load').BodySource) => Promise<Run>} */
    const loadContestant = (name, connections, seconds, source) =>
      name === 'service'
        ? loadWithPostgres(serviceClient, targets.service, connections, seconds, source)
        : name === 'reference' && referenceClient
          ? loadWithPostgres(referenceClient, targets.reference, connections, seconds, source)
          : load(targets[name], connections, seconds, source);

    log(`warm-up ${args.warmup}s each`);
    for (const name of contestants) await load(targets[name], 32, Number(args.warmup), bodies.create);

    /** @type {import('./booking-report').ThroughputRow[]} */
    const rows = [];
    for (const connections of connectionLevels) {
      const runs = await alternatingPairs(contestants, Number(args.pairs), (name) =>
        loadContestant(name, connections, duration, bodies.create),
      );
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
        ...(reference
          ? { reference: median(runs.reference), referenceRatio: round(serviceRun.rps / median(runs.reference).rps, 3) }
          : {}),
      };
      rows.push(row);
      log(
        `c=${connections}: baseline ${baselineRun.rps} req/s, service ${serviceRun.rps} req/s (ratio ${row.ratio}), floor ${floorRun.rps} req/s (ratio ${row.floorRatio})` +
          (row.reference ? `, reference ${row.reference.rps} req/s (service/reference ${row.referenceRatio})` : ''),
      );
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
      if (reference && !serviceFirst)
        referenceMixedRuns.push(await loadContestant('reference', 32, duration, bodies.mixed(referenceSeeded)));
      mixedRuns.push(await loadContestant('service', 32, duration, bodies.mixed(seeded)));
      if (reference && serviceFirst)
        referenceMixedRuns.push(await loadContestant('reference', 32, duration, bodies.mixed(referenceSeeded)));
    }
    const mixed = median(mixedRuns);
    const referenceMixed = reference ? median(referenceMixedRuns) : undefined;
    const replay = await load(targets.service, 32, duration, bodies.replay());

    /** @type {import('./booking-report').Measurements} */
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
      ...(referenceMixed
        ? { referenceMixed: { ...referenceMixed, serviceToReference: round(mixed.rps / referenceMixed.rps, 3) } }
        : {}),
      replay,
    };
    /** @type {import('./booking-report').Report} */
    const report = { ...measurements, targets: checkTargets(measurements) };
    writeReport(args.out, 'bench', report, bookingMarkdown(report));
  } finally {
    for (const client of clients) await client.end();
    await stopAll(children);
    await database.drop();
    await floorDatabase.drop();
    await referenceDatabase?.drop();
  }
}

module.exports = { bookingBenchmark };
