/**
 * What `platform import` refuses, with nothing written: an archive encrypted as Strapi 4.26
 * encrypts (scrypt of the key with an empty salt, aes-128-ecb; written out here from Strapi's
 * scheme, not taken from the plugin) imports with its key and is refused with another one; a
 * truncated archive; an archive whose schemas differ from the app's, each difference named,
 * unless --force imports what matches. Usage mistakes exit with 2 before anything starts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { rowsSnapshot } from '../helpers/db-snapshot';
import { CONTENT_TABLES, FIXTURE_DIR, STRAPI_ARCHIVE, fixtureApp, knexOf, platform } from './helpers';

const KEY = 'the strapi key';

/** Strapi 4.26's file encryption: aes-128-ecb with scrypt(key, '', 16), no IV, over the gzipped tar. */
async function strapiEncrypted(target: string): Promise<void> {
  const cipher = crypto.createCipheriv('aes-128-ecb', crypto.scryptSync(KEY, '', 16), null);
  await pipeline(fs.createReadStream(STRAPI_ARCHIVE), cipher, fs.createWriteStream(target));
}

/** An app whose article has `views` as a string and no `rating`, and an extra `subtitle`. */
function changedApp(): { dir: string; remove(): void } {
  const app = fixtureApp();
  fs.unlinkSync(path.join(app.dir, 'api'));
  fs.cpSync(path.join(FIXTURE_DIR, 'app', 'api'), path.join(app.dir, 'api'), { recursive: true });
  const file = path.join(app.dir, 'api', 'article', 'content-types', 'article', 'schema.json');
  const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
  schema.attributes.views = { type: 'string' };
  delete schema.attributes.rating;
  schema.attributes.subtitle = { type: 'string' };
  fs.writeFileSync(file, JSON.stringify(schema));
  return app;
}

for (const client of testClients()) {
  describe(`platform import refusals [${client}]`, function () {
    this.timeout(180000);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-refusals-'));
    const encrypted = path.join(work, 'strapi.tar.gz.enc');
    const truncated = path.join(work, 'truncated.tar.gz');
    let database: TestDatabase;
    let knex: Knex;
    let app: { dir: string; remove(): void };
    let before: Record<string, unknown[]>;

    const unchanged = async () => expect(await rowsSnapshot(knex, CONTENT_TABLES)).to.deep.equal(before);

    // an app holding the Strapi archive's content, encrypted by the test as Strapi encrypts
    it('imports an archive encrypted as Strapi encrypts it, with its key', async () => {
      database = await createTestDatabase(client);
      knex = knexOf(database);
      app = fixtureApp();
      await strapiEncrypted(encrypted);
      const whole = fs.readFileSync(STRAPI_ARCHIVE);
      fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      const run = await platform(['import', '--file', encrypted, '--key', KEY], database, app.dir);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.match(/^Imported 135 entries of 12 types, 284 links, 1 files and 34 settings from strapi\.tar\.gz\.enc in /);
      expect(await knex('articles').count({ n: '*' })).to.deep.equal([{ n: client === 'postgres' ? '41' : 41 }]);
      before = await rowsSnapshot(knex, CONTENT_TABLES);
    });

    it('refuses it with another key, and writes nothing', async () => {
      const run = await platform(['import', '--file', encrypted, '--key', 'not the key'], database, app.dir);
      expect(run.code).to.equal(1);
      expect(run.stdout).to.equal('');
      expect(run.stderr).to.match(
        new RegExp(
          `^platform: import: ${encrypted.replace(/[.]/g, '\\.')} (could not be decrypted with this key \\(wrong key, or the file is damaged\\)|is not a readable archive: .* \\(or the key is wrong\\))\\n$`,
        ),
      );
      await unchanged();
    });

    it('refuses a truncated archive, and writes nothing', async () => {
      const run = await platform(['import', '--file', truncated], database, app.dir);
      expect(run.code).to.equal(1);
      expect(run.stderr).to.equal(`platform: import: ${truncated} is not a readable archive: unexpected end of file\n`);
      await unchanged();
    });

    it('refuses a file that is not there, and an encrypted one without its key', async () => {
      const missing = await platform(['import', '--file', path.join(work, 'nothing.tar.gz')], database, app.dir);
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.equal(`platform: import: the archive ${path.join(work, 'nothing.tar.gz')} does not exist\n`);
      const keyless = await platform(['import', '--file', encrypted], database, app.dir);
      expect(keyless.code).to.equal(2);
      expect(keyless.stderr).to.equal(`platform: import: ${encrypted} is encrypted: give its --key (platform import --help)\n`);
      const noFile = await platform(['import'], database, app.dir);
      expect(noFile.code).to.equal(2);
      expect(noFile.stderr).to.equal('platform: import: --file is required (platform import --help)\n');
      await unchanged();
    });

    it("refuses an archive whose schemas differ from the app's, naming each difference; --force imports what matches", async () => {
      const other = await createTestDatabase(client);
      const otherKnex = knexOf(other);
      const changed = changedApp();
      try {
        const refused = await platform(['import', '--file', STRAPI_ARCHIVE], other, changed.dir);
        expect(refused.code).to.equal(1);
        expect(refused.stderr).to.equal(
          [
            "platform: import: the archive's schemas do not match the app's (nothing was written):",
            '  - api::article.article.views is integer in the archive, string in the app',
            '  - api::article.article.rating (float) is in the archive, not in the app',
            '  - api::article.article.subtitle (string) is in the app, not in the archive',
            '--force imports what matches',
            '',
          ].join('\n'),
        );
        expect(await otherKnex('articles').count({ n: '*' })).to.deep.equal([{ n: client === 'postgres' ? '0' : 0 }]);
        expect(await otherKnex('tags').count({ n: '*' })).to.deep.equal([{ n: client === 'postgres' ? '0' : 0 }]);

        const forced = await platform(['import', '--file', STRAPI_ARCHIVE, '--force'], other, changed.dir);
        expect(forced.code, forced.stderr).to.equal(0);
        expect(forced.stderr).to.equal(
          [
            'Left out because the schemas differ (--force):',
            '  - api::article.article.views is integer in the archive, string in the app',
            '  - api::article.article.rating (float) is in the archive, not in the app',
            '  - api::article.article.subtitle (string) is in the app, not in the archive',
            'Skipped: api::article.article.views (41), api::article.article.rating (41)',
            '',
          ].join('\n'),
        );
        expect(await otherKnex('articles').where({ id: 1 }).select('id', 'title', 'views', 'subtitle')).to.deep.equal([{ id: 1, title: 'City we spring their 1', views: null, subtitle: null }]);
        expect(await otherKnex('articles_tags_links').count({ n: '*' })).to.deep.equal([{ n: client === 'postgres' ? '120' : 120 }]);
      } finally {
        await otherKnex.destroy();
        await other.drop();
        changed.remove();
      }
    });

    after(async () => {
      await knex?.destroy();
      await database?.drop();
      app?.remove();
      fs.rmSync(work, { recursive: true, force: true });
    });
  });
}
