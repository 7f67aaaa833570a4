'use strict';
// Bookings at scale (`--preload N`): the service on a fresh empty database and on one preloaded with N stored
// revisions, side by side in pairs per connection level, then a process-read probe on both, and the bytes per revision.
const { Client } = require('pg');
const { createBodies, seed } = require('./bodies');
const { ROOT, builtRules } = require('./build');
const { createDatabase, openLoadedDatabase } = require('./database');
const { alternatingPairs, load } = require('./load');
const { loadSettings } = require('./options');
const { log, writeReport } = require('./report');
const { scaleMarkdown, scaleTargets } = require('./scale-report');
const { benchToken, startService, stopAll } = require('./service');
const { median, round } = require('./statistics');

/**
 * @typedef {import('./load').Target} Target
 * @typedef {import('./load').Run} Run
 */

/**
 * Reports throughput, p50/p99, the ratio preloaded/empty and the bytes per stored revision (tables, indexes and TOAST)
 * of both databases.
 * @param {import('./options').BenchOptions} options
 */
async function scaleBenchmark(options) {
  const { args, app, role, duration, connectionLevels } = options;
  const revisions = Number(args.preload);
  if (!Number.isInteger(revisions) || revisions < 1) throw new Error('--preload wants a whole number of revisions');
  const { preloadProcesses, processesForRevisions, storage } = require('./process-fill');
  // The figure is stored revisions: the fill makes 1–3 per process (1.48 on average).
  const processes = processesForRevisions(revisions);
  const { machine, database: preloaded, kept, children, client } = await openLoadedDatabase(options, 'preloaded');
  const adminUrl = /** @type {string} */ (process.env.DATABASE_URL);
  const empty = await createDatabase(adminUrl, 'empty');
  try {
    // The service migrates each database on start; the fill needs the preloaded one migrated.
    const preloadedService = await startService(options, preloaded.url, 23105, ROOT);
    children.push(preloadedService.child);
    await client.connect();
    log(
      `preloading ${revisions.toLocaleString('en')} revisions: ${processes.toLocaleString('en')} processes (reused when the kept database holds them)`,
    );
    const fill = await preloadProcesses(client, { role, processes, log });
    log(
      `preloaded: ${fill.records.toLocaleString('en')} records, ${fill.revisions.toLocaleString('en')} revisions, ${fill.totalMB} MB, ${fill.bytesPerRevision} B per revision`,
    );
    // The read model the bookings projected: as many business objects as processes (the read benchmark's sites).
    const { fillReadModel } = require('./read-fill');
    const readModel = await fillReadModel(client, { role, objects: processes, rules: builtRules(), log });
    log(`read model: ${readModel.objects.toLocaleString('en')} objects, ${readModel.tableMB} MB`);
    const emptyService = await startService(options, empty.url, 23106, ROOT);
    children.push(emptyService.child);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${benchToken(role)}` };
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
      const runs = await alternatingPairs(both, Number(args.pairs), (name) =>
        load(targets[name], connections, duration, bodies.create),
      );
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
    const reads = {
      empty: await readProbe(targets.empty, bodies, duration),
      preloaded: await readProbe(targets.preloaded, bodies, duration),
    };

    const emptyClient = new Client({ connectionString: empty.url });
    await emptyClient.connect();
    const emptyStorage = await storage(emptyClient);
    await emptyClient.end();
    const preloadedStorage = await storage(client);
    const measurements = {
      date: new Date().toISOString(),
      app,
      machine,
      settings: {
        ...loadSettings(options),
        preload: revisions,
        preloadedProcesses: processes,
        database: preloaded.name,
        keptDatabase: Boolean(kept),
      },
      fill,
      readModel,
      storage: { empty: emptyStorage, preloaded: preloadedStorage },
      throughput: rows,
      reads: { ...reads, p99Factor: reads.empty.p99 > 0 ? round(reads.preloaded.p99 / reads.empty.p99, 2) : null },
    };
    const report = { ...measurements, targets: scaleTargets(measurements) };
    writeReport(args.out, 'scale', report, scaleMarkdown(report, args.pairs));
  } finally {
    await client.end().catch(() => undefined);
    await stopAll(children);
    await empty.drop();
    await preloaded.drop();
  }
}

/**
 * `GET /processes/{key}` of keys booked on the target (200 creates first), 32 connections for the run's duration.
 * @param {Target} target
 * @param {import('./bodies').Bodies} bodies
 * @param {number} duration seconds
 */
async function readProbe(target, bodies, duration) {
  const keys = await seed(target, bodies, 200);
  let n = 0;
  const base = new URL(target.url);
  return load({ ...target, url: `${base.protocol}//${base.host}/processes` }, 32, duration, {
    method: 'GET',
    next: () => ({ path: `/processes/${encodeURIComponent(keys[n++ % keys.length])}` }),
  });
}

module.exports = { scaleBenchmark };
