/**
 * Strapi v4 adds the sorted columns to the select when a list query joins (a filter through a
 * relation or a component, a sort on a relation), so with `fields` given the sorted attributes
 * come back in `attributes` too (strapi-v4-facts.md, verified on 4.26.2). Without a join, only
 * the fields asked for.
 */
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { articleRow, stamps, T1 } from './populate-seed';

/** Articles 1-3 with views 30, 10, 20; 1 and 2 in category News, 3 in Sport. */
async function seed(app: TestApp): Promise<void> {
  await app.knex('categories').insert([
    { id: 1, name: 'News', ...stamps(T1) },
    { id: 2, name: 'Sport', ...stamps(T1) },
  ]);
  await app.knex('articles').insert([30, 10, 20].map((views, i) => articleRow(app, { id: i + 1, title: `a${i + 1}`, views })));
  await app.knex('articles_category_links').insert([1, 2, 3].map((id) => ({ article_id: id, category_id: id === 3 ? 2 : 1, article_order: id })));
}

describeEachDatabase('sorted columns in attributes when the list joins', (ctx) => {
  before(async () => {
    await seed(ctx.app);
  });

  async function data(query: string): Promise<unknown> {
    const res = await ctx.app.get(`/api/articles?fields[0]=title&${query}`);
    expect(res.status, query).to.equal(200);
    return res.body.data;
  }

  it('a filter through a relation: the sorted attribute comes back beside the fields asked', async () => {
    expect(await data('sort=views:desc&filters[category][name][$eq]=News')).to.deep.equal([
      { id: 1, attributes: { title: 'a1', views: 30 } },
      { id: 2, attributes: { title: 'a2', views: 10 } },
    ]);
  });

  it('a sort on a relation: the other sorted attributes come back too', async () => {
    expect(await data('sort[0]=category.name:desc&sort[1]=views')).to.deep.equal([
      { id: 3, attributes: { title: 'a3', views: 20 } },
      { id: 2, attributes: { title: 'a2', views: 10 } },
      { id: 1, attributes: { title: 'a1', views: 30 } },
    ]);
  });

  it('a filter through a component inside $or joins as well', async () => {
    expect(await data('sort=views&filters[$or][0][seo][$null]=true&filters[$or][1][title][$eq]=a1')).to.deep.equal([
      { id: 2, attributes: { title: 'a2', views: 10 } },
      { id: 3, attributes: { title: 'a3', views: 20 } },
      { id: 1, attributes: { title: 'a1', views: 30 } },
    ]);
  });

  it('without a join only the fields asked for', async () => {
    expect(await data('sort=views&filters[views][$gt]=15')).to.deep.equal([
      { id: 3, attributes: { title: 'a3' } },
      { id: 1, attributes: { title: 'a1' } },
    ]);
  });
});
