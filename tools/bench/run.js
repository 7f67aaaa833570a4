#!/usr/bin/env node
// Measures a role's service against the bare limit of this machine, side by side, in one run.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench [-- --duration 10 --connections 1,8,32,64]
//   … npm run bench -- --instances 2: the same bookings against 2 (to 4) instances of the service on one database.
//   … npm run bench -- --preload 10000000 [--keep-database NAME]: the bookings on a database of N stored revisions.
//   … npm run bench -- --reads 1000000 [--keep-database NAME]: the BO4E reads on a read model of N objects instead.
//   … npm run bench -- --identify 1000000 --app nb [--keep-database NAME]: the MaLo identification on N market locations.
//   … npm run bench -- --statement --reference DIR --pairs 6: the create statement alone against another checkout's.
// Writes tools/bench/results/<benchmark>-<time>.{json,md} and prints the markdown. See tools/bench/README.md.
// One module per benchmark (booking.js, scale.js, reads.js, identify.js, statement.js); options.js reads the command line.
'use strict';
const { benchmarkOf, parseBenchArgs } = require('./options');

// Parsed before anything runs: an unknown option stops the bench at once.
const options = parseBenchArgs(process.argv.slice(2));

/** @type {Record<import('./options').Benchmark, () => (options: import('./options').BenchOptions) => Promise<void>>} */
const BENCHMARKS = {
  booking: () => require('./booking').bookingBenchmark,
  scale: () => require('./scale').scaleBenchmark,
  reads: () => require('./reads').readBenchmark,
  identify: () => require('./identify').identifyBenchmark,
  statement: () => require('./statement').statementBenchmark,
};

async function main() {
  await BENCHMARKS[benchmarkOf(options)]()(options);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
