/**
 * The soak: one long-lived `platform start` process answering a long mix of reads and writes
 * (an article by id, a page of 25, `populate=*`, the filtered and sorted list, a create, an
 * update with `connect`), with its CPU per request (of the mix, and of a page of 25 alone) and
 * the heap it keeps (after a full GC) measured at the start and at the end. A process that gets
 * slower or bigger as it lives shows as a difference between the two. On a shared machine
 * other processes only ever add to a window's CPU per request, so each figure is the least of
 * several windows (the median is shown beside it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startPlatform, type ServerProcess } from './processes';
import { WORKLOADS } from './workloads';
import type { Credentials } from './credentials';

export const SOAK_MIX = ['get-by-id', 'list-25', 'list-populate-all', 'list-filtered-sorted', 'create-tag', 'update-connect'];

/** measured windows at each end, each of WINDOW_SHARE of the requests (within the bounds below) */
const WINDOWS = 5;
const WINDOW_SHARE = 0.02;
const MIN_WINDOW = 600;
const MAX_WINDOW = 6000;

export interface SoakEnd {
  /** CPU ms per request of the mix in each window */
  cpuMsPerRequest: number[];
  /** CPU ms per request of a page of 25 alone in each window */
  list25CpuMsPerRequest: number[];
  heapUsedMb: number;
  rssMb: number;
}

export interface SoakResult {
  requests: number;
  /** heap used after a full GC, MB, after each slice of the middle part: whether it settles or keeps growing */
  heapTrailMb: number[];
  mix: string[];
  start: SoakEnd;
  end: SoakEnd;
  errors: number;
  seconds: number;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function heapUsedMb(server: ServerProcess, file: string): Promise<number> {
  fs.rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let waited = 0; waited < 10000; waited += 20) {
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { heapUsed: number }).heapUsed / 1024 / 1024;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server did not report its heap');
}

/** `amount` requests of the mix; the server's CPU ms per request and the failed answers */
async function runMix(server: ServerProcess, amount: number, connections: number, credentials: Credentials, mix = SOAK_MIX): Promise<{ cpuMsPerRequest: number; errors: number }> {
  const requests = mix.map((name) => {
    const w = WORKLOADS.find((candidate) => candidate.name === name);
    if (!w) throw new Error(`no workload ${name}`);
    const headers: Record<string, string> = w.body ? { 'content-type': 'application/json' } : {};
    if (w.credential) headers.authorization = `Bearer ${credentials[w.credential]}`;
    return { method: w.method, path: w.path, headers, body: w.body ? JSON.stringify(w.body) : undefined };
  });
  const before = server.cpuMs();
  const result = await autocannon({ url: server.url, connections, amount, requests });
  return { cpuMsPerRequest: (server.cpuMs() - before) / (result.requests.total || 1), errors: result.errors + result.non2xx };
}

async function measureEnd(server: ServerProcess, file: string, window: number, connections: number, credentials: Credentials): Promise<SoakEnd & { errors: number }> {
  const cpu: number[] = [];
  const list25: number[] = [];
  let errors = 0;
  for (let i = 0; i < WINDOWS; i++) {
    const run = await runMix(server, window, connections, credentials);
    const page = await runMix(server, window, connections, credentials, ['list-25']);
    cpu.push(run.cpuMsPerRequest);
    list25.push(page.cpuMsPerRequest);
    errors += run.errors + page.errors;
  }
  return { cpuMsPerRequest: cpu, list25CpuMsPerRequest: list25, heapUsedMb: await heapUsedMb(server, file), rssMb: server.rssMb(), errors };
}

export async function measureSoak(env: Record<string, string>, requests: number, connections: number, credentials: Credentials): Promise<SoakResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-soak-'));
  const file = path.join(dir, 'heap.json');
  const probe = path.join(__dirname, 'heap-probe.js');
  const server = await startPlatform({ ...env, HEAP_PROBE_FILE: file }, 1, undefined, ['--expose-gc', '--require', probe]);
  const started = Date.now();
  try {
    const window = Math.round(Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, requests * WINDOW_SHARE)));
    // first windows warm the JIT and the caches up; they are not measured
    for (let i = 0; i < WINDOWS; i++) await runMix(server, window, connections, credentials);
    const start = await measureEnd(server, file, window, connections, credentials);
    // the measured windows and the warm-up count towards the requests
    const middle = Math.max(0, requests - 5 * WINDOWS * window);
    let errors = start.errors;
    const CHUNK = 10000;
    const heapTrailMb: number[] = [];
    for (let done = 0; done < middle; done += CHUNK) {
      errors += (await runMix(server, Math.min(CHUNK, middle - done), connections, credentials)).errors;
      heapTrailMb.push(await heapUsedMb(server, file));
      process.stderr.write(`\r  soak: ${Math.min(done + CHUNK, middle) + 3 * WINDOWS * window}/${requests} requests`);
    }
    const end = await measureEnd(server, file, window, connections, credentials);
    process.stderr.write('\n');
    errors += end.errors;
    const strip = ({ errors: _errors, ...rest }: SoakEnd & { errors: number }): SoakEnd => rest;
    return { requests, heapTrailMb, mix: SOAK_MIX, start: strip(start), end: strip(end), errors, seconds: (Date.now() - started) / 1000 };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
