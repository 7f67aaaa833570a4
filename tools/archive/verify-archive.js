#!/usr/bin/env node
// Verifies the tamper-evident archive (every revision's hash chain, docs/reliability.md "Archive"):
//   npm run verify-archive [-- --from ISO --to ISO] [--exports DIR] [--url postgres://…]
// --url defaults to DATABASE_MIGRATION_URL, else DATABASE_URL; --exports to RETENTION_EXPORT_DIR (the retention's
// exports are verified too and linked to what the database holds). Prints progress on stderr while it runs, then every
// break with its process and revision. Exit code 0 when every chain holds, 1 on a break, 2 on a usage error.
'use strict';
require('../ts-require');
const { parseArgs } = require('node:util');
const { Client } = require('pg');
const { verifyArchive } = require('../../libs/database/src/archive/verify-archive.ts');

const USAGE = 'usage: npm run verify-archive -- [--from ISO] [--to ISO] [--exports DIR] [--url postgres://…]';

/** @param {string} message @returns {never} */
function fail(message) {
  process.stderr.write(`verify-archive: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** @param {string | undefined} text @param {string} name */
function dateOf(text, name) {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) fail(`--${name} must be a date or date-time (2026-11-01, 2026-11-01T00:00:00Z)`);
  return date;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        exports: { type: 'string' },
        url: { type: 'string' },
      },
    });
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
  }
  const { values } = parsed;
  const url = values.url ?? process.env['DATABASE_MIGRATION_URL'] ?? process.env['DATABASE_URL'];
  if (!url)
    fail('no database: set DATABASE_URL (or give --url); an embedded database prints its URL when the service starts');
  const from = dateOf(values.from, 'from');
  const to = dateOf(values.to, 'to');
  const exportsDir = values.exports ?? process.env['RETENTION_EXPORT_DIR'] ?? undefined;

  const client = new Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  let lastProgress = started;
  try {
    const outcome = await verifyArchive(client, {
      from,
      to,
      exportsDir,
      progress: ({ revisions, processes, total }) => {
        if (Date.now() - lastProgress < 2000) return;
        lastProgress = Date.now();
        const share = total > 0 ? ` (${((100 * revisions) / total).toFixed(1)} %)` : '';
        process.stderr.write(`verified ${revisions} of ${total} revisions${share}, ${processes} processes\n`);
      },
    });
    for (const found of outcome.breaks) {
      process.stdout.write(
        `BREAK ${found.kind} ${found.process} revision ${found.revision} (${found.source}): ${found.detail}\n`,
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${outcome.breaks.length === 0 ? 'OK' : 'BROKEN'}: ${outcome.revisions} revisions of ${outcome.processes} processes` +
        (exportsDir ? `, ${outcome.exportedRevisions} exported revisions` : '') +
        (outcome.startingAfterRetention
          ? `, ${outcome.startingAfterRetention} chains verified from where retention left them`
          : '') +
        `, ${outcome.breaks.length} breaks, in ${seconds} s\n`,
    );
    process.exitCode = outcome.breaks.length === 0 ? 0 : 1;
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  process.stderr.write(`verify-archive: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
