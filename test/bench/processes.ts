/**
 * Child processes the bench measures: the platform server (`platform start`) and the floors.
 * Start-up is timed from spawn to the first answered request; RSS and CPU time are read from
 * /proc so that the load generator's own cost is not counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../helpers/ports';

const ROOT = path.resolve(__dirname, '..', '..');

/** The secrets `platform start` requires of the example app's plugins; the in-process platform uses the same (a token it makes must hash alike). */
export const BENCH_SECRETS = { API_TOKEN_SALT: 'bench-api-token-salt', JWT_SECRET: 'bench-jwt-secret' };

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  startupMs: number;
  /** RSS of the process and its children (cluster workers), in MB */
  rssMb(): number;
  /** user+system CPU time of the process tree so far, in ms */
  cpuMs(): number;
  stop(): Promise<void>;
}

export { freePort };
export async function startPlatform(env: Record<string, string>, workers = 1, appDir = ROOT, nodeArgs: string[] = []): Promise<ServerProcess> {
  const args = [...nodeArgs, path.join(ROOT, 'core', 'bin', 'platform.js'), 'start', '--app', appDir];
  if (workers > 1) args.push('--workers', String(workers));
  return startProcess(args, env, '/api/articles?pagination[pageSize]=1');
}

/**
 * A TypeScript file of the bench as a server, in one process: given the condition, run-ts.js
 * runs it itself instead of in a child that stop() (one signal to one pid) would leave behind.
 */
const runTs = (file: string) => ['--conditions=platform-source', path.join(ROOT, 'core', 'bin', 'run-ts.js'), file];

export async function startFloor(env: Record<string, string>): Promise<ServerProcess> {
  return startProcess(runTs(path.join(__dirname, 'floor-server.ts')), env, '/api/articles?pagination[pageSize]=1');
}

/** the raw floor: node:http and the driver alone (raw-floor/server.ts) */
export async function startRawFloor(env: Record<string, string>): Promise<ServerProcess> {
  return startProcess(runTs(path.join(__dirname, 'raw-floor', 'server.ts')), env, '/api/articles?pagination[pageSize]=1');
}

async function startProcess(args: string[], env: Record<string, string>, probe: string): Promise<ServerProcess> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...BENCH_SECRETS, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(url + probe);
      if (res.status === 200) {
        await res.arrayBuffer();
        break;
      }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = Date.now() - started;
  const { pid } = child;
  if (pid === undefined) throw new Error('the server process did not start');
  const tree = () => [pid, ...childPids(pid)];
  return {
    child,
    url,
    startupMs,
    rssMb: () => tree().reduce((sum, pid) => sum + readRssKb(pid), 0) / 1024,
    cpuMs: () => tree().reduce((sum, pid) => sum + readCpuMs(pid), 0),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

function childPids(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    if (!children) return [];
    const direct = children.split(/\s+/).map(Number);
    return direct.flatMap((c) => [c, ...childPids(c)]);
  } catch {
    return [];
  }
}

function readRssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)/.exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

const TICKS_PER_SECOND = 100;

function readCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] = utime, fields[12] = stime (in clock ticks), counted from field 3 of stat
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
