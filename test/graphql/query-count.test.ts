/**
 * No N+1 over GraphQL: a root field's whole selection is one query-engine read, so a list of
 * entries with relations costs a fixed number of SQL statements whatever the page size. Strapi
 * v4 runs 153 statements for 25 articles with 3 relations; this runs a handful.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { seedQueryCountFixture } from '../rest/populate-seed';
import { gql } from './helpers';
import type { Json } from '../helpers/json';

const ENTRIES = 60;
/** The bench's GraphQL workload: a page of articles with 3 relations. */
export const LIST_WITH_RELATIONS = `query List($size: Int) {
  articles(pagination: { pageSize: $size }) {
    data { id attributes { title category { data { id attributes { name } } } author { data { id attributes { name } } } tags { data { id attributes { name } } } } }
    meta { pagination { total } }
  }
}`;

describeEachDatabase('GraphQL query count', (ctx) => {
  before(async () => {
    await seedQueryCountFixture(ctx.app, ENTRIES);
  });

  async function cost(query: string, variables: Record<string, unknown>): Promise<{ count: number; body: Json }> {
    const { result, count } = await ctx.app.countQueries(() => gql(ctx.app, query, variables));
    expect(result.status).to.equal(200);
    expect(result.body.errors).to.equal(undefined);
    return { count, body: result.body };
  }

  it('25 articles with 3 relations and the total: at most 6 statements, the same for 5 and 60 entries', async () => {
    const page = await cost(LIST_WITH_RELATIONS, { size: 25 });
    expect(page.body.data.articles.data).to.have.length(25);
    for (const entry of page.body.data.articles.data) {
      expect(entry.attributes.tags.data).to.have.length(3);
      expect(entry.attributes.category.data).to.not.equal(null);
      expect(entry.attributes.author.data).to.not.equal(null);
    }
    expect(page.count).to.be.at.most(6);
    expect((await cost(LIST_WITH_RELATIONS, { size: 5 })).count).to.equal(page.count);
    expect((await cost(LIST_WITH_RELATIONS, { size: 60 })).count).to.equal(page.count);
  });

  it('two levels deep (the most depthLimit 10 allows), with a component and a dynamic zone: fixed, whatever the page size', async () => {
    const query = `query Deep($size: Int) { articles(pagination: { pageSize: $size }) { data { attributes {
      seo { metaTitle } blocks { ... on ComponentSharedQuote { title } }
      category { data { attributes { articles { data { attributes { title } } } } } }
    } } } }`;
    const small = await cost(query, { size: 3 });
    const large = await cost(query, { size: 60 });
    expect(large.count).to.equal(small.count);
    expect(large.body.data.articles.data).to.have.length(60);
  });

  it('fragments and aliases of the same relations add no statement', async () => {
    const plain = await cost('{ articles { data { attributes { tags { data { id } } } } } }', {});
    const fancy = await cost(
      `{ articles { data { ...E attributes { t: tags { data { id } } ... on Article { tags { data { attributes { name } } } } } } } }
      fragment E on ArticleEntity { id attributes { tags { data { id } } } }`,
      {},
    );
    expect(fancy.count).to.equal(plain.count);
  });
});
