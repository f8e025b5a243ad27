/**
 * Every operator of every per-scalar filter input, through relations and components, with
 * and/or/not, sort and pagination of the list query, the caps (amountLimit) and the defaults.
 */
import { assert, expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { articleRow, stamps, T1 } from '../rest/populate-seed';
import { gql, gqlData, ids } from './helpers';

const ARTICLES = 30;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * Articles 1..5 have distinct values in every scalar attribute (title Alpha..Echo, views 10..50,
 * rating 1.5..5.5, featured on odd ids, status draft/review/done, publishedOn 2024-01-01..05,
 * meta JSON); 6..30 are filler ("Filler n", views null). Articles 1-3 are in category News.
 */
async function seed(app: TestApp): Promise<void> {
  const titles = ['Alpha', 'Bravo', 'charlie', 'Delta 50%', 'Echo_x'] as const;
  const statuses = ['draft', 'review', 'done', 'draft', null];
  const sqlite = app.platform.db.client === 'sqlite';
  await app.knex('categories').insert([{ id: 1, name: 'News', ...stamps(T1) }]);
  await app.knex('articles').insert(
    range(ARTICLES).map((id) => {
      const row = articleRow(app, { id, title: titles[id - 1] ?? `Filler ${id}`, views: id <= 5 ? id * 10 : null });
      if (id > 5) return row;
      return {
        ...row,
        rating: id + 0.5,
        price: id * 100,
        featured: sqlite ? id % 2 : id % 2 === 1,
        status: statuses[id - 1],
        published_on: `2024-01-0${id}`,
        meta: JSON.stringify({ n: id }),
        created_at: new Date(`2024-02-0${id}T10:00:00.000Z`),
      };
    }),
  );
  await app.knex('articles_category_links').insert(range(3).map((id) => ({ id, article_id: id, category_id: 1, article_order: id })));
  await app.knex('components_shared_seos').insert([{ id: 1, meta_title: 'seo-one' }]);
  await app.knex('articles_components').insert([{ id: 1, entity_id: 2, component_id: 1, component_type: 'shared.seo', field: 'seo', order: 1 }]);
}

describeEachDatabase('GraphQL filters, sort and pagination', (ctx) => {
  before(async () => {
    await seed(ctx.app);
  });

  const find = async (filters: string): Promise<number[]> => ids((await gqlData(ctx.app, `{ articles(filters: ${filters}, pagination: { limit: 100 }) { data { id } } }`)).articles);

  const cases: Array<[string, string, number[]]> = [
    ['ID eq', '{ id: { eq: 2 } }', [2]],
    ['ID in', '{ id: { in: [1, 3] } }', [1, 3]],
    ['ID notIn', '{ id: { notIn: [1, 3] }, views: { notNull: true } }', [2, 4, 5]],
    ['ID between', '{ id: { between: [2, 4] } }', [2, 3, 4]],
    ['String eq', '{ title: { eq: "Alpha" } }', [1]],
    ['String eqi', '{ title: { eqi: "CHARLIE" } }', [3]],
    ['String ne', '{ title: { ne: "Alpha" }, views: { notNull: true } }', [2, 3, 4, 5]],
    ['String nei', '{ title: { nei: "alpha" }, views: { notNull: true } }', [2, 3, 4, 5]],
    ['String startsWith', '{ title: { startsWith: "Br" } }', [2]],
    ['String startsWithi', '{ title: { startsWithi: "ch" } }', [3]],
    ['String endsWith', '{ title: { endsWith: "ta 50%" } }', [4]],
    ['String endsWithi', '{ title: { endsWithi: "ECHO_X" } }', [5]],
    ['String contains (a % is literal)', '{ title: { contains: "50%" } }', [4]],
    ['String contains (a _ is literal)', '{ title: { contains: "o_x" } }', [5]],
    ['String notContains', '{ title: { notContains: "a" }, views: { notNull: true } }', [5]],
    ['String containsi', '{ title: { containsi: "ALP" } }', [1]],
    ['String notContainsi', '{ title: { notContainsi: "A" }, views: { notNull: true } }', [5]],
    ['String in', '{ title: { in: ["Alpha", "Bravo"] } }', [1, 2]],
    ['String notIn', '{ title: { notIn: ["Alpha"] }, views: { notNull: true } }', [2, 3, 4, 5]],
    ['String lt', '{ title: { lt: "B" } }', [1]],
    ['String or list', '{ title: { or: ["Alpha", "Echo_x"] } }', [1, 5]],
    ['String not', '{ title: { not: { startsWith: "F" } } }', [1, 2, 3, 4, 5]],
    ['Int gt', '{ views: { gt: 30 } }', [4, 5]],
    ['Int gte', '{ views: { gte: 30 } }', [3, 4, 5]],
    ['Int lt', '{ views: { lt: 20 } }', [1]],
    ['Int lte', '{ views: { lte: 20 } }', [1, 2]],
    ['Int null', '{ views: { null: true }, id: { lte: 7 } }', [6, 7]],
    ['Int notNull', '{ views: { notNull: true } }', [1, 2, 3, 4, 5]],
    ['Int between', '{ views: { between: [20, 40] } }', [2, 3, 4]],
    ['Float gt', '{ rating: { gt: 4 } }', [4, 5]],
    ['Float (decimal) eq', '{ price: { eq: 300 } }', [3]],
    ['Boolean eq', '{ featured: { eq: true } }', [1, 3, 5]],
    ['Boolean ne', '{ featured: { ne: true }, views: { notNull: true } }', [2, 4]],
    ['Date gte', '{ publishedOn: { gte: "2024-01-04" } }', [4, 5]],
    ['Date in', '{ publishedOn: { in: ["2024-01-01", "2024-01-03"] } }', [1, 3]],
    ['DateTime lt', '{ createdAt: { lt: "2024-02-02T12:00:00.000Z" } }', [1, 2, ...range(25).map((n) => n + 5)]],
    ['DateTime between', '{ createdAt: { between: ["2024-02-02T00:00:00.000Z", "2024-02-03T23:00:00.000Z"] } }', [2, 3]],
    ['enumeration eq', '{ status: { eq: "draft" } }', [1, 4]],
    ['enumeration in', '{ status: { in: ["review", "done"] } }', [2, 3]],
    ['and', '{ and: [{ views: { gte: 20 } }, { views: { lte: 30 } }] }', [2, 3]],
    ['or', '{ or: [{ title: { eq: "Alpha" } }, { views: { eq: 50 } }] }', [1, 5]],
    ['not', '{ not: { views: { lte: 30 } }, views: { notNull: true } }', [4, 5]],
    ['through a relation', '{ category: { name: { eq: "News" } } }', [1, 2, 3]],
    ['through a relation, negated', '{ not: { category: { name: { eq: "News" } } }, views: { notNull: true } }', [4, 5]],
    ['through a component', '{ seo: { metaTitle: { eq: "seo-one" } } }', [2]],
    ['empty operator objects mean no condition (Apollo drops undefined variables)', '{ title: {}, views: { gte: 40 } }', [4, 5]],
  ];
  for (const [name, filters, expected] of cases) {
    it(`${name}: ${filters}`, async () => {
      expect(await find(filters)).to.deep.equal(expected);
    });
  }

  it('JSON filters: notNull / null', async () => {
    expect(await find('{ meta: { notNull: true } }')).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('filters given as variables, the way clients send them', async () => {
    const data = await gqlData(ctx.app, 'query F($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }', { f: { views: { in: [10, 50] } } });
    expect(ids(data.articles)).to.deep.equal([1, 5]);
  });

  it('sort: one or several attributes, asc/desc, through a relation', async () => {
    const sorted = async (sort: string) => ids((await gqlData(ctx.app, `{ articles(sort: ${sort}, filters: { views: { notNull: true } }) { data { id } } }`)).articles);
    expect(await sorted('["views:desc"]')).to.deep.equal([5, 4, 3, 2, 1]);
    expect(await sorted('["featured:desc", "views:asc"]')).to.deep.equal([1, 3, 5, 2, 4]);
    // a single string is a list of one, as GraphQL coerces it
    expect(await sorted('"views:desc"')).to.deep.equal([5, 4, 3, 2, 1]);
    const byCategory = ids((await gqlData(ctx.app, '{ articles(sort: ["category.name:asc", "id:desc"], filters: { id: { lte: 4 } }) { data { id } } }')).articles);
    expect(byCategory).to.have.members([1, 2, 3, 4]);
  });

  it("a bad sort or filter value is a 200 with a BAD_USER_INPUT error in Strapi's shape", async () => {
    const res = await gql(ctx.app, '{ articles(sort: ["nope:desc"]) { data { id } } }');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ articles: null });
    const [error] = res.body.errors ?? [];
    assert.exists(error);
    expect(error.path).to.deep.equal(['articles']);
    expect(error.extensions?.code).to.equal('BAD_USER_INPUT');
    expect(error.extensions?.error.name).to.equal('ValidationError');
    expect(error.extensions?.error.message).to.equal(error.message);
  });

  it('pagination: default page size 10, page/pageSize, start/limit, meta in both modes', async () => {
    const list = async (args: string) => (await gqlData(ctx.app, `{ articles${args} { data { id } meta { pagination { total page pageSize pageCount } } } }`)).articles;
    const first = await list('');
    expect(ids(first)).to.deep.equal(range(10));
    expect(first.meta.pagination).to.deep.equal({ total: ARTICLES, page: 1, pageSize: 10, pageCount: 3 });
    const page3 = await list('(pagination: { page: 3, pageSize: 7 })');
    expect(ids(page3)).to.deep.equal([15, 16, 17, 18, 19, 20, 21]);
    expect(page3.meta.pagination).to.deep.equal({ total: ARTICLES, page: 3, pageSize: 7, pageCount: 5 });
    const offset = await list('(pagination: { start: 20, limit: 5 })');
    expect(ids(offset)).to.deep.equal([21, 22, 23, 24, 25]);
    expect(offset.meta.pagination).to.deep.equal({ total: ARTICLES, page: 5, pageSize: 5, pageCount: 6 });
    const zero = await list('(pagination: { pageSize: 0 })');
    expect(zero.meta.pagination.pageSize).to.equal(1);
  });

  it('page mode and offset mode together is a BAD_USER_INPUT error', async () => {
    const res = await gql(ctx.app, '{ articles(pagination: { page: 1, limit: 2 }) { data { id } } }');
    expect(res.body.errors?.[0].extensions?.code).to.equal('BAD_USER_INPUT');
  });

  it('meta is only counted when selected: one statement less', async () => {
    const without = await ctx.app.countQueries(() => gql(ctx.app, '{ articles { data { id } } }'));
    const withMeta = await ctx.app.countQueries(() => gql(ctx.app, '{ articles { data { id } meta { pagination { total } } } }'));
    expect(withMeta.count).to.equal(without.count + 1);
  });
});

describeEachDatabase('GraphQL amountLimit', (ctx) => {
  before(async () => {
    await ctx.app.knex('articles').insert(range(120).map((id) => articleRow(ctx.app, { id, title: `a${id}` })));
    await ctx.app.knex('tags').insert(range(120).map((id) => ({ id, name: `t${id}`, ...stamps(T1) })));
    await ctx.app.knex('articles_tags_links').insert(range(120).map((id) => ({ id, article_id: 1, tag_id: id, tag_order: id, article_order: 1 })));
  });

  it('a pageSize, a limit or -1 above amountLimit (100) is capped; a relation list too', async () => {
    for (const args of ['{ pageSize: 1000000000 }', '{ limit: 500 }', '{ limit: -1 }']) {
      const data = await gqlData(ctx.app, `{ articles(pagination: ${args}) { data { id } meta { pagination { pageSize } } } }`);
      expect(data.articles.data).to.have.length(100);
      expect(data.articles.meta.pagination.pageSize).to.equal(100);
    }
    const relation = await gqlData(
      ctx.app,
      '{ article(id: 1) { data { attributes { all: tags(pagination: { limit: -1 }) { data { id } } big: tags(pagination: { pageSize: 5000 }) { data { id } } default: tags { data { id } } } } } }',
    );
    expect(relation.article.data.attributes.all.data).to.have.length(100);
    expect(relation.article.data.attributes.big.data).to.have.length(100);
    expect(relation.article.data.attributes.default.data).to.have.length(10);
  });
});

describeEachDatabase(
  'GraphQL amountLimit and defaultLimit configured',
  (ctx) => {
    before(async () => {
      await ctx.app.knex('articles').insert(range(30).map((id) => articleRow(ctx.app, { id, title: `a${id}` })));
    });

    it('defaultLimit is the page size when none is given; amountLimit caps every list', async () => {
      const data = await gqlData(ctx.app, '{ articles { data { id } } big: articles(pagination: { pageSize: 100 }) { data { id } } }');
      expect(data.articles.data).to.have.length(4);
      expect(data.big.data).to.have.length(12);
    });
  },
  { config: { plugins: { graphql: { config: { amountLimit: 12, defaultLimit: 4 } } } } },
);
