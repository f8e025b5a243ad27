/**
 * Start-up of the example app to its first answered request, on SQLite: spawns
 * `platform start` (a fresh process each time, as a user would), polls `GET /api/articles` and
 * reports the time from spawn to the first 200. "cold" boots on an empty database (schema
 * created) with nothing of the app compiled yet (an empty temporary folder, where the app's
 * TypeScript files are compiled to), "warm" on the database and the compiled files the cold run
 * left (schema already in sync). It also reports the CPU time the server process used until
 * then, which is what a busy machine inflates least.
 *
 *   npm run build && node core/bin/run-ts.js test/bench/startup.ts [runs]
 *
 * (`platform start` runs the compiled packages: build them first.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');
const READY = /serving .+ at (http:\/\/\S+) \(started in (\d+) ms\)/;

interface BootResult {
  firstResponseMs: number;
  kernelMs: number;
  /** CPU time the server process used up to its first response (Linux only, else NaN) */
  cpuMs: number;
}

/**
 * On a busy machine wall-clock time mostly measures the other processes; the CPU time the
 * server used is what start-up would take on an idle one.
 */
function cpuMsOf(pid: number | undefined): number {
  try {
    // `pid (name) state ...`: the fields after the name
    const [, afterName = ''] = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
    const fields = afterName.split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function bootOnce(dbFile: string, tmpDir: string): Promise<BootResult> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, 'start', '--app', ROOT], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      TMPDIR: tmpDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: dbFile,
      LOG_LEVEL: 'info',
      JWT_SECRET: 'bench-secret',
      API_TOKEN_SALT: 'bench-salt',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(READY);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`platform start exited with ${code}:\n${output}`)));
  });
  const res = await fetch(`${ready[1]}/api/articles`);
  await res.text();
  const firstResponseMs = Number(process.hrtime.bigint() - started) / 1e6;
  const cpuMs = cpuMsOf(child.pid);
  if (res.status !== 200) throw new Error(`GET /api/articles answered ${res.status}`);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { firstResponseMs, kernelMs: Number(ready[2]), cpuMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5);
  const cold: BootResult[] = [];
  const warm: BootResult[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-startup-'));
    try {
      const dbFile = path.join(dir, 'data.db');
      cold.push(await bootOnce(dbFile, dir));
      warm.push(await bootOnce(dbFile, dir));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const [name, results] of [
    ['cold (empty database)', cold],
    ['warm (schema in sync)', warm],
  ] as const) {
    process.stdout.write(
      `${name}: spawn to first response median ${median(results.map((r) => r.firstResponseMs)).toFixed(0)} ms ` +
        `(kernel start ${median(results.map((r) => r.kernelMs))} ms, server CPU time ${median(results.map((r) => r.cpuMs)).toFixed(0)} ms) over ${runs} runs\n`,
    );
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
