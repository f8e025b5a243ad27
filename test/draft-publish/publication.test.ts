/**
 * Draft & publish on the example app: what a POST/PUT publishes, what `publicationState`
 * shows at the root, by id and through populated relations, and bad values.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function invalidState() {
  return { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter publicationState', details: {} } };
}

describeEachDatabase('draft & publish: publication state', (ctx) => {
  before(async () => {
    const { app } = ctx;
    expect((await app.post('/api/categories', { data: { name: 'News' } })).status).to.equal(200);
    expect((await app.post('/api/writers', { data: { name: 'Ada' } })).status).to.equal(200);
    expect((await app.post('/api/articles', { data: { title: 'Published', category: 1, author: 1 } })).status).to.equal(200);
    expect((await app.post('/api/articles', { data: { title: 'Draft', publishedAt: null, category: 1, author: 1 } })).status).to.equal(200);
  });

  it('POST publishes at once when publishedAt is not sent', async () => {
    const before = Date.now();
    const res = await ctx.app.post('/api/articles', { data: { title: 'Fresh' } });
    expect(res.status).to.equal(200);
    const { publishedAt } = res.body.data.attributes;
    expect(publishedAt).to.match(ISO);
    expect(Date.parse(publishedAt)).to.be.within(before - 1000, Date.now() + 1000);
    const row = await ctx.app.knex('articles').where('id', res.body.data.id).first('published_at');
    expect(row.published_at).to.not.equal(null);
  });

  it('POST with publishedAt null creates a draft', async () => {
    const res = await ctx.app.post('/api/articles', { data: { title: 'Unfinished', publishedAt: null } });
    expect(res.status).to.equal(200);
    expect(res.body.data.attributes.publishedAt).to.equal(null);
    expect(res.body.data.attributes.title).to.equal('Unfinished');
    const row = await ctx.app.knex('articles').where('id', res.body.data.id).first('published_at');
    expect(row.published_at).to.equal(null);
  });

  it('POST with a date publishes at that date', async () => {
    const res = await ctx.app.post('/api/articles', { data: { title: 'Backdated', publishedAt: '2020-01-02T03:04:05.000Z' } });
    expect(res.status).to.equal(200);
    expect(res.body.data.attributes.publishedAt).to.equal('2020-01-02T03:04:05.000Z');
  });

  it('lists only published entries in live, which is the default', async () => {
    const live = await ctx.app.get('/api/articles?fields[0]=title&filters[id][$lte]=2');
    expect(live.status).to.equal(200);
    expect(live.body).to.deep.equal({ data: [{ id: 1, attributes: { title: 'Published' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
    const explicit = await ctx.app.get('/api/articles?fields[0]=title&filters[id][$lte]=2&publicationState=live');
    expect(explicit.status).to.equal(200);
    expect(explicit.body).to.deep.equal(live.body);
  });

  it('lists drafts and published entries in preview', async () => {
    const res = await ctx.app.get('/api/articles?fields[0]=title&filters[id][$lte]=2&publicationState=preview');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      data: [
        { id: 1, attributes: { title: 'Published' } },
        { id: 2, attributes: { title: 'Draft' } },
      ],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } },
    });
  });

  it('lists drafts only with preview and filters[publishedAt][$null]=true', async () => {
    const res = await ctx.app.get('/api/articles?fields[0]=title&filters[id][$lte]=2&publicationState=preview&filters[publishedAt][$null]=true');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: [{ id: 2, attributes: { title: 'Draft' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
  });

  it('answers a draft by id with 404 in live and with the entry in preview', async () => {
    const live = await ctx.app.get('/api/articles/2');
    expect(live.status).to.equal(404);
    expect(live.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    const preview = await ctx.app.get('/api/articles/2?publicationState=preview&fields[0]=title&fields[1]=publishedAt');
    expect(preview.status).to.equal(200);
    expect(preview.body).to.deep.equal({ data: { id: 2, attributes: { title: 'Draft', publishedAt: null } }, meta: {} });
    const published = await ctx.app.get('/api/articles/1?fields[0]=title');
    expect(published.body).to.deep.equal({ data: { id: 1, attributes: { title: 'Published' } }, meta: {} });
  });

  it('answers a write with the entry as stored, drafts shown at every level, and ignores includeHidden from a request', async () => {
    const put = await ctx.app.put('/api/categories/1?fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort]=id', { data: { name: 'News' } });
    expect(put.status).to.equal(200);
    expect(put.body).to.deep.equal({
      data: {
        id: 1,
        attributes: {
          name: 'News',
          articles: {
            data: [
              { id: 1, attributes: { title: 'Published' } },
              { id: 2, attributes: { title: 'Draft' } },
            ],
          },
        },
      },
      meta: {},
    });
    const draft = await ctx.app.put('/api/articles/2?fields[0]=title&fields[1]=publishedAt', { data: { title: 'Draft' } });
    expect(draft.status).to.equal(200);
    expect(draft.body).to.deep.equal({ data: { id: 2, attributes: { title: 'Draft', publishedAt: null } }, meta: {} });
    const hidden = await ctx.app.get('/api/articles/2?includeHidden=true');
    expect(hidden.status).to.equal(404);
    const list = await ctx.app.get('/api/articles?fields[0]=title&filters[id][$lte]=2&includeHidden=true');
    expect(list.body.data).to.deep.equal([{ id: 1, attributes: { title: 'Published' } }]);
  });

  it('rejects an unknown publicationState with a 400 naming the parameter', async () => {
    for (const url of ['/api/articles?publicationState=foo', '/api/articles/1?publicationState=foo', '/api/articles?publicationState[0]=live', '/api/categories?publicationState=draft']) {
      const res = await ctx.app.get(url);
      expect(res.status, url).to.equal(400);
      expect(res.body, url).to.deep.equal(invalidState());
    }
  });

  it('counts only published entries in the list meta in live', async () => {
    const live = await ctx.app.get('/api/articles?fields[0]=title&pagination[pageSize]=1');
    const preview = await ctx.app.get('/api/articles?fields[0]=title&pagination[pageSize]=1&publicationState=preview');
    const rows = await ctx.app.knex('articles').select('published_at');
    const publishedRows = rows.filter((r: { published_at: unknown }) => r.published_at !== null).length;
    expect(live.body.meta.pagination.total).to.equal(publishedRows);
    expect(preview.body.meta.pagination.total).to.equal(rows.length);
    expect(publishedRows).to.be.lessThan(rows.length);
  });

  it('hides drafts in populated relations in live, for a list and by id, and shows them in preview', async () => {
    const byId = await ctx.app.get('/api/categories/1?fields[0]=name&populate[articles][fields][0]=title');
    expect(byId.status).to.equal(200);
    expect(byId.body).to.deep.equal({ data: { id: 1, attributes: { name: 'News', articles: { data: [{ id: 1, attributes: { title: 'Published' } }] } } }, meta: {} });
    const list = await ctx.app.get('/api/writers?fields[0]=name&populate[articles][fields][0]=title');
    expect(list.body.data).to.deep.equal([{ id: 1, attributes: { name: 'Ada', articles: { data: [{ id: 1, attributes: { title: 'Published' } }] } } }]);
    const preview = await ctx.app.get('/api/categories/1?fields[0]=name&populate[articles][fields][0]=title&publicationState=preview');
    expect(preview.body).to.deep.equal({
      data: {
        id: 1,
        attributes: {
          name: 'News',
          articles: {
            data: [
              { id: 1, attributes: { title: 'Published' } },
              { id: 2, attributes: { title: 'Draft' } },
            ],
          },
        },
      },
      meta: {},
    });
    const toOne = await ctx.app.get('/api/articles/2?fields[0]=title&populate[category][fields][0]=name&publicationState=preview');
    expect(toOne.body).to.deep.equal({ data: { id: 2, attributes: { title: 'Draft', category: { data: { id: 1, attributes: { name: 'News' } } } } }, meta: {} });
  });

  it('counts populated relations in the publication state', async () => {
    const live = await ctx.app.get('/api/categories/1?fields[0]=name&populate[articles][count]=true');
    expect(live.status).to.equal(200);
    expect(live.body).to.deep.equal({ data: { id: 1, attributes: { name: 'News', articles: { data: { attributes: { count: 1 } } } } }, meta: {} });
    const preview = await ctx.app.get('/api/categories/1?fields[0]=name&populate[articles][count]=true&publicationState=preview');
    expect(preview.body).to.deep.equal({ data: { id: 1, attributes: { name: 'News', articles: { data: { attributes: { count: 2 } } } } }, meta: {} });
  });

  it('PUT leaves publishedAt alone when it is not sent', async () => {
    const created = await ctx.app.post('/api/articles', { data: { title: 'Steady' } });
    const { id } = created.body.data;
    const res = await ctx.app.put(`/api/articles/${id}`, { data: { title: 'Steady 2' } });
    expect(res.status).to.equal(200);
    expect(res.body.data.attributes.publishedAt).to.equal(created.body.data.attributes.publishedAt);
    expect(res.body.data.attributes.title).to.equal('Steady 2');

    const draft = await ctx.app.post('/api/articles', { data: { title: 'Still draft', publishedAt: null } });
    const updated = await ctx.app.put(`/api/articles/${draft.body.data.id}`, { data: { title: 'Still draft 2' } });
    expect(updated.status).to.equal(200);
    expect(updated.body.data.attributes.publishedAt).to.equal(null);
    expect(updated.body.data.attributes.title).to.equal('Still draft 2');
  });

  it('PUT with null unpublishes and PUT with a date publishes', async () => {
    const created = await ctx.app.post('/api/articles', { data: { title: 'Toggle' } });
    const { id } = created.body.data;
    const unpublished = await ctx.app.put(`/api/articles/${id}`, { data: { publishedAt: null } });
    expect(unpublished.status).to.equal(200);
    expect(unpublished.body.data.attributes.publishedAt).to.equal(null);
    expect((await ctx.app.get(`/api/articles/${id}`)).status).to.equal(404);
    expect((await ctx.app.knex('articles').where('id', id).first('published_at')).published_at).to.equal(null);

    const republished = await ctx.app.put(`/api/articles/${id}`, { data: { publishedAt: '2024-03-04T05:06:07.089Z' } });
    expect(republished.status).to.equal(200);
    expect(republished.body.data.attributes.publishedAt).to.equal('2024-03-04T05:06:07.089Z');
    const read = await ctx.app.get(`/api/articles/${id}?fields[0]=title&fields[1]=publishedAt`);
    expect(read.body).to.deep.equal({ data: { id, attributes: { title: 'Toggle', publishedAt: '2024-03-04T05:06:07.089Z' } }, meta: {} });
  });

  it('has no publishedAt and ignores publicationState on types without draft & publish', async () => {
    const live = await ctx.app.get('/api/categories');
    const preview = await ctx.app.get('/api/categories?publicationState=preview');
    expect(live.status).to.equal(200);
    expect(preview.body).to.deep.equal(live.body);
    expect(Object.keys(live.body.data[0].attributes)).to.deep.equal(['name', 'slug', 'createdAt', 'updatedAt']);
    expect(await ctx.app.knex.schema.hasColumn('categories', 'published_at')).to.equal(false);
    expect(await ctx.app.knex.schema.hasColumn('articles', 'published_at')).to.equal(true);
    const sent = await ctx.app.post('/api/categories', { data: { name: 'Sports', publishedAt: null } });
    expect(Object.keys(sent.body.data.attributes)).to.deep.equal(['name', 'slug', 'createdAt', 'updatedAt']);
  });

  it('places publishedAt after updatedAt and before locale in the response', async () => {
    const res = await ctx.app.get('/api/articles/1');
    expect(Object.keys(res.body.data.attributes).slice(-4)).to.deep.equal(['createdAt', 'updatedAt', 'publishedAt', 'locale']);
  });
});
