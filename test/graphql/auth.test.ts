/**
 * Permissions over GraphQL, through the content-API contract every transport calls (here with
 * the role-guard stand-in's taps): `find` for the list query, `findOne` for the single one,
 * create/update/delete for mutations, a relation whose target the role cannot `find` resolves
 * to nothing, attributes a role may not read or write are left out, errors in Strapi's shape.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createRoleGuardStandIn, ROLE_HEADER } from '../helpers/role-guard-stand-in';
import { seedPopulateFixture } from '../rest/populate-seed';
import { gql, moveSequencesPastSeed } from './helpers';

const A = 'api::article.article';
const ROLES = {
  lister: { permissions: [`${A}.find`] },
  reader: { permissions: [`${A}.find`, `${A}.findOne`, 'api::category.category.find'], unreadable: { [A]: ['views'] } },
  writer: { permissions: [`${A}.create`, `${A}.update`, `${A}.delete`, 'api::tag.tag.find'], unwritable: { [A]: ['views'] } },
};

const FORBIDDEN = { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' };

describeEachDatabase(
  'GraphQL permissions',
  (ctx) => {
    before(async () => {
      await seedPopulateFixture(ctx.app);
      await moveSequencesPastSeed(ctx.app, ['articles', 'articles_tags_links']);
    });

    const as = (role: string, query: string) => gql(ctx.app, query, undefined, { [ROLE_HEADER]: role });

    it('the list query needs find, the single query findOne: a denial is Forbidden access with data null', async () => {
      expect((await as('lister', '{ articles { data { id } } }')).body).to.deep.equal({ data: { articles: { data: [{ id: '1' }, { id: '2' }] } } });
      const res = await as('lister', '{ article(id: 1) { data { id } } }');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ errors: [{ message: 'Forbidden access', locations: [{ line: 1, column: 3 }], path: ['article'], extensions: FORBIDDEN }], data: { article: null } });
    });

    it('a relation whose target the role may not find resolves to nothing, and costs no query', async () => {
      const query = '{ articles { data { id attributes { category { data { id } } tags { data { id } } author { data { id } } } } } }';
      const res = await as('reader', query);
      expect(res.body.errors).to.equal(undefined);
      expect(res.body.data.articles.data[0]).to.deep.equal({ id: '1', attributes: { category: { data: { id: '1' } }, tags: { data: [] }, author: { data: null } } });
      const reader = await ctx.app.countQueries(() => as('reader', query));
      const everything = await ctx.app.countQueries(() => gql(ctx.app, query));
      expect(reader.count).to.equal(everything.count - 2);
    });

    it('an attribute the role may not read is null in the answer and refused in filters', async () => {
      const res = await as('reader', '{ article(id: 1) { data { attributes { title views } } } }');
      expect(res.body.data).to.deep.equal({ article: { data: { attributes: { title: 'First', views: null } } } });
      const filtered = await as('reader', '{ articles(filters: { views: { gt: 1 } }) { data { id } } }');
      expect(filtered.body.errors?.[0].extensions?.code).to.equal('BAD_USER_INPUT');
    });

    it('mutations need create, update, delete; an attribute the role may not write is dropped', async () => {
      expect((await as('reader', 'mutation { createArticle(data: { title: "no" }) { data { id } } }')).body.errors?.[0].extensions).to.deep.equal(FORBIDDEN);
      const created = await as('writer', 'mutation { createArticle(data: { title: "yes", views: 7, tags: ["1"] }) { data { id attributes { title views tags { data { id } } } } } }');
      expect(created.body.errors).to.equal(undefined);
      const id = Number(created.body.data.createArticle.data.id);
      expect(created.body.data.createArticle.data.attributes).to.deep.equal({ title: 'yes', views: null, tags: { data: [{ id: '1' }] } });
      expect((await ctx.app.knex('articles').where('id', id).first()).views).to.equal(null);
      expect((await as('writer', `mutation { updateArticle(id: ${id}, data: { title: "changed" }) { data { attributes { title } } } }`)).body.data).to.deep.equal({
        updateArticle: { data: { attributes: { title: 'changed' } } },
      });
      expect((await as('lister', `mutation { deleteArticle(id: ${id}) { data { id } } }`)).body.errors?.[0].extensions).to.deep.equal(FORBIDDEN);
      expect((await as('writer', `mutation { deleteArticle(id: ${id}) { data { id } } }`)).body.data).to.deep.equal({ deleteArticle: { data: { id: String(id) } } });
    });
  },
  { plugins: [createRoleGuardStandIn(ROLES)] },
);
