/**
 * The admin panel's list view on a large collection:
 * `node core/bin/run-ts.js test/bench/admin-large-list.ts` (env: SCALE, default 100000; DB,
 * default sqlite; REPEAT, default 30). The articles are written straight into their table (a
 * title of four words, a slug, views, 90 % published), without relations: what is measured is
 * the list itself, which reads the page's columns and counts the matching rows. Each request an
 * editor's list makes (first page, a sort on a column, a search, a filter, a page far down) is
 * sent REPEAT times in turn by one client against the in-process server, reporting the median
 * and the slowest time and the statements it ran, beside the Content API's page of 25 on the
 * same rows. The results go to bench/results/admin-large-list.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Platform } from '@platform/core';
import type { BenchDb } from './args';
import { benchCredentials } from './credentials';
import { prepareBenchDatabase } from './databases';
import { BENCH_SECRETS } from './processes';
import { createRandom, words } from './random';

const ROOT = path.resolve(__dirname, '..', '..');
const SCALE = Number(process.env.SCALE ?? 100000);
const DB = (process.env.DB ?? 'sqlite') as BenchDb;
const REPEAT = Number(process.env.REPEAT ?? 30);
const CHUNK = 500;

const LIST = '/content-manager/collection-types/api::article.article';
const REQUESTS: Array<{ name: string; path: string; admin: boolean }> = [
  { name: 'Content API page of 25', path: '/api/articles?pagination[pageSize]=25&publicationState=preview', admin: false },
  { name: 'first page', path: `${LIST}?page=1&pageSize=25`, admin: true },
  { name: 'sorted by title', path: `${LIST}?page=1&pageSize=25&sort=title:ASC`, admin: true },
  { name: 'sorted by views, descending', path: `${LIST}?page=1&pageSize=25&sort=views:DESC`, admin: true },
  { name: 'search "dolor" (_q)', path: `${LIST}?page=1&pageSize=25&_q=dolor`, admin: true },
  { name: 'filter views > 9000, by title', path: `${LIST}?page=1&pageSize=25&filters[$and][0][views][$gt]=9000&sort=title:ASC`, admin: true },
  { name: `page ${Math.floor(SCALE / 25 / 2)} (the middle) by title`, path: `${LIST}?page=${Math.floor(SCALE / 25 / 2)}&pageSize=25&sort=title:ASC`, admin: true },
];

async function seed(platform: Platform): Promise<number> {
  const knex = platform.db.knex;
  const [counted] = (await knex('articles').count({ n: '*' })) as Array<{ n: number | string }>;
  const have = Number(counted?.n ?? 0);
  if (have >= SCALE) return 0;
  const random = createRandom(7);
  const started = Date.now();
  const now = new Date();
  for (let from = have; from < SCALE; from += CHUNK) {
    const rows = [];
    for (let i = from; i < Math.min(SCALE, from + CHUNK); i++) {
      const title = `${words(random, 4)} ${i}`;
      rows.push({
        title,
        slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        views: random.int(0, 10000),
        featured: false,
        locale: 'en',
        created_at: now,
        updated_at: now,
        published_at: i % 10 === 0 ? null : now,
      });
    }
    await knex('articles').insert(rows);
    process.stdout.write(`\r  writing articles ${Math.min(SCALE, from + CHUNK)}/${SCALE}`);
  }
  process.stdout.write('\n');
  return (Date.now() - started) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main() {
  const database = await prepareBenchDatabase(DB, SCALE, false, `platform_admin_list_${SCALE}`);
  const platform = new Platform({ appDir: ROOT, logLevel: 'warn', env: { ...process.env, ...BENCH_SECRETS, CACHE: 'off' }, config: { database: database.config } });
  await platform.start();
  await platform.listen(0, '127.0.0.1');
  try {
    const seeded = await seed(platform);
    const credentials = await benchCredentials(platform);
    const { url } = platform.address();
    const rows: string[] = [];
    const times = new Map(REQUESTS.map((r) => [r.name, [] as number[]]));
    const statements = new Map<string, number>();
    const totals = new Map<string, unknown>();
    for (const request of REQUESTS) {
      const headers: Record<string, string> = request.admin ? { authorization: `Bearer ${credentials.admin}` } : {};
      let count = 0;
      const off = platform.db.onQuery(() => count++);
      const res = await fetch(url + request.path, { headers });
      off();
      const body = (await res.json()) as { pagination?: { total?: unknown }; meta?: { pagination?: { total?: unknown } } };
      if (res.status !== 200) throw new Error(`${request.name}: ${res.status} ${JSON.stringify(body)}`);
      statements.set(request.name, count);
      totals.set(request.name, body.pagination?.total ?? body.meta?.pagination?.total);
    }
    // in turn, so that whatever else the machine does weighs on every request alike
    for (let round = 0; round < REPEAT; round++) {
      for (const request of REQUESTS) {
        const headers: Record<string, string> = request.admin ? { authorization: `Bearer ${credentials.admin}` } : {};
        const started = process.hrtime.bigint();
        const res = await fetch(url + request.path, { headers });
        await res.arrayBuffer();
        times.get(request.name)?.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    for (const request of REQUESTS) {
      const t = times.get(request.name) ?? [];
      rows.push(`| ${request.name} | ${String(totals.get(request.name))} | ${statements.get(request.name)} | ${median(t).toFixed(1)} | ${Math.max(...t).toFixed(1)} |`);
    }
    const report = [
      `# The admin list view on ${SCALE.toLocaleString('en')} articles (${DB})`,
      '',
      `Written by \`node core/bin/run-ts.js test/bench/admin-large-list.ts\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${REPEAT} rounds of every request in turn, one client, response cache off, an Editor's session.${seeded ? ` Seeding took ${seeded.toFixed(0)} s.` : ''}`,
      '',
      '| request | total | statements | median ms | slowest ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
    ].join('\n');
    const file = path.join(ROOT, 'bench', 'results', 'admin-large-list.md');
    fs.writeFileSync(file, report);
    process.stdout.write(report);
  } finally {
    await platform.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
