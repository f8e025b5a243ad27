// Preloaded into a `platform export|import` the bench measures (`node --require transfer-probe.js ...`):
// at exit it writes the process's peak RSS (kilobytes, process.resourceUsage().maxRSS) and its
// heap's peak as JSON to $TRANSFER_PROBE_FILE.
// biome-ignore lint/suspicious/noRedundantUseStrict: a CommonJS file, strict only when it says so
'use strict';
const fs = require('node:fs');
const v8 = require('node:v8');

const file = process.env.TRANSFER_PROBE_FILE;
if (file) {
  let heapPeak = 0;
  const timer = setInterval(() => {
    heapPeak = Math.max(heapPeak, v8.getHeapStatistics().used_heap_size);
  }, 50);
  timer.unref();
  process.on('exit', () => {
    heapPeak = Math.max(heapPeak, v8.getHeapStatistics().used_heap_size);
    fs.writeFileSync(file, JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, heapPeakBytes: heapPeak }));
  });
}
