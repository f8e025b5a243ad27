/**
 * The bench report: one Markdown table per database, printed and written to
 * bench/results/latest.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load';
import type { CompressionRow } from './compression';
import { FIRST_LOAD_GOAL_BYTES } from './admin-panel';
import type { TwoNodeReport } from './two-nodes';
import { median, type SoakResult } from './soak';
import { transferLines, type TransferResult } from './transfer';
import { ANCHORS, GRAPHQL_GOAL, judge, WEBHOOKS_GOAL } from './goals';

export interface WorkloadRow {
  name: string;
  result: LoadResult | null;
  note?: string;
  sqlPerRequest: number | null;
  /** the koa + knex floor */
  floor: LoadResult | null;
  sameJsonAsFloor: boolean | null;
  /** the raw floor (node:http and the driver alone) */
  rawFloor: LoadResult | null;
  sameBytesAsRawFloor: boolean | null;
  /** the workload this one repeats without its credential */
  sameAs?: string;
  /** the REST workload answering the same page as this GraphQL one */
  restTwin?: string;
  /** the webhooks this one's server delivers every create to, the workload it repeats without them, and the deliveries received against those expected */
  webhooks?: { count: number; vs: string; received: number; expected: number };
}

export interface DbReport {
  db: string;
  scale: number;
  loadSeconds: number;
  startupMs: number;
  /** RSS at the first answer, when the servers have been idle for a while, and after the runs */
  rssStartMb: number;
  rssIdleMb: number;
  rssAfterMb: number;
  /** the admin panel's first load in bytes on the wire (admin-panel.ts), when the plugin is enabled */
  adminFirstLoad?: { bytes: number; files: number } | null;
  /** start-up and memory of the two floors, when they ran */
  floors: Record<'koa' | 'raw', { startupMs: number; rssStartMb: number; rssIdleMb: number; rssAfterMb: number }> | null;
  rows: WorkloadRow[];
  workers: { one: LoadResult; two: LoadResult } | null;
  /** absent when the run was asked without it (`--no-compression`) */
  compression?: CompressionRow[] | null;
  /** absent on SQLite and when asked without it (`--no-two-nodes`) */
  twoNodes?: TwoNodeReport | null;
  /** absent when the run was asked without it */
  soak?: SoakResult | null;
  transfer?: TransferResult | null;
}

const f = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** a process's RSS at its first answer, idle, and after the runs */
const rssText = (r: { rssStartMb: number; rssIdleMb: number; rssAfterMb: number }) => `RSS at the first answer ${f(r.rssStartMb)} MB, idle ${f(r.rssIdleMb)} MB, after the runs ${f(r.rssAfterMb)} MB`;

const change = (start: number, end: number) => `${end >= start ? '+' : ''}${f((end / start - 1) * 100, 1)} %`;

const least = (values: number[]) => Math.min(...values);

function soakLines(soak: SoakResult): string[] {
  const { start, end, fresh } = soak;
  const windows = (values: number[]) => values.map((v) => f(v, 3)).join(', ');
  const cpu = (values: number[]) => `${f(least(values), 3)} (median ${f(median(values), 3)})`;
  const cpuRow = (label: string, pick: (at: SoakResult['start']) => number[]) =>
    `| ${label} (windows: start ${windows(pick(start))}; end ${windows(pick(end))}; fresh ${windows(pick(fresh))}) | ${cpu(pick(start))} | ${cpu(pick(end))} | ${change(least(pick(start)), least(pick(end)))} | ${cpu(pick(fresh))} | ${change(least(pick(fresh)), least(pick(end)))} |`;
  const sizeRow = (label: string, digits: number, pick: (at: SoakResult['start']) => number) =>
    `| ${label} | ${f(pick(start), digits)} | ${f(pick(end), digits)} | ${change(pick(start), pick(end))} | ${f(pick(fresh), digits)} | ${change(pick(fresh), pick(end))} |`;
  return [
    '',
    `Soak: ${f(soak.requests)} requests (${soak.mix.join(', ')} in turn) in ${f(soak.seconds)} s, ${soak.errors} errors/non-2xx. "Fresh" is a process started at the end on the data the soak left, its windows alternating with the old one's: the last column is what the old process costs more than it.`,
    '',
    '| | start | end | change | fresh process at the end | end against fresh |',
    '|---|---:|---:|---:|---:|---:|',
    cpuRow('CPU ms/req of the mix, least of the windows', (at) => at.cpuMsPerRequest),
    cpuRow('CPU ms/req of list-25 alone, least of the windows', (at) => at.list25CpuMsPerRequest),
    sizeRow('heap used after a full GC, MB', 1, (at) => at.heapUsedMb),
    sizeRow('RSS, MB', 0, (at) => at.rssMb),
    ...(soak.heapTrailMb.length ? ['', `Heap used after a full GC every 10,000 requests between: ${soak.heapTrailMb.map((v) => f(v, 1)).join(', ')} MB.`] : []),
  ];
}

/** The anchors' table: Strapi's published figures, ours, the raw floor, and each goal met or missed. */
function goalLines(r: DbReport): string[] {
  const rows: string[] = [];
  for (const anchor of ANCHORS) {
    const ours = r.rows.find((row) => row.name === anchor.workload)?.result;
    const floor = r.rows.find((row) => row.name === anchor.floor)?.rawFloor;
    if (!ours || !floor) continue;
    const outcome = judge(anchor, ours.cpuMsPerRequest, floor.cpuMsPerRequest);
    const verdict = outcome.met ? `met (${f(-outcome.margin * 100, 0)} % to spare)` : `**missed by ${f(outcome.margin * 100, 0)} %**`;
    rows.push(
      `| ${anchor.label} | ${f(anchor.strapiMs, 2)} | ${f(outcome.strapiNowMs, 2)} | ${f(ours.cpuMsPerRequest, 2)} | ${f(floor.cpuMsPerRequest, 3)} (${anchor.floor}) | ${f(ours.cpuMsPerRequest / floor.cpuMsPerRequest, 2)}× | ${f(outcome.strapiNowMs / ours.cpuMsPerRequest, 1)}× | ${outcome.goalText} | ${verdict} |`,
    );
  }
  if (rows.length === 0) return [];
  return [
    '',
    `Against the goals (CPU ms/req). Strapi's figures are the published anchors (SQLite, 2,000 articles); "carried over" scales them by this run's raw floor over the anchors' sitting's, so that a loaded or faster machine compares alike.`,
    '',
    '| workload | Strapi (anchor) | Strapi carried over | platform | raw floor | platform / raw floor | less than Strapi | goal | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows,
  ];
}

const yesNo = (same: boolean | null) => (same === null ? '' : same ? 'yes' : 'NO');

/** `ours / floor`, and which floor workload it is, when it is not the row's own */
function rawRatio(row: WorkloadRow, rows: WorkloadRow[], nearest: (name: string) => string | undefined): string {
  if (!row.result) return '';
  if (row.rawFloor) return `${f(row.result.cpuMsPerRequest / row.rawFloor.cpuMsPerRequest, 2)}×`;
  const ref = nearest(row.name);
  const floor = ref ? rows.find((other) => other.name === ref)?.rawFloor : undefined;
  return floor ? `${f(row.result.cpuMsPerRequest / floor.cpuMsPerRequest, 2)}× of ${ref}` : '';
}

export function renderReport(
  reports: DbReport[],
  meta: { duration: number; rounds?: number; connections: number; date: string },
  nearest: (name: string) => string | undefined = () => undefined,
): string {
  const lines: string[] = [];
  lines.push(
    `# Benchmark results`,
    '',
    `${meta.date} · node ${process.version} · autocannon ${meta.connections} connections, ${meta.duration} s per run${(meta.rounds ?? 1) > 1 ? `, each workload run ${meta.rounds} times on the server and on each floor in turn, the least CPU per request kept` : ''}`,
    '',
  );
  for (const r of reports) {
    lines.push(`## ${r.db} (${f(r.scale)} articles)`, '');
    lines.push(`Start-up to first answered request: **${f(r.startupMs)} ms** · ${rssText(r)}${r.loadSeconds ? ` · data set loaded in ${f(r.loadSeconds, 1)} s` : ''}`, '');
    if (r.adminFirstLoad) {
      const kb = r.adminFirstLoad.bytes / 1000;
      lines.push(
        `Admin panel first load (page, scripts, styles; brotli): **${f(kb, 1)} KB** in ${r.adminFirstLoad.files} files (goal: at most ${f(FIRST_LOAD_GOAL_BYTES / 1000)} KB, ${kb <= FIRST_LOAD_GOAL_BYTES / 1000 ? 'met' : 'missed'})`,
        '',
      );
    }
    if (r.floors) {
      const { koa, raw } = r.floors;
      lines.push(`Raw floor: start ${f(raw.startupMs)} ms, ${rssText(raw)} · koa floor: start ${f(koa.startupMs)} ms, ${rssText(koa)}`, '');
    }
    lines.push(
      '| workload | req/s | p50 ms | p99 ms | CPU ms/req | SQL/req | raw floor req/s | raw floor CPU ms/req | CPU ratio to raw floor | same bytes as raw floor | koa floor CPU ms/req | CPU ratio to koa floor | same bytes as koa floor | errors/non-2xx |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|:-:|---:|---:|:-:|---:|');
    for (const row of r.rows) {
      if (!row.result) {
        lines.push(`| ${row.name} | n/a |  |  |  |  |  |  |  |  |  |  |  | ${row.note ?? ''} |`);
        continue;
      }
      const x = row.result;
      const fl = row.floor;
      const raw = row.rawFloor;
      const koaRatio = fl ? `${f(x.cpuMsPerRequest / fl.cpuMsPerRequest, 2)}×` : '';
      lines.push(
        `| ${row.name}${row.note ? ` (${row.note})` : ''} | ${f(x.requestsPerSecond)} | ${x.p50} | ${x.p99} | ${f(x.cpuMsPerRequest, 2)} | ${row.sqlPerRequest ?? ''} | ${raw ? f(raw.requestsPerSecond) : ''} | ${raw ? f(raw.cpuMsPerRequest, 3) : ''} | ${rawRatio(row, r.rows, nearest)} | ${yesNo(row.sameBytesAsRawFloor)} | ${fl ? f(fl.cpuMsPerRequest, 2) : ''} | ${koaRatio} | ${yesNo(row.sameJsonAsFloor)} | ${x.errors + x.non2xx} |`,
      );
    }
    for (const row of r.rows) {
      const plain = row.sameAs ? r.rows.find((other) => other.name === row.sameAs) : undefined;
      if (!row.result || !plain?.result) continue;
      const [auth, bare] = [row.result, plain.result];
      lines.push(
        '',
        `Cost of the credential (${row.name} vs ${plain.name}): ${f(auth.requestsPerSecond)} vs ${f(bare.requestsPerSecond)} req/s (${f((auth.requestsPerSecond / bare.requestsPerSecond - 1) * 100, 1)} %), CPU ${f(auth.cpuMsPerRequest, 2)} vs ${f(bare.cpuMsPerRequest, 2)} ms/req (${f((auth.cpuMsPerRequest / bare.cpuMsPerRequest - 1) * 100, 1)} %), SQL/req ${row.sqlPerRequest ?? '?'} vs ${plain.sqlPerRequest ?? '?'}.`,
      );
    }
    for (const row of r.rows) {
      const rest = row.restTwin ? r.rows.find((other) => other.name === row.restTwin) : undefined;
      if (!row.result || !rest?.result) continue;
      const ratio = row.result.cpuMsPerRequest / rest.result.cpuMsPerRequest;
      lines.push(
        '',
        `GraphQL against REST for the same page (${row.name} vs ${rest.name}): CPU ${f(row.result.cpuMsPerRequest, 2)} vs ${f(rest.result.cpuMsPerRequest, 2)} ms/req, ${f(ratio, 2)}× (goal at most ${f(GRAPHQL_GOAL, 1)}×: ${ratio <= GRAPHQL_GOAL ? 'met' : 'missed'}), SQL/req ${row.sqlPerRequest ?? '?'} vs ${rest.sqlPerRequest ?? '?'}.`,
      );
    }
    for (const row of r.rows) {
      const plain = row.webhooks ? r.rows.find((other) => other.name === row.webhooks?.vs) : undefined;
      if (!row.webhooks || !row.result || !plain?.result) continue;
      const [hooked, bare] = [row.result, plain.result];
      const extra = hooked.cpuMsPerRequest / bare.cpuMsPerRequest - 1;
      lines.push(
        '',
        `Cost of ${row.webhooks.count} webhooks (${row.name} vs ${plain.name}, the deliveries' CPU counted until the receiver had them all): CPU ${f(hooked.cpuMsPerRequest, 3)} vs ${f(bare.cpuMsPerRequest, 3)} ms/req (${f(extra * 100, 1)} %, goal at most ${f(WEBHOOKS_GOAL * 100)} %: ${extra <= WEBHOOKS_GOAL ? 'met' : 'missed'}), ${f(hooked.requestsPerSecond)} vs ${f(bare.requestsPerSecond)} req/s; deliveries received ${row.webhooks.received} of ${row.webhooks.expected}.`,
      );
    }
    if (r.workers) {
      lines.push(
        '',
        `Workers (list-25): 1 worker ${f(r.workers.one.requestsPerSecond)} req/s, 2 workers ${f(r.workers.two.requestsPerSecond)} req/s (${f(r.workers.two.requestsPerSecond / r.workers.one.requestsPerSecond, 2)}×).`,
      );
    }
    if (r.twoNodes) {
      const t = r.twoNodes;
      lines.push(
        '',
        `Two nodes (two \`platform start\` processes, one ${r.db} database, Redis at ${t.redis}, cache on, half the connections on each): a write on one node seen by the other's next read: **${t.fresh ? 'yes' : 'NO'}**.`,
        '',
      );
      lines.push('| workload | req/s (both) | p50 ms | p99 ms | CPU ms/req | byte-identical to uncached | errors/non-2xx |');
      lines.push('|---|---:|---:|---:|---:|:-:|---:|');
      for (const row of t.rows) {
        const x = row.combined;
        lines.push(`| ${row.workload} | ${f(x.requestsPerSecond)} | ${x.p50} | ${x.p99} | ${f(x.cpuMsPerRequest, 2)} | ${row.identical ? 'yes' : 'NO'} | ${x.errors + x.non2xx} |`);
      }
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
    lines.push(...goalLines(r));
    if (r.soak) lines.push(...soakLines(r.soak));
    if (r.transfer) lines.push(...transferLines(r.transfer));
    lines.push('');
  }
  return lines.join('\n');
}

export function writeReport(markdown: string): string {
  const file = path.resolve(__dirname, '..', '..', 'bench', 'results', 'latest.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${markdown}\n`);
  return file;
}
