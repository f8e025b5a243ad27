/**
 * The content-API rules of users-permissions through REST (GraphQL calls the same contract):
 * a relation whose target the role may not `find` is left out of populate (spec 4.2.2), refused
 * in filters and sorts (400) at any depth, and dropped from written data; private attributes
 * are never readable, filterable or sortable, at any depth.
 */
import { expect } from 'chai';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

function invalid(name: string) {
  return { data: null, error: { status: 400, name: 'ValidationError', message: `Invalid parameter ${name}`, details: {} } };
}

for (const client of testClients()) {
  describe(`users-permissions and the content API [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let reader: string;
    before(async () => {
      app = await startAuthApp(client, {
        permissions: {
          // the public role reads articles and writers, not categories
          public: ['api::article.article.find', 'api::article.article.findOne', 'api::writer.writer.find', 'api::writer.writer.findOne'],
          authenticated: ['api::article.article.*', 'api::writer.writer.find', 'api::category.category.find', 'api::tag.tag.find'],
        },
      });
      const [category] = await app.knex('categories').insert({ name: 'News', slug: 'news' }, ['id']);
      const [writer] = await app.knex('writers').insert({ name: 'Ada', email: 'ada@example.com', secret: 'hidden' }, ['id']);
      const [article] = await app.knex('articles').insert({ title: 'Hello', published_at: new Date(), locale: 'en' }, ['id']);
      const id = (row: unknown) => (typeof row === 'object' && row !== null ? (row as { id: number }).id : (row as number));
      await app.knex('articles_category_links').insert({ article_id: id(article), category_id: id(category), article_order: 1 });
      await app.knex('articles_author_links').insert({ article_id: id(article), writer_id: id(writer), article_order: 1 });
      reader = (await register(app)).jwt;
    });
    after(async () => app?.close());

    it('leaves a relation the role may not find out of populate, at the root and deeper', async () => {
      const res = await app.get('/api/articles?populate=*');
      expect(res.status).to.equal(200);
      const attributes = res.body.data[0].attributes;
      expect(attributes).to.not.have.property('category');
      expect(attributes.author.data.attributes.name).to.equal('Ada');
      const deep = await app.get('/api/writers?populate[articles][populate][category]=true');
      expect(deep.status).to.equal(200);
      expect(deep.body.data[0].attributes.articles.data[0].attributes).to.not.have.property('category');
      const user = await app.get('/api/articles?populate=*', bearer(reader));
      expect(user.body.data[0].attributes.category.data.attributes.name).to.equal('News');
    });

    it('refuses filters and sorts through such a relation (400), at any depth', async () => {
      for (const [path, name] of [
        ['/api/articles?filters[category][name][$eq]=News', 'category'],
        ['/api/articles?filters[$or][0][category][id][$eq]=1', 'category'],
        ['/api/articles?sort=category.name', 'category'],
        ['/api/writers?filters[articles][category][name][$eq]=News', 'category'],
        ['/api/writers?populate[articles][filters][category][name][$eq]=News', 'category'],
      ] satisfies Array<[string, string]>) {
        const res = await app.get(path);
        expect(res.body, path).to.deep.equal(invalid(name));
      }
      expect((await app.get('/api/articles?filters[category][name][$eq]=News', bearer(reader))).body.data).to.have.length(1);
    });

    it('never shows, filters or sorts on a private attribute, at any depth', async () => {
      const list = await app.get('/api/articles?populate[author]=*', bearer(reader));
      expect(list.status).to.equal(200);
      expect(list.body.data[0].attributes.author.data.attributes).to.not.have.property('secret');
      for (const [path, name] of [
        ['/api/writers?filters[secret][$eq]=hidden', 'secret'],
        ['/api/articles?filters[author][secret][$startsWith]=h', 'secret'],
        ['/api/articles?sort=author.secret', 'secret'],
        ['/api/articles?populate[author][fields][0]=secret', 'secret'],
      ] satisfies Array<[string, string]>) {
        const res = await app.get(path, bearer(reader));
        expect(res.body, path).to.deep.equal(invalid(name));
      }
    });

    it("never shows the creator fields, even when the columns are set (Strapi's admin users)", async () => {
      await app.knex('articles').update({ created_by_id: 1, updated_by_id: 1 });
      for (const path of ['/api/articles?populate=*', '/api/articles?populate=createdBy', '/api/articles?populate[updatedBy]=true', '/api/articles/1']) {
        const res = await app.get(path, bearer(reader));
        expect(res.status, path).to.equal(200);
        expect(JSON.stringify(res.body), path).to.not.match(/createdBy|updatedBy|created_by|updated_by/);
      }
      expect((await app.get('/api/articles?filters[createdBy][id][$eq]=1', bearer(reader))).body).to.deep.equal(invalid('createdBy'));
      expect((await app.get('/api/articles?sort=updatedBy', bearer(reader))).body).to.deep.equal(invalid('updatedBy'));
    });

    it('drops a relation the caller may not find from written data', async () => {
      const limited = await startAuthApp(client, { permissions: { authenticated: ['api::article.article.create', 'api::article.article.findOne'] } }, {});
      try {
        const [category] = await limited.knex('categories').insert({ name: 'Hidden', slug: 'hidden' }, ['id']);
        const categoryId = typeof category === 'object' ? (category as { id: number }).id : category;
        const { jwt } = await register(limited);
        const res = await limited.post('/api/articles', { data: { title: 'Linked?', category: categoryId } }, bearer(jwt));
        expect(res.status).to.equal(200);
        expect(await limited.knex('articles_category_links').select()).to.deep.equal([]);
      } finally {
        await limited.close();
      }
    });
  });
}
