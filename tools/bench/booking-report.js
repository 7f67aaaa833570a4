'use strict';
// The booking benchmark's report: its targets and its markdown.
const { targetTable } = require('./report');

const TARGETS = { ratioAt32: 0.7, p99FactorAt32: 1.5, validationMicrosPer5KB: 60, idleRssMB: 150, readyMs: 2000 };

/**
 * @typedef {import('./load').Run} Run
 * @typedef {import('./report').TargetCheck} TargetCheck
 * @typedef {{
 *   connections: number, baseline: Run, service: Run, floor: Run, ratio: number, floorRatio: number,
 *   p99Factor: number | null, serviceRssMB: number | undefined, reference?: Run, referenceRatio?: number,
 * }} ThroughputRow
 * @typedef {{
 *   date: string,
 *   app: string,
 *   machine: import('./machine').Machine,
 *   settings: { duration: number, warmup: number, pairs: number, samples: string[], reference?: string, instances?: number },
 *   startup: import('./service').Startup,
 *   validation: import('./validation-timing').ValidationTiming,
 *   throughput: ThroughputRow[],
 *   mixed: Run & { serviceRssMB: number | undefined },
 *   referenceMixed?: Run & { serviceToReference: number },
 *   replay: Run,
 * }} Measurements
 * @typedef {Measurements & { targets: TargetCheck[] }} Report
 */

/**
 * @param {Measurements} report
 * @returns {TargetCheck[]}
 */
function checkTargets(report) {
  const at32 = report.throughput.find((row) => row.connections === 32);
  const checks = [
    at32 && {
      target: 'throughput at 32 connections ≥ 70 % of the baseline',
      value: at32.ratio,
      met: at32.ratio >= TARGETS.ratioAt32,
    },
    at32 && {
      target: 'p99 at 32 connections ≤ 1.5 × the baseline p99',
      value: at32.p99Factor,
      met: at32.p99Factor === null || at32.p99Factor <= TARGETS.p99FactorAt32,
    },
    {
      target: 'validation + findings ≤ 60 µs per 5 KB body',
      value: report.validation.microsPer5KB,
      met: report.validation.microsPer5KB <= TARGETS.validationMicrosPer5KB,
    },
    {
      target: 'idle RSS ≤ 150 MB',
      value: report.startup.idleRssMB,
      met: report.startup.idleRssMB !== undefined && report.startup.idleRssMB <= TARGETS.idleRssMB,
    },
    { target: 'ready in ≤ 2 s', value: report.startup.readyMs, met: report.startup.readyMs <= TARGETS.readyMs },
  ];
  // No p99 factor (baseline p99 below 1 ms) counts as met; an unknown idle RSS (no /proc) as not met.
  return checks.filter((check) => check !== undefined);
}

/** @param {Report} report */
function bookingMarkdown(report) {
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
          '| connections | reference req/s | service req/s | service / reference | reference p50 / p99 ms | Node CPU µs/req reference / service | PostgreSQL CPU µs/req reference / service |',
          '|---:|---:|---:|---:|---:|---:|---:|',
          ...report.throughput.map(
            (r) =>
              `| ${r.connections} | ${r.reference?.rps} | ${r.service.rps} | ${r.referenceRatio} | ${r.reference?.p50} / ${r.reference?.p99} | ${r.reference?.cpuMicrosPerRequest} / ${r.service.cpuMicrosPerRequest} | ${r.reference?.postgresMicrosPerRequest} / ${r.service.postgresMicrosPerRequest} |`,
          ),
        ]
      : []),
    '',
    "Floor: bare Fastify running the service's own create statement (record, first revision and projection, same tables",
    'and indexes, batched as the service batches it) and nothing else: what this data model gets from this machine.',
    '',
    `Mixed create/update (32 connections): ${report.mixed.rps} req/s, p50 ${report.mixed.p50} ms, p99 ${report.mixed.p99} ms, errors ${report.mixed.errors}, RSS ${report.mixed.serviceRssMB} MB.`,
    ...(report.referenceMixed
      ? [
          `Mixed create/update of the reference: ${report.referenceMixed.rps} req/s, p50 ${report.referenceMixed.p50} ms, p99 ${report.referenceMixed.p99} ms, errors ${report.referenceMixed.errors}; service/reference ${report.referenceMixed.serviceToReference}; PostgreSQL CPU µs/req reference / service ${report.referenceMixed.postgresMicrosPerRequest} / ${report.mixed.postgresMicrosPerRequest}.`,
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

module.exports = { checkTargets, bookingMarkdown };
