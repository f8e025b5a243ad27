/**
 * The inverse side of a relation written through the content manager on each database, as
 * Strapi v4's admin lets an editor do (a category's articles, a tag's articles): connect,
 * disconnect and set on the `mappedBy` attribute write the owner's link table, the inverse
 * side's list in its own order column (`article_order`) and the owner's list order
 * (`tag_order`) appended to, so both sides read the same links.
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { adminWithRole, bearer, registerSuperAdmin, startAdminApp } from './helpers';

const ARTICLES = '/content-manager/collection-types/api::article.article';
const CATEGORIES = '/content-manager/collection-types/api::category.category';
const TAGS = '/content-manager/collection-types/api::tag.tag';

for (const client of testClients()) {
  describe(`admin content manager, the inverse side of relations (${client})`, () => {
    let app: TestApp;
    let root: string;
    let editor: { id: number; token: string };
    const articles: number[] = [];
    before(async () => {
      app = await startAdminApp(client);
      root = await registerSuperAdmin(app);
      editor = await adminWithRole(app, root, 'strapi-editor', 'editor@example.com');
      for (const title of ['one', 'two', 'three']) {
        const created = await app.post(ARTICLES, { title, slug: title }, bearer(editor.token));
        expect(created.status, created.text).to.equal(201);
        articles.push(created.body.id as number);
      }
    });
    after(() => app?.close());

    const categoryLinks = async () =>
      (await app.knex('articles_category_links').select('article_id', 'category_id', 'article_order').orderBy('id')).map((row: Record<string, unknown>) => ({
        article: Number(row.article_id),
        category: Number(row.category_id),
        order: Number(row.article_order),
      }));
    const ids = (list: Array<{ id: number }>) => list.map((entry) => entry.id);

    it("connects, moves, disconnects and sets a category's articles (oneToMany, mappedBy)", async () => {
      const [one, two, three] = articles as [number, number, number];
      const created = await app.post(CATEGORIES, { name: 'Science', slug: 'science', articles: { connect: [two, one] } }, bearer(editor.token));
      expect(created.status, created.text).to.equal(201);
      const science = created.body.id as number;
      expect(ids(created.body.articles)).to.deep.equal([two, one]);
      expect(await categoryLinks()).to.deep.equal([
        { article: two, category: science, order: 1 },
        { article: one, category: science, order: 2 },
      ]);
      // the owner side reads the same link
      expect((await app.get(`${ARTICLES}/${one}`, bearer(editor.token))).body.category).to.deep.include({ id: science, name: 'Science' });

      // an article has one category: connecting it to another moves it
      const history = await app.post(CATEGORIES, { name: 'History', slug: 'history' }, bearer(editor.token));
      const moved = await app.put(`${CATEGORIES}/${history.body.id}`, { articles: { connect: [one] } }, bearer(editor.token));
      expect(moved.status, moved.text).to.equal(200);
      expect(ids(moved.body.articles)).to.deep.equal([one]);
      expect(await categoryLinks()).to.deep.equal([
        { article: two, category: science, order: 1 },
        { article: one, category: history.body.id, order: 1 },
      ]);

      const disconnected = await app.put(`${CATEGORIES}/${science}`, { articles: { disconnect: [two] } }, bearer(editor.token));
      expect(disconnected.status, disconnected.text).to.equal(200);
      expect(disconnected.body.articles).to.deep.equal([]);
      expect(await categoryLinks()).to.deep.equal([{ article: one, category: history.body.id, order: 1 }]);

      // the panel's own body: the list as shown (a set)
      const set = await app.put(`${CATEGORIES}/${science}`, { articles: [three, two] }, bearer(editor.token));
      expect(set.status, set.text).to.equal(200);
      expect(ids(set.body.articles)).to.deep.equal([three, two]);
      expect(await categoryLinks()).to.deep.equal([
        { article: one, category: history.body.id, order: 1 },
        { article: three, category: science, order: 1 },
        { article: two, category: science, order: 2 },
      ]);
      const api = await app.get(`/api/categories/${science}?populate=articles&publicationState=preview`);
      expect(api.body.data.attributes.articles.data.map((entry: { id: number }) => entry.id)).to.deep.equal([three, two]);
    });

    it("writes a tag's articles (manyToMany, mappedBy) with both sides' order columns", async () => {
      const [one, two, three] = articles as [number, number, number];
      const first = await app.post(TAGS, { name: 'first', articles: { connect: [three, one] } }, bearer(editor.token));
      expect(first.status, first.text).to.equal(201);
      // the article's own list, written from the owning side
      expect((await app.put(`${ARTICLES}/${two}`, { tags: { connect: [first.body.id] } }, bearer(editor.token))).status).to.equal(200);
      const second = await app.post(TAGS, { name: 'second', articles: [one] }, bearer(editor.token));
      expect(second.status, second.text).to.equal(201);
      const rows = (await app.knex('articles_tags_links').select('article_id', 'tag_id', 'article_order', 'tag_order').orderBy('id')).map((row: Record<string, unknown>) => [
        Number(row.article_id),
        Number(row.tag_id),
        Number(row.article_order),
        Number(row.tag_order),
      ]);
      // [article, tag, the article's place in the tag's list, the tag's place in the article's list]
      expect(rows).to.deep.equal([
        [three, first.body.id, 1, 1],
        [one, first.body.id, 2, 1],
        [two, first.body.id, 3, 1],
        [one, second.body.id, 1, 2],
      ]);
      expect(ids((await app.get(`${TAGS}/${first.body.id}`, bearer(editor.token))).body.articles)).to.deep.equal([three, one, two]);
      expect(ids((await app.get(`${ARTICLES}/${one}`, bearer(editor.token))).body.tags)).to.deep.equal([first.body.id, second.body.id]);

      const removed = await app.put(`${TAGS}/${first.body.id}`, { articles: { disconnect: [one] } }, bearer(editor.token));
      expect(ids(removed.body.articles)).to.deep.equal([three, two]);
      expect(ids((await app.get(`${ARTICLES}/${one}`, bearer(editor.token))).body.tags)).to.deep.equal([second.body.id]);
    });

    it('answers a link to no entry with the error envelope, and writes nothing', async () => {
      const before = await app.knex('articles_category_links').count({ n: '*' });
      const category = (await app.get(`${CATEGORIES}?sort=id:asc`, bearer(editor.token))).body.results[0];
      const res = await app.put(`${CATEGORIES}/${category.id}`, { articles: { connect: [999999] } }, bearer(editor.token));
      const message = '1 relation(s) of type api::article.article associated with this entity do not exist';
      expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: [], message, name: 'ValidationError' }] } } });
      expect(await app.knex('articles_category_links').count({ n: '*' })).to.deep.equal(before);
    });

    it('refuses a role without the update permission on the inverse type', async () => {
      const roles = (await app.get('/admin/roles', bearer(root))).body.data as Array<{ id: number; code: string }>;
      const editorRole = roles.find((r) => r.code === 'strapi-editor');
      const permissions = (await app.get(`/admin/roles/${editorRole?.id}/permissions`, bearer(root))).body.data as Array<{ action: string; subject: string | null }>;
      const withoutUpdate = permissions.filter((p) => !(p.subject === 'api::category.category' && p.action === 'plugin::content-manager.explorer.update'));
      expect((await app.put(`/admin/roles/${editorRole?.id}/permissions`, { permissions: withoutUpdate }, bearer(root))).status).to.equal(200);
      try {
        const before = await app.knex('articles_category_links').select('article_id', 'category_id').orderBy('id');
        const category = (await app.get(`${CATEGORIES}?sort=id:asc`, bearer(editor.token))).body.results[0];
        const res = await app.put(`${CATEGORIES}/${category.id}`, { articles: { connect: [articles[0]] } }, bearer(editor.token));
        expect(res.body).to.deep.equal({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
        expect(await app.knex('articles_category_links').select('article_id', 'category_id').orderBy('id')).to.deep.equal(before);
      } finally {
        await app.put(`/admin/roles/${editorRole?.id}/permissions`, { permissions }, bearer(root));
      }
    });
  });
}
