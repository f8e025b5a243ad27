/**
 * `POST /api/articles/:id/localizations` on the example app: the Strapi v4 request and
 * response shapes, the links between localizations, its errors (nothing written), populate,
 * shared attributes kept in sync, and clean-up on delete.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import type { LocalesService } from '@platform/i18n';
import { countRows } from '../helpers/count';
import type { Knex } from 'knex';

const count = (knex: Knex, table: string) => countRows(knex(table));
const appError = (message: string) => ({ data: null, error: { status: 400, name: 'ApplicationError', message, details: {} } });

async function links(knex: Knex): Promise<Array<[number, number, number]>> {
  const rows = await knex('articles_localizations_links').select('article_id', 'inv_article_id', 'article_order').orderBy(['article_id', 'article_order']);
  return rows.map((r: Record<string, unknown>) => [Number(r.article_id), Number(r.inv_article_id), Number(r.article_order)]);
}

describeEachDatabase('i18n: localizations', (ctx) => {
  const flat = async (id: number) => {
    const res = await ctx.app.get(`/api/articles/${id}?publicationState=preview`);
    expect(res.status).to.equal(200);
    return { id, ...res.body.data.attributes };
  };

  before(async () => {
    const res = await ctx.app.post('/api/articles', {
      data: {
        title: 'Hello World',
        body: '# hi',
        views: 3,
        rating: 4.5,
        price: 9.99,
        publishedOn: '2024-01-02',
        meta: { a: [1, 2] },
        status: 'review',
        contactEmail: 'ada@example.com',
        seo: { metaTitle: 'mt' },
      },
    });
    expect(res.status).to.equal(200);
    await ctx.app.platform.service<LocalesService>('plugin::i18n.locales').create({ code: 'de' });
  });

  it('creates a localization from a flat body and answers the flat entry with its localizations', async () => {
    const source = await flat(1);
    const res = await ctx.app.post('/api/articles/1/localizations', { locale: 'fr', title: 'Bonjour' });
    expect(res.status).to.equal(200);
    const { createdAt, updatedAt } = res.body;
    expect(createdAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const expected = {
      id: 2,
      title: 'Bonjour',
      slug: null,
      body: null,
      views: 3,
      rating: 4.5,
      price: 9.99,
      publishedOn: '2024-01-02',
      featured: false,
      meta: { a: [1, 2] },
      status: 'review',
      contactEmail: 'ada@example.com',
      createdAt,
      updatedAt,
      publishedAt: null,
      locale: 'fr',
      localizations: [source],
    };
    expect(res.body).to.deep.equal(expected);
    expect(Object.keys(res.body)).to.deep.equal(Object.keys(expected));
    expect(Object.keys(res.body.localizations[0])).to.deep.equal([
      'id',
      'title',
      'slug',
      'body',
      'views',
      'rating',
      'price',
      'publishedOn',
      'featured',
      'meta',
      'status',
      'contactEmail',
      'createdAt',
      'updatedAt',
      'publishedAt',
      'locale',
    ]);
    expect(await links(ctx.app.knex)).to.deep.equal([
      [1, 2, 1],
      [2, 1, 1],
    ]);
  });

  it('links every localization of a group to all the others', async () => {
    const res = await ctx.app.post('/api/articles/2/localizations', { locale: 'de', title: 'Hallo', publishedAt: '2024-02-03T04:05:06.007Z' });
    expect(res.status).to.equal(200);
    expect(res.body.id).to.equal(3);
    expect(res.body.locale).to.equal('de');
    expect(res.body.publishedAt).to.equal('2024-02-03T04:05:06.007Z');
    expect(res.body.localizations.map((l: { id: number; locale: string }) => [l.id, l.locale])).to.deep.equal([
      [2, 'fr'],
      [1, 'en'],
    ]);
    expect(await links(ctx.app.knex)).to.deep.equal([
      [1, 2, 1],
      [1, 3, 2],
      [2, 1, 1],
      [2, 3, 2],
      [3, 2, 1],
      [3, 1, 2],
    ]);
  });

  it('answers the Strapi v4 errors and writes nothing', async () => {
    const articles = await count(ctx.app.knex, 'articles');
    const linkRows = await count(ctx.app.knex, 'articles_localizations_links');
    const cases: Array<[string, unknown, number, unknown]> = [
      ['/api/articles/1/localizations', { title: 'x' }, 400, appError('locale is missing')],
      ['/api/articles/1/localizations', { data: { locale: 'fr', title: 'x' } }, 400, appError('locale is missing')],
      ['/api/articles/1/localizations', { locale: '', title: 'x' }, 400, appError('locale is missing')],
      ['/api/articles/1/localizations', { locale: 'xx', title: 'x' }, 400, appError('locale is invalid')],
      ['/api/articles/1/localizations', { locale: 7, title: 'x' }, 400, appError('locale is invalid')],
      ['/api/articles/1/localizations', { locale: 'fr', title: 'x' }, 400, appError('locale is already used')],
      ['/api/articles/3/localizations', { locale: 'en', title: 'x' }, 400, appError('locale is already used')],
      ['/api/articles/999/localizations', { locale: 'fr', title: 'x' }, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Entity not found', details: {} } }],
      ['/api/articles/abc/localizations', { locale: 'fr', title: 'x' }, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Entity not found', details: {} } }],
    ];
    for (const [url, body, status, expected] of cases) {
      const res = await ctx.app.post(url, body);
      expect(res.status, JSON.stringify(body)).to.equal(status);
      expect(res.body, JSON.stringify(body)).to.deep.equal(expected);
    }
    expect(await count(ctx.app.knex, 'articles')).to.equal(articles);
    expect(await count(ctx.app.knex, 'articles_localizations_links')).to.equal(linkRows);
  });

  it('validates the localized data like Json create', async () => {
    const before = await count(ctx.app.knex, 'articles');
    const other = await ctx.app.post('/api/articles', { data: { title: 'Other' } });
    const res = await ctx.app.post(`/api/articles/${other.body.data.id}/localizations`, { locale: 'fr', title: 'x'.repeat(201) });
    expect(res.status).to.equal(400);
    expect(res.body.error.name).to.equal('ValidationError');
    expect(res.body.error.details.errors[0].path).to.deep.equal(['title']);
    expect(await count(ctx.app.knex, 'articles')).to.equal(before + 1);
    await ctx.app.del(`/api/articles/${other.body.data.id}`);
  });

  it('populates localizations, following the publication state', async () => {
    const preview = await ctx.app.get('/api/articles/1?fields[0]=title&populate[localizations][fields][0]=title&populate[localizations][fields][1]=locale&publicationState=preview');
    expect(preview.status).to.equal(200);
    expect(preview.body).to.deep.equal({
      data: {
        id: 1,
        attributes: {
          title: 'Hello World',
          localizations: {
            data: [
              { id: 2, attributes: { title: 'Bonjour', locale: 'fr' } },
              { id: 3, attributes: { title: 'Hallo', locale: 'de' } },
            ],
          },
        },
      },
      meta: {},
    });
    const live = await ctx.app.get('/api/articles/1?fields[0]=title&populate[localizations][fields][0]=title');
    expect(live.body).to.deep.equal({ data: { id: 1, attributes: { title: 'Hello World', localizations: { data: [{ id: 3, attributes: { title: 'Hallo' } }] } } }, meta: {} });
    const star = await ctx.app.get('/api/articles?populate=localizations&fields[0]=title');
    const { id: _id, ...hallo } = await flat(3);
    expect(star.body.data[0].id).to.equal(1);
    expect(star.body.data[0].attributes.localizations).to.deep.equal({ data: [{ id: 3, attributes: hallo }] });
  });

  it('populates localizations last with populate=*', async () => {
    const res = await ctx.app.get('/api/articles/1?populate=*&publicationState=preview');
    expect(res.status).to.equal(200);
    const keys = Object.keys(res.body.data.attributes);
    expect(keys.slice(-9)).to.deep.equal(['locale', 'category', 'tags', 'author', 'related', 'cover', 'seo', 'blocks', 'localizations']);
    expect(res.body.data.attributes.localizations.data.map((l: { id: number }) => l.id)).to.deep.equal([2, 3]);
  });

  it('keeps shared attributes equal across localizations on PUT, leaving localized ones alone', async () => {
    const res = await ctx.app.put('/api/articles/1', { data: { title: 'Hello again', views: 42, price: 19.5, publishedOn: '2025-05-06', featured: true, meta: { b: true }, status: 'done' } });
    expect(res.status).to.equal(200);
    const all = await ctx.app.get(
      '/api/articles?locale=all&publicationState=preview&sort=id&filters[id][$lte]=3&fields[0]=title&fields[1]=views&fields[2]=price&fields[3]=publishedOn&fields[4]=featured&fields[5]=meta&fields[6]=status&fields[7]=rating',
    );
    const shared = { views: 42, price: 19.5, publishedOn: '2025-05-06', featured: true, meta: { b: true }, status: 'done', rating: 4.5 };
    expect(all.body.data).to.deep.equal([
      { id: 1, attributes: { title: 'Hello again', ...shared } },
      { id: 2, attributes: { title: 'Bonjour', ...shared } },
      { id: 3, attributes: { title: 'Hallo', ...shared } },
    ]);
    const fromFrench = await ctx.app.put('/api/articles/2', { data: { rating: 1.25, views: null } });
    expect(fromFrench.status).to.equal(200);
    const rows = await ctx.app.knex('articles').whereIn('id', [1, 2, 3]).orderBy('id').select('id', 'title', 'views', 'rating');
    expect(rows.map((r: Record<string, unknown>) => [Number(r.id), r.title, r.views, Number(r.rating)])).to.deep.equal([
      [1, 'Hello again', null, 1.25],
      [2, 'Bonjour', null, 1.25],
      [3, 'Hallo', null, 1.25],
    ]);
  });

  it('leaves other groups alone when syncing', async () => {
    const lone = await ctx.app.post('/api/articles', { data: { title: 'Lone', views: 7 } });
    await ctx.app.put('/api/articles/1', { data: { views: 8 } });
    expect((await ctx.app.knex('articles').where('id', lone.body.data.id).first('views')).views).to.equal(7);
  });

  it('removes the links of a deleted localization and keeps the rest of the group linked', async () => {
    const res = await ctx.app.del('/api/articles/3');
    expect(res.status).to.equal(200);
    expect(await links(ctx.app.knex)).to.deep.equal([
      [1, 2, 1],
      [2, 1, 1],
    ]);
    const again = await ctx.app.post('/api/articles/1/localizations', { locale: 'de', title: 'Hallo wieder' });
    expect(again.status).to.equal(200);
    expect(again.body.localizations.map((l: { locale: string }) => l.locale)).to.deep.equal(['en', 'fr']);
  });
});
