/**
 * Localizations through the content manager on each database, as Strapi v4's admin makes them:
 * `POST /content-manager/collection-types/:uid?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=<id>`
 * creates the entry as a localization of that entry and of all its localizations, in
 * `articles_localizations_links` (i18n's own code path, the one of `POST /api/articles/:id/localizations`);
 * shared attributes come from the group; the answer and every read carry `localizations`. The
 * refusals are Strapi's content manager's, and write nothing; a create permission limited to
 * some locales creates localizations in those only.
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Json = Record<string, unknown>;

/** The entry with its timestamps checked and replaced by `<date>` (at every depth of `localizations`). */
function stamped(entry: Json): Json {
  const out: Json = { ...entry };
  for (const key of ['createdAt', 'updatedAt']) {
    expect(out[key], key).to.match(ISO);
    out[key] = '<date>';
  }
  if (Array.isArray(out.localizations)) out.localizations = (out.localizations as Json[]).map(stamped);
  return out;
}

/** An article's scalar attributes as a localization lists them. */
function scalars(id: number, title: string, slug: string, locale: string): Json {
  return {
    id,
    title,
    slug,
    body: null,
    views: 3,
    rating: null,
    price: null,
    publishedOn: null,
    featured: true,
    meta: null,
    status: null,
    contactEmail: null,
    createdAt: '<date>',
    updatedAt: '<date>',
    publishedAt: null,
    locale,
  };
}

for (const client of testClients()) {
  describe(`admin content manager, localizations (${client})`, () => {
    let app: TestApp;
    let root: string;
    let editor: { id: number; token: string };
    let english: number;
    before(async () => {
      app = await startAdminApp(client);
      root = await registerSuperAdmin(app);
      const german = await app.post('/i18n/locales', { code: 'de', name: 'German (de)' }, bearer(root));
      expect(german.status, german.text).to.be.oneOf([200, 201]);
      editor = await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
      const created = await app.post(ARTICLES, { title: 'Hello', slug: 'hello', views: 3, featured: true }, bearer(editor.token));
      expect(created.status, created.text).to.equal(201);
      english = created.body.id as number;
    });
    after(() => app?.close());

    const links = async () =>
      (await app.knex('articles_localizations_links').select('article_id', 'inv_article_id', 'article_order').orderBy('id')).map((row: Json) => [
        Number(row.article_id),
        Number(row.inv_article_id),
        Number(row.article_order),
      ]);
    const editorOf = { id: 0, firstname: 'strapi-editor', lastname: null, username: null };

    it('creates a French localization of an English entry (plugins[i18n][relatedEntityId]) and answers it with its localizations', async () => {
      editorOf.id = editor.id;
      const res = await app.post(`${ARTICLES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=${english}`, { title: 'Bonjour', slug: 'bonjour' }, bearer(editor.token));
      expect(res.status, res.text).to.equal(201);
      const french = res.body.id as number;
      expect(stamped(res.body)).to.deep.equal({
        ...scalars(french, 'Bonjour', 'bonjour', 'fr'),
        category: null,
        tags: [],
        author: null,
        related: [],
        cover: null,
        seo: null,
        blocks: [],
        localizations: [scalars(english, 'Hello', 'hello', 'en')],
        createdBy: editorOf,
        updatedBy: editorOf,
      });
      expect(await links()).to.deep.equal([
        [english, french, 1],
        [french, english, 1],
      ]);
      const row = await app.knex('articles').where('id', french).first('locale', 'views', 'published_at', 'created_by_id');
      expect({ ...row, views: Number(row.views), created_by_id: Number(row.created_by_id) }).to.deep.equal({ locale: 'fr', views: 3, published_at: null, created_by_id: editor.id });
    });

    it("links a German localization made from the French one (flat locale and relatedEntityId) to the whole group, each entry's localizations in link order", async () => {
      const [french] = (await app.knex('articles').where('locale', 'fr').select('id')).map((r: Json) => Number(r.id)) as [number];
      const res = await app.post(`${ARTICLES}?locale=de&relatedEntityId=${french}`, { title: 'Hallo', slug: 'hallo', views: 7 }, bearer(editor.token));
      expect(res.status, res.text).to.equal(201);
      const german = res.body.id as number;
      // what the German entry sent for a shared attribute is now the value of the whole group
      const seven = (id: number, title: string, slug: string, locale: string) => ({ ...scalars(id, title, slug, locale), views: 7 });
      expect(stamped(res.body).localizations).to.deep.equal([seven(french, 'Bonjour', 'bonjour', 'fr'), seven(english, 'Hello', 'hello', 'en')]);
      expect(res.body.locale).to.equal('de');
      expect(await links()).to.deep.equal([
        [french, english, 1],
        [french, german, 2],
        [english, french, 1],
        [english, german, 2],
        [german, french, 1],
        [german, english, 2],
      ]);
      const read = await app.get(`${ARTICLES}/${english}`, bearer(editor.token));
      expect(read.status, read.text).to.equal(200);
      expect(stamped(read.body).localizations).to.deep.equal([seven(french, 'Bonjour', 'bonjour', 'fr'), seven(german, 'Hallo', 'hallo', 'de')]);
      // the Content API reads the same links
      const api = await app.get(`/api/articles/${english}?populate=localizations&publicationState=preview`);
      expect(api.body.data.attributes.localizations.data.map((e: { id: number }) => e.id)).to.deep.equal([french, german]);
    });

    it("refuses a locale the group has, a related entry that does not exist and an unknown locale with Strapi's messages, writing nothing", async () => {
      const before = { links: await links(), articles: await app.knex('articles').count({ n: '*' }) };
      const refused = (message: string) => ({ data: null, error: { status: 400, name: 'ApplicationError', message, details: {} } });
      const used = await app.post(`${ARTICLES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=${english}`, { title: 'Encore', slug: 'encore' }, bearer(editor.token));
      expect(used.body).to.deep.equal(refused("The related entity doesn't exist or the entity already exists in this locale"));
      const missing = await app.post(`${ARTICLES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=999999`, { title: 'Nobody', slug: 'nobody' }, bearer(editor.token));
      expect(missing.body).to.deep.equal(refused("The related entity doesn't exist or the entity already exists in this locale"));
      const unknown = await app.post(`${ARTICLES}?plugins[i18n][locale]=xx&plugins[i18n][relatedEntityId]=${english}`, { title: 'Nowhere', slug: 'nowhere' }, bearer(editor.token));
      expect(unknown.body).to.deep.equal(refused("This locale doesn't exist"));
      expect({ links: await links(), articles: await app.knex('articles').count({ n: '*' }) }).to.deep.equal(before);
    });

    it('refuses a localization in a locale the create permission does not cover (properties.locales)', async () => {
      const roles = (await app.get('/admin/roles', bearer(root))).body.data as Array<{ id: number; code: string }>;
      const role = roles.find((r) => r.code === 'strapi-editor');
      const permissions = (await app.get(`/admin/roles/${role?.id}/permissions`, bearer(root))).body.data as Array<{ action: string; subject: string | null; properties: Json }>;
      const englishOnly = permissions.map((p) =>
        p.subject === 'api::article.article' && p.action === 'plugin::content-manager.explorer.create' ? { ...p, properties: { ...p.properties, locales: ['en'] } } : p,
      );
      expect((await app.put(`/admin/roles/${role?.id}/permissions`, { permissions: englishOnly }, bearer(root))).status).to.equal(200);
      try {
        const before = { links: await links(), articles: await app.knex('articles').count({ n: '*' }) };
        const other = await app.post(ARTICLES, { title: 'Other', slug: 'other' }, bearer(editor.token));
        expect(other.status, other.text).to.equal(201);
        const res = await app.post(`${ARTICLES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=${other.body.id}`, { title: 'Autre', slug: 'autre' }, bearer(editor.token));
        expect(res.body).to.deep.equal({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
        expect(await links()).to.deep.equal(before.links);
        expect(Number(((await app.knex('articles').count({ n: '*' })) as Array<{ n: unknown }>)[0]?.n)).to.equal(Number((before.articles as Array<{ n: unknown }>)[0]?.n) + 1);
        expect((await app.del(`${ARTICLES}/${other.body.id}`, bearer(editor.token))).status).to.equal(200);
      } finally {
        await app.put(`/admin/roles/${role?.id}/permissions`, { permissions }, bearer(root));
      }
    });

    it('lists the entries of the locale asked as plugins[i18n][locale]', async () => {
      const list = await app.get(`${ARTICLES}?plugins[i18n][locale]=fr`, bearer(editor.token));
      expect(list.status, list.text).to.equal(200);
      expect(list.body.results.map((e: Json) => [e.title, e.locale])).to.deep.equal([['Bonjour', 'fr']]);
    });
  });
}
