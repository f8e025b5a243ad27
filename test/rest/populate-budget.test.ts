/**
 * Populate fan-out (issue 10 item 1): an entry linked under many parents appears once per
 * parent, so `tags.articles.tags.articles` on 5 articles would be two million entries. The
 * answer is refused with a 400 naming the budget once the entries counted while loading pass
 * `api.rest.maxPopulatedEntries`, before the next level is queried; memory stays bounded and
 * the server keeps answering.
 */
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { articleRow, stamps, T1 } from './populate-seed';

const ARTICLES = 400;
const TAGS = 40;
const TAGS_PER_ARTICLE = 8;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const TOO_LARGE = {
  data: null,
  error: {
    status: 400,
    name: 'ValidationError',
    message: 'Invalid parameter populate: the response would hold more than 20000 entries (api.rest.maxPopulatedEntries)',
    details: { limit: 20000, key: 'api.rest.maxPopulatedEntries' },
  },
};

/** 400 articles, 40 tags; article i links 8 tags, so every tag links 80 articles. */
async function seed(app: TestApp): Promise<void> {
  const knex = app.knex;
  await knex('tags').insert(range(TAGS).map((id) => ({ id, name: `tag${id}`, ...stamps(T1) })));
  await knex.batchInsert(
    'articles',
    range(ARTICLES).map((id) => articleRow(app, { id, title: `article${id}`, published: id % 2 === 0 })),
    100,
  );
  const links = range(ARTICLES).flatMap((id) =>
    range(TAGS_PER_ARTICLE).map((k) => ({
      article_id: id,
      tag_id: ((id + k * 5) % TAGS) + 1,
      tag_order: k,
      article_order: id,
    })),
  );
  await knex.batchInsert('articles_tags_links', links, 200);
}

describeEachDatabase('populate fan-out budget', (ctx) => {
  before(async () => {
    await seed(ctx.app);
  });

  async function refused(path: string): Promise<number> {
    const { result, count } = await ctx.app.countQueries(() => ctx.app.get(path));
    expect(result.status, path).to.equal(400);
    expect(result.body, path).to.deep.equal(TOO_LARGE);
    return count;
  }

  async function answersAPlainGet(): Promise<void> {
    const res = await ctx.app.get('/api/tags/1?fields[0]=name');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ id: 1, attributes: { name: 'tag1' } });
  }

  /**
   * The statements of a refused populate: the page's, its count's, then `levels` populated levels.
   * SQLite runs the count after the page and its populate, so a refused populate never reaches it;
   * MariaDB and PostgreSQL run it beside the page.
   */
  const statements = (levels: number) => (ctx.client === 'sqlite' ? 1 : 2) + levels;

  it('refuses tags.articles.tags.articles.tags on 5 articles before its last level is queried', async () => {
    // one query per level: tags (40 in the answer), their published articles
    // (1600), tags (12800), articles: 512000, refused before a fifth level would be loaded
    const count = await refused('/api/articles?populate=tags.articles.tags.articles.tags&pagination[pageSize]=5');
    expect(count).to.equal(statements(4));
    await answersAPlainGet();
  });

  it('refuses the default page size and the preview of 100 entries with the same 400', async () => {
    // 25 entries: 200 tags, 8000 articles, 64000 tags: the last level is never queried
    const pageCount = await refused('/api/articles?populate=tags.articles.tags.articles');
    expect(pageCount).to.equal(statements(3));
    // 100 entries with 8 tags of 80 articles each: 64000 at the second level, its tags never queried
    const previewCount = await refused('/api/articles?populate=tags.articles.tags.articles&publicationState=preview&pagination[pageSize]=100');
    expect(previewCount).to.equal(statements(2));
    await answersAPlainGet();
  });

  it('answers a populate under the budget, each occurrence of a shared entry filled in', async () => {
    // 5 articles -> 40 tags -> 40 x 40 published articles (every other article is a draft)
    const { result, count } = await ctx.app.countQueries(() =>
      ctx.app.get('/api/articles?fields[0]=title&populate[tags][fields][0]=name&populate[tags][populate][articles][fields][0]=title&pagination[pageSize]=5&sort=id'),
    );
    expect(result.status).to.equal(200);
    expect(count).to.equal(4);
    const data = result.body.data as Array<{ id: number; attributes: { tags: { data: Array<{ id: number; attributes: { articles: { data: unknown[] } } }> } } }>;
    expect(data.map((a) => a.id)).to.deep.equal([2, 4, 6, 8, 10]);
    for (const article of data) {
      expect(article.attributes.tags.data).to.have.length(TAGS_PER_ARTICLE);
      for (const tag of article.attributes.tags.data) expect(tag.attributes.articles.data).to.have.length(40);
    }
  });

  it('keeps memory bounded while 10 refused fan-outs run side by side, and answers right after', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const results = await Promise.all(range(10).map(() => ctx.app.get('/api/articles?populate=tags.articles.tags.articles&publicationState=preview&pagination[pageSize]=100')));
      for (const res of results) expect(res.body).to.deep.equal(TOO_LARGE);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - before, 'RSS growth in bytes').to.be.below(200 * 1024 * 1024);
    await answersAPlainGet();
  });

  it('refuses populated entries whose JSON would pass api.rest.maxResponseBytes, before building it', async () => {
    // 25 000-character bodies: 1600 populated articles would be 40 MB of JSON, in 1645 entries
    await ctx.app.knex('articles').update({ body: 'b'.repeat(25000) });
    const { result, count } = await ctx.app.countQueries(() => ctx.app.get('/api/articles?populate[tags][populate][articles]=true&pagination[pageSize]=5'));
    expect(result.status).to.equal(400);
    expect(result.body).to.deep.equal({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'The response would be larger than 33554432 bytes (api.rest.maxResponseBytes)',
        details: { limit: 33554432, key: 'api.rest.maxResponseBytes' },
      },
    });
    // tags, articles: refused once the articles are loaded, before any JSON is made
    expect(count).to.equal(statements(2));
    // the same populate on one article (8 tags, 320 articles: 8 MB) is answered
    const one = await ctx.app.get('/api/articles/2?populate[tags][populate][articles][fields][0]=body');
    expect(one.status).to.equal(200);
    expect(one.body.data.attributes.tags.data).to.have.length(TAGS_PER_ARTICLE);
    await answersAPlainGet();
  });
});
