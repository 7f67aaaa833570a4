'use strict';
// The read benchmark (`--reads N`): the service's BO4E reads against a bare read baseline on a read model of N
// objects, both on the same (service-migrated) database, alternated in pairs per connection level like the bookings.
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { ROOT, builtRules } = require('./build');
const { openLoadedDatabase } = require('./database');
const { alternatingPairs, load, loadWithPostgres } = require('./load');
const { rssMB } = require('./machine');
const { loadSettings } = require('./options');
const { readMarkdown, readTargets } = require('./reads-report');
const { log, writeReport } = require('./report');
const { benchToken, startService, stopAll } = require('./service');
const { median, round } = require('./statistics');
const { waitForLive } = require('./wait-for-live');

/**
 * @typedef {import('./load').Target} Target
 * @typedef {import('./reads-report').AnswerCheck} AnswerCheck
 */

/** @param {import('./options').BenchOptions} options */
async function readBenchmark(options) {
  const { args, app, role, duration, connectionLevels } = options;
  const { fillReadModel, readPaths } = require('./read-fill');
  const objects = Number(args.reads);
  if (!Number.isInteger(objects) || objects < 1000) throw new Error('--reads wants a number of objects, at least 1000');
  const { machine, database, kept, children, client } = await openLoadedDatabase(options, 'reads');
  try {
    const servicePort = 23102;
    const baselinePort = 23105;
    // The service migrates the database; the fill goes into its tables.
    const startup = await startService(options, database.url, servicePort, ROOT);
    children.push(startup.child);
    await client.connect();
    const fill = await fillReadModel(client, { role, objects, rules: builtRules(), log });
    log(
      `read model: ${fill.objects} objects (${fill.groups} sites, ${fill.versioned} MaLos with two versions), ${fill.tableMB} MB, ` +
        `${fill.reused ? 'reused (filled' : 'filled'} in ${(fill.fillMs / 1000).toFixed(1)} s${fill.reused ? ')' : ''}`,
    );
    const baseline = fork(join(__dirname, 'read-baseline-server.js'), [], {
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(baselinePort), ROLE: role },
      stdio: 'inherit',
    });
    children.push(baseline);
    await waitForLive(`http://127.0.0.1:${baselinePort}/`, 10_000);

    /** @type {Record<'baseline' | 'service', Target>} */
    const targets = {
      baseline: { url: `http://127.0.0.1:${baselinePort}/`, headers: {}, pid: baseline.pid },
      service: {
        url: `http://127.0.0.1:${servicePort}/`,
        headers: { authorization: `Bearer ${benchToken(role)}` },
        pid: startup.child.pid,
      },
    };
    const { paths, existingSiteShare } = readPaths(fill.groups);
    let offset = 0;
    /** @type {import('./load').BodySource} */
    const reads = { method: 'GET', next: () => ({ path: paths[offset++ % paths.length] }) };

    const answers = await compareAnswers(targets, paths.slice(0, 400));
    log(
      `answers: ${answers.identical}/${answers.requests} identical (${answers.found} with objects, ${answers.empty} empty)`,
    );

    log(`warm-up ${args.warmup}s each`);
    for (const name of /** @type {const} */ (['baseline', 'service']))
      await load(targets[name], 32, Number(args.warmup), reads);

    /** @type {import('./reads-report').ReadRow[]} */
    const rows = [];
    for (const connections of connectionLevels) {
      /** @type {('baseline' | 'service')[]} */
      const contestants = ['baseline', 'service'];
      const runs = await alternatingPairs(contestants, Number(args.pairs), (name) =>
        loadWithPostgres(client, targets[name], connections, duration, reads),
      );
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
      log(
        `c=${connections}: baseline ${baselineRun.rps} req/s p99 ${baselineRun.p99} ms, service ${serviceRun.rps} req/s p99 ${serviceRun.p99} ms (ratio ${row.ratio}, p99 factor ${row.p99Factor})`,
      );
    }

    /** @type {import('./reads-report').ReadMeasurements} */
    const measurements = {
      date: new Date().toISOString(),
      app,
      machine,
      settings: {
        ...loadSettings(options),
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
    /** @type {import('./reads-report').ReadReport} */
    const report = { ...measurements, targets: readTargets(measurements) };
    writeReport(args.out, 'reads', report, readMarkdown(report));
  } finally {
    await client.end().catch(() => undefined);
    await stopAll(children);
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
      [targets.service, targets.baseline].map((target) =>
        fetch(new URL(path, target.url), { headers: target.headers }).then((response) => response.text()),
      ),
    );
    if (service === baseline) check.identical++;
    else if (check.mismatches.length < 5)
      check.mismatches.push({ path, service: service.slice(0, 300), baseline: baseline.slice(0, 300) });
    if (/:\[\]\}\}$/.test(service)) check.empty++;
    else check.found++;
  }
  return check;
}

module.exports = { readBenchmark };
