/**
 * `npm run bench`: loads a seeded data set, then measures each workload over loopback against
 * `platform start` and, where it has one, against the hand-written floor.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Platform } from '@platform/core';
import { parseBenchArgs, type BenchDb, type BenchOptions } from './args';
import { prepareBenchDatabase } from './databases';
import { datasetShape, ensureDataset } from './dataset';
import { answerText, WORKLOADS, type Workload } from './workloads';
import { measureTwoNodes, type TwoNodeReport } from './two-nodes';
import { BENCH_SECRETS, startFloor, startPlatform, startRawFloor, type ServerProcess } from './processes';
import { benchCredentials, type Credentials } from './credentials';
import { openAppDir } from './open-app';
import { leastRun, runLoad, WARM_UP_REQUESTS, type LoadResult } from './load';
import { startBenchReceiver, webhooksAppDir } from './webhooks-app';
import { measureCompression } from './compression';
import { measureFirstLoad } from './admin-panel';
import { measureSoak } from './soak';
import { measureTransfer } from './transfer';
import { renderReport, writeReport, type DbReport, type WorkloadRow } from './report';
import { measureStartup, startupLines, withStartupSection } from './startup';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * How long the servers are left without a request before their idle RSS is read. Right after
 * start-up V8 still holds the garbage of loading and booting; its memory reducer collects it
 * and gives the pages back about 8 s after allocation stops, and a server waiting for traffic
 * sits at that figure. Both are reported: at the first answer, and idle.
 */
const IDLE_SETTLE_MS = 15000;

async function measureInProcess(db: BenchDb, options: BenchOptions, workloads: Workload[]) {
  const database = await prepareBenchDatabase(db, options.scale, options.reload);
  const platform = new Platform({ appDir: ROOT, logLevel: 'warn', env: { ...process.env, ...BENCH_SECRETS }, config: { database: database.config } });
  await platform.start();
  await platform.listen(0, '127.0.0.1');
  try {
    const load = await ensureDataset(platform, datasetShape(options.scale, options.seed));
    const credentials = await benchCredentials(platform);
    const sql = new Map<string, number>();
    const { url } = platform.address();
    for (const w of workloads) {
      // its server is another one, with webhooks: this platform has none to count
      if (w.unavailable?.(platform.enabledPlugins()) || w.webhooks) continue;
      await send(url, w, credentials);
      let count = 0;
      const off = platform.db.onQuery(() => count++);
      await send(url, w, credentials);
      off();
      sql.set(w.name, count);
    }
    const adminFirstLoad = platform.isPluginEnabled('admin') ? await measureFirstLoad(url) : null;
    return { database, load, sql, plugins: platform.enabledPlugins(), credentials, adminFirstLoad };
  } finally {
    await platform.destroy();
  }
}

/** The headers of a workload's credential, if it has one. */
function authHeaders(w: Workload, credentials: Credentials): Record<string, string> {
  return w.credential ? { authorization: `Bearer ${credentials[w.credential]}` } : {};
}

async function send(url: string, w: Workload, credentials: Credentials): Promise<{ status: number; body: unknown }> {
  const headers = { ...(w.body ? { 'content-type': 'application/json' } : {}), ...authHeaders(w, credentials) };
  const res = await fetch(url + w.path, { method: w.method, headers, body: w.body ? JSON.stringify(w.body) : undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** the answer's status and bytes, for the comparisons with the floors and the uncached server */
async function sendText(url: string, w: Workload): Promise<string> {
  const res = await fetch(url + w.path, { method: w.method });
  return `${res.status} ${await res.text()}`;
}

/** whether a floor's answer to `w` is byte for byte the one `target` gives (null: no floor) */
async function sameAnswer(floor: ServerProcess | null, target: ServerProcess, w: Workload): Promise<boolean | null> {
  if (!floor) return null;
  const [ours, theirs] = await Promise.all([sendText(target.url, w), sendText(floor.url, w)]);
  return ours === theirs;
}

async function benchDatabase(db: BenchDb, options: BenchOptions): Promise<DbReport> {
  const workloads = WORKLOADS.filter((w) => !options.only || options.only.includes(w.name));
  process.stderr.write(`\n== ${db}: preparing ${options.scale} articles\n`);
  const { database, load, sql, plugins, credentials, adminFirstLoad } = await measureInProcess(db, options, workloads);
  // The workloads run uncached, but for the `cached` ones, which a second server answers with the cache on.
  const env = { ...database.env, CACHE: 'off' };
  const server = await startPlatform(env);
  const cachedServer = workloads.some((w) => w.cached) ? await startPlatform(database.env) : null;
  const floor = workloads.some((w) => w.floor) ? await startFloor(database.env) : null;
  const rawFloor = workloads.some((w) => w.floor) ? await startRawFloor(database.env) : null;
  const rssOf = (target: ServerProcess | null) => target?.rssMb() ?? 0;
  const atStart = { server: rssOf(server), koa: rssOf(floor), raw: rssOf(rawFloor) };
  process.stderr.write(`  idle for ${IDLE_SETTLE_MS / 1000} s ...\n`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
  const idle = { server: rssOf(server), koa: rssOf(floor), raw: rssOf(rawFloor) };
  const after = { server: idle.server, koa: 0, raw: 0 };
  const openDir = workloads.some((w) => w.open) ? openAppDir(ROOT) : null;
  const open = openDir ? await startPlatform(env, 1, openDir) : null;
  const hooks = workloads.find((w) => w.webhooks)?.webhooks;
  const receiver = hooks ? await startBenchReceiver() : null;
  const hooksDir = hooks && receiver ? webhooksAppDir(ROOT, receiver.url, hooks.count) : null;
  const hooked = hooksDir ? await startPlatform(env, 1, hooksDir) : null;
  const run = { duration: options.duration, connections: options.connections };
  const rows: WorkloadRow[] = [];
  let twoNodes: TwoNodeReport | null = null;
  try {
    for (const w of workloads) {
      const why = w.unavailable?.(plugins);
      if (why) {
        rows.push({ name: w.name, result: null, note: why, sqlPerRequest: null, floor: null, sameJsonAsFloor: null, rawFloor: null, sameBytesAsRawFloor: null });
        continue;
      }
      process.stderr.write(`  ${w.name} ...`);
      const target = w.webhooks && hooked ? hooked : w.open && open ? open : w.cached && cachedServer ? cachedServer : server;
      const receivedBefore = receiver?.count() ?? 0;
      await send(target.url, w, credentials); // warm-up
      // the floors that answer this workload, each with whether its answer is byte for byte ours
      const floorRun = async (server: ServerProcess | null) => ({ server, same: await sameAnswer(server, target, w), result: null as LoadResult | null });
      const koa = await floorRun(w.floor ? floor : null);
      const raw = await floorRun(w.floor ? rawFloor : null);
      let ours: LoadResult | null = null;
      let sent = 1;
      // the server and the floors in turn, round after round (--rounds)
      // a webhooks run ends when the receiver has every delivery of its requests (or 30 s on)
      const count = w.webhooks?.count ?? 0;
      const settle =
        receiver && count
          ? async (answered: number) => {
              const expected = (sent + answered) * count;
              for (let waited = 0; receiver.count() - receivedBefore < expected && waited < 30000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
            }
          : undefined;
      for (let round = 0; round < options.rounds; round++) {
        const measured = await runLoad(target, w, { ...run, headers: authHeaders(w, credentials), settle });
        sent += WARM_UP_REQUESTS + (measured.requests ?? 0);
        ours = leastRun(ours, measured);
        for (const f of [koa, raw]) if (f.server) f.result = leastRun(f.result, await runLoad(f.server, w, run));
      }
      const result = ours as LoadResult;
      let note: string | undefined;
      if (w.cached) {
        const [cached, uncached] = await Promise.all([answerText(target.url, w), answerText(server.url, w)]);
        note = cached === uncached ? 'byte-identical to the uncached answer' : 'DIFFERS from the uncached answer';
      }
      process.stderr.write(` ${Math.round(result.requestsPerSecond)} req/s\n`);
      let webhooks: WorkloadRow['webhooks'];
      if (w.webhooks && receiver) {
        // the deliveries that lag behind the last answers, for a few seconds at most
        const expected = sent * w.webhooks.count;
        for (let waited = 0; receiver.count() - receivedBefore < expected && waited < 10000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
        webhooks = { ...w.webhooks, received: receiver.count() - receivedBefore, expected };
      }
      // SQL/req is counted in process, where the cache is off: not shown for the cached runs.
      rows.push({
        name: w.name,
        result,
        note,
        sqlPerRequest: w.cached ? null : (sql.get(w.name) ?? null),
        floor: koa.result,
        sameJsonAsFloor: koa.same,
        rawFloor: raw.result,
        sameBytesAsRawFloor: raw.same,
        sameAs: w.sameAs,
        restTwin: w.restTwin,
        webhooks,
      });
    }
    // Several nodes share one server database: not SQLite.
    const cachedReads = workloads.filter((w) => w.cached && !w.unavailable?.(plugins));
    if (options.twoNodes && db !== 'sqlite' && cachedReads.length && credentials.jwt) {
      after.server = server.rssMb();
      twoNodes = await measureTwoNodes(database.env, server, cachedReads, run, credentials.jwt);
    }
  } finally {
    if (!twoNodes) after.server = server.rssMb();
    after.koa = rssOf(floor);
    after.raw = rssOf(rawFloor);
    await server.stop();
    await cachedServer?.stop();
    await floor?.stop();
    await rawFloor?.stop();
    await open?.stop();
    if (openDir) fs.rmSync(openDir, { recursive: true, force: true });
    await hooked?.stop();
    await receiver?.close();
    if (hooksDir) fs.rmSync(hooksDir, { recursive: true, force: true });
  }
  let workers: DbReport['workers'] = null;
  const list = WORKLOADS.find((w) => w.name === 'list-25');
  if (!list) throw new Error('no list-25 workload');
  if (options.workers) {
    process.stderr.write('  workers 1 -> 2 ...\n');
    const one = await startPlatform(env, 1);
    const oneResult = await runLoad(one, list, run).finally(() => one.stop());
    const two = await startPlatform(env, 2);
    const twoResult = await runLoad(two, list, run).finally(() => two.stop());
    workers = { one: oneResult, two: twoResult };
  }
  const compression = options.compression ? await measureCompression(env, run, options.only) : null;
  const soak = options.soak > 0 ? await measureSoak(env, options.soak, options.connections, credentials) : null;
  const transfer = options.transfer ? await measureTransfer(database) : null;
  const floors =
    floor && rawFloor
      ? {
          koa: { startupMs: floor.startupMs, rssStartMb: atStart.koa, rssIdleMb: idle.koa, rssAfterMb: after.koa },
          raw: { startupMs: rawFloor.startupMs, rssStartMb: atStart.raw, rssIdleMb: idle.raw, rssAfterMb: after.raw },
        }
      : null;
  return {
    db,
    scale: options.scale,
    loadSeconds: load.seconds,
    startupMs: server.startupMs,
    rssStartMb: atStart.server,
    rssIdleMb: idle.server,
    rssAfterMb: after.server,
    adminFirstLoad,
    floors,
    rows,
    workers,
    compression,
    twoNodes,
    soak,
    transfer,
  };
}

async function main() {
  const options = parseBenchArgs(process.argv.slice(2));
  const reports: DbReport[] = [];
  for (const db of options.dbs) reports.push(await benchDatabase(db, options));
  const nearest = (name: string) => WORKLOADS.find((w) => w.name === name)?.nearestFloor;
  const report = renderReport(reports, { duration: options.duration, rounds: options.rounds, connections: options.connections, date: new Date().toISOString() }, nearest);
  // the start-up goal is the example app's on SQLite
  const startup = options.startup > 0 && options.dbs.includes('sqlite') ? await measureStartup(options.startup) : null;
  const markdown = startup ? withStartupSection(report, startupLines(startup)) : report;
  process.stdout.write(`\n${markdown}\n`);
  process.stderr.write(`written to ${writeReport(markdown)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
