/**
 * `--only` and `--exclude`: an import without files writes the entries (the files' rows too)
 * and no uploaded file; an import of the settings alone writes no entry; an export of the
 * content alone holds no assets and no configuration. The settings carry the webhooks, which a
 * second import of the same archive does not double.
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

for (const client of testClients()) {
  describe(`platform import and export --only / --exclude [${client}]`, function () {
    this.timeout(120000);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-selection-'));
    const databases: TestDatabase[] = [];
    const knexes: Knex[] = [];
    const apps: Array<{ remove(): void }> = [];

    async function empty(): Promise<{ database: TestDatabase; knex: Knex; dir: string }> {
      const database = await createTestDatabase(client);
      const knex = knexOf(database);
      const app = fixtureApp();
      databases.push(database);
      knexes.push(knex);
      apps.push(app);
      return { database, knex, dir: app.dir };
    }

    const count = async (knex: Knex, table: string) => Number((await knex(table).count({ n: '*' }))[0]?.n);

    after(async () => {
      for (const knex of knexes) await knex.destroy();
      for (const database of databases) await database.drop();
      for (const app of apps) app.remove();
      fs.rmSync(work, { recursive: true, force: true });
    });

    it('imports without the uploaded files (--exclude files), then exports the content alone (--only content)', async () => {
      const target = await empty();
      const imported = await platform(['import', '--file', STRAPI_ARCHIVE, '--exclude', 'files'], target.database, target.dir);
      expect(imported.code, imported.stderr).to.equal(0);
      expect(imported.stdout).to.match(/^Imported 135 entries of 12 types, 284 links, 0 files and 34 settings from /);
      expect(await count(target.knex, 'files')).to.equal(1);
      expect(fs.existsSync(path.join(target.dir, 'public', 'uploads'))).to.equal(false);

      const exported = await platform(['export', '--only', 'content', '--no-encrypt', '--file', path.join(work, 'content')], target.database, target.dir);
      expect(exported.code, exported.stderr).to.equal(0);
      expect(exported.stdout).to.match(/^Exported 135 entries of 12 types, 284 links, 0 files and 0 settings to /);
      const { stdout } = await run('tar', ['-tzf', path.join(work, 'content.tar.gz')]);
      expect(stdout.split('\n').filter(Boolean).sort()).to.deep.equal(['entities/entities_00001.jsonl', 'links/links_00001.jsonl', 'metadata.json', 'schemas/schemas_00001.jsonl']);
    });

    it('imports the settings alone (--only config)', async () => {
      const target = await empty();
      const imported = await platform(['import', '--file', STRAPI_ARCHIVE, '--only', 'config'], target.database, target.dir);
      expect(imported.code, imported.stderr).to.equal(0);
      expect(imported.stdout).to.match(/^Imported 0 entries of 0 types, 0 links, 0 files and 34 settings from /);
      expect(await count(target.knex, 'articles')).to.equal(0);
      expect(await target.knex('strapi_core_store_settings').where({ key: 'plugin_upload_settings' }).select('value')).to.deep.equal([
        { value: '{"sizeOptimization":true,"responsiveDimensions":true,"autoOrientation":false}' },
      ]);
    });

    it('carries the webhooks with the settings, once however often the archive is imported', async () => {
      const source = await empty();
      const created = await platform(['webhooks', 'create', '--name', 'site', '--url', 'http://127.0.0.1:9/hook', '--events', 'entry.create,entry.update'], source.database, source.dir);
      expect(created.code, created.stderr).to.equal(0);
      const exported = await platform(['export', '--only', 'config', '--no-encrypt', '--file', path.join(work, 'settings')], source.database, source.dir);
      expect(exported.code, exported.stderr).to.equal(0);
      const target = await empty();
      for (let i = 0; i < 2; i++) {
        const imported = await platform(['import', '--file', path.join(work, 'settings.tar.gz')], target.database, target.dir);
        expect(imported.code, imported.stderr).to.equal(0);
      }
      const listed = await platform(['webhooks', 'list', '--json'], target.database, target.dir);
      expect(JSON.parse(listed.stdout.trim())).to.deep.equal([
        { id: 1, name: 'site', url: 'http://127.0.0.1:9/hook', events: ['entry.create', 'entry.update'], headers: {}, enabled: true, signed: false, source: 'database' },
      ]);
    });
  });
}
