/**
 * The SQL platform sends for each workload, and the start of its answer: what a profile or a
 * query plan starts from. Runs on a data set `npm run bench` loaded.
 *
 *   node core/bin/run-ts.js test/bench/sql-dump.ts [sqlite|mysql|postgres] [workload,...] [scale]
 *   (FULL=1 prints whole answers)
 */
import path from 'node:path';
import { Platform } from '@platform/core';
import type { BenchDb } from './args';
import { prepareBenchDatabase } from './databases';
import { WORKLOADS } from './workloads';
import { BENCH_SECRETS } from './processes';

const ROOT = path.resolve(__dirname, '..', '..');

async function main(): Promise<void> {
  const db = (process.argv[2] ?? 'sqlite') as BenchDb;
  const names = (process.argv[3] ?? 'get-by-id,list-25,list-populate-all').split(',');
  const database = await prepareBenchDatabase(db, Number(process.argv[4] ?? 2000), false);
  const platform = new Platform({ appDir: ROOT, logLevel: 'warn', env: { ...process.env, ...BENCH_SECRETS, CACHE: 'off' }, config: { database: database.config } });
  await platform.start();
  await platform.listen(0, '127.0.0.1');
  const { url } = platform.address();
  try {
    for (const w of WORKLOADS.filter((candidate) => names.includes(candidate.name))) {
      const request = () => fetch(url + w.path, { method: w.method, headers: w.body ? { 'content-type': 'application/json' } : {}, body: w.body ? JSON.stringify(w.body) : undefined });
      await (await request()).text();
      process.stdout.write(`=== ${w.name}\n`);
      const off = platform.db.onQuery((e) => process.stdout.write(`${e.sql} ${JSON.stringify(e.bindings)}\n`));
      const res = await request();
      const text = await res.text();
      off();
      process.stdout.write(`--- ${res.status}, ${text.length} bytes: ${process.env.FULL ? text : text.slice(0, 300)}\n`);
    }
  } finally {
    await platform.destroy();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
