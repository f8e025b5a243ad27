/**
 * `filters` on the list endpoints (spec 4.2.1, facts §5 and the verified section): every
 * operator with a matching and a non-matching case, the same meaning on SQLite, MariaDB and
 * PostgreSQL (case-sensitive `$eq`/`$contains`, literal `%` and `_`), deep filtering through
 * two relations and through components, and the exact 400 for every key a request may not use.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { ids, invalid, seedReadData } from './read-fixtures';
import { countRows } from '../helpers/count';

/** [query string after `/api/articles?`, expected ids in id order] */
const CASES: Array<[string, number[]]> = [
  // implicit $eq, arrays without operator, id
  ['filters[title]=Hello World', [1]],
  ['filters[title]=hello WORLD', []],
  ['filters[status][0]=draft&filters[status][1]=done', [2, 4]],
  ['filters[id]=3', [3]],
  ['filters[id][$gt]=3', [4, 5]],
  // equality
  ['filters[title][$eq]=hello world', [2]],
  ['filters[title][$eq]=HELLO WORLD', []],
  ['filters[title][$eqi]=HELLO WORLD', [1, 2]],
  ['filters[title][$eqi]=hello', []],
  ['filters[views][$ne]=10', [2, 4, 5]],
  ['filters[views][$ne]=99', [1, 2, 4, 5]],
  ['filters[title][$nei]=HELLO WORLD', [3, 4, 5]],
  ['filters[title][$nei]=nothing', [1, 2, 3, 4, 5]],
  // comparisons
  ['filters[views][$lt]=10', [4, 5]],
  ['filters[views][$lt]=0', []],
  ['filters[views][$lte]=10', [1, 4, 5]],
  ['filters[views][$lte]=-1', []],
  ['filters[views][$gt]=10', [2]],
  ['filters[views][$gt]=20', []],
  ['filters[views][$gte]=10', [1, 2]],
  ['filters[views][$gte]=21', []],
  // lists
  ['filters[id][$in][0]=1&filters[id][$in][1]=4', [1, 4]],
  ['filters[status][$in][0]=archived', []],
  ['filters[status][$in]=done', [4]],
  ['filters[status][$notIn][0]=review', [2, 4]],
  ['filters[status][$notIn][0]=review&filters[status][$notIn][1]=draft&filters[status][$notIn][2]=done', []],
  // text: case-sensitive without i, insensitive with
  ['filters[title][$contains]=World', [1]],
  ['filters[title][$contains]=world', [2]],
  ['filters[title][$contains]=planet', []],
  ['filters[title][$notContains]=World', [2, 3, 4, 5]],
  ['filters[title][$notContains]=h', [1, 4]],
  ['filters[title][$containsi]=WORLD', [1, 2]],
  ['filters[title][$containsi]=PLANET', []],
  ['filters[title][$notContainsi]=WORLD', [3, 4, 5]],
  ['filters[title][$notContainsi]=H', [4]],
  ['filters[title][$startsWith]=Hel', [1]],
  ['filters[title][$startsWith]=hel', [2]],
  ['filters[title][$startsWith]=ello', []],
  ['filters[title][$startsWithi]=HEL', [1, 2]],
  ['filters[title][$startsWithi]=ELLO', []],
  ['filters[title][$endsWith]=World', [1]],
  ['filters[title][$endsWith]=WORLD', []],
  ['filters[title][$endsWithi]=WORLD', [1, 2]],
  ['filters[title][$endsWithi]=WORL', []],
  ['filters[contactEmail][$endsWith]=@example.com', [1, 2, 4]],
  // text comparisons are byte-wise everywhere (no collation folds case or pads spaces)
  ['filters[title]=Zebra%20', []],
  ['filters[title][$in][0]=hello world', [2]],
  ['filters[title][$notIn][0]=hello world', [1, 3, 4, 5]],
  ['filters[title][$lt]=a', [1, 3, 4, 5]],
  ['filters[title][$gte]=a', [2]],
  ['filters[title][$between][0]=A&filters[title][$between][1]=Z', [1]],
  // LIKE wildcards in values match literally
  ['filters[title][$contains]=100%', [3]],
  ['filters[title][$contains]=sure_', [3]],
  ['filters[title][$containsi]=SURE_', [3]],
  ['filters[title][$startsWith]=100%', [3]],
  ['filters[title][$startsWithi]=1%', []],
  ['filters[title][$endsWithi]=_THING', [3]],
  ['filters[title][$eqi]=hello_world', []],
  ['filters[title][$contains]=%', [3]],
  // null checks, with Strapi's lenient booleans
  ['filters[views][$null]=true', [3]],
  ['filters[views][$null]=false', [1, 2, 4, 5]],
  ['filters[views][$null]', [1, 2, 4, 5]],
  ['filters[views][$null]=1', [3]],
  ['filters[views][$notNull]=true', [1, 2, 4, 5]],
  ['filters[views][$notNull]=f', [3]],
  ['filters[title][$eq]', []],
  // between, inclusive
  ['filters[views][$between][0]=5&filters[views][$between][1]=10', [1, 4]],
  ['filters[views][$between][0]=11&filters[views][$between][1]=19', []],
  ['filters[createdAt][$between][0]=2024-02-01T00:00:00.000Z&filters[createdAt][$between][1]=2024-03-15', [2, 3]],
  // types: boolean, decimal, float, date, datetime, enumeration
  ['filters[featured]=true', [1, 5]],
  ['filters[featured]=0', [2, 4]],
  ['filters[featured][$eq]=f', [2, 4]],
  ['filters[price][$gte]=9.99', [1, 2]],
  ['filters[price][$lt]=0.5', []],
  ['filters[rating][$lt]=2', [4]],
  ['filters[publishedOn][$lt]=2024-01-01', [4]],
  ['filters[publishedOn]=2024-02-10', [2]],
  ['filters[createdAt][$gt]=2024-03-15T00:00:00.000Z', [4, 5]],
  ['filters[createdAt][$lt]=2024-02-01T10:00:00.000Z', [1]],
  ['filters[createdAt][$eq]=2024-02-01T10:00:00.000Z', [2]],
  ['filters[createdAt][$eq]=2024-02-01T10:00:00.001Z', []],
  ['filters[status]=done', [4]],
  // logical operators, also next to field filters
  ['filters[$or][0][views]=20&filters[$or][1][title]=Zebra', [2, 4]],
  ['filters[$or][0][views]=21&filters[$or][1][title]=zebra', []],
  ['filters[$and][0][featured]=true&filters[$and][1][views][$gt]=5', [1]],
  ['filters[$and][0][featured]=true&filters[$and][1][views][$gt]=10', []],
  ['filters[$not][status]=review', [2, 4]],
  ['filters[$not][title][$contains]=o', [3, 4, 5]],
  ['filters[views][$not][$gt]=5', [4, 5]],
  ['filters[views][$not][$gte]=0', []],
  ['filters[featured]=false&filters[$or][0][views][$lt]=6&filters[$or][1][status]=draft', [2, 4]],
  ['filters[$or][0][$and][0][views][$gt]=1&filters[$or][0][$and][1][views][$lt]=11&filters[$or][1][rating]=2', [1, 4, 5]],
  // relations: to-one, to-many, bare id, operators on the id, existence
  ['filters[category][name]=News', [1, 5]],
  ['filters[category][name][$eq]=news', []],
  ['filters[category][name]=Tech', [4]],
  ['filters[category]=2', [2]],
  ['filters[category][id]=3', [4]],
  ['filters[category][$in][0]=1&filters[category][$in][1]=3', [1, 4, 5]],
  ['filters[category][$null]=true', [3]],
  ['filters[category][$notNull]=true', [1, 2, 4, 5]],
  ['filters[tags][name]=beta', [1, 2]],
  ['filters[tags][name][$in][0]=gamma&filters[tags][name][$in][1]=delta', [4]],
  ['filters[tags][$null]=true', [3, 5]],
  ['filters[$not][tags][name]=beta', [3, 4, 5]],
  ['filters[$and][0][tags][name]=alpha&filters[$and][1][tags][name]=beta', [1]],
  // deep: through two relations, back and forth
  ['filters[author][profile][bio][$contains]=math', [1, 4]],
  ['filters[author][profile][bio][$contains]=chess', []],
  ['filters[category][articles][title]=Zebra', [4]],
  ['filters[author][articles][tags][name]=gamma', [1, 4]],
  // components, nested components
  ['filters[seo][metaTitle]=Intro', [1]],
  ['filters[seo][metaTitle][$startsWith]=intro', []],
  ['filters[seo][tags][name]=kw', [1]],
  ['filters[seo][tags][name]=none', []],
  ['filters[seo][$null]=true', [3, 4, 5]],
  ['filters[seo][metaDescription][$notNull]=true&filters[views][$gt]=1', [2]],
  // json is searched as text; dates and integers match as text the same way everywhere
  ['filters[meta][$containsi]=A', [1]],
  ['filters[meta][$notContainsi]=A', [4]],
  ['filters[meta][$null]=true', [2, 3, 5]],
  ['filters[meta]', [2, 3, 5]],
  ['filters[publishedOn][$startsWith]=2024-01', [1]],
  ['filters[id][$endsWith]=5', [5]],
  // a bare key (qs null) asks for NULL, as Strapi v4's implicit $eq does
  ['filters[views]', [3]],
];

/** [path and query, message of the 400] */
const BAD: Array<[string, string]> = [
  ['/api/articles?filters[nope]=1', 'Invalid parameter nope'],
  ['/api/articles?filters[title][$foo]=x', 'Invalid parameter $foo'],
  ['/api/articles?filters[title][bogus]=x', 'Invalid parameter bogus'],
  ['/api/articles?filters[$eq]=1', 'Invalid parameter $eq'],
  ['/api/articles?filters[$contains]=x', 'Invalid parameter $contains'],
  ['/api/articles?filters[$or]=x', 'Invalid parameter $or'],
  ['/api/articles?filters[$and][0]=x', 'Invalid parameter $and'],
  ['/api/articles?filters[$not]=x', 'Invalid parameter $not'],
  ['/api/articles?filters[views][$between][0]=1', 'Invalid parameter $between'],
  ['/api/articles?filters[views][$between]=5', 'Invalid parameter $between'],
  ['/api/articles?filters[views][$between][0]=1&filters[views][$between][1]=2&filters[views][$between][2]=3', 'Invalid parameter $between'],
  ['/api/articles?filters[views][$gt]=ten', 'Invalid parameter $gt'],
  ['/api/articles?filters[id]=abc', 'Invalid parameter $eq'],
  ['/api/articles?filters[createdAt][$gt]=yesterday', 'Invalid parameter $gt'],
  ['/api/articles?filters[publishedOn]=2024-13-45', 'Invalid parameter $eq'],
  ['/api/articles?filters[featured]=maybe', 'Invalid parameter $eq'],
  ['/api/articles?filters[title][$eq][a]=b', 'Invalid parameter $eq'],
  ['/api/articles?filters=title', 'Invalid parameter filters'],
  // text matching where each database would print the value differently
  ['/api/articles?filters[createdAt][$contains]=2024', 'Invalid parameter $contains'],
  ['/api/articles?filters[featured][$containsi]=t', 'Invalid parameter $containsi'],
  ['/api/articles?filters[rating][$startsWith]=4', 'Invalid parameter $startsWith'],
  ['/api/articles?filters[meta][$eq]={"a":1}', 'Invalid parameter $eq'],
  ['/api/articles?filters[blocks][title]=q', 'Invalid parameter blocks'],
  ['/api/articles?filters[category][nope]=1', 'Invalid parameter nope'],
  ['/api/articles?filters[category][name][$foo]=1', 'Invalid parameter $foo'],
  ['/api/articles?filters[author][secret][$startsWith]=s', 'Invalid parameter secret'],
  ['/api/articles?filters[author][profile][nope]=1', 'Invalid parameter nope'],
  ['/api/articles?filters[$or][0][author][secret]=sa', 'Invalid parameter secret'],
  ['/api/articles?filters[seo][nope]=1', 'Invalid parameter nope'],
  ['/api/writers?filters[secret]=sa', 'Invalid parameter secret'],
  ['/api/writers?filters[secret][$startsWith]=s', 'Invalid parameter secret'],
  ['/api/writers?filters[$not][secret][$null]=true', 'Invalid parameter secret'],
  ['/api/writers?filters[articles][author][secret]=sa', 'Invalid parameter secret'],
];

describeEachDatabase('REST filters', (ctx) => {
  before(async () => {
    await seedReadData(ctx.app);
  });

  for (const [query, expected] of CASES) {
    it(`${query} → [${expected.join(',')}]`, async () => {
      const res = await ctx.app.get(`/api/articles?${query}`);
      expect(res.status, res.text).to.equal(200);
      expect(ids(res.body)).to.deep.equal(expected);
      expect(res.body.meta).to.deep.equal({ pagination: { page: 1, pageSize: 25, pageCount: expected.length ? 1 : 0, total: expected.length } });
    });
  }

  it('returns each entry once when a to-many condition matches several related rows', async () => {
    const res = await ctx.app.get('/api/articles?filters[tags][name][$in][0]=alpha&filters[tags][name][$in][1]=beta');
    expect(ids(res.body)).to.deep.equal([1, 2]);
    expect(res.body.meta.pagination.total).to.equal(2);
  });

  it('answers the full entries of a filtered list', async () => {
    const res = await ctx.app.get('/api/articles?filters[title][$startsWith]=Zeb');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      data: [
        {
          id: 4,
          attributes: {
            title: 'Zebra',
            slug: null,
            body: 'zzz',
            views: 5,
            rating: 1.25,
            price: 0.5,
            publishedOn: '2023-12-31',
            featured: false,
            meta: { b: 2 },
            status: 'done',
            contactEmail: 'ada@example.com',
            createdAt: '2024-04-01T10:00:00.000Z',
            updatedAt: '2024-04-01T10:00:00.000Z',
            publishedAt: '2024-04-01T10:00:00.000Z',
            locale: 'en',
          },
        },
      ],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
    });
  });

  it('never matches a draft through a deep filter in live; preview does', async () => {
    const live = await ctx.app.get('/api/categories?filters[articles][title]=Hello World draft');
    expect(live.status).to.equal(200);
    expect(ids(live.body)).to.deep.equal([]);
    const published = await ctx.app.get('/api/categories?filters[articles][views][$gte]=5&fields[0]=name');
    expect(published.body.data).to.deep.equal([
      { id: 1, attributes: { name: 'News' } },
      { id: 2, attributes: { name: 'Sport' } },
      { id: 3, attributes: { name: 'Tech' } },
    ]);
    const preview = await ctx.app.get('/api/categories?filters[articles][title]=Hello World draft&publicationState=preview');
    expect(ids(preview.body)).to.deep.equal([3]);
    const root = await ctx.app.get('/api/articles?filters[category][articles][views]=30&publicationState=preview');
    expect(ids(root.body)).to.deep.equal([4, 6]);
  });

  it('filters the inverse side of a relation (writers by their articles)', async () => {
    const res = await ctx.app.get('/api/writers?filters[articles][title][$startsWith]=Zeb&fields[0]=name');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: [{ id: 1, attributes: { name: 'Ada' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
  });

  it('accepts every encoding of the same filter', async () => {
    const forms = ['filters%5Btitle%5D%5B%24containsi%5D=WORLD', 'filters[title][%24containsi]=WORLD&', 'filters[title][$containsi]=WORLD'];
    for (const form of forms) expect(ids((await ctx.app.get(`/api/articles?${form}`)).body)).to.deep.equal([1, 2]);
  });

  it('counts with the same filters (GET with filters, no rows loaded beyond the page)', async () => {
    const res = await ctx.app.get('/api/articles?filters[views][$gte]=0&pagination[pageSize]=2');
    expect(ids(res.body)).to.deep.equal([1, 2]);
    expect(res.body.meta).to.deep.equal({ pagination: { page: 1, pageSize: 2, pageCount: 2, total: 4 } });
  });

  for (const [url, message] of BAD) {
    it(`${url} → 400 ${message}`, async () => {
      const res = await ctx.app.get(url);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(invalid(message));
    });
  }

  it('writes nothing and leaves the data as it was after bad requests', async () => {
    expect(await countRows(ctx.app.knex('articles'))).to.equal(6);
    expect((await ctx.app.knex('writers').orderBy('id').select('secret')).map((r) => r.secret)).to.deep.equal(['sa', 'sb']);
  });
});

describeEachDatabase('REST filters on media attributes', (ctx) => {
  before(async () => {
    await seedReadData(ctx.app);
    const k = ctx.app.knex;
    await k('files').insert([
      { name: 'cat.png', mime: 'image/png', url: '/uploads/cat.png' },
      { name: 'dog.jpg', mime: 'image/jpeg', url: '/uploads/dog.jpg' },
    ]);
    await k('files_related_morphs').insert([
      { file_id: 1, related_id: 1, related_type: 'api::article.article', field: 'cover', order: 1 },
      { file_id: 2, related_id: 4, related_type: 'api::article.article', field: 'cover', order: 1 },
      // the same file as a writer's avatar: never confused with an article's cover
      { file_id: 2, related_id: 2, related_type: 'api::writer.writer', field: 'avatar', order: 1 },
    ]);
  });

  const MEDIA: Array<[string, number[]]> = [
    ['filters[cover][name]=cat.png', [1]],
    ['filters[cover][name]=bird.gif', []],
    ['filters[cover][mime][$startsWith]=image/', [1, 4]],
    ['filters[cover][$null]=true', [2, 3, 5]],
    ['filters[cover]=2', [4]],
    ['filters[author][avatar][name]=dog.jpg', [2]],
  ];
  for (const [query, expected] of MEDIA) {
    it(`${query} → [${expected.join(',')}]`, async () => {
      const res = await ctx.app.get(`/api/articles?${query}`);
      expect(res.status, res.text).to.equal(200);
      expect(ids(res.body)).to.deep.equal(expected);
    });
  }

  it('rejects unknown keys under a media attribute', async () => {
    const res = await ctx.app.get('/api/articles?filters[cover][nope]=1');
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal(invalid('Invalid parameter nope'));
  });
});
