/**
 * `sort`, `fields` and `pagination` on the list and by-id endpoints (spec 4.2, 2.4, facts §4 and
 * §6, the verified section): every accepted form, exact meta, the clamping rules, the order
 * without `sort` (id ascending), sorting through relations without duplicates, and the exact
 * 400 for every bad form.
 */
import { expect } from 'chai';
import { describeEachDatabase, startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { ids, invalid, seedReadData } from './read-fixtures';

const FULL_KEYS = ['title', 'slug', 'body', 'views', 'rating', 'price', 'publishedOn', 'featured', 'meta', 'status', 'contactEmail', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];
const BY_FEATURED_THEN_VIEWS_DESC = [3, 2, 4, 1, 5];

/** [query string after `/api/articles?`, expected ids in order] */
const SORTS: Array<[string, number[]]> = [
  ['', [1, 2, 3, 4, 5]],
  ['sort=views', [3, 5, 4, 1, 2]],
  ['sort=views:asc', [3, 5, 4, 1, 2]],
  ['sort=views:desc', [2, 1, 4, 5, 3]],
  ['sort=views:DESC', [2, 1, 4, 5, 3]],
  ['sort=id:desc', [5, 4, 3, 2, 1]],
  ['sort=createdAt:desc', [5, 4, 3, 2, 1]],
  ['sort=publishedOn:desc', [2, 1, 4, 3, 5]],
  ['sort=featured,views:desc', BY_FEATURED_THEN_VIEWS_DESC],
  ['sort=featured%2Cviews%3Adesc', BY_FEATURED_THEN_VIEWS_DESC],
  ['sort[0]=featured&sort[1]=views:desc', BY_FEATURED_THEN_VIEWS_DESC],
  ['sort[0]=featured:asc&sort[1]=views:desc', BY_FEATURED_THEN_VIEWS_DESC],
  ['sort[featured]=asc&sort[views]=desc', BY_FEATURED_THEN_VIEWS_DESC],
  ['sort[0][featured]=asc&sort[1][views]=desc', BY_FEATURED_THEN_VIEWS_DESC],
  ['sort=category.name', [3, 1, 5, 2, 4]],
  ['sort=category.name:desc', [4, 2, 1, 5, 3]],
  ['sort[category][name]=desc', [4, 2, 1, 5, 3]],
  ['sort[0][category][name]=desc&sort[1]=id:desc', [4, 2, 5, 1, 3]],
  ['sort=tags.name', [3, 5, 1, 2, 4]],
  ['sort=tags.name:desc', [4, 1, 2, 3, 5]],
  ['sort=author.profile.bio:desc', [2, 1, 4, 3, 5]],
  ['sort=seo.metaTitle', [3, 4, 5, 1, 2]],
];

const BAD_SORTS: Array<[string, string]> = [
  ['/api/articles?sort=nope', 'Invalid parameter nope'],
  ['/api/articles?sort=title:up', 'Invalid order. order can only be one of asc|desc|ASC|DESC'],
  ['/api/articles?sort[title]=sideways', 'Invalid order. order can only be one of asc|desc|ASC|DESC'],
  ['/api/articles?sort=category', 'Invalid parameter category'],
  ['/api/articles?sort=blocks', 'Invalid parameter blocks'],
  ['/api/articles?sort=seo', 'Invalid parameter seo'],
  ['/api/articles?sort=category.nope', 'Invalid parameter nope'],
  ['/api/articles?sort=author.secret', 'Invalid parameter secret'],
  ['/api/writers?sort=secret:desc', 'Invalid parameter secret'],
];

const BAD_FIELDS: Array<[string, string]> = [
  ['/api/articles?fields=title,views', 'Invalid parameter title,views'],
  ['/api/articles?fields[0]=nope', 'Invalid parameter nope'],
  ['/api/articles?fields[0]=category', 'Invalid parameter category'],
  ['/api/articles?fields[0]=tags', 'Invalid parameter tags'],
  ['/api/articles?fields[0]=seo', 'Invalid parameter seo'],
  ['/api/articles?fields[0]=blocks', 'Invalid parameter blocks'],
  ['/api/articles?fields[0]=cover', 'Invalid parameter cover'],
  ['/api/articles/1?fields[0]=nope', 'Invalid parameter nope'],
  ['/api/writers?fields[0]=secret', 'Invalid parameter secret'],
  ['/api/writers/1?fields[0]=name&fields[1]=secret', 'Invalid parameter secret'],
];

const BAD_PAGINATION: Array<[string, string]> = [
  ['pagination[page]=1&pagination[limit]=2', 'Invalid pagination parameters. Expected either start/limit or page/pageSize'],
  ['pagination[pageSize]=1&pagination[start]=0', 'Invalid pagination parameters. Expected either start/limit or page/pageSize'],
  ['pagination[withCount]=maybe', 'Invalid withCount parameter. Expected "t","1","true","false","0","f"'],
  ['pagination[page]=abc', "Invalid 'page' parameter. Expected an integer, received: abc"],
  ['pagination[pageSize]=ten', "Invalid 'pageSize' parameter. Expected an integer, received: ten"],
  ['pagination[start]=NaN', "Invalid 'start' parameter. Expected an integer, received: NaN"],
  ['pagination[limit]=1e3', "Invalid 'limit' parameter. Expected an integer, received: 1e3"],
  ['pagination=5', 'Invalid parameter pagination'],
];

function meta(pagination: Record<string, number>) {
  return { pagination };
}

describeEachDatabase('REST sort, fields and pagination', (ctx) => {
  before(async () => {
    await seedReadData(ctx.app);
  });

  describe('sort', () => {
    for (const [query, expected] of SORTS) {
      it(`${query || '(no sort)'} → [${expected.join(',')}]`, async () => {
        const res = await ctx.app.get(`/api/articles?${query}`);
        expect(res.status, res.text).to.equal(200);
        expect(ids(res.body)).to.deep.equal(expected);
        expect(res.body.meta).to.deep.equal(meta({ page: 1, pageSize: 25, pageCount: 1, total: 5 }));
      });
    }

    it('sorts through a to-many relation without counting drafts in live', async () => {
      const live = await ctx.app.get('/api/categories?sort=articles.views:desc&fields[0]=name');
      expect(live.status).to.equal(200);
      expect(live.body).to.deep.equal({
        data: [
          { id: 2, attributes: { name: 'Sport' } },
          { id: 1, attributes: { name: 'News' } },
          { id: 3, attributes: { name: 'Tech' } },
        ],
        meta: meta({ page: 1, pageSize: 25, pageCount: 1, total: 3 }),
      });
      const preview = await ctx.app.get('/api/categories?sort=articles.views:desc&publicationState=preview');
      expect(ids(preview.body)).to.deep.equal([3, 2, 1]);
    });

    for (const [url, message] of BAD_SORTS) {
      it(`${url} → 400 ${message}`, async () => {
        const res = await ctx.app.get(url);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(invalid(message));
      });
    }
  });

  describe('fields', () => {
    it('fields[0]=title selects one attribute (id always there)', async () => {
      const res = await ctx.app.get('/api/articles?fields[0]=title&pagination[pageSize]=2');
      expect(res.status).to.equal(200);
      expect(res.text).to.equal(
        '{"data":[{"id":1,"attributes":{"title":"Hello World"}},{"id":2,"attributes":{"title":"hello world"}}],"meta":{"pagination":{"page":1,"pageSize":2,"pageCount":3,"total":5}}}',
      );
    });

    it('fields=title (a single string) and fields[0]=id&fields[1]=title give the same', async () => {
      for (const query of ['fields=title', 'fields[0]=id&fields[1]=title']) {
        const res = await ctx.app.get(`/api/articles?${query}&filters[id]=4`);
        expect(res.text).to.equal('{"data":[{"id":4,"attributes":{"title":"Zebra"}}],"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":1,"total":1}}}');
      }
    });

    it('keeps schema order whatever the order asked', async () => {
      const res = await ctx.app.get('/api/articles?fields[0]=views&fields[1]=featured&fields[2]=title&filters[id]=1');
      expect(res.text).to.equal('{"data":[{"id":1,"attributes":{"title":"Hello World","views":10,"featured":true}}],"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":1,"total":1}}}');
    });

    it('fields=* and no fields return every non-private scalar', async () => {
      for (const query of ['fields=*', 'fields[0]=*', '']) {
        const res = await ctx.app.get(`/api/articles?${query}&filters[id]=1`);
        expect(Object.keys(res.body.data[0].attributes)).to.deep.equal(FULL_KEYS);
      }
    });

    it('applies to a read by id', async () => {
      const res = await ctx.app.get('/api/articles/1?fields[0]=title&fields[1]=price');
      expect(res.status).to.equal(200);
      expect(res.text).to.equal('{"data":{"id":1,"attributes":{"title":"Hello World","price":9.99}},"meta":{}}');
    });

    it('never returns a private attribute by default', async () => {
      const res = await ctx.app.get('/api/writers/1');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        data: { id: 1, attributes: { name: 'Ada', email: 'ada@example.com', createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' } },
        meta: {},
      });
    });

    for (const [url, message] of BAD_FIELDS) {
      it(`${url} → 400 ${message}`, async () => {
        const res = await ctx.app.get(url);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(invalid(message));
      });
    }
  });

  describe('pagination', () => {
    const PAGES: Array<[string, number[], Record<string, number>]> = [
      ['pagination[page]=2&pagination[pageSize]=2', [3, 4], { page: 2, pageSize: 2, pageCount: 3, total: 5 }],
      ['pagination[page]=3&pagination[pageSize]=2', [5], { page: 3, pageSize: 2, pageCount: 3, total: 5 }],
      ['pagination[page]=4&pagination[pageSize]=2', [], { page: 4, pageSize: 2, pageCount: 3, total: 5 }],
      ['pagination[page]=2', [], { page: 2, pageSize: 25, pageCount: 1, total: 5 }],
      ['pagination[pageSize]=3', [1, 2, 3], { page: 1, pageSize: 3, pageCount: 2, total: 5 }],
      ['pagination[page]=0&pagination[pageSize]=2', [1, 2], { page: 1, pageSize: 2, pageCount: 3, total: 5 }],
      ['pagination[pageSize]=0', [1], { page: 1, pageSize: 1, pageCount: 5, total: 5 }],
      ['pagination[pageSize]=-1', [1], { page: 1, pageSize: 1, pageCount: 5, total: 5 }],
      ['pagination[pageSize]=1000', [1, 2, 3, 4, 5], { page: 1, pageSize: 100, pageCount: 1, total: 5 }],
      ['pagination[page]=2&pagination[pageSize]=2&pagination[withCount]=false', [3, 4], { page: 2, pageSize: 2 }],
      ['pagination[withCount]=0', [1, 2, 3, 4, 5], { page: 1, pageSize: 25 }],
      ['pagination[withCount]=t', [1, 2, 3, 4, 5], { page: 1, pageSize: 25, pageCount: 1, total: 5 }],
      ['pagination[start]=1&pagination[limit]=2', [2, 3], { start: 1, limit: 2, total: 5 }],
      ['pagination[start]=4', [5], { start: 4, limit: 25, total: 5 }],
      ['pagination[limit]=2', [1, 2], { start: 0, limit: 2, total: 5 }],
      ['pagination[start]=-2&pagination[limit]=1', [1], { start: 0, limit: 1, total: 5 }],
      ['pagination[limit]=0', [1], { start: 0, limit: 1, total: 5 }],
      ['pagination[limit]=-1', [1, 2, 3, 4, 5], { start: 0, limit: 100, total: 5 }],
      ['pagination[limit]=1000', [1, 2, 3, 4, 5], { start: 0, limit: 100, total: 5 }],
      ['pagination[start]=3&pagination[limit]=10&pagination[withCount]=false', [4, 5], { start: 3, limit: 10 }],
      ['pagination[start]=10', [], { start: 10, limit: 25, total: 5 }],
      ['pagination[pageSize]=2&sort=views:desc', [2, 1], { page: 1, pageSize: 2, pageCount: 3, total: 5 }],
      ['pagination[start]=1&pagination[limit]=2&filters[featured]=false', [4], { start: 1, limit: 2, total: 2 }],
    ];
    for (const [query, expected, pagination] of PAGES) {
      it(`${query} → [${expected.join(',')}] ${JSON.stringify(pagination)}`, async () => {
        const res = await ctx.app.get(`/api/articles?${query}`);
        expect(res.status, res.text).to.equal(200);
        expect(ids(res.body)).to.deep.equal(expected);
        expect(res.body.meta).to.deep.equal(meta(pagination));
      });
    }

    it('keeps the meta key order of Strapi v4', async () => {
      expect((await ctx.app.get('/api/articles?fields[0]=title&pagination[start]=4')).text).to.equal(
        '{"data":[{"id":5,"attributes":{"title":"1000 sure things"}}],"meta":{"pagination":{"start":4,"limit":25,"total":5}}}',
      );
    });

    it('withCount=false skips the count query; the list query is limited', async () => {
      const counted = await ctx.app.countQueries(() => ctx.app.get('/api/articles?pagination[pageSize]=2'));
      const uncounted = await ctx.app.countQueries(() => ctx.app.get('/api/articles?pagination[pageSize]=2&pagination[withCount]=false'));
      expect(counted.count - uncounted.count).to.equal(1);
      expect(counted.queries.filter((q) => /count\(/i.test(q.sql))).to.have.length(1);
      expect(uncounted.queries.filter((q) => /count\(/i.test(q.sql))).to.have.length(0);
      const list = uncounted.queries.filter((q) => /from [`"]articles[`"] as [`"]t0[`"]/.test(q.sql));
      expect(list).to.have.length(1);
      expect(list[0]?.sql).to.match(/limit/i);
    });

    for (const [query, message] of BAD_PAGINATION) {
      it(`${query} → 400 ${message}`, async () => {
        const res = await ctx.app.get(`/api/articles?${query}`);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(invalid(message));
      });
    }
  });
});

for (const client of testClients()) {
  describe(`REST pagination with config/api.ts limits [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    before(async () => {
      app = await startApp({ client, config: { api: { rest: { prefix: '/api', defaultLimit: 2, maxLimit: 3, withCount: true } } } });
      await seedReadData(app);
    });
    after(async () => {
      await app?.close();
    });

    it('uses defaultLimit without pagination and caps pageSize/limit at maxLimit', async () => {
      const cases: Array<[string, number[], Record<string, number>]> = [
        ['', [1, 2], { page: 1, pageSize: 2, pageCount: 3, total: 5 }],
        ['pagination[page]=3', [5], { page: 3, pageSize: 2, pageCount: 3, total: 5 }],
        ['pagination[pageSize]=50', [1, 2, 3], { page: 1, pageSize: 3, pageCount: 2, total: 5 }],
        ['pagination[start]=1', [2, 3], { start: 1, limit: 2, total: 5 }],
        ['pagination[limit]=-1', [1, 2, 3], { start: 0, limit: 3, total: 5 }],
        ['pagination[limit]=9', [1, 2, 3], { start: 0, limit: 3, total: 5 }],
      ];
      for (const [query, expected, pagination] of cases) {
        const res = await app.get(`/api/articles?${query}`);
        expect(res.status, query).to.equal(200);
        expect(ids(res.body), query).to.deep.equal(expected);
        expect(res.body.meta, query).to.deep.equal({ pagination });
      }
    });
  });
}
