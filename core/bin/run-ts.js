#!/usr/bin/env node
// Runs a TypeScript file of this repository (benchmarks, scripts) through tsx's require hook.
require('tsx/cjs/api').register();
const path = require('node:path');
process.argv.splice(1, 2, path.resolve(process.argv[2]));
require(process.argv[1]);
