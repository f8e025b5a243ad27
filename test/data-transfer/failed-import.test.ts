/**
 * An import that the database stops half-way (two entries of a type with the same id, which
 * only the database tells): the batches before the failing one stay written, the failing
 * one is rolled back whole, and the error says exactly how many rows of each table were
 * written, which is what the database then holds; so does the report it leaves for --resume.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { STRAPI_ARCHIVE, fixtureApp, knexOf, platform } from './helpers';

const run = promisify(execFile);

/** The Strapi-made archive with article 30's id made article 3's. */
async function archiveWithDuplicateId(work: string): Promise<string> {
  const dir = path.join(work, 'unpacked');
  fs.mkdirSync(dir);
  await run('tar', ['-xzf', STRAPI_ARCHIVE, '-C', dir]);
  const file = path.join(dir, 'entities', 'entities_00001.jsonl');
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => {
      if (!line.startsWith('{"type":"api::article.article","id":30,')) return line;
      const entity = JSON.parse(line);
      entity.id = 3;
      return JSON.stringify(entity);
    });
  fs.writeFileSync(file, lines.join('\n'));
  const archive = path.join(work, 'duplicate.tar.gz');
  await run('tar', ['-czf', archive, '-C', dir, 'schemas', 'entities', 'links', 'configuration', 'assets', 'metadata.json']);
  return archive;
}

for (const client of testClients()) {
  describe(`platform import stopped by the database [${client}]`, function () {
    this.timeout(120000);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-failed-import-'));
    let database: TestDatabase;
    let knex: Knex;
    let app: { dir: string; remove(): void };

    after(async () => {
      await knex?.destroy();
      await database?.drop();
      app?.remove();
      fs.rmSync(work, { recursive: true, force: true });
    });

    it('keeps the batches written before the failure, rolls the failing one back, and says what was written', async () => {
      const archive = await archiveWithDuplicateId(work);
      database = await createTestDatabase(client);
      knex = knexOf(database);
      app = fixtureApp();
      const result = await platform(['import', '--file', archive, '--batch-size', '40'], database, app.dir);
      expect(result.code).to.equal(1);
      expect(result.stdout).to.equal('');
      const [first, second, third] = result.stderr.split('\n');
      expect(first).to.match(/^platform: import: the import stopped: writing to articles: .*(UNIQUE|[Dd]uplicate|unique).*$/);
      expect(first?.length).to.be.below(300);
      const report = `${archive}.import-report.json`;
      expect(second).to.match(
        /^The rows of the archive's types were deleted first; written before the failure: [a-z0-9_]+: \d+(, [a-z0-9_]+: \d+)*\. Once the cause is fixed, go on from there with --resume (.+), or run the import again to start over\.$/,
      );
      expect(second?.replace(/^.*--resume (.+), or run.*$/, '$1')).to.equal(report);
      expect(third).to.equal('');
      const written = new Map(
        (second ?? '')
          .replace(/^.*written before the failure: /, '')
          .replace(/\. Once the cause.*$/, '')
          .split(', ')
          .map((part) => part.split(': ') as [string, string]),
      );
      // batches of 40 rows: the first ones hold the files, permissions and roles, then articles until the duplicate
      const articles = Number(written.get('articles') ?? 0);
      expect(articles).to.be.below(30);
      const count = async (table: string) => Number((await knex(table).count({ n: '*' }))[0]?.n);
      expect(await count('articles')).to.equal(articles);
      expect(await count('up_permissions')).to.equal(Number(written.get('up_permissions')));
      expect(await count('articles_tags_links')).to.equal(0);
      expect(await count('tags')).to.equal(Number(written.get('tags') ?? 0));
      // the report for --resume says the same, and how far into the archive the committed batches go
      const saved = JSON.parse(fs.readFileSync(report, 'utf8'));
      expect(saved.written).to.deep.equal(Object.fromEntries([...written].map(([table, n]) => [table, Number(n)])));
      expect(saved.position.emptied).to.equal(true);
      expect(saved.position.entities).to.be.above(0).and.below(135);
      expect(saved.position.links).to.equal(0);
    });
  });
}
