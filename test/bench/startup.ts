/**
 * Start-up of the example app to its first answered request, on SQLite (issue 35, goal 3: at
 * most 300 ms, cold and warm). Each run copies the example app's folders (config/, api/,
 * components/) to a fresh folder and spawns `platform start` on it, a fresh process as a user
 * runs it, from the repository (the distribution whose plugins the app gets); it polls
 * `GET /api/articles` and times spawn to the first 200.
 * - cold: the first start of that fresh copy, on an empty database (the schema is created);
 * - warm: the second start of the same copy, on the database the first left (schema in sync).
 * The machine's own caches stay as an earlier start of this build left them, as on a server
 * that deploys a new copy of an app: the OS's file cache, and the compiled code and the app's
 * compiled TypeScript that `platform start` keeps in the temporary folder (one unmeasured start
 * comes first, so the first run is not the first start of a build). It also reports the CPU
 * time the server process used until then, which is what a busy machine inflates least.
 *
 * Run alone it writes its section of bench/results/latest.md, between its markers, and leaves
 * the rest of the file as it is; `npm run bench` runs it too (`--startup N`, `--no-startup`).
 *
 *   npm run build && node core/bin/run-ts.js test/bench/startup.ts [runs]
 *
 * (`platform start` runs the compiled packages: build them first.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STARTUP_GOAL_MS } from './goals';
import { median } from './soak';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');
const READY = /serving .+ at (http:\/\/\S+) \(started in (\d+) ms\)/;
/** the example app's own folders; its plugins come from the repository's package.json */
const APP_PARTS = ['config', 'api', 'components', 'src', 'public', 'database', '.env'];
export const STARTUP_MARKERS = { begin: '<!-- startup: test/bench/startup.ts writes this section -->', end: '<!-- /startup -->' };

export interface BootResult {
  firstResponseMs: number;
  kernelMs: number;
  /** CPU time the server process used up to its first response (Linux only, else NaN) */
  cpuMs: number;
}

export interface StartupResult {
  runs: number;
  cold: BootResult[];
  warm: BootResult[];
  date: string;
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

function copyApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-startup-'));
  for (const part of APP_PARTS) {
    const from = path.join(ROOT, part);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, part), { recursive: true });
  }
  return dir;
}

async function bootOnce(appDir: string): Promise<BootResult> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [BIN, 'start', '--app', appDir], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(appDir, '.tmp', 'data.db'),
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

/** `runs` cold and warm start-ups, each on a fresh copy of the example app. */
export async function measureStartup(runs: number): Promise<StartupResult> {
  const cold: BootResult[] = [];
  const warm: BootResult[] = [];
  for (let i = -1; i < runs; i++) {
    const dir = copyApp();
    try {
      const first = await bootOnce(dir);
      const second = await bootOnce(dir);
      // run -1 is the unmeasured start that leaves the machine's caches as a deployed build has them
      if (i >= 0) {
        cold.push(first);
        warm.push(second);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return { runs, cold, warm, date: new Date().toISOString() };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (n: number) => `${Math.round(n)} ms`;

function verdict(medianMs: number): string {
  return medianMs <= STARTUP_GOAL_MS ? 'met' : `**missed by ${ms(medianMs - STARTUP_GOAL_MS)}**`;
}

/** The section of the report: the goal judged on the median of the runs, with the spread and the CPU time beside it. */
export function startupLines(result: StartupResult): string[] {
  const row = (name: string, boots: BootResult[]) => {
    const wall = sorted(boots.map((b) => b.firstResponseMs));
    const cpu = sorted(boots.map((b) => b.cpuMs));
    const kernel = median(boots.map((b) => b.kernelMs));
    return `| ${name} | ${ms(median(wall))} | ${ms(wall[0] ?? Number.NaN)}–${ms(wall[wall.length - 1] ?? Number.NaN)} | ${ms(median(cpu))} | ${ms(cpu[0] ?? Number.NaN)}–${ms(cpu[cpu.length - 1] ?? Number.NaN)} | ${ms(kernel)} | ${verdict(median(wall))} |`;
  };
  return [
    STARTUP_MARKERS.begin,
    `## Start-up to the first answer (issue 35, goal 3: at most ${STARTUP_GOAL_MS} ms)`,
    '',
    `${result.date} · node ${process.version} · the example app on SQLite, ${result.runs} runs of each, \`node core/bin/run-ts.js test/bench/startup.ts ${result.runs}\`. ` +
      'Each run is a fresh copy of the app folder: "cold" is its first start (empty database, the schema created), "warm" its second (schema in sync). ' +
      "The machine's caches (file cache, the compiled code and TypeScript `platform start` keeps in the temporary folder) are as an earlier start of the same build left them. " +
      "Wall time is spawn to the first 200 of `GET /api/articles`; CPU is the server process's own until then, what a busy machine inflates least. The verdict is on the median wall time.",
    '',
    '| start | wall, median | wall, least–most | CPU, median | CPU, least–most | listening after (kernel) | goal |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('cold', result.cold),
    row('warm', result.warm),
    STARTUP_MARKERS.end,
  ];
}

/** `markdown` with its start-up section replaced by `section` (added at the end when it has none). */
export function withStartupSection(markdown: string, section: string[]): string {
  const begin = markdown.indexOf(STARTUP_MARKERS.begin);
  const end = markdown.indexOf(STARTUP_MARKERS.end);
  const text = section.join('\n');
  if (begin < 0 || end < begin) return `${markdown.trimEnd()}\n\n${text}\n`;
  return markdown.slice(0, begin) + text + markdown.slice(end + STARTUP_MARKERS.end.length);
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5);
  const result = await measureStartup(runs);
  const lines = startupLines(result);
  process.stdout.write(`${lines.slice(1, -1).join('\n')}\n`);
  const file = path.join(ROOT, 'bench', 'results', 'latest.md');
  fs.writeFileSync(file, withStartupSection(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', lines));
  process.stderr.write(`written to ${file}\n`);
}

// run-ts.js runs this file through require: it is the command when it is argv[1]
if (process.argv[1] === __filename) {
  main().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}
