/**
 * The two-node run: two `platform start` processes of the app on one MariaDB or PostgreSQL
 * database and one Redis, the cache on (answers in each node's memory, generations in Redis),
 * the load generator driving both at once with half the connections each. For each cached read
 * workload the report gives the combined rate and the CPU per request of both nodes, whether
 * each node's answer is byte-identical to the uncached server's, and whether a write made on
 * one node was seen by the other node's next read.
 */
import type { LoadResult } from './load';
import { runLoad } from './load';
import { startPlatform, type ServerProcess } from './processes';
import { answerText, type Workload } from './workloads';

export interface TwoNodeRow {
  workload: string;
  /** both nodes together: requests/s summed, CPU ms per request of both processes */
  combined: LoadResult;
  /** each node's answer equals the uncached server's, byte for byte */
  identical: boolean;
}

export interface TwoNodeReport {
  redis: string;
  rows: TwoNodeRow[];
  /** a write through node A was seen by node B's next read (and the reverse) */
  fresh: boolean;
}

/** the Redis of the two-node run: REDIS_URL, else the local one */
export const benchRedisUrl = () => process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** both runs as one: rates summed, CPU and bytes per request weighted by each node's requests */
function combine(a: LoadResult, b: LoadResult): LoadResult {
  const rate = a.requestsPerSecond + b.requestsPerSecond || 1;
  const weighted = (x: number, y: number) => (x * a.requestsPerSecond + y * b.requestsPerSecond) / rate;
  return {
    requestsPerSecond: a.requestsPerSecond + b.requestsPerSecond,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    cpuMsPerRequest: weighted(a.cpuMsPerRequest, b.cpuMsPerRequest),
    bytesPerRequest: weighted(a.bytesPerRequest, b.bytesPerRequest),
  };
}

/** a tag renamed through one node, read through the other: the new name, at once */
async function writesAreSeen(a: ServerProcess, b: ServerProcess, jwt: string): Promise<boolean> {
  const path = '/api/tags/1?fields[0]=name';
  const auth = { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' };
  for (const [writer, reader, name] of [
    [a, b, 'two-node A'],
    [b, a, 'two-node B'],
  ] as const) {
    await fetch(reader.url + path).then((res) => res.text());
    const written = await fetch(`${writer.url}/api/tags/1`, { method: 'PUT', headers: auth, body: JSON.stringify({ data: { name } }) });
    if (written.status !== 200) return false;
    const read = (await (await fetch(reader.url + path)).json()) as { data?: { attributes?: { name?: string } } };
    if (read.data?.attributes?.name !== name) return false;
  }
  return true;
}

export async function measureTwoNodes(
  env: Record<string, string>,
  uncached: ServerProcess,
  workloads: Workload[],
  run: { duration: number; connections: number },
  jwt: string,
): Promise<TwoNodeReport> {
  const redis = benchRedisUrl();
  const nodeEnv = { ...env, CACHE: 'auto', CACHE_STORE: 'memory', REDIS_URL: redis };
  const [a, b] = await Promise.all([startPlatform(nodeEnv), startPlatform(nodeEnv)]);
  try {
    const rows: TwoNodeRow[] = [];
    for (const w of workloads) {
      process.stderr.write(`  two nodes: ${w.name} ...`);
      const expected = await answerText(uncached.url, w);
      // warm both, then check what each serves from its cache
      await Promise.all([answerText(a.url, w), answerText(b.url, w)]);
      const identical = (await answerText(a.url, w)) === expected && (await answerText(b.url, w)) === expected;
      const half = { ...run, connections: Math.max(1, Math.round(run.connections / 2)) };
      const [onA, onB] = await Promise.all([runLoad(a, w, half), runLoad(b, w, half)]);
      const combined = combine(onA, onB);
      process.stderr.write(` ${Math.round(combined.requestsPerSecond)} req/s\n`);
      rows.push({ workload: w.name, combined, identical });
    }
    return { redis, rows, fresh: await writesAreSeen(a, b, jwt) };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}
