#!/usr/bin/env node
// The `platform` command. The kernel is TypeScript, run through tsx's require hook, so no
// build step is needed after `npm install`.
require('tsx/cjs/api').register();
require('../src/cli/main.ts').main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
