/**
 * `publicationState` on to-many relation fields whose target has drafts, as Strapi v4 has it:
 * `LIVE` by default whatever the root field asked, `PREVIEW` shows the drafts of that relation;
 * it combines with the relation's `filters`, `sort` and `pagination`, applies to its own level,
 * and costs no statement: one per relation per level.
 * Fixture (populate-seed): News links First(1), Draft(3, a draft), Second(2) in that order;
 * First's related are Draft then Second.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { seedPopulateFixture } from '../rest/populate-seed';
import { gql, gqlData, ids } from './helpers';
import type { Json } from '../helpers/json';

type Entry = { id: string; attributes: Record<string, Json> };

describeEachDatabase('GraphQL publicationState of relation fields', (ctx) => {
  before(async () => {
    await seedPopulateFixture(ctx.app);
  });

  const byId = (collection: { data: Entry[] }, field: string) => Object.fromEntries(collection.data.map((entry) => [entry.id, ids(entry.attributes[field])]));

  it('LIVE by default: the drafts of the relation are left out', async () => {
    const data = await gqlData(ctx.app, '{ categories { data { id attributes { articles { data { id } } } } } }');
    expect(byId(data.categories, 'articles')).to.deep.equal({ 1: [1, 2], 2: [] });
  });

  it('PREVIEW: the drafts too, in the stored order', async () => {
    const data = await gqlData(ctx.app, '{ categories { data { id attributes { articles(publicationState: PREVIEW) { data { id } } } } } }');
    expect(byId(data.categories, 'articles')).to.deep.equal({ 1: [1, 3, 2], 2: [] });
  });

  it("with the relation's filters, sort and pagination", async () => {
    const data = await gqlData(
      ctx.app,
      `{ category(id: 1) { data { attributes {
      page: articles(publicationState: PREVIEW, filters: { title: { ne: "Second" } }, sort: ["title:asc"], pagination: { page: 2, pageSize: 1 }) { data { id attributes { title publishedAt } } }
    } } } }`,
    );
    expect(data.category.data.attributes.page.data).to.deep.equal([{ id: '1', attributes: { title: 'First', publishedAt: '2024-01-02T10:00:00.000Z' } }]);
    const first = await gqlData(
      ctx.app,
      `{ category(id: 1) { data { attributes {
      articles(publicationState: PREVIEW, sort: ["title:asc"], pagination: { pageSize: 1 }) { data { id attributes { title publishedAt } } }
    } } } }`,
    );
    expect(first.category.data.attributes.articles.data).to.deep.equal([{ id: '3', attributes: { title: 'Draft', publishedAt: null } }]);
  });

  it('independent of the root: a PREVIEW list keeps a relation LIVE unless the relation asks', async () => {
    const live = await gqlData(ctx.app, '{ articles(publicationState: PREVIEW, sort: ["id"]) { data { id attributes { related { data { id } } } } } }');
    expect(byId(live.articles, 'related')).to.deep.equal({ 1: [2], 2: [], 3: [] });
    const preview = await gqlData(ctx.app, '{ articles(sort: ["id"]) { data { id attributes { related(publicationState: PREVIEW) { data { id } } } } } }');
    expect(byId(preview.articles, 'related')).to.deep.equal({ 1: [3, 2], 2: [] });
  });

  it('each level its own: a LIVE relation below a PREVIEW one', async () => {
    const data = await gqlData(
      ctx.app,
      `{ category(id: 1) { data { attributes { articles(publicationState: PREVIEW) { data { id attributes {
      live: related { data { id } }
    } } } } } } }`,
    );
    const articles = data.category.data.attributes.articles.data as Entry[];
    expect(articles.map((entry) => [entry.id, ids(entry.attributes.live)])).to.deep.equal([
      ['1', [2]],
      ['3', []],
      ['2', []],
    ]);
  });

  it('the same relation twice with different publicationState is an error naming it', async () => {
    const res = await gql(ctx.app, '{ article(id: 1) { data { attributes { a: related { data { id } } b: related(publicationState: PREVIEW) { data { id } } } } } }');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      errors: [
        {
          message: 'Article.related is selected more than once with different filters, sort or publicationState; select it once per entry',
          locations: [{ line: 1, column: 3 }],
          path: ['article'],
          extensions: {
            error: {
              name: 'ValidationError',
              message: 'Article.related is selected more than once with different filters, sort or publicationState; select it once per entry',
              details: { field: 'Article.related' },
            },
            code: 'BAD_USER_INPUT',
          },
        },
      ],
      data: { article: null },
    });
  });

  it('costs no statement: one per relation per level, LIVE or PREVIEW, whatever the page size', async () => {
    const query = (state: string, size: number) => `{ categories { data { attributes {
      articles(publicationState: ${state}, pagination: { pageSize: ${size} }) { data { attributes { title related(publicationState: ${state}) { data { id } } } } }
    } } } }`;
    const counts: number[] = [];
    for (const [state, size] of [
      ['LIVE', 1],
      ['LIVE', 10],
      ['PREVIEW', 1],
      ['PREVIEW', 10],
    ] as const) {
      const { result, count } = await ctx.app.countQueries(() => gql(ctx.app, query(state, size)));
      expect(result.body.errors).to.equal(undefined);
      counts.push(count);
    }
    // categories, their articles, those articles' related
    expect(counts).to.deep.equal([3, 3, 3, 3]);
  });

  it("REST takes no relation's parameters or windows from a client: the populated relation stays LIVE and whole", async () => {
    // the names these had as internal parameters, and the names of the populate options that replaced them
    for (const extra of [
      'populateParams[related][publicationState]=preview',
      'populateWindows[related][0][offset]=1&populateWindows[related][0][limit]=1',
      'populate[related][params][publicationState]=preview',
      'populate[related][windows][0][offset]=1&populate[related][windows][0][limit]=1',
      'populate[related][window][offset]=1&populate[related][window][limit]=1',
    ]) {
      const res = await ctx.app.get(`/api/articles/1?populate[related][fields][0]=title&${extra}`);
      expect([extra, res.status]).to.deep.equal([extra, 200]);
      expect(res.body.data.attributes.related).to.deep.equal({ data: [{ id: 2, attributes: { title: 'Second' } }] });
    }
  });
});
