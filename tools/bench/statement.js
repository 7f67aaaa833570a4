'use strict';
// The create statement alone (`--statement`): this checkout's create batch and the reference's, each through its own
// build's batcher (libs/process-store/dist), alternated in pairs on one migrated database; creates per second and the
// CPU that the database's backends spend per create. Shows what a change to the statement costs where it is paid, without the
// service's noise around it (the booking A/B's ±10 % on this machine).
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { Client, Pool } = require('pg');
const { createBodies } = require('./bodies');
const { ROOT } = require('./build');
const { createDatabase } = require('./database');
const { backendCpu, backendCpuSpent } = require('./load');
const { machineFacts } = require('./machine');
const { log, writeReport } = require('./report');
const { migrateWithService } = require('./service');
const { medianOf, round } = require('./statistics');

// The service's default pool size.
const POOL_SIZE = 10;

/**
 * A checkout's create batcher, loaded from its build.
 * @param {string} checkout
 */
function batcherModule(checkout) {
  const store = require(join(checkout, 'libs', 'process-store'));
  // A checkout from before the read model had a lib of its own exports the rules from process-store.
  const readModel = existsSync(join(checkout, 'libs', 'read-model'))
    ? require(join(checkout, 'libs', 'read-model'))
    : store;
  return {
    /** @type {(pool: Pool, role: string) => { submit(row: object): Promise<unknown> }} */
    createBatcher: store.createBatcher,
    /** @type {() => string} */
    uuidV7: store.uuidV7,
    /** @type {(stammdaten: unknown) => unknown} */
    describeBusinessObjects: readModel.describeBusinessObjects,
  };
}

/**
 * Loads one checkout's statement for `seconds`: creates per second, the backends' and the load process's CPU per create.
 * @param {ReturnType<typeof batcherModule>} module
 * @param {Client} monitor connected to the database, reads its backends' CPU
 * @param {string} url
 * @param {string} role
 * @param {() => string} nextBody
 * @param {number} seconds
 * @param {number} inFlight creates submitted at once (64: as many as the service has at 32 connections)
 */
async function loadStatement(module, monitor, url, role, nextBody, seconds, inFlight) {
  const pool = new Pool({ connectionString: url, max: POOL_SIZE, options: '-c role=maco_service' });
  const creates = module.createBatcher(pool, role);
  let done = 0;
  const book = async () => {
    const bodyJson = nextBody();
    const body = JSON.parse(bodyJson);
    await creates.submit({
      id: module.uuidV7(),
      businessKey: body.zusatzdaten.businessKey,
      targetBusinessKey: null,
      prozessId: null,
      pruefidentifikator: body.transaktionsdaten?.pruefidentifikator ?? null,
      release: '10/26',
      marktlokationsIds: [],
      currentJson: null,
      bodyJson,
      tokenSubject: 'bench',
      requestId: `statement-${done}`,
      findingsJson: '[]',
      objectsJson: JSON.stringify(module.describeBusinessObjects(body.stammdaten)),
    });
    done++;
  };
  const deadline = Date.now() + seconds * 1000;
  const backends = await backendCpu(monitor);
  const own = process.cpuUsage();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < deadline) await book();
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const backendMicros = backendCpuSpent(backends, await backendCpu(monitor));
  const ownUsed = process.cpuUsage(own);
  await pool.end();
  return {
    createsPerSecond: round(done / elapsed, 0),
    postgresMicrosPerCreate: round(backendMicros / done, 1),
    loadMicrosPerCreate: round((ownUsed.user + ownUsed.system) / done, 1),
  };
}

/**
 * `--statement --reference DIR`: the pairs, the medians and their ratio.
 * @param {import('./options').BenchOptions} options
 */
async function statementBenchmark(options) {
  const { args, app, role, duration } = options;
  const reference = /** @type {string} the option check requires it */ (args.reference);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the benchmark creates its own database)');
  const { buildApp } = require('./build');
  buildApp(app);
  const database = await createDatabase(adminUrl, 'statement');
  const monitor = new Client({ connectionString: database.url });
  try {
    // The service of this checkout migrates the database (both statements write the same tables).
    await migrateWithService(options, database.url, 23107, ROOT);
    await monitor.connect();
    const contestants = { service: batcherModule(ROOT), reference: batcherModule(reference) };
    const bodies = createBodies(role);
    const pairs = Number(args.pairs);
    const inFlight = Number(args['in-flight']);
    if (!(Number.isInteger(inFlight) && inFlight >= 1)) throw new Error('--in-flight wants a whole number from 1');
    /** @type {Record<'service' | 'reference', Awaited<ReturnType<typeof loadStatement>>[]>} */
    const runs = { service: [], reference: [] };
    log(`warm-up ${args.warmup}s each`);
    for (const module of Object.values(contestants))
      await loadStatement(module, monitor, database.url, role, bodies.create.next, Number(args.warmup), inFlight);
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? ['service', 'reference'] : ['reference', 'service'];
      for (const name of /** @type {('service' | 'reference')[]} */ (order)) {
        const run = await loadStatement(
          contestants[name],
          monitor,
          database.url,
          role,
          bodies.create.next,
          duration,
          inFlight,
        );
        runs[name].push(run);
        log(
          `pair ${pair + 1} ${name}: ${run.createsPerSecond} creates/s, PostgreSQL ${run.postgresMicrosPerCreate} µs/create`,
        );
      }
    }
    const summary = (/** @type {'service' | 'reference'} */ name) => ({
      createsPerSecond: medianOf(runs[name].map((run) => run.createsPerSecond)),
      postgresMicrosPerCreate: medianOf(runs[name].map((run) => run.postgresMicrosPerCreate)),
      loadMicrosPerCreate: medianOf(runs[name].map((run) => run.loadMicrosPerCreate)),
    });
    const service = summary('service');
    const referenceSummary = summary('reference');
    const report = {
      date: new Date().toISOString(),
      machine: machineFacts(),
      role,
      referenceCheckout: reference,
      pairs,
      inFlight,
      seconds: duration,
      service,
      reference: referenceSummary,
      ratio: round(service.createsPerSecond / referenceSummary.createsPerSecond, 3),
      runs,
    };
    writeReport(args.out, 'statement', report, statementMarkdown(report));
  } finally {
    await monitor.end();
    await database.drop();
  }
}

/** @param {any} report */
function statementMarkdown(report) {
  const row = (/** @type {string} */ name, /** @type {any} */ s) =>
    `| ${name} | ${s.createsPerSecond} | ${s.postgresMicrosPerCreate} | ${s.loadMicrosPerCreate} |`;
  return [
    `# The create statement, ${report.role} — ${report.date}`,
    '',
    `${report.machine.node}, ${report.machine.cpus} cores; ${report.pairs} pair(s) of ${report.seconds} s, ${report.inFlight} creates in flight, pool of ${POOL_SIZE}; medians. Reference: ${report.referenceCheckout}.`,
    '',
    '| statement | creates/s | PostgreSQL CPU µs/create | load process CPU µs/create |',
    '|---|---:|---:|---:|',
    row('service', report.service),
    row('reference', report.reference),
    '',
    `service / reference: ${report.ratio}`,
    '',
  ].join('\n');
}

module.exports = { statementBenchmark };
