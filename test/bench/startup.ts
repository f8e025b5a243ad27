/**
 * Start-up of the example app to its first answered request, on SQLite: spawns
 * `platform start` (a fresh process each time, as a user would), polls `GET /api/articles` and
 * reports the time from spawn to the first 200. "cold" boots on an empty database (schema
 * created), "warm" on the database the cold run left (schema already in sync).
 *
 *   node core/bin/run-ts.js test/bench/startup.ts [runs]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');
const READY = /serving .+ at (http:\/\/\S+) \(started in (\d+) ms\)/;

async function bootOnce(dbFile: string): Promise<{ firstResponseMs: number; kernelMs: number }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, 'start', '--app', ROOT], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(READY);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`platform start exited with ${code}:\n${output}`)));
  });
  const res = await fetch(`${ready[1]}/api/articles`);
  await res.text();
  const firstResponseMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200) throw new Error(`GET /api/articles answered ${res.status}`);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { firstResponseMs, kernelMs: Number(ready[2]) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5);
  const cold: Array<{ firstResponseMs: number; kernelMs: number }> = [];
  const warm: Array<{ firstResponseMs: number; kernelMs: number }> = [];
  for (let i = 0; i < runs; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-startup-'));
    try {
      const dbFile = path.join(dir, 'data.db');
      cold.push(await bootOnce(dbFile));
      warm.push(await bootOnce(dbFile));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const [name, results] of [['cold (empty database)', cold], ['warm (schema in sync)', warm]] as const) {
    process.stdout.write(
      `${name}: spawn to first response median ${median(results.map((r) => r.firstResponseMs)).toFixed(0)} ms ` +
        `(kernel start ${median(results.map((r) => r.kernelMs))} ms) over ${runs} runs\n`,
    );
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
