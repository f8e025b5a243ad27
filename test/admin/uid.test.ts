/**
 * The content manager's uid routes on each database (Strapi v4's `/content-manager/uid/*`): a
 * slug of the target field made unique against the stored entries (drafts too), availability
 * with the next free value, the error envelope for bad input and the permission check.
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

const CATEGORIES = '/content-manager/collection-types/api::category.category';
const ARTICLES = '/content-manager/collection-types/api::article.article';
const GENERATE = '/content-manager/uid/generate';
const CHECK = '/content-manager/uid/check-availability';
const category = { contentTypeUID: 'api::category.category', field: 'slug' };

const badRequest = (path: string, message: string) => ({
  data: null,
  error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: [path], message, name: 'ValidationError' }] } },
});

for (const client of testClients()) {
  describe(`admin uid routes (${client})`, () => {
    let app: TestApp;
    let root: string;
    let editor: { id: number; token: string };
    before(async () => {
      app = await startAdminApp(client);
      root = await registerSuperAdmin(app);
      editor = await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
    });
    after(() => app?.close());

    it('generates a slug of the target field, unique against the stored entries', async () => {
      expect((await app.post(GENERATE, { ...category, data: { name: 'Rock & Roll Café' } }, bearer(editor.token))).body).to.deep.equal({ data: 'rock-and-roll-cafe' });
      // other scripts are transliterated as Strapi's admin does, not dropped
      expect((await app.post(GENERATE, { ...category, data: { name: 'Привет, мир' } }, bearer(editor.token))).body).to.deep.equal({ data: 'privet-mir' });
      expect((await app.post(GENERATE, { ...category, data: { name: 'Ελληνικά νέα' } }, bearer(editor.token))).body).to.deep.equal({ data: 'ellinika-nea' });
      expect((await app.post(GENERATE, { ...category, data: { name: 'myAPIs' } }, bearer(editor.token))).body).to.deep.equal({ data: 'my-ap-is' });
      expect((await app.post(CATEGORIES, { name: 'News', slug: 'news' }, bearer(editor.token))).status).to.equal(201);
      const second = await app.post(GENERATE, { ...category, data: { name: 'News' } }, bearer(editor.token));
      expect(second.status, second.text).to.equal(200);
      expect(second.body).to.deep.equal({ data: 'news-1' });
      // the generated value saves: two entries named alike no longer collide
      const created = await app.post(CATEGORIES, { name: 'news!', slug: second.body.data }, bearer(editor.token));
      expect(created.status, created.text).to.equal(201);
      expect((await app.post(GENERATE, { ...category, data: { name: 'NEWS' } }, bearer(editor.token))).body).to.deep.equal({ data: 'news-2' });
      // a value that merely starts alike takes nothing
      expect((await app.post(GENERATE, { ...category, data: { name: 'New' } }, bearer(editor.token))).body).to.deep.equal({ data: 'new' });
      const rows = await app.knex('categories').select('slug').orderBy('id');
      expect(rows.map((row: { slug: string }) => row.slug)).to.deep.equal(['news', 'news-1']);
    });

    it("falls back to the content type's name when the target field is empty", async () => {
      expect((await app.post(GENERATE, { ...category, data: {} }, bearer(root))).body).to.deep.equal({ data: 'category' });
      expect((await app.post(GENERATE, { ...category, data: { name: '' } }, bearer(root))).body).to.deep.equal({ data: 'category' });
      expect((await app.post(CATEGORIES, { name: 'Plain', slug: 'category' }, bearer(root))).status).to.equal(201);
      expect((await app.post(GENERATE, { ...category, data: { name: '!!!' } }, bearer(root))).body).to.deep.equal({ data: 'category-1' });
    });

    it('counts drafts of a draft & publish type', async () => {
      const draft = await app.post(ARTICLES, { title: 'Hello World', slug: 'hello-world' }, bearer(editor.token));
      expect(draft.status, draft.text).to.equal(201);
      expect(draft.body.publishedAt).to.equal(null);
      const article = { contentTypeUID: 'api::article.article', field: 'slug' };
      expect((await app.post(GENERATE, { ...article, data: { title: 'Hello world' } }, bearer(editor.token))).body).to.deep.equal({ data: 'hello-world-1' });
      expect((await app.post(CHECK, { ...article, value: 'hello-world' }, bearer(editor.token))).body).to.deep.equal({ isAvailable: false, suggestion: 'hello-world-1' });
    });

    it('tells whether a value is free, and the next free one when it is not', async () => {
      expect((await app.post(CHECK, { ...category, value: 'news' }, bearer(editor.token))).body).to.deep.equal({ isAvailable: false, suggestion: 'news-2' });
      expect((await app.post(CHECK, { ...category, value: 'news-1' }, bearer(editor.token))).body).to.deep.equal({ isAvailable: false, suggestion: 'news-1-1' });
      expect((await app.post(CHECK, { ...category, value: 'sports' }, bearer(editor.token))).body).to.deep.equal({ isAvailable: true, suggestion: null });
      // compared exactly, whatever the database's collation
      expect((await app.post(CHECK, { ...category, value: 'NEWS' }, bearer(editor.token))).body).to.deep.equal({ isAvailable: true, suggestion: null });
    });

    it('answers bad input with the error envelope', async () => {
      const cases: Array<[string, Record<string, unknown>, ReturnType<typeof badRequest>]> = [
        [GENERATE, { ...category }, badRequest('data', 'data must be an object')],
        [GENERATE, { ...category, data: 'News' }, badRequest('data', 'data must be an object')],
        [GENERATE, { field: 'slug', data: {} }, badRequest('contentTypeUID', 'contentTypeUID is a required field')],
        [GENERATE, { contentTypeUID: 'api::nothing.nothing', field: 'slug', data: {} }, badRequest('contentTypeUID', 'contentTypeUID api::nothing.nothing is not a content type')],
        [GENERATE, { ...category, field: 'name', data: {} }, badRequest('field', 'name must be a valid `uid` attribute')],
        [GENERATE, { ...category, field: 'constructor', data: {} }, badRequest('field', 'constructor must be a valid `uid` attribute')],
        [CHECK, { ...category, value: 'not a slug!' }, badRequest('value', 'value must match the uid pattern ^[A-Za-z0-9-_.~]*$')],
        [CHECK, { ...category }, badRequest('value', 'value is a required field')],
        [CHECK, { ...category, field: 'articles', value: 'x' }, badRequest('field', 'articles must be a valid `uid` attribute')],
      ];
      for (const [path, body, expected] of cases) {
        const res = await app.post(path, body, bearer(root));
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(expected);
      }
      expect((await app.post(CHECK, '[1]', bearer(root))).status).to.equal(400);
    });

    it('needs a session and a permission on the content type', async () => {
      const unauthorized = await app.post(GENERATE, { ...category, data: { name: 'x' } });
      expect(unauthorized.status).to.equal(401);
      const roles = (await app.get('/admin/roles', bearer(root))).body.data as Array<{ id: number; code: string }>;
      const editorRole = roles.find((r) => r.code === 'strapi-editor');
      const before = (await app.get(`/admin/roles/${editorRole?.id}/permissions`, bearer(root))).body.data as Array<{ action: string; subject: string | null }>;
      const withoutCategories = before.filter((p) => p.subject !== 'api::category.category');
      expect((await app.put(`/admin/roles/${editorRole?.id}/permissions`, { permissions: withoutCategories }, bearer(root))).status).to.equal(200);
      try {
        const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
        expect((await app.post(GENERATE, { ...category, data: { name: 'x' } }, bearer(editor.token))).body).to.deep.equal(forbidden);
        expect((await app.post(CHECK, { ...category, value: 'x' }, bearer(editor.token))).body).to.deep.equal(forbidden);
        // a read permission alone is enough, as for the relation picker
        const readOnly = [...withoutCategories, ...before.filter((p) => p.subject === 'api::category.category' && p.action === 'plugin::content-manager.explorer.read')];
        expect((await app.put(`/admin/roles/${editorRole?.id}/permissions`, { permissions: readOnly }, bearer(root))).status).to.equal(200);
        expect((await app.post(CHECK, { ...category, value: 'x' }, bearer(editor.token))).body).to.deep.equal({ isAvailable: true, suggestion: null });
      } finally {
        await app.put(`/admin/roles/${editorRole?.id}/permissions`, { permissions: before }, bearer(root));
      }
    });
  });
}
