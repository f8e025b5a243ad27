/**
 * `filters` and `sort` inside a populate reach further relations scoped like the root's deep
 * filters: in `live`, a draft reached through a populate's deep filter or relation sort can
 * neither match nor move an entry; in `preview` it counts.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { seedReadData } from './read-fixtures';

describeEachDatabase('REST populate filters and sort: scope of what they reach', (ctx) => {
  before(async () => {
    await seedReadData(ctx.app);
    // the draft (article 6, 30 views) is also tagged alpha
    await ctx.app.knex('articles_tags_links').insert({ article_id: 6, tag_id: 1, tag_order: 1, article_order: 2 });
  });

  const FILTERED = '/api/articles?filters[id]=4&fields[0]=title&populate[category][fields][0]=name&populate[category][filters][articles][title]=Hello%20World%20draft';

  it('a populate deep filter does not match a draft in live', async () => {
    const res = await ctx.app.get(FILTERED);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      data: [{ id: 4, attributes: { title: 'Zebra', category: { data: null } } }],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
    });
  });

  it('a populate deep filter matches the draft in preview', async () => {
    const res = await ctx.app.get(`${FILTERED}&publicationState=preview`);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data[0].attributes.category).to.deep.equal({ data: { id: 3, attributes: { name: 'Tech' } } });
  });

  it('the same on a read by id', async () => {
    const url = '/api/articles/4?fields[0]=title&populate[category][fields][0]=name&populate[category][filters][articles][title]=Hello%20World%20draft';
    expect((await ctx.app.get(url)).body.data.attributes.category).to.deep.equal({ data: null });
    expect((await ctx.app.get(`${url}&publicationState=preview`)).body.data.attributes.category).to.deep.equal({ data: { id: 3, attributes: { name: 'Tech' } } });
  });

  it('a populate count with a deep filter does not count through a draft in live', async () => {
    const url = '/api/articles/1?fields[0]=title&populate[tags][count]=true&populate[tags][filters][articles][views][$gt]=25';
    const live = await ctx.app.get(url);
    expect(live.status, live.text).to.equal(200);
    expect(live.body.data.attributes.tags).to.deep.equal({ data: { attributes: { count: 0 } } });
    const preview = await ctx.app.get(`${url}&publicationState=preview`);
    expect(preview.body.data.attributes.tags).to.deep.equal({ data: { attributes: { count: 1 } } });
  });

  it('a populate sort through a relation does not count a draft in live', async () => {
    const url = '/api/articles/1?fields[0]=title&populate[tags][fields][0]=name&populate[tags][sort]=articles.views:desc';
    const live = await ctx.app.get(url);
    expect(live.status, live.text).to.equal(200);
    // alpha: article 1 (10 views); beta: articles 1 and 2 (20 views)
    expect(live.body.data.attributes.tags.data.map((t: { attributes: { name: string } }) => t.attributes.name)).to.deep.equal(['beta', 'alpha']);
    // in preview, alpha also has the draft (30 views)
    const preview = await ctx.app.get(`${url}&publicationState=preview`);
    expect(preview.body.data.attributes.tags.data.map((t: { attributes: { name: string } }) => t.attributes.name)).to.deep.equal(['alpha', 'beta']);
  });
});
