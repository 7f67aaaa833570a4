#!/usr/bin/env node
// `node tools/domain-coverage/run.js [--json]`: runs report.ts without a build. TypeScript is compiled on require by
// @swc/core with the workspace's .swcrc, and the tsconfig path aliases (`@maco/domain`, …) point at the sources.
'use strict';
require('../ts-require');

process.exitCode = require('./report.ts').main(process.argv.slice(2), process.stdout);
