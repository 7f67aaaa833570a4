#!/usr/bin/env node
// `npm run start:<role>`: builds the role's service with Nx (a no-op when nothing changed) and runs it in this process.
'use strict';
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
const { acquireStartLock } = require('./start-lock');

const role = process.argv[2];
if (!['lf', 'nb', 'msb'].includes(role)) {
  process.stderr.write('usage: start-service.js lf|nb|msb\n');
  process.exit(2);
}
const root = join(__dirname, '..');
// Held from the build until the service listens (it has then loaded what it needs from dist), so services started
// together build and load one after the other; the lock of a start that died is taken over.
const release = acquireStartLock(join(root, 'node_modules', '.cache', 'maco', 'start.lock'), {
  onWait: (holder) => process.stderr.write(`waiting for another service's start (pid ${holder}) to finish\n`),
});
process.once('maco:listening', release);
execFileSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'run', `${role}:build`, '--output-style=static'], {
  cwd: root,
  stdio: ['ignore', process.stderr, process.stderr],
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
require(join(root, 'apps', role, 'dist', 'main.js'));
