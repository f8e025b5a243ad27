/**
 * An archive written by Strapi 4.26.2's `strapi export` (test/fixtures/strapi-export)
 * imported with `platform import` into an empty app with the same content-types, on each
 * database: every request of the fixture's answers/ then gets what Strapi answered (entries,
 * components, dynamic zones, relations in their order, locales, drafts, media and the file),
 * and the database holds Strapi's rows (ids, link tables, order columns, users and roles).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { TestApp } from '../helpers/app';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { STRAPI_ARCHIVE, fixtureApp, platform, startTransferApp, strapiAnswers } from './helpers';

for (const client of testClients()) {
  describe(`platform import of a Strapi-made archive [${client}]`, function () {
    this.timeout(180000);
    let database: TestDatabase;
    let appDir: { dir: string; remove(): void };
    let app: TestApp | null = null;
    let auth: Record<string, string>;

    before(async () => {
      database = await createTestDatabase(client);
      appDir = fixtureApp();
      const run = await platform(['import', '--file', STRAPI_ARCHIVE], database, appDir.dir);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout.split('\n')).to.include.members(['  api::article.article: 41', '  api::tag.tag: 4', '  plugin::users-permissions.permission: 77', '  plugin::upload.file: 1']);
      expect(run.stdout).to.match(/^Imported 135 entries of 12 types, 284 links, 1 files and 34 settings from strapi-4\.26\.2-fixture\.tar\.gz in \d+\.\d s\.\n/);
      ({ app, auth } = await startTransferApp(database, appDir.dir));
    });

    after(async () => {
      await app?.close();
      if (!app) await database?.drop();
      appDir?.remove();
    });

    for (const answer of strapiAnswers()) {
      it(`answers ${answer.url} as Strapi did`, async () => {
        // biome-ignore lint/style/noNonNullAssertion: started in before()
        const res = await app!.get(answer.url, auth);
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal(answer.body);
      });
    }

    it("keeps Strapi's rows: ids, link tables with their order columns, component joins, users and roles", async () => {
      // biome-ignore lint/style/noNonNullAssertion: started in before()
      const knex = app!.knex;
      expect(await knex('articles_tags_links').where({ article_id: 1 }).orderBy('tag_order').select('tag_id', 'tag_order', 'article_order')).to.deep.equal([
        { tag_id: 2, tag_order: 1, article_order: 1 },
        { tag_id: 4, tag_order: 2, article_order: 1 },
        { tag_id: 1, tag_order: 3, article_order: 1 },
      ]);
      expect(await knex('articles_localizations_links').orderBy('article_id').select('article_id', 'inv_article_id', 'article_order')).to.deep.equal([
        { article_id: 1, inv_article_id: 41, article_order: 1 },
        { article_id: 41, inv_article_id: 1, article_order: 1 },
      ]);
      expect(await knex('articles_components').where({ entity_id: 1 }).orderBy(['field', 'order']).select('component_id', 'component_type', 'field', 'order')).to.deep.equal([
        { component_id: 1, component_type: 'shared.quote', field: 'blocks', order: 1 },
        { component_id: 1, component_type: 'shared.rich-text', field: 'blocks', order: 2 },
        { component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 },
      ]);
      expect(await knex('files_related_morphs').select('file_id', 'related_id', 'related_type', 'field', 'order')).to.deep.equal([
        { file_id: 1, related_id: 1, related_type: 'api::article.article', field: 'cover', order: 1 },
      ]);
      expect(await knex('up_users').select('id', 'username', 'email', 'password')).to.deep.equal([
        { id: 1, username: 'exporter', email: 'exporter@example.com', password: '$2a$10$nhUjgb.MOFIaA8MgIMWLKO1hQ6z4cdWM11Q/pPEOaSkVJoeQFek5S' },
      ]);
      expect(await knex('up_users_role_links').select('user_id', 'role_id')).to.deep.equal([{ user_id: 1, role_id: 1 }]);
      expect(await knex('up_roles').orderBy('id').select('id', 'type')).to.deep.equal([
        { id: 1, type: 'authenticated' },
        { id: 2, type: 'public' },
      ]);
      expect(await knex('i18n_locale').orderBy('id').select('id', 'code')).to.deep.equal([
        { id: 1, code: 'en' },
        { id: 2, code: 'fr' },
      ]);
      expect(await knex('strapi_core_store_settings').where({ key: 'plugin_i18n_default_locale' }).select('value', 'type')).to.deep.equal([{ value: '"en"', type: 'string' }]);
    });

    it('stores the uploaded file where the local provider serves it', async () => {
      const stored = fs.readFileSync(path.join(appDir.dir, 'public', 'uploads', 'cover_c625dcb621.png'));
      expect(stored.length).to.equal(1952);
      // biome-ignore lint/style/noNonNullAssertion: started in before()
      const res = await fetch(`${app!.url}/uploads/cover_c625dcb621.png`);
      expect(res.status).to.equal(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(stored)).to.equal(true);
    });

    it('gives a new entry the id after the imported ones', async () => {
      // biome-ignore lint/style/noNonNullAssertion: started in before()
      const res = await app!.post('/api/tags', { data: { name: 'after-import' } }, auth);
      expect(res.status).to.equal(200);
      expect((res.body as { data: { id: number } }).data.id).to.equal(5);
    });
  });
}
