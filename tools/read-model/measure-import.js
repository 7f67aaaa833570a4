#!/usr/bin/env node
// Measures the master data import end to end: per format, a fresh database, the built LF service on it, a generated
// file (generate-objects.js) imported with the CLI (import-master-data.js), peak RSS of both processes sampled from
// /proc/<pid>/status (VmHWM), objects/s over the CLI's whole run. Prints one markdown row per format.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node tools/read-model/measure-import.js \
//     [--count 1000000] [--formats ndjson,json] [--seed 1] [--batch-size 500] [--dir /tmp] [--keep-files]
// Needs the LF service built (`npx nx run lf:build`). The database (maco_import_bench) is dropped at the end.
'use strict';
const { spawn } = require('node:child_process');
const { waitForLive } = require('../bench/wait-for-live');
const { existsSync, readFileSync, rmSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { Client } = require('pg');
const { generate } = require('./generate-objects');

const ROOT = join(__dirname, '..', '..');
const JWT_SECRET = 'import-measurement-secret-that-is-long-enough';
const PORT = 23111;
const DATABASE = 'maco_import_bench';
const TARGETS = { objectsPerSecond: 5000, rssMB: 300 };

/**
 * Peak and current RSS of a process in MB (VmHWM, VmRSS), undefined once it has gone.
 * @param {number | undefined} pid
 * @returns {{ hwm: number, rss: number } | undefined}
 */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kB = (/** @type {string} */ field) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { hwm: Math.round(kB('VmHWM') / 1024), rss: Math.round(kB('VmRSS') / 1024) };
  } catch {
    return undefined;
  }
}

/** @param {string} message */
const log = (message) => process.stderr.write(`measure-import: ${message}\n`);

/**
 * @param {string} adminUrl
 * @param {string} statement
 */
async function admin(adminUrl, statement) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * One format: fresh database and service, the CLI's run, the figures.
 * @param {{ adminUrl: string, file: string, format: string, batchSize: number, count: number }} options
 */
async function measure({ adminUrl, file, format, batchSize, count }) {
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin(adminUrl, `CREATE DATABASE ${DATABASE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const service = spawn(process.execPath, [join(ROOT, 'apps', 'lf', 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      JWT_SECRET,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForLive(`http://127.0.0.1:${PORT}/health/live`, 30_000);
    const started = Date.now();
    const cli = spawn(
      process.execPath,
      [
        join(ROOT, 'tools', 'import', 'import-master-data.js'),
        '--role',
        'LF',
        '--url',
        `http://127.0.0.1:${PORT}`,
        '--batch-size',
        String(batchSize),
        file,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, JWT_SECRET },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let cliPeak = 0;
    let serviceRss = 0;
    const sample = () => {
      cliPeak = Math.max(cliPeak, memoryOf(cli.pid)?.hwm ?? 0);
      serviceRss = Math.max(serviceRss, memoryOf(service.pid)?.rss ?? 0);
    };
    const sampler = setInterval(sample, 200);
    let report = '';
    cli.stdout.on('data', (chunk) => {
      report += chunk;
      sample();
    });
    const code = await new Promise((resolve) => cli.on('close', resolve));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const servicePeak = memoryOf(service.pid)?.hwm ?? serviceRss;
    const first = report.split('\n')[0];
    log(`${format}: exit ${code}: ${first}`);
    const rate = Math.round(count / seconds);
    return {
      format,
      bytes: statSync(file).size,
      seconds,
      rate,
      cliPeak,
      servicePeak,
      code,
      met: code === 0 && rate >= TARGETS.objectsPerSecond && cliPeak <= TARGETS.rssMB && servicePeak <= TARGETS.rssMB,
    };
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => service.once('exit', resolve));
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${DATABASE}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000000' },
      formats: { type: 'string', default: 'ndjson,json' },
      seed: { type: 'string', default: '1' },
      'batch-size': { type: 'string', default: '500' },
      dir: { type: 'string', default: require('node:os').tmpdir() },
      'keep-files': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL server (a database of its own is created and dropped)');
  if (!existsSync(join(ROOT, 'apps', 'lf', 'dist', 'main.js')))
    throw new Error('build the LF service first: npx nx run lf:build');
  const count = Number(values.count);
  const seed = Number(values.seed);
  const rows = [];
  for (const format of values.formats.split(',')) {
    if (format !== 'ndjson' && format !== 'json') throw new Error(`unknown format ${format}`);
    const file = join(values.dir, `maco-import-${count}-${seed}.${format}`);
    if (!existsSync(file)) {
      log(`generating ${count} objects into ${file}`);
      await generate({ count, seed, format, shape: 'stammdaten', out: file });
    }
    try {
      rows.push(await measure({ adminUrl, file, format, batchSize: Number(values['batch-size']), count }));
    } finally {
      if (!values['keep-files']) rmSync(file, { force: true });
    }
  }
  const lines = [
    `| format | objects | file MB | seconds | objects/s | peak RSS CLI MB | peak RSS service MB | exit | targets (≥ ${TARGETS.objectsPerSecond}/s, ≤ ${TARGETS.rssMB} MB) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.format} | ${count} | ${(row.bytes / 1024 / 1024).toFixed(0)} | ${row.seconds.toFixed(1)} | ${row.rate} | ${row.cliPeak} | ${row.servicePeak} | ${row.code} | ${row.met ? 'met' : 'missed'} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`measure-import: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
