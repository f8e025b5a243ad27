/**
 * The bench report: one Markdown table per database, printed and written to
 * bench/results/latest.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load';
import type { CompressionRow } from './compression';

export interface WorkloadRow {
  name: string;
  result: LoadResult | null;
  note?: string;
  sqlPerRequest: number | null;
  floor: LoadResult | null;
  sameJsonAsFloor: boolean | null;
  /** the workload this one repeats without its credential */
  sameAs?: string;
}

export interface DbReport {
  db: string;
  scale: number;
  loadSeconds: number;
  startupMs: number;
  rssIdleMb: number;
  rssAfterMb: number;
  rows: WorkloadRow[];
  workers: { one: LoadResult; two: LoadResult } | null;
  /** absent when the run was asked without it (`--no-compression`) */
  compression?: CompressionRow[] | null;
}

const f = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function renderReport(reports: DbReport[], meta: { duration: number; connections: number; date: string }): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results`, '', `${meta.date} · node ${process.version} · autocannon ${meta.connections} connections, ${meta.duration} s per run`, '');
  for (const r of reports) {
    lines.push(`## ${r.db} (${f(r.scale)} articles)`, '');
    lines.push(`Start-up to first answered request: **${f(r.startupMs)} ms** · RSS idle ${f(r.rssIdleMb)} MB, after the runs ${f(r.rssAfterMb)} MB${r.loadSeconds ? ` · data set loaded in ${f(r.loadSeconds, 1)} s` : ''}`, '');
    lines.push('| workload | req/s | p50 ms | p99 ms | CPU ms/req | SQL/req | floor req/s | floor CPU ms/req | CPU ratio to floor | same JSON as floor | errors/non-2xx |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|:-:|---:|');
    for (const row of r.rows) {
      if (!row.result) {
        lines.push(`| ${row.name} | n/a |  |  |  |  |  |  |  |  | ${row.note ?? ''} |`);
        continue;
      }
      const x = row.result;
      const fl = row.floor;
      const ratio = fl ? `${f(x.cpuMsPerRequest / fl.cpuMsPerRequest, 2)}×` : '';
      lines.push(
        `| ${row.name}${row.note ? ` (${row.note})` : ''} | ${f(x.requestsPerSecond)} | ${x.p50} | ${x.p99} | ${f(x.cpuMsPerRequest, 2)} | ${row.sqlPerRequest ?? ''} | ${fl ? f(fl.requestsPerSecond) : ''} | ${fl ? f(fl.cpuMsPerRequest, 2) : ''} | ${ratio} | ${row.sameJsonAsFloor === null ? '' : row.sameJsonAsFloor ? 'yes' : 'NO'} | ${x.errors + x.non2xx} |`,
      );
    }
    for (const row of r.rows) {
      const plain = row.sameAs ? r.rows.find((other) => other.name === row.sameAs) : undefined;
      if (!row.result || !plain?.result) continue;
      const [auth, bare] = [row.result, plain.result];
      lines.push('', `Cost of the credential (${row.name} vs ${plain.name}): ${f(auth.requestsPerSecond)} vs ${f(bare.requestsPerSecond)} req/s (${f((auth.requestsPerSecond / bare.requestsPerSecond - 1) * 100, 1)} %), CPU ${f(auth.cpuMsPerRequest, 2)} vs ${f(bare.cpuMsPerRequest, 2)} ms/req (${f((auth.cpuMsPerRequest / bare.cpuMsPerRequest - 1) * 100, 1)} %), SQL/req ${row.sqlPerRequest ?? '?'} vs ${plain.sqlPerRequest ?? '?'}.`);
    }
    if (r.workers) {
      lines.push('', `Workers (list-25): 1 worker ${f(r.workers.one.requestsPerSecond)} req/s, 2 workers ${f(r.workers.two.requestsPerSecond)} req/s (${f(r.workers.two.requestsPerSecond / r.workers.one.requestsPerSecond, 2)}×).`);
    }
    if (r.compression?.length) {
      lines.push('', 'Response compression (`Accept-Encoding: gzip, deflate, br`):', '');
      lines.push('| workload | compression | req/s | p50 ms | p99 ms | CPU ms/req | bytes/req |');
      lines.push('|---|---|---:|---:|---:|---:|---:|');
      for (const row of r.compression) {
        const x = row.result;
        lines.push(`| ${row.workload} | ${row.setting} | ${f(x.requestsPerSecond)} | ${x.p50} | ${x.p99} | ${f(x.cpuMsPerRequest, 2)} | ${f(x.bytesPerRequest)} |`);
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function writeReport(markdown: string): string {
  const file = path.resolve(__dirname, '..', '..', 'bench', 'results', 'latest.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, markdown + '\n');
  return file;
}
