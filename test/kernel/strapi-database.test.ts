/**
 * An existing Strapi v4 database is served as it is: the sample database of the layout
 * document (its DDL on SQLite, as Strapi v4.26.2 made it, plus rows written the way Strapi
 * writes them) boots with matching schema files, and afterwards every table, index and row is
 * exactly what it was, including tables platform does not know. The one addition is the extra
 * list indexes of the link tables (each side's `(owner id, order)`), which Strapi's layout lacks
 * and the schema recorded for Strapi leaves out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { createLogger, Platform } from '@platform/core';
import { rowsSnapshot, sqliteMaster, sqlStatements } from '../helpers/db-snapshot';
import { isAuthSetupWarning } from '../helpers/boot-warnings';

const SAMPLE_APP = path.resolve(__dirname, '..', 'fixtures', 'strapi-sample');

// Strapi stores datetimes on SQLite as epoch milliseconds.
const T1 = Date.UTC(2024, 0, 15, 9, 30, 0, 123);
const T2 = Date.UTC(2024, 1, 1, 12, 0, 0, 0);
const stamps = { created_at: T1, updated_at: T2, created_by_id: null, updated_by_id: null };

/** Rows as a Strapi v4 instance leaves them: an article in two locales with category, tags, author, components and a dynamic zone. */
async function seed(knex: Knex): Promise<void> {
  await knex('i18n_locale').insert([
    { id: 1, name: 'English (en)', code: 'en', ...stamps },
    { id: 2, name: 'French (fr)', code: 'fr', ...stamps },
  ]);
  await knex('strapi_core_store_settings').insert([
    { id: 1, key: 'plugin_i18n_default_locale', value: '"en"', type: 'string', environment: null, tag: null },
    {
      id: 2,
      key: 'plugin_content_manager_configuration_content_types::api::article.article',
      value: '{"uid":"api::article.article","settings":{"pageSize":10}}',
      type: 'object',
      environment: null,
      tag: null,
    },
  ]);
  await knex('strapi_database_schema').insert({ id: 1, schema: '{"tables":[]}', time: T2, hash: '0f343b0931126a20f133d67c2b018a3b' });
  await knex('strapi_migrations').insert({ id: 1, name: '5.0.0-discard-drafts', time: T2 });
  await knex('categories').insert({ id: 1, name: 'News', slug: 'news', ...stamps });
  await knex('tags').insert([
    { id: 1, name: 'tech', ...stamps },
    { id: 2, name: 'life', ...stamps },
  ]);
  await knex('profiles').insert({ id: 1, bio: 'Writes.', ...stamps });
  await knex('writers').insert({ id: 1, name: 'Ann', email: 'ann@example.com', secret: 'hidden', ...stamps });
  await knex('writers_profile_links').insert({ id: 1, writer_id: 1, profile_id: 1 });
  const article = {
    body: '# Hello',
    views: 42,
    rating: 4.5,
    price: 9.99,
    published_on: '2024-01-15',
    featured: 1,
    meta: '{"source":"import","tags":[1,2]}',
    status: 'review',
    contact_email: 'desk@example.com',
    ...stamps,
  };
  await knex('articles').insert([
    { id: 1, title: 'Hello', slug: 'hello', ...article, published_at: T2, locale: 'en' },
    { id: 2, title: 'Bonjour', slug: 'bonjour', ...article, featured: 0, published_at: null, locale: 'fr' },
  ]);
  await knex('articles_category_links').insert({ id: 1, article_id: 1, category_id: 1, article_order: 1 });
  await knex('articles_author_links').insert({ id: 1, article_id: 1, writer_id: 1, article_order: 1 });
  await knex('articles_tags_links').insert([
    { id: 1, article_id: 1, tag_id: 2, tag_order: 1, article_order: 1 },
    { id: 2, article_id: 1, tag_id: 1, tag_order: 2, article_order: 1 },
  ]);
  await knex('articles_related_links').insert({ id: 1, article_id: 2, inv_article_id: 1, article_order: 1 });
  await knex('articles_localizations_links').insert([
    { id: 1, article_id: 1, inv_article_id: 2, article_order: 1 },
    { id: 2, article_id: 2, inv_article_id: 1, article_order: 1 },
  ]);
  await knex('components_shared_seos').insert([
    { id: 1, meta_title: 'Hello', meta_description: 'A first post' },
    { id: 2, meta_title: 'Site', meta_description: null },
  ]);
  await knex('components_shared_meta_tags').insert({ id: 1, name: 'robots', content: 'index' });
  await knex('components_shared_seos_components').insert({ id: 1, entity_id: 1, component_id: 1, component_type: 'shared.meta-tag', field: 'tags', order: 1 });
  await knex('components_shared_quotes').insert({ id: 1, title: 'Quote', body: 'Be brief.' });
  await knex('components_shared_rich_texts').insert({ id: 1, body: 'Some **rich** text' });
  await knex('articles_components').insert([
    { id: 1, entity_id: 1, component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 },
    { id: 2, entity_id: 1, component_id: 1, component_type: 'shared.rich-text', field: 'blocks', order: 1 },
    { id: 3, entity_id: 1, component_id: 1, component_type: 'shared.quote', field: 'blocks', order: 2 },
  ]);
  await knex('globals').insert({ id: 1, site_name: 'Sample', description: 'A Strapi site', ...stamps });
  await knex('globals_components').insert({ id: 1, entity_id: 1, component_id: 2, component_type: 'shared.seo', field: 'defaultSeo', order: 1 });
  await knex('files').insert({
    id: 1,
    name: 'cover.png',
    alternative_text: null,
    caption: null,
    width: 800,
    height: 600,
    formats: '{}',
    hash: 'cover_abc',
    ext: '.png',
    mime: 'image/png',
    size: 12.5,
    url: '/uploads/cover_abc.png',
    preview_url: null,
    provider: 'local',
    provider_metadata: null,
    folder_path: '/',
    ...stamps,
  });
  await knex('files_related_morphs').insert({ id: 1, file_id: 1, related_id: 1, related_type: 'api::article.article', field: 'cover', order: 1 });
  await knex('up_roles').insert([
    { id: 1, name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated', ...stamps },
    { id: 2, name: 'Public', description: 'Default role given to unauthenticated user.', type: 'public', ...stamps },
  ]);
  // Strapi's admin panel: its administrators, the three roles it creates and their links
  // (the admin plugin uses them as they are and creates nothing beside them).
  await knex.schema.createTable('admin_users', (t) => {
    t.increments('id');
    for (const name of ['firstname', 'lastname', 'username', 'email', 'password', 'reset_password_token', 'registration_token']) t.string(name);
    t.boolean('is_active');
    t.boolean('blocked');
    t.string('prefered_language');
    t.datetime('created_at');
    t.datetime('updated_at');
    t.integer('created_by_id');
    t.integer('updated_by_id');
  });
  await knex.schema.createTable('admin_roles', (t) => {
    t.increments('id');
    for (const name of ['name', 'code', 'description']) t.string(name);
    t.datetime('created_at');
    t.datetime('updated_at');
    t.integer('created_by_id');
    t.integer('updated_by_id');
  });
  await knex.schema.createTable('admin_permissions', (t) => {
    t.increments('id');
    t.string('action');
    t.json('action_parameters');
    t.string('subject');
    t.json('properties');
    t.json('conditions');
    t.datetime('created_at');
    t.datetime('updated_at');
    t.integer('created_by_id');
    t.integer('updated_by_id');
  });
  await knex.schema.createTable('admin_users_roles_links', (t) => {
    t.increments('id');
    t.integer('user_id');
    t.integer('role_id');
    t.double('role_order');
    t.double('user_order');
  });
  await knex.schema.createTable('admin_permissions_role_links', (t) => {
    t.increments('id');
    t.integer('permission_id');
    t.integer('role_id');
    t.double('permission_order');
  });
  await knex('admin_users').insert({ id: 1, firstname: 'Admin', email: 'admin@example.com', is_active: 1, blocked: 0, ...stamps });
  await knex('admin_roles').insert([
    { id: 1, name: 'Super Admin', code: 'strapi-super-admin', description: 'Super Admins can access and manage all features and settings.', ...stamps },
    { id: 2, name: 'Editor', code: 'strapi-editor', description: 'Editors can manage and publish contents including those of other users.', ...stamps },
    { id: 3, name: 'Author', code: 'strapi-author', description: 'Authors can manage the content they have created.', ...stamps },
  ]);
  await knex('admin_users_roles_links').insert({ id: 1, user_id: 1, role_id: 1, role_order: 1, user_order: 1 });
}

/** The list indexes the schema sync adds beside Strapi's: one per ordered side of a link table. */
const LIST_INDEX = /_links_(inv_)?list_index$/;

/**
 * The names of the list indexes a boot adds: one per order index of Strapi's on a link table
 * (`_order_fk` orders the owner's list, `_order_inv_fk` the target's).
 */
function expectedListIndexes(master: Awaited<ReturnType<typeof sqliteMaster>>): string[] {
  return master
    .filter((row) => row.type === 'index' && /_links_order_(inv_)?fk$/.test(row.name))
    .map((row) => row.name.replace(/_order_inv_fk$/, '_inv_list_index').replace(/_order_fk$/, '_list_index'))
    .sort();
}

/** A snapshot without the list indexes, and their names apart. */
async function snapshotBesideListIndexes(knex: Knex) {
  const all = await snapshot(knex);
  const listIndexes = all.master
    .filter((row) => row.type === 'index' && LIST_INDEX.test(row.name))
    .map((row) => row.name)
    .sort();
  return { listIndexes, rest: { ...all, master: all.master.filter((row) => !(row.type === 'index' && LIST_INDEX.test(row.name))) } };
}

async function snapshot(knex: Knex) {
  const master = await sqliteMaster(knex);
  const tables = master.filter((row) => row.type === 'table' && row.name !== 'sqlite_sequence').map((row) => row.name);
  return { master, rows: await rowsSnapshot(knex, tables), sequences: await knex('sqlite_sequence').select('*').orderBy('name') };
}

describe('an existing Strapi v4 database (the layout document sample, SQLite)', function () {
  this.timeout(60000);
  let dir: string;
  let filename: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-strapi-'));
    filename = path.join(dir, 'data.db');
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true });
    try {
      const sql = fs.readFileSync(path.join(SAMPLE_APP, 'strapi-v4-sample.sql'), 'utf8');
      for (const statement of sqlStatements(sql)) await knex.raw(statement);
      await seed(knex);
      before = await snapshot(knex);
    } finally {
      await knex.destroy();
    }
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function bootOnSample(): Promise<{ platform: Platform; warnings: string[] }> {
    const lines: string[] = [];
    const platform = new Platform({
      appDir: SAMPLE_APP,
      logger: createLogger('warn', (line) => {
        if (!isAuthSetupWarning(line)) lines.push(line);
      }),
      config: { database: { connection: { client: 'sqlite', connection: { filename } } } },
    });
    await platform.start();
    return { platform, warnings: lines };
  }

  it('holds the tables and rows the test wrote (the fixture itself is sound)', () => {
    expect(before.master.filter((r) => r.type === 'table').map((r) => r.name)).to.include.members(['articles', 'admin_users', 'files_related_morphs', 'up_users']);
    expect(before.master.filter((r) => r.type === 'index')).to.have.length(97);
    expect(before.rows.articles).to.have.length(2);
    expect(before.rows.articles_components).to.have.length(3);
  });

  it('boots with matching schema files without a warning, and changes no table, index or row; it adds the list indexes only', async () => {
    const { platform, warnings } = await bootOnSample();
    try {
      expect(warnings).to.deep.equal([]);
      const after = await snapshotBesideListIndexes(platform.db.knex);
      expect(after.rest).to.deep.equal(before);
      // users-permissions is off in the sample app: its link tables are not the models' and get none
      const known = expectedListIndexes(before.master).filter((name) => !name.startsWith('up_'));
      expect(after.listIndexes).to.deep.equal(known).and.to.include('articles_tags_links_inv_list_index');
    } finally {
      await platform.destroy();
    }
  });

  it('serves the Strapi rows through the Content API (stored link order, live locale only) and writes nothing', async () => {
    const { platform } = await bootOnSample();
    try {
      await platform.listen(0, '127.0.0.1');
      const res = await fetch(`${platform.address().url}/api/articles?fields[0]=title&populate[category][fields][0]=name&populate[tags][fields][0]=name`);
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({
        data: [
          {
            id: 1,
            attributes: {
              title: 'Hello',
              category: { data: { id: 1, attributes: { name: 'News' } } },
              tags: {
                data: [
                  { id: 2, attributes: { name: 'life' } },
                  { id: 1, attributes: { name: 'tech' } },
                ],
              },
            },
          },
        ],
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
      });
      expect((await snapshotBesideListIndexes(platform.db.knex)).rest).to.deep.equal(before);
    } finally {
      await platform.destroy();
    }
  });

  it('still holds everything after a second boot and after the platform stopped', async () => {
    for (let i = 0; i < 2; i += 1) {
      const { platform, warnings } = await bootOnSample();
      expect(warnings).to.deep.equal([]);
      await platform.destroy();
    }
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true });
    try {
      expect((await snapshotBesideListIndexes(knex)).rest).to.deep.equal(before);
    } finally {
      await knex.destroy();
    }
  });
});
