/**
 * The cost of webhooks measured side by side, on a shared and noisy machine:
 * `node core/bin/run-ts.js test/bench/webhooks-side-by-side.ts` (env: ROUNDS, DURATION, DB).
 * Two servers of the same app on the bench's SQLite data set, one with three declared webhooks
 * to a receiver in this process, take `create-tag` at the same time, round after round, so any
 * other load on the machine weighs on both alike; a round's CPU of the server with webhooks is
 * read once the receiver has every delivery of its requests. Prints each round's ratio and their
 * median. `npm run bench` measures the two one after the other (create-tag-3-webhooks).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { Platform } from '@platform/core';
import type { BenchDb } from './args';
import { prepareBenchDatabase } from './databases';
import { BENCH_SECRETS, startPlatform, type ServerProcess } from './processes';
import { benchCredentials } from './credentials';
import { startBenchReceiver, webhooksAppDir } from './webhooks-app';
import { WORKLOADS } from './workloads';

const ROOT = path.resolve(__dirname, '..', '..');
const db = (process.env.DB ?? 'sqlite') as BenchDb;
const rounds = Number(process.env.ROUNDS ?? 3);
const duration = Number(process.env.DURATION ?? 5);

async function main() {
  const database = await prepareBenchDatabase(db, 1000, false);
  const platform = new Platform({ appDir: ROOT, logLevel: 'warn', env: { ...process.env, ...BENCH_SECRETS }, config: { database: database.config } });
  await platform.start();
  const credentials = await benchCredentials(platform);
  await platform.destroy();
  const receiver = await startBenchReceiver();
  const dir = webhooksAppDir(ROOT, receiver.url, 3);
  const plainDir = webhooksAppDir(ROOT, receiver.url, 0);
  const env = { ...database.env, CACHE: 'off' };
  const plain = await startPlatform(env, 1, plainDir);
  const hooked = await startPlatform(env, 1, dir);
  const w = WORKLOADS.find((x) => x.name === 'create-tag');
  if (!w) throw new Error('no create-tag workload');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${credentials.jwt}` };
  let sentHooked = 0;
  const fire = async (s: ServerProcess, opts: { connections: number; duration?: number; amount?: number }) => {
    const r = await autocannon({ url: s.url + w.path, method: w.method, headers, body: JSON.stringify(w.body), ...opts });
    if (s === hooked) sentHooked += r.requests.total;
    return r;
  };
  const settle = async () => {
    const t0 = Date.now();
    while (receiver.count() < sentHooked * 3 && Date.now() - t0 < 30000) await new Promise((r) => setTimeout(r, 20));
    return Date.now() - t0;
  };
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await Promise.all([fire(plain, { connections: 10, amount: 300 }), fire(hooked, { connections: 10, amount: 300 })]);
    await settle();
    const p0 = plain.cpuMs();
    const h0 = hooked.cpuMs();
    const [rp, rh] = await Promise.all([fire(plain, { connections: 25, duration }), fire(hooked, { connections: 25, duration })]);
    const p1 = plain.cpuMs();
    const lag = await settle();
    const h1 = hooked.cpuMs();
    const pp = (p1 - p0) / rp.requests.total;
    const ph = (h1 - h0) / rh.requests.total;
    ratios.push(ph / pp - 1);
    process.stderr.write(
      `round ${round}: plain ${pp.toFixed(3)} ms/req (${rp.requests.average} req/s), hooked ${ph.toFixed(3)} ms/req (${rh.requests.average} req/s) => +${((ph / pp - 1) * 100).toFixed(1)} %, settle ${lag} ms, received ${receiver.count()} of ${sentHooked * 3}\n`,
    );
  }
  ratios.sort((a, b) => a - b);
  process.stderr.write(`median +${((ratios[Math.floor(ratios.length / 2)] ?? 0) * 100).toFixed(1)} %, least +${((ratios[0] ?? 0) * 100).toFixed(1)} %\n`);
  await plain.stop();
  await hooked.stop();
  await receiver.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(plainDir, { recursive: true, force: true });
}
main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
