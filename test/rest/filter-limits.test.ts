/**
 * Wide and deep filters through relations (issue 10 item 2): every filter that fits in a
 * request line runs on all three databases or is refused with a 400 naming the limit passed.
 * Many `$or` branches on one relation path share one chain of subqueries; a long relation
 * chain gets a plan at once on MariaDB too.
 */
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { articleRow, stamps, T1 } from './populate-seed';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * Categories 1-4, articles 1-40 (article i in category i % 4 + 1, tag i % 5 + 1, related to
 * article i % 40 + 1), tags 1-5.
 */
async function seed(app: TestApp): Promise<void> {
  const knex = app.knex;
  await knex('categories').insert(range(4).map((id) => ({ id, name: `cat${id}`, ...stamps(T1) })));
  await knex('tags').insert(range(5).map((id) => ({ id, name: `tag${id}`, ...stamps(T1) })));
  await knex('articles').insert(range(40).map((id) => articleRow(app, { id, title: `title${id}` })));
  await knex('articles_category_links').insert(range(40).map((id) => ({ article_id: id, category_id: (id % 4) + 1, article_order: id })));
  await knex('articles_tags_links').insert(range(40).map((id) => ({ article_id: id, tag_id: (id % 5) + 1, tag_order: 1, article_order: id })));
  await knex('articles_related_links').insert(range(40).map((id) => ({ article_id: id, inv_article_id: (id % 40) + 1, article_order: 1 })));
}

/** `filters[a][b]...[title][$eq]=value` through `hops` relations alternating category/articles. */
function chain(hops: number, value: string): string {
  const keys = range(hops).map((i) => (i % 2 === 1 ? '[category]' : '[articles]'));
  return `filters${keys.join('')}[title][$eq]=${value}`;
}

describeEachDatabase('wide and deep filters through relations', (ctx) => {
  before(async () => {
    await seed(ctx.app);
  });

  async function answersAPlainGet(): Promise<void> {
    const res = await ctx.app.get('/api/tags/1?fields[0]=name');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ id: 1, attributes: { name: 'tag1' } });
  }

  it('runs 200 $or branches through 4 relations as one chain of subqueries', async () => {
    // branch i: articles whose related article has a tag linking an article related to `title<i>`
    const branches = range(200).map((i) => `filters[$or][${i - 1}][related][tags][articles][related][title][$contains]=title${i}`);
    // a page of 20 of the 40, so that the count runs on every database
    const url = `/api/articles?fields[0]=title&sort=id&pagination[pageSize]=20&${branches.join('&')}`;
    const { result, queries } = await ctx.app.countQueries(() => ctx.app.get(url));
    expect(result.status).to.equal(200);
    // every article's related article has a tag, and every tag links some title1..title40
    expect(result.body.data.map((a: { id: number }) => a.id)).to.deep.equal(range(20));
    expect(result.body.meta.pagination.total).to.equal(40);
    // list and count, each reading the 4 link tables of the path once, not once per branch
    expect(queries).to.have.length(2);
    for (const { sql } of queries) {
      expect(sql.match(/articles_tags_links/g)).to.have.length(2);
      expect(sql.match(/articles_related_links/g)).to.have.length(2);
    }
    await answersAPlainGet();
  });

  it('finds exactly the entries a branch matches when branches share a path', async () => {
    // related article 6 has tag 2; tag 2 links articles 1, 6, 11, ...; so only a few articles qualify
    const url = '/api/articles?fields[0]=title&sort=id&filters[$or][0][related][tags][name][$eq]=tag2&filters[$or][1][related][title][$eq]=title20&filters[$or][2][related][tags][name][$eq]=nope';
    const res = await ctx.app.get(url);
    expect(res.status).to.equal(200);
    // related(i) = i % 40 + 1; tag(j) = j % 5 + 1 = 2 for j = 1, 6, 11, ...: i = 5, 10, ..., 40 -> j = 6, 11, ..., 1
    const ids = res.body.data.map((a: { id: number }) => a.id);
    expect(ids).to.deep.equal([5, 10, 15, 19, 20, 25, 30, 35, 40]);
  });

  it('keeps a branch on the related id apart from the branches it shares a relation with', async () => {
    const res = await ctx.app.get('/api/articles?fields[0]=title&sort=id&pagination[pageSize]=100&filters[$or][0][category]=1&filters[$or][1][category][name]=cat2');
    expect(res.status).to.equal(200);
    // category 1: id % 4 = 0; category 2: id % 4 = 1
    expect(res.body.data.map((a: { id: number }) => a.id)).to.deep.equal(range(40).filter((id) => id % 4 <= 1));
  });

  it('answers a filter through a 10-relation chain at once, list and count', async () => {
    // a page of 5 of the 10, so that the count runs on every database
    const { result, queries } = await ctx.app.countQueries(() => ctx.app.get(`/api/articles?fields[0]=title&sort=id&pagination[pageSize]=5&${chain(10, 'title3')}`));
    expect(result.status).to.equal(200);
    // title3 is in category 4; every article of category 4... leads back to every category-4 article
    expect(result.body.data.map((a: { id: number }) => a.id)).to.deep.equal(
      range(40)
        .filter((id) => id % 4 === 3)
        .slice(0, 5),
    );
    expect(result.body.meta.pagination.total).to.equal(10);
    expect(queries).to.have.length(2);
    await answersAPlainGet();
  });

  it('answers the deepest relation chain the query string allows (18 relations)', async () => {
    const res = await ctx.app.get(`/api/articles?fields[0]=title&sort=id&${chain(18, 'title3')}`);
    expect(res.status).to.equal(200);
    expect(res.body.data.map((a: { id: number }) => a.id)).to.deep.equal(range(40).filter((id) => id % 4 === 3));
    await answersAPlainGet();
  });

  it('runs 150 $or branches that share nothing (two relations each, 300 subqueries)', async () => {
    // branch i: tag (i % 5 + 1) and category (i % 4 + 1): article j matches when j ≡ i mod 20
    const branches = range(150).map((i) => `filters[$or][${i}][$and][0][tags][name]=tag${(i % 5) + 1}&filters[$or][${i}][$and][1][category][name]=cat${(i % 4) + 1}`);
    const res = await ctx.app.get(`/api/articles?fields[0]=title&sort=id&pagination[pageSize]=100&${branches.join('&')}`);
    expect(res.status).to.equal(200);
    expect(res.body.data.map((a: { id: number }) => a.id)).to.deep.equal(range(40));
    await answersAPlainGet();
  });
});
