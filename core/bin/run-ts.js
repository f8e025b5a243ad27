#!/usr/bin/env node
// Runs a TypeScript file of this repository (benchmarks, scripts) through tsx's require hook,
// with the platform's packages resolved to their sources (the `platform-source` condition).
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const CONDITION = '--conditions=platform-source';
if (!process.execArgv.includes(CONDITION)) {
  const result = spawnSync(process.execPath, [CONDITION, ...process.execArgv, __filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
require('tsx/cjs/api').register();
process.argv.splice(1, 2, path.resolve(process.argv[2]));
require(process.argv[1]);
