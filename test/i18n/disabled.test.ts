/**
 * i18n switched off in `config/plugins.ts` (fixture app `dp-i18n-app`): no locale attribute,
 * column, table or route; the `locale` parameter and `data.locale` are ignored; unique values
 * are unique across the whole type again.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');
const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

describeEachDatabase(
  'i18n: plugin disabled',
  (ctx) => {
    it('leaves no locale column, locale table or localizations link table in a fresh database', async () => {
      expect(ctx.app.platform.isPluginEnabled('i18n')).to.equal(false);
      const schema = () => ctx.app.knex.schema;
      expect(await schema().hasColumn('posts', 'locale')).to.equal(false);
      expect(await schema().hasColumn('homepages', 'locale')).to.equal(false);
      expect(await schema().hasTable('posts_localizations_links')).to.equal(false);
      expect(await schema().hasTable('i18n_locale')).to.equal(false);
      expect(ctx.app.platform.models.find('plugin::i18n.locale')).to.equal(undefined);
    });

    it('mounts none of its routes', async () => {
      await ctx.app.post('/api/posts', { data: { title: 'One' } });
      for (const [method, url] of [
        ['GET', '/api/i18n/locales'],
        ['POST', '/api/posts/1/localizations'],
        ['POST', '/api/homepage/localizations'],
      ] satisfies Array<[string, string]>) {
        const res = await ctx.app.request(method, url, method === 'POST' ? { locale: 'fr' } : undefined);
        expect(res.status, url).to.equal(404);
        expect(res.body, url).to.deep.equal(NOT_FOUND);
      }
    });

    it('ignores data.locale on create and the locale parameter on reads', async () => {
      const res = await ctx.app.post('/api/posts', { data: { title: 'Two', locale: 'xx' } });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.data.attributes)).to.deep.equal(['title', 'slug', 'code', 'views', 'flags', 'createdAt', 'updatedAt', 'publishedAt']);
      const expected = {
        data: [
          { id: 1, attributes: { title: 'One' } },
          { id: 2, attributes: { title: 'Two' } },
        ],
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } },
      };
      for (const query of ['', '&locale=fr', '&locale=xx', '&locale=all']) {
        const list = await ctx.app.get(`/api/posts?fields[0]=title${query}`);
        expect(list.status, query).to.equal(200);
        expect(list.body, query).to.deep.equal(expected);
      }
    });

    it('keeps one single-type entry whatever locale a PUT names', async () => {
      expect((await ctx.app.put('/api/homepage', { data: { headline: 'Welcome' } })).status).to.equal(200);
      const res = await ctx.app.put('/api/homepage?locale=fr', { data: { headline: 'Bienvenue' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.id).to.equal(1);
      expect(await ctx.app.knex('homepages').select('headline')).to.deep.equal([{ headline: 'Bienvenue' }]);
    });

    it('makes unique and uid values unique across the whole type', async () => {
      expect((await ctx.app.post('/api/posts', { data: { title: 'Three', slug: 'same', code: 'C' } })).status).to.equal(200);
      for (const data of [
        { title: 'Four', slug: 'same', locale: 'fr' },
        { title: 'Four', code: 'C', locale: 'fr' },
      ]) {
        const res = await ctx.app.post('/api/posts', { data });
        expect(res.status, JSON.stringify(data)).to.equal(400);
        expect(res.body.error.message).to.equal('This attribute must be unique');
      }
    });
  },
  { appDir: APP, env: { I18N_ENABLED: 'false' } },
);

describeEachDatabase(
  'draft & publish and i18n both disabled',
  (ctx) => {
    it('serves plain entries without publishedAt or locale', async () => {
      const res = await ctx.app.post('/api/posts', { data: { title: 'Plain', publishedAt: null, locale: 'fr' } });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.data.attributes)).to.deep.equal(['title', 'slug', 'code', 'views', 'flags', 'createdAt', 'updatedAt']);
      const list = await ctx.app.get('/api/posts?fields[0]=title&publicationState=foo&locale=de');
      expect(list.status).to.equal(200);
      expect(list.body).to.deep.equal({ data: [{ id: 1, attributes: { title: 'Plain' } }], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } });
    });
  },
  { appDir: APP, env: { I18N_ENABLED: 'false', DP_ENABLED: 'false' } },
);
