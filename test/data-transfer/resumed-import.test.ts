/**
 * `platform import --resume`: an import that a database constraint stops half-way (a unique
 * index on articles' titles, and an archive where article 30 has article 3's title) keeps its
 * committed batches and leaves a report that says exactly what they hold; once the index is
 * dropped, the import resumed from that report ends with the database holding what a whole
 * import of the archive gives, row for row, and the spent report is gone. A report is refused
 * for another archive (one of another size, or the failed one changed in place to the same
 * size) or other options.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { CONTENT_TABLES, STRAPI_ARCHIVE, fixtureApp, knexOf, platform } from './helpers';

const run = promisify(execFile);

/** The Strapi-made archive with article 30's title made article 3's. */
async function archiveWithSameTitle(work: string): Promise<string> {
  const dir = path.join(work, 'unpacked');
  fs.mkdirSync(dir);
  await run('tar', ['-xzf', STRAPI_ARCHIVE, '-C', dir]);
  const file = path.join(dir, 'entities', 'entities_00001.jsonl');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const find = (id: number) => lines.findIndex((line) => line.startsWith(`{"type":"api::article.article","id":${id},`));
  const third = JSON.parse(lines[find(3)] ?? '');
  const thirtieth = JSON.parse(lines[find(30)] ?? '');
  thirtieth.data.title = third.data.title;
  lines[find(30)] = JSON.stringify(thirtieth);
  fs.writeFileSync(file, lines.join('\n'));
  const archive = path.join(work, 'same-title.tar.gz');
  await run('tar', ['-czf', archive, '-C', dir, 'schemas', 'entities', 'links', 'configuration', 'assets', 'metadata.json']);
  return archive;
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Tables whose rows get ids of the database's own on import (links, joins, settings): compared without them. */
const OWN_IDS = /(_links|_components|_morphs|_settings)$/;

async function contentRows(knex: Knex): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of CONTENT_TABLES) {
    const rows = (await knex(table).select('*')) as Array<Record<string, unknown>>;
    out[table] = rows
      .map((row) => {
        const { id, ...rest } = row;
        return JSON.stringify(OWN_IDS.test(table) ? rest : row, Object.keys(row).sort());
      })
      .sort();
  }
  return out;
}

for (const client of testClients()) {
  describe(`platform import --resume [${client}]`, function () {
    this.timeout(180000);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-resumed-import-'));
    let database: TestDatabase;
    let knex: Knex;
    let app: { dir: string; remove(): void };
    let archive: string;
    let whole: Record<string, string[]>;

    after(async () => {
      await knex?.destroy();
      await database?.drop();
      app?.remove();
      fs.rmSync(work, { recursive: true, force: true });
    });

    it('a constraint stops the import half-way: the committed batches stay, and the report says what they hold', async () => {
      archive = await archiveWithSameTitle(work);
      database = await createTestDatabase(client);
      knex = knexOf(database);
      app = fixtureApp();
      // a whole import first: what the resumed one must end with
      const first = await platform(['import', '--file', archive], database, app.dir);
      expect(first.code, first.stderr).to.equal(0);
      whole = await contentRows(knex);
      expect(whole.articles).to.have.length(41);
      // the index can only be made on distinct titles: the import to come replaces these rows anyway
      for (const { id } of (await knex('articles').select('id')) as Array<{ id: number }>)
        await knex('articles')
          .where({ id })
          .update({ title: `placeholder ${id}` });
      await knex.schema.alterTable('articles', (t) => t.unique(['title'], { indexName: 'articles_title_unique_for_test' }));

      const failed = await platform(['import', '--file', archive, '--batch-size', '40'], database, app.dir);
      expect(failed.code).to.equal(1);
      expect(failed.stdout).to.equal('');
      const report = `${archive}.import-report.json`;
      const [first_, second, third] = failed.stderr.split('\n');
      expect(first_).to.match(/^platform: import: the import stopped: writing to articles: .*(UNIQUE|[Dd]uplicate|unique).*$/);
      expect(second).to.match(
        /^The rows of the archive's types were deleted first; written before the failure: [a-z0-9_]+: \d+(, [a-z0-9_]+: \d+)*\. Once the cause is fixed, go on from there with --resume (.+), or run the import again to start over\.$/,
      );
      expect(second?.replace(/^.*--resume (.+), or run.*$/, '$1')).to.equal(report);
      expect(third).to.equal('');

      const saved = JSON.parse(fs.readFileSync(report, 'utf8'));
      expect(saved.kind).to.equal('platform-import-report');
      expect(saved.archive).to.equal(archive);
      expect(saved.archiveBytes).to.equal(fs.statSync(archive).size);
      expect(saved.archiveSha256).to.equal(sha256(archive));
      expect(saved.position.emptied).to.equal(true);
      expect(saved.position.links).to.equal(0);
      expect(saved.position.assets).to.equal(0);
      // article 30 is the 114th entity line: the batch holding it is not committed, those before it are
      expect(saved.position.entities).to.be.above(0).and.below(114);
      const said = Object.fromEntries(
        (second ?? '')
          .replace(/^.*written before the failure: /, '')
          .replace(/\. Once the cause.*$/, '')
          .split(', ')
          .map((part) => part.split(': '))
          .map(([table, n]) => [table, Number(n)]),
      );
      expect(saved.written).to.deep.equal(said);
      // exactly what the report says is in the database, and nothing of the tables it does not name
      for (const table of CONTENT_TABLES.filter((t) => t !== 'strapi_core_store_settings')) {
        const [{ n }] = (await knex(table).count({ n: '*' })) as [{ n: number | string }];
        expect(Number(n), table).to.equal(said[table] ?? 0);
      }
      expect(said.articles).to.be.above(0).and.below(30);
    });

    it('refuses the report for another archive, or with other options, writing nothing', async () => {
      const report = `${archive}.import-report.json`;
      const before = await contentRows(knex);
      const other = await platform(['import', '--file', STRAPI_ARCHIVE, '--resume', report], database, app.dir);
      expect(other.code).to.equal(1);
      expect(other.stderr).to.equal(
        `platform: import: ${report} reports on an archive of ${fs.statSync(archive).size} bytes, and ${STRAPI_ARCHIVE} has ${fs.statSync(STRAPI_ARCHIVE).size}: resume with the archive that failed\n`,
      );
      // the failed archive changed in place, its size kept: one byte of gzip's header time differs
      const changed = path.join(work, 'changed.tar.gz');
      const bytes = fs.readFileSync(archive);
      bytes[4] = (bytes[4] ?? 0) ^ 1;
      fs.writeFileSync(changed, bytes);
      const sameSize = await platform(['import', '--file', changed, '--resume', report], database, app.dir);
      expect(sameSize.code).to.equal(1);
      expect(sameSize.stderr).to.equal(
        `platform: import: ${report} reports on an archive whose SHA-256 is ${sha256(archive)}, and ${changed}'s is ${sha256(changed)}: it changed since the import failed; resume with the archive that failed\n`,
      );
      const options = await platform(['import', '--file', archive, '--resume', report, '--exclude', 'files'], database, app.dir);
      expect(options.code).to.equal(1);
      expect(options.stderr).to.equal(`platform: import: ${report} is the report of an import of all of content, files, config: resume with the same --only/--exclude and --force\n`);
      const missing = await platform(['import', '--file', archive, '--resume', path.join(work, 'none.json')], database, app.dir);
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.equal(`platform: import: the report ${path.join(work, 'none.json')} does not exist\n`);
      expect(await contentRows(knex)).to.deep.equal(before);
      expect(fs.existsSync(report)).to.equal(true);
    });

    it('once the cause is gone, --resume goes on after the committed batches and ends where a whole import ends', async () => {
      const report = `${archive}.import-report.json`;
      await knex.schema.alterTable('articles', (t) => t.dropUnique(['title'], 'articles_title_unique_for_test'));
      const resumed = await platform(['import', '--file', archive, '--resume', report, '--batch-size', '40'], database, app.dir);
      expect(resumed.code, resumed.stderr).to.equal(0);
      expect(resumed.stdout).to.match(/^Imported 135 entries of 12 types, 284 links, 1 files and \d+ settings from same-title\.tar\.gz in \d+\.\d s\.\n/);
      expect(await contentRows(knex)).to.deep.equal(whole);
      expect(fs.existsSync(report)).to.equal(false);
      expect(fs.readFileSync(path.join(app.dir, 'public', 'uploads', 'cover_c625dcb621.png')).length).to.equal(1952);
    });
  });
}
