/**
 * The `locale` parameter and localized creation on the example app: default locale, a given
 * locale, `all`, unknown codes, reads by id, PUT never changing the locale, and types that are
 * not localized.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { countRows } from '../helpers/count';
import type { Knex } from 'knex';

const page = (total: number) => ({ pagination: { page: 1, pageSize: 25, pageCount: total === 0 ? 0 : 1, total } });
const count = (knex: Knex, table: string) => countRows(knex(table));

describeEachDatabase('i18n: locale parameter', (ctx) => {
  before(async () => {
    const { app } = ctx;
    expect((await app.post('/api/articles', { data: { title: 'Hello' } })).status).to.equal(200);
    expect((await app.post('/api/articles', { data: { title: 'Bonjour', locale: 'fr' } })).status).to.equal(200);
    expect((await app.post('/api/articles', { data: { title: 'Salut', locale: 'fr' } })).status).to.equal(200);
    expect((await app.post('/api/categories', { data: { name: 'News' } })).status).to.equal(200);
  });

  it('creates in the default locale when none is sent', async () => {
    const row = await ctx.app.knex('articles').where('id', 1).first('locale');
    expect(row.locale).to.equal('en');
    const res = await ctx.app.get('/api/articles/1?fields[0]=title&fields[1]=locale');
    expect(res.body).to.deep.equal({ data: { id: 1, attributes: { title: 'Hello', locale: 'en' } }, meta: {} });
  });

  it('creates in the locale sent in data, or in the locale query parameter', async () => {
    expect((await ctx.app.knex('articles').where('id', 2).first('locale')).locale).to.equal('fr');
    const viaQuery = await ctx.app.post('/api/articles?locale=fr', { data: { title: 'Coucou' } });
    expect(viaQuery.status).to.equal(200);
    expect(viaQuery.body.data.attributes.locale).to.equal('fr');
    await ctx.app.del(`/api/articles/${viaQuery.body.data.id}`);
  });

  it('rejects an unknown locale on create with a 400 ApplicationError and writes nothing', async () => {
    const before = await count(ctx.app.knex, 'articles');
    for (const locale of ['de', 'xx', 5]) {
      const res = await ctx.app.post('/api/articles', { data: { title: 'Nope', locale } });
      expect(res.status, String(locale)).to.equal(400);
      expect(res.body, String(locale)).to.deep.equal({ data: null, error: { status: 400, name: 'ApplicationError', message: "This locale doesn't exist", details: {} } });
    }
    const viaQuery = await ctx.app.post('/api/articles?locale=de', { data: { title: 'Nope' } });
    expect(viaQuery.status).to.equal(400);
    expect(viaQuery.body.error.message).to.equal("This locale doesn't exist");
    expect(await count(ctx.app.knex, 'articles')).to.equal(before);
  });

  it('lists the default locale when no locale is asked for', async () => {
    const res = await ctx.app.get('/api/articles?fields[0]=title&fields[1]=locale');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: [{ id: 1, attributes: { title: 'Hello', locale: 'en' } }], meta: page(1) });
  });

  it('lists one locale with locale=<code> and every locale with locale=all', async () => {
    const fr = await ctx.app.get('/api/articles?fields[0]=title&fields[1]=locale&locale=fr');
    expect(fr.body).to.deep.equal({
      data: [
        { id: 2, attributes: { title: 'Bonjour', locale: 'fr' } },
        { id: 3, attributes: { title: 'Salut', locale: 'fr' } },
      ],
      meta: page(2),
    });
    const all = await ctx.app.get('/api/articles?fields[0]=title&fields[1]=locale&locale=all');
    expect(all.body).to.deep.equal({
      data: [
        { id: 1, attributes: { title: 'Hello', locale: 'en' } },
        { id: 2, attributes: { title: 'Bonjour', locale: 'fr' } },
        { id: 3, attributes: { title: 'Salut', locale: 'fr' } },
      ],
      meta: page(3),
    });
  });

  it('answers an unknown locale code on a list with 200 and an empty list', async () => {
    const res = await ctx.app.get('/api/articles?locale=de');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: [], meta: page(0) });
  });

  it('rejects a locale parameter that is not a string with a 400 naming it', async () => {
    const res = await ctx.app.get('/api/articles?locale[0]=en');
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter locale', details: {} } });
  });

  it('reads an entry by id whatever the locale parameter says', async () => {
    for (const query of ['', '&locale=en', '&locale=de', '&locale=all']) {
      const res = await ctx.app.get(`/api/articles/2?fields[0]=title${query}`);
      expect(res.status, query).to.equal(200);
      expect(res.body, query).to.deep.equal({ data: { id: 2, attributes: { title: 'Bonjour' } }, meta: {} });
    }
  });

  it('never changes the locale of an entry on PUT', async () => {
    const res = await ctx.app.put('/api/articles/2?locale=en', { data: { title: 'Bonjour !', locale: 'en', localizations: [1] } });
    expect(res.status).to.equal(200);
    expect(res.body.data.attributes.locale).to.equal('fr');
    expect(res.body.data.attributes.title).to.equal('Bonjour !');
    expect((await ctx.app.knex('articles').where('id', 2).first('locale')).locale).to.equal('fr');
    expect(await count(ctx.app.knex, 'articles_localizations_links')).to.equal(0);
  });

  it('counts with the same locale rule as the list', async () => {
    const res = await ctx.app.get('/api/articles?locale=fr&pagination[pageSize]=1&fields[0]=title');
    expect(res.body.meta).to.deep.equal({ pagination: { page: 1, pageSize: 1, pageCount: 2, total: 2 } });
  });

  it('ignores the locale parameter on a type that is not localized', async () => {
    const plain = await ctx.app.get('/api/categories?fields[0]=name');
    expect(plain.body).to.deep.equal({ data: [{ id: 1, attributes: { name: 'News' } }], meta: page(1) });
    for (const query of ['&locale=fr', '&locale=de', '&locale=all']) {
      const res = await ctx.app.get(`/api/categories?fields[0]=name${query}`);
      expect(res.status, query).to.equal(200);
      expect(res.body, query).to.deep.equal(plain.body);
    }
    const created = await ctx.app.post('/api/categories', { data: { name: 'Local', locale: 'fr' } });
    expect(created.status).to.equal(200);
    expect(Object.keys(created.body.data.attributes)).to.deep.equal(['name', 'slug', 'createdAt', 'updatedAt']);
    expect(await ctx.app.knex.schema.hasColumn('categories', 'locale')).to.equal(false);
  });

  it('adds a locale column and a localizations link table to localized types only', async () => {
    expect(await ctx.app.knex.schema.hasColumn('articles', 'locale')).to.equal(true);
    expect(await ctx.app.knex.schema.hasTable('articles_localizations_links')).to.equal(true);
    for (const column of ['id', 'article_id', 'inv_article_id', 'article_order']) {
      expect(await ctx.app.knex.schema.hasColumn('articles_localizations_links', column), column).to.equal(true);
    }
    expect(await ctx.app.knex.schema.hasTable('categories_localizations_links')).to.equal(false);
  });
});
