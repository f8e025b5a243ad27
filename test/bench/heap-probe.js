// Preloaded into a server the soak measures (`node --expose-gc --require heap-probe.js ...`):
// on SIGUSR2 it collects garbage and writes process.memoryUsage() as JSON to $HEAP_PROBE_FILE,
// so that the heap the process keeps can be read from outside at the start and end of a soak.
// biome-ignore lint/suspicious/noRedundantUseStrict: a CommonJS file, strict only when it says so
'use strict';
const fs = require('node:fs');

const file = process.env.HEAP_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    if (typeof global.gc === 'function') global.gc();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    fs.renameSync(`${file}.tmp`, file);
  });
}
