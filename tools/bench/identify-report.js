'use strict';
// The MaLo identification benchmark's report (`--identify N`): its targets and its markdown.
const { targetTable } = require('./report');

const IDENTIFY_TARGETS = { p99At8: 50 };
/** The moment the requests identify for: the MaLos' current versions are in force, former customers within 3 years. */
const IDENTIFY_AT = '2026-05-04T08:00:00Z';

/**
 * @typedef {import('./report').TargetCheck} TargetCheck
 * @typedef {import('./load').ReadRun & { candidatesPerAnswer: number | null, emptyShare: number | null }} IdentifyRun
 * @typedef {{ connections: number, service: IdentifyRun, runs: IdentifyRun[], serviceRssMB: number | undefined }} IdentifyRow
 * @typedef {{
 *   date: string,
 *   app: string,
 *   machine: import('./machine').Machine,
 *   settings: { duration: number, warmup: number, pairs: number, sites: number, database: string, keptDatabase: boolean, at: string, mix: string },
 *   fill: import('./identify-fill').IdentifyFillResult,
 *   startup: import('./service').Startup,
 *   answers: import('./identify-answers').IdentifyCheck,
 *   throughput: IdentifyRow[],
 * }} IdentifyMeasurements
 * @typedef {IdentifyMeasurements & { targets: TargetCheck[] }} IdentifyReport
 */

/**
 * @param {IdentifyMeasurements} measurements
 * @returns {TargetCheck[]}
 */
function identifyTargets({ throughput: rows, answers }) {
  const at8 = rows.find((row) => row.connections === 8);
  const failed = rows.reduce((sum, row) => sum + row.runs.reduce((runSum, r) => runSum + r.errors, 0), 0);
  return [
    ...(at8
      ? [
          {
            target: `identification p99 at 8 connections ≤ ${IDENTIFY_TARGETS.p99At8} ms`,
            value: at8.service.p99,
            met: at8.service.p99 <= IDENTIFY_TARGETS.p99At8,
          },
        ]
      : []),
    { target: 'no failed identifications under load', value: failed, met: failed === 0 },
    {
      target: `answers non-empty where a MaLo is expected (of ${answers.withExpected} checked)`,
      value: answers.expectedNonEmpty,
      met: answers.expectedNonEmpty === answers.withExpected,
    },
  ];
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
    ...Object.entries(a.byType).map(
      ([type, t]) =>
        `| ${type} | ${t.requests} | ${type === 'unknown' ? '—' : t.found} | ${t.candidates} | ${t.meanMs} |`,
    ),
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
    ...(a.failures.length > 0
      ? [
          '',
          'Unexpected answers (first ones):',
          '',
          ...a.failures.map((failure) => `- ${failure.type}: ${failure.status} \`${failure.body}\``),
        ]
      : []),
    ...targetTable(report.targets),
  ];
  return lines.join('\n');
}

module.exports = { IDENTIFY_AT, identifyTargets, identifyMarkdown };
