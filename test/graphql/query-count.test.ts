/**
 * No N+1 over GraphQL: a root field's whole selection is one query-engine read, so a list of
 * entries with relations costs a fixed number of SQL statements whatever the page size. Strapi
 * v4 runs 153 statements for 25 articles with 3 relations; this runs a handful.
 */
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { articleRow, stamps, T1 } from '../rest/populate-seed';
import { gql } from './helpers';

const ENTRIES = 60;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

async function seed(app: TestApp): Promise<void> {
  const knex = app.knex;
  await knex('categories').insert([{ id: 1, name: 'News', ...stamps(T1) }, { id: 2, name: 'Sport', ...stamps(T1) }]);
  await knex('tags').insert(range(3).map((id) => ({ id, name: `tag${id}`, ...stamps(T1) })));
  await knex('writers').insert(range(2).map((id) => ({ id, name: `writer${id}`, ...stamps(T1) })));
  await knex('articles').insert(range(ENTRIES).map((id) => articleRow(app, { id, title: `article${id}` })));
  await knex('articles_category_links').insert(range(ENTRIES).map((id) => ({ id, article_id: id, category_id: (id % 2) + 1, article_order: id })));
  await knex('articles_author_links').insert(range(ENTRIES).map((id) => ({ id, article_id: id, writer_id: (id % 2) + 1, article_order: id })));
  await knex('articles_tags_links').insert(range(ENTRIES).flatMap((id) => range(3).map((tag) => ({ article_id: id, tag_id: tag, tag_order: tag, article_order: id }))));
  await knex('components_shared_seos').insert(range(ENTRIES).map((id) => ({ id, meta_title: `seo${id}` })));
  await knex('components_shared_quotes').insert(range(ENTRIES).map((id) => ({ id, title: `q${id}`, body: 'b' })));
  await knex('articles_components').insert(range(ENTRIES).flatMap((id) => [
    { entity_id: id, component_id: id, component_type: 'shared.seo', field: 'seo', order: 1 },
    { entity_id: id, component_id: id, component_type: 'shared.quote', field: 'blocks', order: 1 },
  ]));
}

/** The bench's GraphQL workload: a page of articles with 3 relations. */
export const LIST_WITH_RELATIONS = `query List($size: Int) {
  articles(pagination: { pageSize: $size }) {
    data { id attributes { title category { data { id attributes { name } } } author { data { id attributes { name } } } tags { data { id attributes { name } } } } }
    meta { pagination { total } }
  }
}`;

describeEachDatabase('GraphQL query count', (ctx) => {
  before(async () => {
    await seed(ctx.app);
  });

  async function cost(query: string, variables: Record<string, unknown>): Promise<{ count: number; body: any }> {
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
    const fancy = await cost(`{ articles { data { ...E attributes { t: tags { data { id } } ... on Article { tags { data { attributes { name } } } } } } } }
      fragment E on ArticleEntity { id attributes { tags { data { id } } } }`, {});
    expect(fancy.count).to.equal(plain.count);
  });
});
