/**
 * `npm run bench -- --transfer`: the data set exported with `platform export --no-encrypt` and
 * imported with `platform import` into an empty database of the same kind, each a process of
 * its own as a user runs it: entries/s, archive MB/s, and the process's peak RSS and heap.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { BenchDatabase } from './databases';
import { BENCH_SECRETS } from './processes';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');
const PROBE = path.join(__dirname, 'transfer-probe.js');
const TARGET = 'platform_bench_import';

export interface TransferRun {
  seconds: number;
  entries: number;
  maxRssMb: number;
  heapPeakMb: number;
}

export interface TransferResult {
  archiveBytes: number;
  export: TransferRun;
  import: TransferRun;
}

/** An empty database of the same kind as `source`, made anew. */
async function emptyDatabase(source: BenchDatabase): Promise<Record<string, string>> {
  if (source.db === 'sqlite') {
    const filename = path.join(ROOT, '.tmp', 'bench', `${TARGET}.db`);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(filename + suffix, { force: true });
    return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: filename };
  }
  const admin =
    source.db === 'mysql'
      ? knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: 3306, user: 'root', password: '' } })
      : knexFactory({ client: 'pg', connection: { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' } });
  try {
    if (source.db === 'mysql') {
      await admin.raw(`DROP DATABASE IF EXISTS \`${TARGET}\``);
      await admin.raw(`CREATE DATABASE \`${TARGET}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } else {
      await admin.raw(`DROP DATABASE IF EXISTS "${TARGET}" WITH (FORCE)`);
      await admin.raw(`CREATE DATABASE "${TARGET}"`);
    }
  } finally {
    await admin.destroy();
  }
  return { ...source.env, DATABASE_NAME: TARGET };
}

function runMeasured(args: string[], env: Record<string, string>, work: string): Promise<{ stdout: string; seconds: number; maxRssMb: number; heapPeakMb: number }> {
  const probeFile = path.join(work, `probe-${args[0]}.json`);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--require', PROBE, BIN, ...args, '--app', ROOT],
      { cwd: ROOT, env: { ...process.env, ...BENCH_SECRETS, ...env, TRANSFER_PROBE_FILE: probeFile, LOG_LEVEL: 'warn', NODE_ENV: 'production', CACHE: 'off' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`platform ${args[0]} failed: ${stderr || error.message}`));
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const probe = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as { maxRssKb: number; heapPeakBytes: number };
        resolve({ stdout, seconds, maxRssMb: probe.maxRssKb / 1024, heapPeakMb: probe.heapPeakBytes / 1024 / 1024 });
      },
    );
  });
}

function entriesOf(stdout: string, verb: 'Exported' | 'Imported'): number {
  const match = new RegExp(`^${verb} (\\d+) entries`).exec(stdout);
  if (!match) throw new Error(`platform ${verb.toLowerCase()} printed no summary: ${stdout}`);
  return Number(match[1]);
}

export async function measureTransfer(source: BenchDatabase): Promise<TransferResult> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-transfer-'));
  try {
    const archive = path.join(work, 'bench.tar.gz');
    process.stderr.write('  transfer: export ...\n');
    const exported = await runMeasured(['export', '--no-encrypt', '--file', path.join(work, 'bench')], source.env, work);
    const archiveBytes = fs.statSync(archive).size;
    const target = await emptyDatabase(source);
    process.stderr.write('  transfer: import ...\n');
    const imported = await runMeasured(['import', '--file', archive], target, work);
    return {
      archiveBytes,
      export: { seconds: exported.seconds, entries: entriesOf(exported.stdout, 'Exported'), maxRssMb: exported.maxRssMb, heapPeakMb: exported.heapPeakMb },
      import: { seconds: imported.seconds, entries: entriesOf(imported.stdout, 'Imported'), maxRssMb: imported.maxRssMb, heapPeakMb: imported.heapPeakMb },
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function transferLines(result: TransferResult): string[] {
  const f = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const mb = result.archiveBytes / 1024 / 1024;
  const row = (label: string, run: TransferRun) =>
    `| ${label} | ${f(run.entries)} | ${f(run.seconds, 1)} | ${f(run.entries / run.seconds)} | ${f(mb / run.seconds, 2)} | ${f(run.maxRssMb)} | ${f(run.heapPeakMb)} |`;
  return [
    '',
    `Data transfer (\`platform export --no-encrypt\`, then \`platform import\` into an empty database; each a process, start-up included; archive ${f(mb, 1)} MB):`,
    '',
    '| command | entries | s | entries/s | archive MB/s | peak RSS MB | peak heap MB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('export', result.export),
    row('import', result.import),
  ];
}
