/**
 * Query cost of populate (issue 3 item 9): a list issues a fixed number of SQL statements per
 * populated attribute and level, whatever the number of entries. A page of 5 and a page of 50
 * cost the same, with `populate=*` and with a populate three levels deep.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { seedQueryCountFixture } from './populate-seed';
import type { Json } from '../helpers/json';

const ENTRIES = 50;
describeEachDatabase('populate query count', (ctx) => {
  before(async () => {
    await seedQueryCountFixture(ctx.app, ENTRIES);
  });

  async function cost(query: string, pageSize: number): Promise<{ count: number; entries: number; body: Json }> {
    const { result, count } = await ctx.app.countQueries(() => ctx.app.get(`/api/articles?pagination[pageSize]=${pageSize}&${query}`));
    expect(result.status).to.equal(200);
    return { count, entries: result.body.data.length, body: result.body };
  }

  it('populate=*: a page of 5 and a page of 50 issue the same number of statements', async () => {
    const small = await cost('populate=*', 5);
    const large = await cost('populate=*', 50);
    expect(small.entries).to.equal(5);
    expect(large.entries).to.equal(50);
    // every entry really got its populated attributes
    for (const entry of large.body.data) {
      expect(entry.attributes.tags.data).to.have.length(3);
      expect(entry.attributes.blocks).to.have.length(2);
      expect(entry.attributes.category.data).to.not.equal(null);
      expect(entry.attributes.related.data).to.have.length(1);
    }
    expect(large.count).to.equal(small.count);
    // root list + total + category + tags + author + related + cover (the upload plugin's media)
    // + seo + blocks (join + 2 types) + localizations
    expect(small.count).to.equal(12);
  });

  it('a three-level nested populate: the same number of statements for 5 and 50 entries', async () => {
    const query =
      'fields[0]=title' +
      '&populate[category][populate][articles][populate][tags]=true' +
      '&populate[author][populate][articles][populate][seo][populate]=tags' +
      '&populate[seo][populate][tags]=true' +
      '&populate[blocks][populate]=*';
    const small = await cost(query, 5);
    const large = await cost(query, 50);
    expect(small.entries).to.equal(5);
    expect(large.entries).to.equal(50);
    const first = large.body.data[0].attributes;
    expect(first.category.data.attributes.articles.data).to.have.length(ENTRIES / 2);
    expect(first.category.data.attributes.articles.data[0].attributes.tags.data).to.have.length(3);
    expect(first.author.data.attributes.articles.data[0].attributes.seo.tags).to.have.length(2);
    expect(first.seo.tags).to.have.length(2);
    expect(large.count).to.equal(small.count);
    // root + total; category, its articles, their tags; author, its articles, their seo, its tags;
    // seo, its tags; blocks (join + 2 types)
    expect(small.count).to.equal(14);
  });

  it('count populate costs one statement per relation for Json page size', async () => {
    const small = await cost('fields[0]=title&populate[tags][count]=true&populate[related][count]=true', 5);
    const large = await cost('fields[0]=title&populate[tags][count]=true&populate[related][count]=true', 50);
    expect(large.body.data[49].attributes.tags).to.deep.equal({ data: { attributes: { count: 3 } } });
    expect(large.count).to.equal(small.count);
    // root + total + one grouped COUNT per relation
    expect(small.count).to.equal(4);
  });
});
