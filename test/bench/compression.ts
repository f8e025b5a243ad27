/**
 * What response compression costs and saves: the same workloads against a server without it,
 * with it above the default 4 KiB threshold, above 1 KiB, and with every answer compressed (threshold 0),
 * all asked with `Accept-Encoding: gzip, deflate, br` as a browser does. CPU per request and
 * bytes per request side by side show where compressing stops paying for itself.
 */
import { startPlatform } from './processes';
import { runLoad, type LoadResult } from './load';
import { WORKLOADS } from './workloads';

export const COMPRESSION_WORKLOADS = ['get-by-id', 'list-25', 'list-populate-all'];

const SETTINGS: Array<{ label: string; env: Record<string, string> }> = [
  { label: 'off', env: {} },
  { label: 'on, threshold 4 KiB (default)', env: { COMPRESSION: 'true' } },
  { label: 'on, threshold 1 KiB', env: { COMPRESSION: 'true', COMPRESSION_THRESHOLD: '1024' } },
  { label: 'on, every answer (threshold 0)', env: { COMPRESSION: 'true', COMPRESSION_THRESHOLD: '0' } },
];

export interface CompressionRow {
  workload: string;
  setting: string;
  result: LoadResult;
}

export async function measureCompression(env: Record<string, string>, run: { duration: number; connections: number }, only: string[] | null): Promise<CompressionRow[]> {
  const workloads = WORKLOADS.filter((w) => COMPRESSION_WORKLOADS.includes(w.name) && (!only || only.includes(w.name)));
  const rows: CompressionRow[] = [];
  for (const setting of SETTINGS) {
    const server = await startPlatform({ ...env, ...setting.env });
    try {
      for (const w of workloads) {
        process.stderr.write(`  compression ${setting.label}: ${w.name} ...`);
        const result = await runLoad(server, w, { ...run, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        process.stderr.write(` ${Math.round(result.requestsPerSecond)} req/s\n`);
        rows.push({ workload: w.name, setting: setting.label, result });
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}
