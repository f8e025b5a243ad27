/**
 * The soak: one long-lived `platform start` process answering a long mix of reads and writes
 * (an article by id, a page of 25, `populate=*`, the filtered and sorted list, a create, an
 * update with `connect`), with its CPU per request (of the mix, and of a page of 25 alone) and
 * the heap it keeps (after a full GC) measured at the start and at the end. A process that gets
 * slower or bigger as it lives shows as a difference between the two. On a shared machine
 * other processes only ever add to a window's CPU per request, so each figure is the least of
 * several windows (the median is shown beside it).
 *
 * The machine's own speed moves by more than 5 % over the tens of minutes a soak takes, and the
 * data grows with its creates. So at the end a fresh process is started on the data the soak
 * left and measured in windows alternating with the old one's: what the old process costs more
 * than it is its age alone.
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
  /** a fresh process on the data the soak left, its windows alternating with the end's */
  fresh: SoakEnd;
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

/** The processes' windows, taken in turn (each process's first, then each one's second...), then their heaps. */
async function measureEnds(ends: Array<{ server: ServerProcess; file: string }>, window: number, connections: number, credentials: Credentials): Promise<Array<SoakEnd & { errors: number }>> {
  const windows = ends.map(() => ({ cpu: [] as number[], list25: [] as number[], errors: 0 }));
  for (let i = 0; i < WINDOWS; i++) {
    for (const [k, { server }] of ends.entries()) {
      const run = await runMix(server, window, connections, credentials);
      const page = await runMix(server, window, connections, credentials, ['list-25']);
      const own = windows[k] as (typeof windows)[number];
      own.cpu.push(run.cpuMsPerRequest);
      own.list25.push(page.cpuMsPerRequest);
      own.errors += run.errors + page.errors;
    }
  }
  const out: Array<SoakEnd & { errors: number }> = [];
  for (const [k, { server, file }] of ends.entries()) {
    const own = windows[k] as (typeof windows)[number];
    out.push({ cpuMsPerRequest: own.cpu, list25CpuMsPerRequest: own.list25, heapUsedMb: await heapUsedMb(server, file), rssMb: server.rssMb(), errors: own.errors });
  }
  return out;
}

/** The first windows warm the JIT and the caches up; they are not measured. */
async function warmUp(server: ServerProcess, window: number, connections: number, credentials: Credentials): Promise<number> {
  let errors = 0;
  for (let i = 0; i < WINDOWS; i++) errors += (await runMix(server, window, connections, credentials)).errors;
  return errors;
}

export async function measureSoak(env: Record<string, string>, requests: number, connections: number, credentials: Credentials): Promise<SoakResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-soak-'));
  const probe = path.join(__dirname, 'heap-probe.js');
  const start = (file: string) => startPlatform({ ...env, HEAP_PROBE_FILE: file }, 1, undefined, ['--expose-gc', '--require', probe]);
  const file = path.join(dir, 'heap.json');
  const server = await start(file);
  let fresh: ServerProcess | null = null;
  const started = Date.now();
  try {
    const window = Math.round(Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, requests * WINDOW_SHARE)));
    let errors = await warmUp(server, window, connections, credentials);
    const [first] = await measureEnds([{ server, file }], window, connections, credentials);
    if (!first) throw new Error('no start measured');
    errors += first.errors;
    // The warm-ups and the measured windows count towards the requests: the old process's
    // warm-up (1), start (2) and end (2: the mix and list-25), the fresh one's warm-up and end.
    const measured = (n: number) => n * WINDOWS * window;
    const middle = Math.max(0, requests - measured(1 + 2 + 2 + 1 + 2));
    const CHUNK = 10000;
    const heapTrailMb: number[] = [];
    for (let done = 0; done < middle; done += CHUNK) {
      errors += (await runMix(server, Math.min(CHUNK, middle - done), connections, credentials)).errors;
      heapTrailMb.push(await heapUsedMb(server, file));
      process.stderr.write(`\r  soak: ${Math.min(done + CHUNK, middle) + measured(3)}/${requests} requests`);
    }
    const freshFile = path.join(dir, 'fresh-heap.json');
    fresh = await start(freshFile);
    errors += await warmUp(fresh, window, connections, credentials);
    const [end, control] = await measureEnds(
      [
        { server, file },
        { server: fresh, file: freshFile },
      ],
      window,
      connections,
      credentials,
    );
    if (!end || !control) throw new Error('no end measured');
    process.stderr.write('\n');
    errors += end.errors + control.errors;
    const strip = ({ errors: _errors, ...rest }: SoakEnd & { errors: number }): SoakEnd => rest;
    return { requests, heapTrailMb, mix: SOAK_MIX, start: strip(first), end: strip(end), fresh: strip(control), errors, seconds: (Date.now() - started) / 1000 };
  } finally {
    await server.stop();
    await fresh?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
