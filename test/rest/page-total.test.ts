/**
 * A page's total: the count statement's, except on SQLite when the page came back short of its
 * limit, which already tells the total (its offset plus its rows) and skips the count. The
 * answer is the same on every database; only the statements differ.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('a page and its total', (ctx) => {
  before(async () => {
    for (let i = 1; i <= 7; i++) expect((await ctx.app.post('/api/tags', { data: { name: `pt-${i}` } })).status).to.equal(200);
  });

  /** The answer's names and meta, and whether a count statement ran. */
  async function page(query: string): Promise<{ names: string[]; meta: unknown; counted: boolean }> {
    const { result, queries } = await ctx.app.countQueries(() => ctx.app.get(`/api/tags?filters[name][$startsWith]=pt-&sort=name&fields[0]=name&${query}`));
    expect(result.status).to.equal(200);
    return {
      names: result.body.data.map((tag: { attributes: { name: string } }) => tag.attributes.name),
      meta: result.body.meta,
      counted: queries.some((q) => /count\(\*\)/i.test(q.sql)),
    };
  }

  const shortPageCounts = () => ctx.client !== 'sqlite';

  it('a full page is counted on every database', async () => {
    expect(await page('pagination[pageSize]=5')).to.deep.equal({
      names: ['pt-1', 'pt-2', 'pt-3', 'pt-4', 'pt-5'],
      meta: { pagination: { page: 1, pageSize: 5, pageCount: 2, total: 7 } },
      counted: true,
    });
  });

  it('a short page has the same total, without a count on SQLite', async () => {
    expect(await page('pagination[pageSize]=5&pagination[page]=2')).to.deep.equal({
      names: ['pt-6', 'pt-7'],
      meta: { pagination: { page: 2, pageSize: 5, pageCount: 2, total: 7 } },
      counted: shortPageCounts(),
    });
    expect(await page('pagination[start]=4&pagination[limit]=10')).to.deep.equal({
      names: ['pt-5', 'pt-6', 'pt-7'],
      meta: { pagination: { start: 4, limit: 10, total: 7 } },
      counted: shortPageCounts(),
    });
    expect(await page('filters[name][$eq]=none')).to.deep.equal({
      names: [],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } },
      counted: shortPageCounts(),
    });
  });

  it('an empty page past the last entry is counted: it cannot tell where the entries end', async () => {
    expect(await page('pagination[pageSize]=5&pagination[page]=3')).to.deep.equal({
      names: [],
      meta: { pagination: { page: 3, pageSize: 5, pageCount: 2, total: 7 } },
      counted: true,
    });
    expect(await page('pagination[start]=20&pagination[limit]=5')).to.deep.equal({
      names: [],
      meta: { pagination: { start: 20, limit: 5, total: 7 } },
      counted: true,
    });
  });

  it('withCount=false runs no count and shows no total', async () => {
    expect(await page('pagination[pageSize]=5&pagination[withCount]=false')).to.deep.equal({
      names: ['pt-1', 'pt-2', 'pt-3', 'pt-4', 'pt-5'],
      meta: { pagination: { page: 1, pageSize: 5 } },
      counted: false,
    });
  });
});
