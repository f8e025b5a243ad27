/**
 * The content manager's admin API on each database, per role: a Super Admin and an Editor
 * manage every entry and publish; an Author creates drafts and sees, edits and deletes only its
 * own entries (`admin::is-creator`), in lists too; none but the Super Admin opens the settings.
 * `createdBy`/`updatedBy` are the administrators' ids in Strapi's columns, and a list page of 25
 * costs one statement more than the Content API's page of 25 (the session's).
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

const ARTICLES = '/content-manager/collection-types/api::article.article';

for (const client of testClients()) {
  describe(`admin content manager (${client})`, () => {
    let app: TestApp;
    let root: string;
    let editor: { id: number; token: string };
    let author: { id: number; token: string };
    before(async () => {
      app = await startAdminApp(client);
      root = await registerSuperAdmin(app);
      editor = await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
      author = await adminWithRole(app, root, 'strapi-author', 'author@example.com');
    });
    after(() => app?.close());

    it('creates drafts with their creators, publishes and lists them', async () => {
      const category = await app.post('/content-manager/collection-types/api::category.category', { name: 'News', slug: 'news' }, bearer(editor.token));
      expect(category.status, category.text).to.equal(201);
      const created = await app.post(ARTICLES, { title: 'By editor', slug: 'by-editor', category: { connect: [category.body.id] } }, bearer(editor.token));
      expect(created.status, created.text).to.equal(201);
      expect(created.body).to.deep.include({ title: 'By editor', publishedAt: null });
      expect(created.body.category).to.deep.include({ id: category.body.id, name: 'News' });
      const row = await app.knex('articles').where('id', created.body.id).first();
      expect([row.created_by_id, row.updated_by_id]).to.deep.equal([editor.id, editor.id]);
      expect((await app.get('/api/articles')).body.data).to.deep.equal([]);

      const published = await app.post(`${ARTICLES}/${created.body.id}/actions/publish`, {}, bearer(editor.token));
      expect(published.status, published.text).to.equal(200);
      expect(published.body.publishedAt).to.be.a('string');
      const api = await app.get('/api/articles?populate=category');
      expect(api.body.data.map((e: { id: number; attributes: { category: { data: { id: number } } } }) => [e.id, e.attributes.category.data.id])).to.deep.equal([[created.body.id, category.body.id]]);

      const list = await app.get(`${ARTICLES}?page=1&pageSize=10&sort=title:asc`, bearer(root));
      expect(list.body.pagination).to.deep.equal({ page: 1, pageSize: 10, pageCount: 1, total: 1 });
      expect(list.body.results.map((e: { title: string }) => e.title)).to.deep.equal(['By editor']);
    });

    it('keeps an Author to its own entries, in lists, reads, writes and deletes', async () => {
      const own = await app.post(ARTICLES, { title: 'By author', slug: 'by-author' }, bearer(author.token));
      expect(own.status, own.text).to.equal(201);
      expect((await app.knex('articles').where('id', own.body.id).first()).created_by_id).to.equal(author.id);
      const theirs = (await app.get(`${ARTICLES}?_q=editor`, bearer(root))).body.results[0];

      const list = await app.get(`${ARTICLES}?pageSize=25`, bearer(author.token));
      expect(list.status).to.equal(200);
      expect(list.body.results.map((e: { id: number }) => e.id)).to.deep.equal([own.body.id]);
      expect(list.body.pagination.total).to.equal(1);
      expect((await app.get(`${ARTICLES}?pageSize=25`, bearer(editor.token))).body.pagination.total).to.equal(2);

      const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
      expect((await app.get(`${ARTICLES}/${theirs.id}`, bearer(author.token))).body).to.deep.equal(forbidden);
      expect((await app.put(`${ARTICLES}/${theirs.id}`, { title: 'Taken' }, bearer(author.token))).body).to.deep.equal(forbidden);
      expect((await app.del(`${ARTICLES}/${theirs.id}`, bearer(author.token))).body).to.deep.equal(forbidden);
      expect((await app.post(`${ARTICLES}/actions/bulkDelete`, { ids: [own.body.id, theirs.id] }, bearer(author.token))).status).to.equal(403);
      expect((await app.knex('articles').whereIn('id', [own.body.id, theirs.id])).length).to.equal(2);
      // an Author does not publish, even its own
      expect((await app.post(`${ARTICLES}/${own.body.id}/actions/publish`, {}, bearer(author.token))).body).to.deep.equal(forbidden);

      const updated = await app.put(`${ARTICLES}/${own.body.id}`, { title: 'By author, again' }, bearer(author.token));
      expect(updated.status, updated.text).to.equal(200);
      expect(updated.body.title).to.equal('By author, again');
      const edited = await app.put(`${ARTICLES}/${own.body.id}`, { views: 3 }, bearer(editor.token));
      expect(edited.status).to.equal(200);
      const row = await app.knex('articles').where('id', own.body.id).first();
      expect([row.created_by_id, row.updated_by_id]).to.deep.equal([author.id, editor.id]);
      expect((await app.del(`${ARTICLES}/${own.body.id}`, bearer(author.token))).status).to.equal(200);
      expect(await app.knex('articles').where('id', own.body.id).first()).to.equal(undefined);
    });

    it('opens the settings to the Super Admin only', async () => {
      for (const token of [editor.token, author.token]) {
        for (const path of ['/admin/users', '/admin/roles', '/admin/permissions', '/admin/roles/1/permissions']) {
          expect((await app.get(path, bearer(token))).status, path).to.equal(403);
        }
        expect((await app.put('/admin/roles/2/permissions', { permissions: [] }, bearer(token))).status).to.equal(403);
        // the webhooks plugin's admin routes, mounted by the admin behind admin::webhooks.*
        expect((await app.get('/admin/webhooks', bearer(token))).status).to.equal(403);
      }
      expect((await app.get('/admin/webhooks')).status).to.equal(401);
      expect((await app.get('/admin/webhooks', bearer(root))).body).to.deep.equal({ data: [] });
      expect((await app.get('/admin/users', bearer(root))).body.data.pagination.total).to.equal(3);
      expect((await app.put('/admin/roles/1/permissions', { permissions: [] }, bearer(root))).body.error.message).to.equal("Super admin permissions can't be edited.");
    });

    it('applies a role whose permissions change at once', async () => {
      const roles = (await app.get('/admin/roles', bearer(root))).body.data as Array<{ id: number; code: string }>;
      const editorRole = roles.find((r) => r.code === 'strapi-editor');
      const before = (await app.get(`/admin/roles/${editorRole?.id}/permissions`, bearer(root))).body.data as Array<{ action: string; subject: string | null }>;
      const withoutTags = before.filter((p) => p.subject !== 'api::tag.tag');
      expect((await app.put(`/admin/roles/${editorRole?.id}/permissions`, { permissions: withoutTags }, bearer(root))).status).to.equal(200);
      expect((await app.get('/content-manager/collection-types/api::tag.tag', bearer(editor.token))).status).to.equal(403);
      expect((await app.put(`/admin/roles/${editorRole?.id}/permissions`, { permissions: before }, bearer(root))).status).to.equal(200);
      expect((await app.get('/content-manager/collection-types/api::tag.tag', bearer(editor.token))).status).to.equal(200);
    });

    it('answers bad input with the error envelope', async () => {
      expect((await app.get('/content-manager/collection-types/api::nothing.nothing', bearer(root))).status).to.equal(404);
      expect((await app.get(`${ARTICLES}/abc`, bearer(root))).status).to.equal(400);
      expect((await app.get(`${ARTICLES}/999999`, bearer(root))).status).to.equal(404);
      expect((await app.post(`${ARTICLES}/actions/bulkDelete`, { ids: 'x' }, bearer(root))).status).to.equal(400);
      expect((await app.post(ARTICLES, '[1]', bearer(root))).status).to.equal(400);
      expect((await app.get(`${ARTICLES}?filters[password][$eq]=x`, bearer(root))).status).to.equal(400);
      expect((await app.get(`${ARTICLES}?filters[createdBy][$eq]=1`, bearer(root))).status).to.equal(400);
    });

    it('costs one statement more than the Content API for a page of 25', async () => {
      for (let i = 0; i < 30; i++) await app.knex('articles').insert({ title: `bulk ${i}`, published_at: new Date(), locale: 'en', created_at: new Date(), updated_at: new Date() });
      const api = await app.countQueries(() => app.get('/api/articles?pagination[pageSize]=25&publicationState=preview'));
      const admin = await app.countQueries(() => app.get(`${ARTICLES}?page=1&pageSize=25`, bearer(editor.token)));
      expect(admin.result.body.results.length).to.equal(25);
      expect(admin.count, admin.queries.map((q) => q.sql).join('\n')).to.be.at.most(api.count + 1);
    });
  });
}
