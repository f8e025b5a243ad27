/**
 * `populate` over REST (spec 4.2.2, facts §7): every form, on every relation kind and side,
 * components, dynamic zones, media with no file linked, counts, drafts hidden in
 * populated levels, private attributes, and the 400s. Exact bodies on every database.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { RelationCount } from '@platform/query-engine';
import { articleAttributes, articleRow, seedPopulateFixture, T1 } from './populate-seed';
import type { Json } from '../helpers/json';

const cat = (id: number, name: string, slug: string | null = null) => ({ id, attributes: { name, slug, createdAt: T1, updatedAt: T1 } });
const tag = (id: number, name: string) => ({ id, attributes: { name, createdAt: T1, updatedAt: T1 } });
const writer = (id: number, name: string, email: string | null) => ({ id, attributes: { name, email, createdAt: T1, updatedAt: T1 } });
const article = (id: number, title: string, options: Parameters<typeof articleAttributes>[1] = {}) => ({ id, attributes: articleAttributes(title, options) });
const titled = (id: number, title: string, populated: Record<string, unknown> = {}) => ({ id, attributes: { title, ...populated } });
const page = (total: number) => ({ pagination: { page: 1, pageSize: 25, pageCount: total === 0 ? 0 : 1, total } });
const invalid = (message: string) => ({ data: null, error: { status: 400, name: 'ValidationError', message, details: {} } });

const rt1 = { id: 1, __component: 'shared.rich-text', body: '**rt**' };
const q1 = { id: 1, __component: 'shared.quote', title: 'q1', body: 'b1' };
const q2 = { id: 2, __component: 'shared.quote', title: 'q2', body: 'b2' };
const q3 = { id: 3, __component: 'shared.quote', title: 'q3', body: 'b3' };

describeEachDatabase('REST populate', (ctx) => {
  before(async () => {
    await seedPopulateFixture(ctx.app);
  });

  const get = async (url: string) => {
    const res = await ctx.app.get(url);
    return { status: res.status, body: res.body as Record<string, Json>, text: res.text };
  };

  it('nothing is populated by default', async () => {
    const res = await get('/api/articles?fields[0]=title');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: [titled(1, 'First'), titled(2, 'Second')], meta: page(2) });
  });

  it('populate=* populates every relation, media, component and dynamic zone one level deep, after the scalars in schema order', async () => {
    const res = await get('/api/articles?populate=*');
    expect(res.status).to.equal(200);
    const expected = {
      data: [
        {
          id: 1,
          attributes: {
            ...articleAttributes('First', { views: 10 }),
            category: { data: cat(1, 'News') },
            tags: { data: [tag(3, 'gamma'), tag(1, 'alpha')] },
            author: { data: writer(1, 'Ada', 'ada@example.com') },
            related: { data: [article(2, 'Second', { views: 20 })] },
            cover: { data: null },
            seo: { id: 1, metaTitle: 'mt1', metaDescription: null },
            blocks: [rt1, q1, q2],
            localizations: { data: [] },
          },
        },
        {
          id: 2,
          attributes: {
            ...articleAttributes('Second', { views: 20 }),
            category: { data: cat(1, 'News') },
            tags: { data: [tag(2, 'beta')] },
            author: { data: null },
            related: { data: [] },
            cover: { data: null },
            seo: null,
            blocks: [q3],
            localizations: { data: [] },
          },
        },
      ],
      meta: page(2),
    };
    // the text, so that the key order is checked too
    expect(res.text).to.equal(JSON.stringify(expected));
  });

  it('comma string: populate=tags,category', async () => {
    const res = await get('/api/articles?fields[0]=title&populate=tags,category');
    expect(res.status).to.equal(200);
    expect(res.text).to.equal(
      JSON.stringify({
        data: [
          titled(1, 'First', { category: { data: cat(1, 'News') }, tags: { data: [tag(3, 'gamma'), tag(1, 'alpha')] } }),
          titled(2, 'Second', { category: { data: cat(1, 'News') }, tags: { data: [tag(2, 'beta')] } }),
        ],
        meta: page(2),
      }),
    );
  });

  it('index list with a dotted path into a nested component: populate[0]=author&populate[1]=seo.tags', async () => {
    const res = await get('/api/articles?fields[0]=title&populate[0]=author&populate[1]=seo.tags');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      data: [
        titled(1, 'First', {
          author: { data: writer(1, 'Ada', 'ada@example.com') },
          seo: {
            id: 1,
            metaTitle: 'mt1',
            metaDescription: null,
            tags: [
              { id: 2, name: 'n2', content: 'c2' },
              { id: 1, name: 'n1', content: 'c1' },
            ],
          },
        }),
        titled(2, 'Second', { author: { data: null }, seo: null }),
      ],
      meta: page(2),
    });
  });

  it('a component without its nested component populated carries its scalars only', async () => {
    const res = await get('/api/articles/1?fields[0]=title&populate=seo');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: titled(1, 'First', { seo: { id: 1, metaTitle: 'mt1', metaDescription: null } }), meta: {} });
  });

  it('object form: true, t and 1 populate; false, f and 0 do not', async () => {
    const res = await get('/api/articles/1?fields[0]=title&populate[category]=true&populate[tags]=t&populate[author]=1&populate[related]=false&populate[seo]=f&populate[blocks]=0');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      data: titled(1, 'First', {
        category: { data: cat(1, 'News') },
        tags: { data: [tag(3, 'gamma'), tag(1, 'alpha')] },
        author: { data: writer(1, 'Ada', 'ada@example.com') },
      }),
      meta: {},
    });
  });

  it('the transcript query: filters with populate[seo][populate]=tags&populate[blocks]=*', async () => {
    const res = await get('/api/articles?filters[title][$containsi]=first&populate[seo][populate]=tags&populate[blocks]=*');
    expect(res.status).to.equal(200);
    expect(res.text).to.equal(
      JSON.stringify({
        data: [
          {
            id: 1,
            attributes: {
              ...articleAttributes('First', { views: 10 }),
              seo: {
                id: 1,
                metaTitle: 'mt1',
                metaDescription: null,
                tags: [
                  { id: 2, name: 'n2', content: 'c2' },
                  { id: 1, name: 'n1', content: 'c1' },
                ],
              },
              blocks: [rt1, q1, q2],
            },
          },
        ],
        meta: page(1),
      }),
    );
  });

  it('nested populate with fields three levels deep; drafts stay hidden at every level', async () => {
    const url =
      '/api/articles/2?fields[0]=title&populate[category][fields][0]=name&populate[category][populate][articles][fields][0]=title' +
      '&populate[category][populate][articles][populate][tags][fields][0]=name';
    const res = await get(url);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      data: titled(2, 'Second', {
        category: {
          data: {
            id: 1,
            attributes: {
              name: 'News',
              articles: {
                data: [
                  {
                    id: 1,
                    attributes: {
                      title: 'First',
                      tags: {
                        data: [
                          { id: 3, attributes: { name: 'gamma' } },
                          { id: 1, attributes: { name: 'alpha' } },
                        ],
                      },
                    },
                  },
                  { id: 2, attributes: { title: 'Second', tags: { data: [{ id: 2, attributes: { name: 'beta' } }] } } },
                ],
              },
            },
          },
        },
      }),
      meta: {},
    });
  });

  it('drafts appear in populated relations with publicationState=preview, in stored order', async () => {
    const live = await get('/api/categories/1?fields[0]=name&populate[articles][fields][0]=title');
    expect(live.body).to.deep.equal({ data: { id: 1, attributes: { name: 'News', articles: { data: [titled(1, 'First'), titled(2, 'Second')] } } }, meta: {} });
    const preview = await get('/api/articles?publicationState=preview&fields[0]=title&populate[related][fields][0]=title&filters[id]=1');
    expect(preview.body).to.deep.equal({ data: [titled(1, 'First', { related: { data: [titled(3, 'Draft'), titled(2, 'Second')] } })], meta: page(1) });
  });

  it('dotted path through relations: populate=category.articles', async () => {
    const res = await get('/api/tags/2?populate=articles.category');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      data: {
        id: 2,
        attributes: { name: 'beta', createdAt: T1, updatedAt: T1, articles: { data: [{ id: 2, attributes: { ...articleAttributes('Second', { views: 20 }), category: { data: cat(1, 'News') } } }] } },
      },
      meta: {},
    });
  });

  it('both sides of a many-to-many, a one-way one-to-one and private attributes at depth', async () => {
    const res = await get('/api/writers?populate=*');
    expect(res.status).to.equal(200);
    expect(res.text).to.equal(
      JSON.stringify({
        data: [
          {
            id: 1,
            attributes: {
              name: 'Ada',
              email: 'ada@example.com',
              createdAt: T1,
              updatedAt: T1,
              articles: { data: [article(1, 'First', { views: 10 })] },
              avatar: { data: null },
              profile: { data: { id: 1, attributes: { bio: 'writes things', createdAt: T1, updatedAt: T1 } } },
            },
          },
          { id: 2, attributes: { name: 'Bob', email: null, createdAt: T1, updatedAt: T1, articles: { data: [] }, avatar: { data: null }, profile: { data: null } } },
        ],
        meta: page(2),
      }),
    );
    const nested = await get('/api/articles/1?fields[0]=title&populate[author][populate]=*');
    expect(nested.body.data).to.deep.equal(
      titled(1, 'First', {
        author: {
          data: {
            id: 1,
            attributes: {
              ...writer(1, 'Ada', 'ada@example.com').attributes,
              articles: { data: [article(1, 'First', { views: 10 })] },
              avatar: { data: null },
              profile: { data: { id: 1, attributes: { bio: 'writes things', createdAt: T1, updatedAt: T1 } } },
            },
          },
        },
      }),
    );
  });

  it('dynamic zone, shared strategy: populate[blocks][populate]=* keeps the stored order across components', async () => {
    const res = await get('/api/articles?fields[0]=title&populate[blocks][populate]=*');
    expect(res.status).to.equal(200);
    expect(res.text).to.equal(JSON.stringify({ data: [titled(1, 'First', { blocks: [rt1, q1, q2] }), titled(2, 'Second', { blocks: [q3] })], meta: page(2) }));
  });

  it('dynamic zone, per-component strategy: only the listed components, with their fields, filters and sort', async () => {
    const res = await get('/api/articles?fields[0]=title&populate[blocks][on][shared.quote][fields][0]=title');
    expect(res.body).to.deep.equal({
      data: [
        titled(1, 'First', {
          blocks: [
            { id: 1, __component: 'shared.quote', title: 'q1' },
            { id: 2, __component: 'shared.quote', title: 'q2' },
          ],
        }),
        titled(2, 'Second', { blocks: [{ id: 3, __component: 'shared.quote', title: 'q3' }] }),
      ],
      meta: page(2),
    });
    const filtered = await get('/api/articles/1?fields[0]=title&populate[blocks][on][shared.quote][filters][title][$ne]=q1&populate[blocks][on][shared.rich-text]=true');
    expect(filtered.body.data).to.deep.equal(titled(1, 'First', { blocks: [rt1, q2] }));
  });

  it('fields, filters and sort inside a populated relation', async () => {
    const res = await get('/api/articles/1?fields[0]=title&populate[tags][fields][0]=name&populate[tags][sort]=name:desc&populate[tags][filters][name][$ne]=beta');
    expect(res.body).to.deep.equal({
      data: titled(1, 'First', {
        tags: {
          data: [
            { id: 3, attributes: { name: 'gamma' } },
            { id: 1, attributes: { name: 'alpha' } },
          ],
        },
      }),
      meta: {},
    });
    const asc = await get('/api/articles/1?fields[0]=title&populate[tags][fields][0]=name&populate[tags][sort][0]=name');
    expect(asc.body.data.attributes.tags.data.map((t: { attributes: { name: string } }) => t.attributes.name)).to.deep.equal(['alpha', 'gamma']);
    const none = await get('/api/articles/1?fields[0]=title&populate[tags][filters][name][$eq]=zzz');
    expect(none.body.data).to.deep.equal(titled(1, 'First', { tags: { data: [] } }));
  });

  it('count on a to-many relation, with the publication state of the request', async () => {
    const res = await get('/api/articles?fields[0]=title&populate[tags][count]=true&populate[related][count]=true');
    expect(res.text).to.equal(
      JSON.stringify({
        data: [
          titled(1, 'First', { tags: { data: { attributes: { count: 2 } } }, related: { data: { attributes: { count: 1 } } } }),
          titled(2, 'Second', { tags: { data: { attributes: { count: 1 } } }, related: { data: { attributes: { count: 0 } } } }),
        ],
        meta: page(2),
      }),
    );
    const preview = await get('/api/articles/1?publicationState=preview&fields[0]=title&populate[related][count]=true');
    expect(preview.body.data).to.deep.equal(titled(1, 'First', { related: { data: { attributes: { count: 2 } } } }));
    const inverse = await get('/api/categories?fields[0]=name&populate[articles][count]=1');
    expect(inverse.body.data).to.deep.equal([
      { id: 1, attributes: { name: 'News', articles: { data: { attributes: { count: 2 } } } } },
      { id: 2, attributes: { name: 'Sport', articles: { data: { attributes: { count: 0 } } } } },
    ]);
  });

  it('unknown keys are ignored: unknown attributes, scalars, `__component`; the pieces of mixed qs shapes are merged', async () => {
    const res = await get('/api/articles/1?fields[0]=title&populate[nope]=true&populate[title]=true&populate[seo][populate][__component]=1');
    expect(res.body).to.deep.equal({ data: titled(1, 'First', { seo: { id: 1, metaTitle: 'mt1', metaDescription: null } }), meta: {} });
    // qs: { 0: { blocks: ... }, 1: 'localizations', seo: { populate: 'tags' } }: all three, as
    // Strapi 4.13 read it (4.26 populates only seo); `x` names nothing in the zone's components
    const mixed = await get('/api/articles/1?fields[0]=title&populate[blocks][populate]=x&populate=localizations&populate[seo][populate]=tags');
    expect(mixed.status).to.equal(200);
    expect(mixed.body.data).to.deep.equal(
      titled(1, 'First', {
        seo: {
          id: 1,
          metaTitle: 'mt1',
          metaDescription: null,
          tags: [
            { id: 2, name: 'n2', content: 'c2' },
            { id: 1, name: 'n1', content: 'c1' },
          ],
        },
        blocks: [
          { id: 1, __component: 'shared.rich-text', body: '**rt**' },
          { id: 1, __component: 'shared.quote', title: 'q1', body: 'b1' },
          { id: 2, __component: 'shared.quote', title: 'q2', body: 'b2' },
        ],
        localizations: { data: [] },
      }),
    );
  });

  it('pagination inside populate is ignored', async () => {
    const res = await get('/api/articles/1?fields[0]=title&populate[tags][fields][0]=name&populate[tags][pagination][pageSize]=1&populate[tags][pagination][page]=2');
    expect(res.body.data).to.deep.equal(
      titled(1, 'First', {
        tags: {
          data: [
            { id: 3, attributes: { name: 'gamma' } },
            { id: 1, attributes: { name: 'alpha' } },
          ],
        },
      }),
    );
  });

  it('a single type with a component: GET /api/global?populate=*', async () => {
    await ctx.app.knex('globals').insert({ id: 1, site_name: 'Peer', description: null, created_at: new Date(T1), updated_at: new Date(T1) });
    await ctx.app.knex('components_shared_seos').insert({ id: 2, meta_title: 'site', meta_description: null });
    await ctx.app.knex('globals_components').insert({ id: 1, entity_id: 1, component_id: 2, component_type: 'shared.seo', field: 'defaultSeo', order: 1 });
    const res = await get('/api/global?populate=*');
    expect(res.status).to.equal(200);
    expect(res.text).to.equal(
      JSON.stringify({
        data: { id: 1, attributes: { siteName: 'Peer', description: null, createdAt: T1, updatedAt: T1, defaultSeo: { id: 2, metaTitle: 'site', metaDescription: null } } },
        meta: {},
      }),
    );
  });

  it('the entity service takes the same populate in object form, counts as RelationCount', async () => {
    const service = ctx.app.platform.service('plugin::query-engine.entity-service');
    const entries = await service.findMany('api::article.article', {
      fields: ['title'],
      filters: { id: 1 },
      populate: { tags: { count: true }, seo: { populate: { tags: true } }, category: { fields: ['name'] }, author: false },
    });
    expect(entries).to.have.length(1);
    expect(entries[0]?.tags).to.be.instanceOf(RelationCount);
    expect(entries[0]).to.deep.equal({
      id: 1,
      title: 'First',
      category: { id: 1, name: 'News' },
      tags: new RelationCount(2),
      seo: {
        id: 1,
        metaTitle: 'mt1',
        metaDescription: null,
        tags: [
          { id: 2, name: 'n2', content: 'c2' },
          { id: 1, name: 'n1', content: 'c1' },
        ],
      },
    });
  });

  it('populate=localizations returns the linked entries of other locales', async () => {
    await ctx.app.knex('articles').insert(articleRow(ctx.app, { id: 4, title: 'Premier', locale: 'fr' }));
    await ctx.app.knex('articles_localizations_links').insert({ id: 1, article_id: 1, inv_article_id: 4, article_order: 1 });
    const res = await get('/api/articles/1?fields[0]=title&populate[localizations][fields][0]=title&populate[localizations][fields][1]=locale');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: titled(1, 'First', { localizations: { data: [{ id: 4, attributes: { title: 'Premier', locale: 'fr' } }] } }), meta: {} });
  });

  describe('bad populate values are a 400, never a 500', () => {
    const cases: Array<[string, string]> = [
      ['populate[0]=category&populate[1]', 'Invalid parameter populate[1]: expected a string, an array of strings or a populate object'],
      ['populate[category][fields][0]=nope', 'Invalid parameter nope'],
      ['populate[author][fields][0]=secret', 'Invalid parameter secret'],
      ['populate[category][filters][nope][$eq]=1', 'Invalid parameter nope'],
      ['populate[category][sort]=nope:desc', 'Invalid parameter nope'],
      ['populate[tags][count]=yes', 'Invalid parameter populate[tags][count]: expected true or false'],
      ['populate[seo][0]=tags', 'Invalid parameter populate[seo]: expected a string, an array of strings or a populate object'],
      ['populate[blocks][on]=shared.quote', 'Invalid parameter populate[blocks][on]: expected a string, an array of strings or a populate object'],
      [`populate=${Array.from({ length: 21 }, (_, i) => (i % 2 === 0 ? 'category' : 'articles')).join('.')}`, 'Invalid parameter populate: deeper than 20 levels'],
    ];
    for (const [query, message] of cases) {
      it(query.length > 80 ? `${query.slice(0, 80)}...` : query, async () => {
        const res = await get(`/api/articles?${query}`);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(invalid(message));
      });
    }

    it('a hostile dotted path of thousands of levels is refused before Json SQL runs', async () => {
      const hostile = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? 'category' : 'articles')).join('.');
      const { result: res, count } = await ctx.app.countQueries(() => get(`/api/articles?populate=${hostile}`));
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(invalid('Invalid parameter populate: deeper than 20 levels'));
      expect(count).to.equal(0);
    });

    it('20 levels of dotted path are served', async () => {
      const path = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'category' : 'articles')).join('.');
      const res = await get(`/api/articles?fields[0]=title&populate=${path}`);
      expect(res.status).to.equal(200);
    });
  });
});
