#!/usr/bin/env node
// The `platform` command. The kernel is TypeScript, run through tsx's require hook, so no
// build step is needed after `npm install`.
require('tsx/cjs/api').register();
require('../src/cli/main.ts').main(process.argv.slice(2)).catch((error) => {
  // A usage or start-up error already says what is wrong and where; a stack would only bury it.
  const expected = error && (error.name === 'CliUsageError' || error.name === 'BootError' || error.name === 'CommandError');
  process.stderr.write(`${expected ? `platform: ${error.message}` : error && error.stack ? error.stack : error}\n`);
  // A usage mistake exits 2 (as shells' own commands do), a start-up or run failure 1.
  process.exit(error && error.name === 'CliUsageError' ? 2 : 1);
});
