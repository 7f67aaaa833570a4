'use strict';
// The MaLo identification benchmark (`--identify N`, NB): `POST /identifyMarketlocation` on a read model of N market
// locations (with MeLo and meter each), a realistic request mix with a fresh idempotency key per request, per
// connection level `--pairs` runs (the median by req/s is reported). No bare baseline: the target is absolute (p99).
const { ROOT, builtRules } = require('./build');
const { openLoadedDatabase } = require('./database');
const { checkIdentifyAnswers, countOf } = require('./identify-answers');
const { IDENTIFY_AT, identifyMarkdown, identifyTargets } = require('./identify-report');
const { load, loadWithPostgres } = require('./load');
const { rssMB } = require('./machine');
const { loadSettings } = require('./options');
const { log, writeReport } = require('./report');
const { benchToken, startService, stopAll } = require('./service');
const { median, round } = require('./statistics');

/**
 * @typedef {import('./identify-report').IdentifyRun} IdentifyRun
 * @typedef {import('./identify-report').IdentifyRow} IdentifyRow
 */

/** @param {import('./options').BenchOptions} options */
async function identifyBenchmark(options) {
  const { args, app, role, duration, connectionLevels } = options;
  if (role !== 'NB') throw new Error("--identify measures the grid operator's MaLo identification: use --app nb");
  const { fillIdentifyModel } = require('./identify-fill');
  const { identifyRequests, identifyBodyParts, MIX } = require('./identify-requests');
  const sites = Number(args.identify);
  if (!Number.isInteger(sites) || sites < 1000)
    throw new Error('--identify wants a number of market locations, at least 1000');
  const { machine, database, kept, children, client } = await openLoadedDatabase(options, 'identify');
  try {
    const servicePort = 23102;
    // The service migrates the database; the fill goes into its tables.
    const startup = await startService(options, database.url, servicePort, ROOT);
    children.push(startup.child);
    await client.connect();
    const fill = await fillIdentifyModel(client, { sites, rules: builtRules(), log });
    log(
      `read model: ${fill.objects} objects (${fill.malos} MaLo versions of ${fill.sites} sites), ${fill.tableMB} MB, ` +
        `${fill.reused ? 'reused (filled' : 'filled'} in ${(fill.fillMs / 1000).toFixed(1)} s${fill.reused ? ')' : ''}; ` +
        `${fill.keysPerMalo} keys per MaLo, ${fill.avgSitesPerAddressKey} MaLos per address key, up to ${fill.maxSitesPerNameKey} per name key`,
    );
    // Old recorded requests would only grow the record table between runs on a kept database.
    await client.query(`DELETE FROM malo_ident_request WHERE idempotency_key LIKE 'bench-%'`);

    /** @type {import('./load').Target} */
    const target = {
      url: `http://127.0.0.1:${servicePort}/identifyMarketlocation`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${benchToken(role)}` },
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
    log(
      `answers: ${answers.expectedNonEmpty}/${answers.withExpected} non-empty where a MaLo is expected (${answers.expectedFound} with it, ` +
        `${answers.expectedFirst} first), ${answers.unknownEmpty}/${answers.unknown} empty where none is; ${answers.candidatesPerAnswer} candidates per answer`,
    );

    /** @type {{ answers: number, candidates: number, empty: number }} */
    const counts = { answers: 0, candidates: 0, empty: 0 };
    /** @type {import('./load').BodySource} */
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
      log(
        `c=${connections}: ${service.rps} req/s, p50 ${service.p50} ms, p99 ${service.p99} ms, errors ${service.errors}, ${service.candidatesPerAnswer} candidates per answer` +
          (runs.length > 1 ? ` (p99 of the runs: ${runs.map((r) => r.p99).join(', ')} ms)` : ''),
      );
    }

    /** @type {import('./identify-report').IdentifyMeasurements} */
    const measurements = {
      date: new Date().toISOString(),
      app,
      machine,
      settings: {
        ...loadSettings(options),
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
    /** @type {import('./identify-report').IdentifyReport} */
    const report = { ...measurements, targets: identifyTargets(measurements) };
    writeReport(args.out, 'identify', report, identifyMarkdown(report));
  } finally {
    await client.end().catch(() => undefined);
    await stopAll(children);
    await database.drop();
  }
}

module.exports = { identifyBenchmark };
