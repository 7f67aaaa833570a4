'use strict';
// The report of the bookings at scale (`--preload N`): its targets and its markdown.

/**
 * @typedef {import('./load').Run} Run
 * @typedef {{ records: number, revisions: number, totalMB: number, bytesPerRevision: number }} Storage
 * @typedef {{
 *   date: string,
 *   app: string,
 *   machine: import('./machine').Machine,
 *   settings: { duration: number, warmup: number, pairs: number, preload: number, preloadedProcesses: number, database: string, keptDatabase: boolean },
 *   fill: Storage & { preloaded: number, reused: boolean, fillMs: number },
 *   readModel: import('./read-fill').FillResult,
 *   storage: { empty: Storage, preloaded: Storage },
 *   throughput: { connections: number, empty: Run, preloaded: Run, ratio: number, p99Factor: number | null }[],
 *   reads: { empty: Run, preloaded: Run, p99Factor: number | null },
 * }} ScaleMeasurements
 */

/**
 * @param {ScaleMeasurements} measurements
 * @returns {import('./report').TargetCheck[]}
 */
function scaleTargets(measurements) {
  const at32 = measurements.throughput.find((row) => row.connections === 32);
  return [
    at32 && {
      target: 'bookings on the preloaded database ≥ 90 % of the empty one at 32 connections',
      value: at32.ratio,
      met: at32.ratio >= 0.9,
    },
    {
      target: 'process read p99 on the preloaded database within 20 % of the empty one',
      value: measurements.reads.p99Factor,
      met: measurements.reads.p99Factor === null || measurements.reads.p99Factor <= 1.2,
    },
  ].filter((check) => check !== undefined);
}

/**
 * @param {ScaleMeasurements & { targets: import('./report').TargetCheck[] }} report
 * @param {string} pairs `--pairs` as given
 */
function scaleMarkdown(report, pairs) {
  const { machine, fill, readModel, throughput: rows, reads } = report;
  const { empty: emptyStorage, preloaded: preloadedStorage } = report.storage;
  const { preload: revisions, preloadedProcesses: processes, duration } = report.settings;
  const lines = [
    `# Booking benchmark at scale (${report.app.toUpperCase()}, ${revisions.toLocaleString('en')} preloaded revisions in ${processes.toLocaleString('en')} processes)`,
    '',
    `${report.date}, ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; ${duration} s per run, ${pairs} pair(s).`,
    `Preload: ${fill.records.toLocaleString('en')} records, ${fill.revisions.toLocaleString('en')} revisions, ${fill.totalMB} MB` +
      ` (${fill.reused ? 'reused' : `filled in ${Math.round(fill.fillMs / 1000)} s`}); read model ${readModel.objects.toLocaleString('en')} objects, ${readModel.tableMB} MB.`,
    '',
    '| connections | empty req/s | preloaded req/s | ratio | empty p50 / p99 ms | preloaded p50 / p99 ms | p99 factor |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.connections} | ${r.empty.rps} | ${r.preloaded.rps} | ${r.ratio} | ${r.empty.p50} / ${r.empty.p99} | ${r.preloaded.p50} / ${r.preloaded.p99} | ${r.p99Factor ?? '–'} |`,
    ),
    '',
    `Process reads (32 connections): empty ${reads.empty.rps} req/s p99 ${reads.empty.p99} ms, preloaded ${reads.preloaded.rps} req/s p99 ${reads.preloaded.p99} ms.`,
    `Storage per stored revision (process tables and read model with indexes and TOAST): empty database after the run ` +
      `${emptyStorage.bytesPerRevision} B (${emptyStorage.revisions.toLocaleString('en')} revisions), preloaded ${preloadedStorage.bytesPerRevision} B.`,
    '',
    ...report.targets.map((check) => `- ${check.met ? 'met' : 'NOT met'}: ${check.target} (${check.value})`),
    '',
  ];
  return lines.join('\n');
}

module.exports = { scaleTargets, scaleMarkdown };
