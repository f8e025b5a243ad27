/**
 * One load run with autocannon against a server over loopback, with the server's own CPU
 * time per request read from /proc.
 */
import autocannon from 'autocannon';
import type { ServerProcess } from './processes';
import type { Workload } from './workloads';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest: number;
  /** response bytes per request, headers included, as they went over the wire */
  bytesPerRequest: number;
  /** requests of the measured run (the warm-up's not counted) */
  requests?: number;
}

/** Requests sent before a measured run, so that neither server is measured while its JIT warms up. */
export const WARM_UP_REQUESTS = 500;

export async function warmUp(server: ServerProcess, workload: Workload, headers?: Record<string, string>): Promise<void> {
  await autocannon({
    url: server.url + workload.path,
    method: workload.method,
    connections: 10,
    amount: WARM_UP_REQUESTS,
    headers: { ...(workload.body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: workload.body ? JSON.stringify(workload.body) : undefined,
  });
}

export interface LoadOptions {
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  /**
   * waits for the work the requests left behind them (webhook deliveries after the commit), told
   * how many requests were answered so far; called before the CPU time is read, at the start and
   * at the end, so the run's CPU is that of its requests and of all they made the server do
   */
  settle?: (answered: number) => Promise<void>;
}

export async function runLoad(server: ServerProcess, workload: Workload, options: LoadOptions): Promise<LoadResult> {
  await warmUp(server, workload, options.headers);
  await options.settle?.(WARM_UP_REQUESTS);
  const cpuBefore = server.cpuMs();
  const result = await autocannon({
    url: server.url + workload.path,
    method: workload.method,
    connections: options.connections,
    duration: options.duration,
    headers: { ...(workload.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: workload.body ? JSON.stringify(workload.body) : undefined,
  });
  await options.settle?.(WARM_UP_REQUESTS + result.requests.total);
  const cpuMs = server.cpuMs() - cpuBefore;
  const total = result.requests.total || 1;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: cpuMs / total,
    bytesPerRequest: result.throughput.total / total,
    requests: result.requests.total,
  };
}

/**
 * The run with the least CPU per request: on a shared machine a run is only ever slowed by
 * others, so the least of runs taken in turn with the floors' is the fairest comparison. The
 * failed requests of every run are kept, so that no round's errors are dropped with it.
 */
export function leastRun(kept: LoadResult | null, next: LoadResult): LoadResult {
  if (!kept) return next;
  const least = next.cpuMsPerRequest < kept.cpuMsPerRequest ? next : kept;
  return { ...least, non2xx: kept.non2xx + next.non2xx, errors: kept.errors + next.errors };
}
