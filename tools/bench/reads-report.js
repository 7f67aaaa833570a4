'use strict';
// The read benchmark's report (`--reads N`): its targets and its markdown.
const { targetTable } = require('./report');

const READ_TARGETS = { ratioAt32: 0.7, p99FactorAt32: 2 };

/**
 * @typedef {import('./load').ReadRun} ReadRun
 * @typedef {import('./report').TargetCheck} TargetCheck
 * @typedef {{ connections: number, baseline: ReadRun, service: ReadRun, ratio: number, p99Factor: number | null, serviceRssMB: number | undefined }} ReadRow
 * @typedef {{ requests: number, identical: number, found: number, empty: number, mismatches: { path: string, service: string, baseline: string }[] }} AnswerCheck
 * @typedef {{
 *   date: string,
 *   app: string,
 *   machine: import('./machine').Machine,
 *   settings: { duration: number, warmup: number, pairs: number, reads: number, database: string, keptDatabase: boolean, existingSiteShare: number },
 *   fill: import('./read-fill').FillResult,
 *   startup: import('./service').Startup,
 *   answers: AnswerCheck,
 *   throughput: ReadRow[],
 * }} ReadMeasurements
 * @typedef {ReadMeasurements & { targets: TargetCheck[] }} ReadReport
 */

/**
 * The targets at 32 connections (none without that level).
 * @param {ReadMeasurements} measurements
 * @returns {TargetCheck[]}
 */
function readTargets({ throughput: rows, answers }) {
  const at32 = rows.find((row) => row.connections === 32);
  return at32
    ? [
        {
          target: 'read throughput at 32 connections ≥ 70 % of the read baseline',
          value: at32.ratio,
          met: at32.ratio >= READ_TARGETS.ratioAt32,
        },
        {
          target: 'read p99 at 32 connections ≤ 2 × the read baseline p99',
          value: at32.p99Factor,
          met: at32.p99Factor === null || at32.p99Factor <= READ_TARGETS.p99FactorAt32,
        },
        {
          target: 'service answers identical to the baseline',
          value: answers.identical,
          met: answers.identical === answers.requests,
        },
        // A throughput made of refusals (429, 5xx) is no read throughput.
        {
          target: 'no failed reads under load',
          value: rows.reduce((sum, row) => sum + row.service.errors + row.baseline.errors, 0),
          met: rows.every((row) => row.service.errors === 0 && row.baseline.errors === 0),
        },
      ]
    : [];
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
      ? [
          '',
          'Differing answers (first ones):',
          '',
          ...report.answers.mismatches.map(
            (m) => `- \`${m.path}\`: service \`${m.service}\`, baseline \`${m.baseline}\``,
          ),
        ]
      : []),
    ...targetTable(report.targets),
  ];
  return lines.join('\n');
}

module.exports = { readTargets, readMarkdown };
