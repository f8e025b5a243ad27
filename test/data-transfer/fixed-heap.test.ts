/**
 * Memory stays flat whatever the size: 100,000 articles (each with a body of 1.6 kB, some with
 * a category) and 300 uploaded files of 1 MB are exported and imported into an empty database
 * by `platform export` and `platform import` run with V8's old space capped at HEAP_MB. The
 * entity lines alone are more text than the whole heap can hold (old and young space), so
 * neither command can be buffering them. File bytes live outside V8's heap, so the cap does not
 * bound them: instead each process's peak resident size stays below the size of the entity
 * lines and files together, which holding them would take. The imported database then holds
 * the same rows and the same files.
 *
 * The cap is 96 MB rather than 64: the processes run from the TypeScript sources (tsx keeps
 * the transformed modules and their source maps), and under 64 MB they spent most of their
 * time collecting garbage (they succeeded, several times slower).
 *
 * SQLite only: the rows are read and written by the same paged, batched code on every
 * database (the three databases' imports and exports are tested on the Strapi-made archive);
 * doing it on PostgreSQL and MariaDB too would triple a test that already takes a minute.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import tar from 'tar-stream';
import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { STRAPI_ARCHIVE, fixtureApp, knexOf, platform } from './helpers';

const HEAP_MB = 96;
/**
 * The old space capped at HEAP_MB and the young one at 16 MB per semi-space: Node 24's V8 sizes
 * the young generation after the machine's memory (192 MB here, a 288 MB limit in all), Node
 * 20's does not; with both capped the limit is 144 MB on either.
 */
const HEAP_FLAGS = [`--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=16'];
const ARTICLES = 100_000;
const FILES = 300;
const FILE_BYTES = 1024 * 1024;
const PROBE = path.join(__dirname, '..', 'bench', 'transfer-probe.js');
const MB = 1024 * 1024;

/** The heap limit V8 takes from HEAP_FLAGS (the old space plus the young one). */
function heapLimit(): number {
  const out = execFileSync(process.execPath, [...HEAP_FLAGS, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit'], { encoding: 'utf8' });
  return Number(out.trim());
}

function body(n: number): string {
  const words = ['meadow', 'signal', 'harbour', 'lantern', 'orchard', 'granite', 'thistle', 'compass'];
  const parts: string[] = [];
  for (let i = 0; parts.join(' ').length < 1600; i++) parts.push(`${words[(n + i) % words.length]}-${(n * 31 + i) % 9973}`);
  return parts.join(' ');
}

/** 100,000 articles, a category for every tenth, and FILES uploaded files each the cover of an article: bulk inserts, one transaction. */
async function seed(knex: Knex, uploads: string): Promise<void> {
  const now = new Date('2026-01-02T03:04:05.000Z');
  const [{ id: categoryId }] = (await knex('categories').select('id').orderBy('id').limit(1)) as [{ id: number }];
  await knex.transaction(async (trx) => {
    for (let start = 1; start <= ARTICLES; start += 500) {
      const rows = [];
      const links = [];
      for (let n = start; n < start + 500 && n <= ARTICLES; n++) {
        const id = 1000 + n;
        rows.push({
          id,
          title: `Bulk article ${n}`,
          slug: `bulk-article-${n}`,
          body: body(n),
          views: n,
          featured: n % 2 === 0,
          locale: 'en',
          created_at: now,
          updated_at: now,
          published_at: n % 3 === 0 ? null : now,
        });
        if (n % 10 === 0) links.push({ article_id: id, category_id: categoryId });
      }
      await trx('articles').insert(rows);
      if (links.length > 0) await trx('articles_category_links').insert(links);
    }
    for (let n = 1; n <= FILES; n += 1) {
      const hash = `bulk_${String(n).padStart(4, '0')}`;
      fs.writeFileSync(path.join(uploads, `${hash}.bin`), crypto.randomBytes(FILE_BYTES));
      const [row] = await trx('files')
        .insert({
          name: `${hash}.bin`,
          hash,
          ext: '.bin',
          mime: 'application/octet-stream',
          size: FILE_BYTES / 1000,
          url: `/uploads/${hash}.bin`,
          provider: 'local',
          folder_path: '/',
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      await trx('files_related_morphs').insert({ file_id: (row as { id: number }).id, related_id: 1000 + n, related_type: 'api::article.article', field: 'cover', order: 1 });
    }
  });
}

/** The sizes of the archive's entity lines and uploaded files, from its tar headers. */
async function archiveSizes(archive: string): Promise<{ entities: number; uploads: number }> {
  const sizes = { entities: 0, uploads: 0 };
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    if (header.name.startsWith('entities/')) sizes.entities += header.size ?? 0;
    if (header.name.startsWith('assets/uploads/')) sizes.uploads += header.size ?? 0;
    stream.on('end', next);
    stream.resume();
  });
  await pipeline(fs.createReadStream(archive), createGunzip(), extract);
  return sizes;
}

/** A digest of every article's row, read a page at a time. */
async function articlesDigest(knex: Knex): Promise<string> {
  const hash = crypto.createHash('sha256');
  let after = 0;
  for (;;) {
    const rows = (await knex('articles').select('id', 'title', 'slug', 'body', 'views', 'featured', 'locale', 'published_at').where('id', '>', after).orderBy('id').limit(5000)) as Array<{
      id: number;
    }>;
    if (rows.length === 0) break;
    for (const row of rows) hash.update(JSON.stringify(row));
    after = rows[rows.length - 1]?.id ?? after;
  }
  return hash.digest('hex');
}

async function counts(knex: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['articles', 'articles_category_links', 'files', 'files_related_morphs', 'categories']) {
    const [{ n }] = (await knex(table).count({ n: '*' })) as [{ n: number | string }];
    out[table] = Number(n);
  }
  return out;
}

function filesDigest(uploads: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(uploads).sort())
    out[name] = crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(uploads, name)))
      .digest('hex');
  return out;
}

const clients = testClients().includes('sqlite') ? ['sqlite' as const] : [];
for (const client of clients) {
  describe(`platform export and import of 100,000 entries under a ${HEAP_MB} MB heap [${client}]`, function () {
    this.timeout(600000);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fixed-heap-'));
    const cleanups: Array<() => Promise<void> | void> = [() => fs.rmSync(work, { recursive: true, force: true })];
    after(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    const probed = (name: string) => {
      const file = path.join(work, `probe-${name}.json`);
      return {
        env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${HEAP_FLAGS.join(' ')} --require ${PROBE}`, TRANSFER_PROBE_FILE: file },
        read: () => JSON.parse(fs.readFileSync(file, 'utf8')) as { maxRssKb: number; heapPeakBytes: number },
      };
    };

    it('exports and imports them, and the imported database holds the same rows and files', async () => {
      const source: TestDatabase = await createTestDatabase(client);
      const sourceApp = fixtureApp();
      const sourceKnex = knexOf(source);
      cleanups.push(
        () => source.drop(),
        () => sourceApp.remove(),
        () => sourceKnex.destroy(),
      );
      // the Strapi-made archive makes the tables (and brings its own entries and file)
      const made = await platform(['import', '--file', STRAPI_ARCHIVE], source, sourceApp.dir);
      expect(made.code, made.stderr).to.equal(0);
      const sourceUploads = path.join(sourceApp.dir, 'public', 'uploads');
      await seed(sourceKnex, sourceUploads);
      const expected = await counts(sourceKnex);
      expect(expected.articles).to.equal(ARTICLES + 41);

      const exportProbe = probed('export');
      const archiveName = path.join(work, 'big');
      const exported = await platform(['export', '--no-encrypt', '--file', archiveName], source, sourceApp.dir, exportProbe.env);
      expect(exported.code, exported.stderr).to.equal(0);
      expect(exported.stdout).to.match(new RegExp(`^Exported ${ARTICLES + 135 + FILES} entries of 12 types, ${ARTICLES / 10 + 284 + FILES} links, ${FILES + 1} files and \\d+ settings to `));
      const archive = `${archiveName}.tar.gz`;

      // buffering would not fit: the entity lines alone, as text, are more than the whole heap
      const limit = heapLimit();
      const sizes = await archiveSizes(archive);
      expect(limit).to.be.below((HEAP_MB + 64) * MB);
      expect(sizes.entities).to.be.above(limit);
      expect(sizes.uploads).to.be.above(limit);

      const target: TestDatabase = await createTestDatabase(client);
      const targetApp = fixtureApp();
      const targetKnex = knexOf(target);
      cleanups.push(
        () => target.drop(),
        () => targetApp.remove(),
        () => targetKnex.destroy(),
      );
      const importProbe = probed('import');
      const imported = await platform(['import', '--file', archive], target, targetApp.dir, importProbe.env);
      expect(imported.code, imported.stderr).to.equal(0);
      expect(imported.stdout).to.match(
        new RegExp(`^Imported ${ARTICLES + 135 + FILES} entries of 12 types, ${ARTICLES / 10 + 284 + FILES} links, ${FILES + 1} files and \\d+ settings from big\\.tar\\.gz`),
      );

      for (const probe of [exportProbe.read(), importProbe.read()]) {
        expect(probe.heapPeakBytes).to.be.above(0).and.at.most(limit);
        // the process never held the files' bytes together
        expect(probe.maxRssKb * 1024).to.be.below(sizes.uploads + sizes.entities);
      }
      expect(await counts(targetKnex)).to.deep.equal(expected);
      expect(await articlesDigest(targetKnex)).to.equal(await articlesDigest(sourceKnex));
      expect(filesDigest(path.join(targetApp.dir, 'public', 'uploads'))).to.deep.equal(filesDigest(sourceUploads));
    });
  });
}
