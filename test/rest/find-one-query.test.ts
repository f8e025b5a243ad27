/**
 * The query of a read by id (`GET /api/<plural>/:id`): as in Strapi v4, `filters`, `sort` and
 * `pagination` are validated like on the list (a bad one is the same 400) but not applied, so
 * an entry that does not match the filters is still returned.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { invalid, seedReadData } from './read-fixtures';

const ARTICLE_1 = '{"data":{"id":1,"attributes":{"title":"Hello World"}},"meta":{}}';

const BAD: Array<[string, string]> = [
  ['filters[nope]=1', 'Invalid parameter nope'],
  ['filters[title][$foo]=1', 'Invalid parameter $foo'],
  ['filters[category][nope]=1', 'Invalid parameter nope'],
  ['filters[author][secret]=sa', 'Invalid parameter secret'],
  ['filters=5', 'Invalid parameter filters'],
  ['filters[$or]=x', 'Invalid parameter $or'],
  ['sort=nope', 'Invalid parameter nope'],
  ['sort=category.nope:desc', 'Invalid parameter nope'],
  ['sort=title:up', 'Invalid order. order can only be one of asc|desc|ASC|DESC'],
  ['fields[0]=nope', 'Invalid parameter nope'],
  ['fields=title,views', 'Invalid parameter title,views'],
  ['pagination=5', 'Invalid parameter pagination'],
  ['pagination[page]=abc', "Invalid 'page' parameter. Expected an integer, received: abc"],
  ['pagination[page]=1&pagination[limit]=2', 'Invalid pagination parameters. Expected either start/limit or page/pageSize'],
  ['pagination[withCount]=maybe', 'Invalid withCount parameter. Expected "t","1","true","false","0","f"'],
];

describeEachDatabase('REST read by id: query validation', (ctx) => {
  before(async () => {
    await seedReadData(ctx.app);
  });

  for (const [query, message] of BAD) {
    it(`/api/articles/1?${query} → 400 ${message}`, async () => {
      const counted = await ctx.app.countQueries(() => ctx.app.get(`/api/articles/1?${query}`));
      const res = counted.result;
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(invalid(message));
      // validated before anything runs: no SQL at all
      expect(counted.count).to.equal(0);
    });
  }

  it('validates but does not apply valid filters, sort and pagination', async () => {
    const queries = [
      'filters[title][$eq]=Zebra',
      'filters[id]=2',
      'filters[category][name]=Sport',
      'sort=views:desc',
      'sort=category.name',
      'pagination[page]=5&pagination[pageSize]=1',
      'pagination[start]=3&pagination[limit]=1&pagination[withCount]=false',
      'filters[views][$gt]=100&sort[0]=title&pagination[page]=2',
    ];
    for (const query of queries) {
      const res = await ctx.app.get(`/api/articles/1?fields[0]=title&${query}`);
      expect(res.status, query).to.equal(200);
      expect(res.text, query).to.equal(ARTICLE_1);
    }
  });

  it('runs only the read of the entry, whatever the unused parameters', async () => {
    const plain = await ctx.app.countQueries(() => ctx.app.get('/api/articles/1?fields[0]=title'));
    const loaded = await ctx.app.countQueries(() => ctx.app.get('/api/articles/1?fields[0]=title&filters[category][name]=Sport&sort=tags.name&pagination[page]=2'));
    expect(loaded.result.text).to.equal(ARTICLE_1);
    expect(loaded.count).to.equal(plain.count);
  });

  it('a missing entry with a valid query is still a 404', async () => {
    const res = await ctx.app.get('/api/articles/99?filters[title]=x&sort=title');
    expect(res.status).to.equal(404);
  });
});
