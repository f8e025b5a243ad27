/**
 * GraphQL reads over HTTP against the populate fixture (test/rest/populate-seed.ts): the list
 * and single-entry queries, relations at depth with their own filters and sort, components,
 * dynamic zones, publicationState, fragments, aliases, `__typename`, GET, and single types.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { seedPopulateFixture, T1, T2 } from '../rest/populate-seed';
import { gql, gqlData, gqlGet, ids } from './helpers';
import type { Json } from '../helpers/json';

describeEachDatabase('GraphQL queries', (ctx) => {
  before(async () => {
    await seedPopulateFixture(ctx.app);
  });

  it('lists published entries in id order with their scalar attributes and the pagination meta', async () => {
    const data = await gqlData(
      ctx.app,
      `{
      articles { data { id attributes { title views featured createdAt updatedAt publishedAt locale } } meta { pagination { total page pageSize pageCount } } }
    }`,
    );
    expect(data).to.deep.equal({
      articles: {
        data: [
          { id: '1', attributes: { title: 'First', views: 10, featured: false, createdAt: T1, updatedAt: T1, publishedAt: T2, locale: 'en' } },
          { id: '2', attributes: { title: 'Second', views: 20, featured: false, createdAt: T1, updatedAt: T1, publishedAt: T2, locale: 'en' } },
        ],
        meta: { pagination: { total: 2, page: 1, pageSize: 10, pageCount: 1 } },
      },
    });
  });

  it('publicationState: PREVIEW lists drafts too; LIVE is the default', async () => {
    expect(ids((await gqlData(ctx.app, '{ articles(publicationState: PREVIEW) { data { id } } }')).articles)).to.deep.equal([1, 2, 3]);
    expect(ids((await gqlData(ctx.app, '{ articles(publicationState: LIVE) { data { id } } }')).articles)).to.deep.equal([1, 2]);
  });

  it('a single entry by id; a draft only with PREVIEW; a missing or malformed id is data: null', async () => {
    expect(await gqlData(ctx.app, '{ article(id: 2) { data { id attributes { title } } } }')).to.deep.equal({ article: { data: { id: '2', attributes: { title: 'Second' } } } });
    expect(await gqlData(ctx.app, '{ article(id: 3) { data { id } } }')).to.deep.equal({ article: { data: null } });
    expect(await gqlData(ctx.app, '{ article(id: 3, publicationState: PREVIEW) { data { id } } }')).to.deep.equal({ article: { data: { id: '3' } } });
    expect(await gqlData(ctx.app, '{ article(id: 999) { data { id } } }')).to.deep.equal({ article: { data: null } });
    expect(await gqlData(ctx.app, '{ article(id: "abc") { data { id } } }')).to.deep.equal({ article: { data: null } });
  });

  it('relations at depth: to-one, to-many in stored order, media, drafts hidden in populated lists', async () => {
    const data = await gqlData(
      ctx.app,
      `{
      article(id: 1) { data { id attributes {
        category { data { id attributes { name articles { data { id attributes { title } } } } } }
        tags { data { id attributes { name } } }
        author { data { id attributes { name email profile { data { id attributes { bio } } } } } }
        related { data { id } }
        cover { data { id } }
      } } }
    }`,
    );
    expect(data.article.data.attributes).to.deep.equal({
      category: {
        data: {
          id: '1',
          attributes: {
            name: 'News',
            articles: {
              data: [
                { id: '1', attributes: { title: 'First' } },
                { id: '2', attributes: { title: 'Second' } },
              ],
            },
          },
        },
      },
      tags: {
        data: [
          { id: '3', attributes: { name: 'gamma' } },
          { id: '1', attributes: { name: 'alpha' } },
        ],
      },
      author: { data: { id: '1', attributes: { name: 'Ada', email: 'ada@example.com', profile: { data: { id: '1', attributes: { bio: 'writes things' } } } } } },
      related: { data: [{ id: '2' }] },
      cover: { data: null },
    });
  });

  it('a relation takes its own filters, sort and pagination', async () => {
    const data = await gqlData(
      ctx.app,
      `{
      article(id: 1) { data { attributes {
        sorted: tags(sort: ["name:desc"]) { data { attributes { name } } }
        firstOnly: tags(sort: ["name:desc"], pagination: { pageSize: 1 }) { data { attributes { name } } }
      } } }
      category(id: 1) { data { attributes { articles(filters: { title: { startsWith: "Sec" } }) { data { id } } } } }
    }`,
    );
    expect(data.article.data.attributes.sorted.data.map((t: Json) => t.attributes.name)).to.deep.equal(['gamma', 'alpha']);
    expect(data.article.data.attributes.firstOnly.data.map((t: Json) => t.attributes.name)).to.deep.equal(['gamma']);
    expect(ids(data.category.data.attributes.articles)).to.deep.equal([2]);
  });

  it('the same relation twice with different filters is a 200 error naming the field, not a wrong answer', async () => {
    const res = await gql(ctx.app, '{ article(id: 1) { data { attributes { a: tags(sort: ["name"]) { data { id } } b: tags(sort: ["name:desc"]) { data { id } } } } } }');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ article: null });
    expect(res.body.errors?.[0].extensions).to.deep.include({ code: 'BAD_USER_INPUT' });
    expect(res.body.errors?.[0].message).to.contain('Article.tags');
  });

  it('components and repeatable components, dynamic zones with __typename and fragments per component', async () => {
    const data = await gqlData(
      ctx.app,
      `{
      article(id: 1) { data { attributes {
        seo { id metaTitle metaDescription tags { id name content } }
        blocks { __typename ... on ComponentSharedQuote { id title body } ... on ComponentSharedRichText { id body } }
      } } }
      second: article(id: 2) { data { attributes { blocks { __typename ... on ComponentSharedRichText { body } } } } }
    }`,
    );
    expect(data.article.data.attributes).to.deep.equal({
      seo: {
        id: '1',
        metaTitle: 'mt1',
        metaDescription: null,
        tags: [
          { id: '2', name: 'n2', content: 'c2' },
          { id: '1', name: 'n1', content: 'c1' },
        ],
      },
      blocks: [
        { __typename: 'ComponentSharedRichText', id: '1', body: '**rt**' },
        { __typename: 'ComponentSharedQuote', id: '1', title: 'q1', body: 'b1' },
        { __typename: 'ComponentSharedQuote', id: '2', title: 'q2', body: 'b2' },
      ],
    });
    // an item whose component has no fragment is still there, with only what was asked for
    expect(data.second.data.attributes.blocks).to.deep.equal([{ __typename: 'ComponentSharedQuote' }]);
  });

  it('repeatable components take filters, sort and pagination', async () => {
    const sorted = await gqlData(
      ctx.app,
      `{ article(id: 1) { data { attributes { seo {
      all: tags(sort: ["name"]) { name }
      paged: tags(sort: ["name"], pagination: { start: 1, limit: 1 }) { name }
    } } } } }`,
    );
    expect(sorted.article.data.attributes.seo).to.deep.equal({ all: [{ name: 'n1' }, { name: 'n2' }], paged: [{ name: 'n2' }] });
    const filtered = await gqlData(ctx.app, '{ article(id: 1) { data { attributes { seo { tags(filters: { content: { eq: "c1" } }) { name } } } } } }');
    expect(filtered.article.data.attributes.seo).to.deep.equal({ tags: [{ name: 'n1' }] });
  });

  it('named fragments, inline fragments, aliases, __typename and @skip/@include through every level', async () => {
    const query = `
      query List($withTags: Boolean!) {
        list: articles(sort: ["title:desc"]) { __typename data { ...Entry } }
      }
      fragment Entry on ArticleEntity { __typename id attributes { ...Fields } }
      fragment Fields on Article { heading: title category { data { ... on CategoryEntity { attributes { name } } } } tags @include(if: $withTags) { data { id } } author @skip(if: true) { data { id } } }
    `;
    const data = await gqlData(ctx.app, query, { withTags: true });
    expect(data).to.deep.equal({
      list: {
        __typename: 'ArticleEntityResponseCollection',
        data: [
          { __typename: 'ArticleEntity', id: '2', attributes: { heading: 'Second', category: { data: { attributes: { name: 'News' } } }, tags: { data: [{ id: '2' }] } } },
          { __typename: 'ArticleEntity', id: '1', attributes: { heading: 'First', category: { data: { attributes: { name: 'News' } } }, tags: { data: [{ id: '3' }, { id: '1' }] } } },
        ],
      },
    });
  });

  it('GET runs queries from the query string, with variables', async () => {
    const res = await gqlGet(ctx.app, 'query One($id: ID) { article(id: $id) { data { id } } }', { id: '1' });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: { article: { data: { id: '1' } } } });
  });

  it('private attributes are not in the schema: asking for one is a 400 validation error', async () => {
    const res = await gql(ctx.app, '{ writers { data { attributes { secret } } } }');
    expect(res.status).to.equal(400);
    expect(res.body.errors?.[0].message).to.equal('Cannot query field "secret" on type "Writer".');
    expect(res.body.errors?.[0].extensions).to.deep.equal({ code: 'GRAPHQL_VALIDATION_FAILED' });
  });

  it('the single type: data null before it exists, then its entry', async () => {
    expect(await gqlData(ctx.app, '{ global { data { id } } }')).to.deep.equal({ global: { data: null } });
    await ctx.app.knex('globals').insert({ id: 1, site_name: 'Site', description: 'd', created_at: new Date(T1), updated_at: new Date(T1) });
    expect(await gqlData(ctx.app, '{ global { data { id attributes { siteName description defaultSeo { metaTitle } } } } }')).to.deep.equal({
      global: { data: { id: '1', attributes: { siteName: 'Site', description: 'd', defaultSeo: null } } },
    });
  });
});
