/**
 * Localized single types (one entry per locale, linked as localizations) and unique/uid
 * attributes that are unique per locale, on the fixture app `dp-i18n-app`.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { countRows } from '../helpers/count';
import type { Knex } from 'knex';

const APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');
const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const count = (knex: Knex, table: string) => countRows(knex(table));
const FIELDS = 'fields[0]=headline&fields[1]=theme&fields[2]=locale';

async function homepageLinks(knex: Knex): Promise<number[][]> {
  const rows = await knex('homepages_localizations_links').select('homepage_id', 'inv_homepage_id').orderBy(['homepage_id', 'homepage_order']);
  return rows.map((r: Record<string, unknown>) => [Number(r.homepage_id), Number(r.inv_homepage_id)]);
}

describeEachDatabase(
  'i18n: localized single type',
  (ctx) => {
    it('creates the default-locale entry on a PUT without locale', async () => {
      const res = await ctx.app.put('/api/homepage', { data: { headline: 'Welcome', theme: 'dark' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.id).to.equal(1);
      expect(res.body.data.attributes.locale).to.equal('en');
    });

    it('creates the entry of another locale on a PUT with ?locale, sharing the non-localized values', async () => {
      const res = await ctx.app.put('/api/homepage?locale=fr', { data: { headline: 'Bienvenue' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.id).to.equal(2);
      expect(res.body.data.attributes).to.include({ headline: 'Bienvenue', theme: 'dark', locale: 'fr' });
      expect(await homepageLinks(ctx.app.knex)).to.deep.equal([
        [1, 2],
        [2, 1],
      ]);
    });

    it('reads the entry of the asked locale, the default one without locale, 404 for a locale without entry', async () => {
      expect((await ctx.app.get(`/api/homepage?${FIELDS}`)).body).to.deep.equal({ data: { id: 1, attributes: { headline: 'Welcome', theme: 'dark', locale: 'en' } }, meta: {} });
      expect((await ctx.app.get(`/api/homepage?${FIELDS}&locale=fr`)).body).to.deep.equal({ data: { id: 2, attributes: { headline: 'Bienvenue', theme: 'dark', locale: 'fr' } }, meta: {} });
      for (const locale of ['de', 'xx']) {
        const res = await ctx.app.get(`/api/homepage?locale=${locale}`);
        expect(res.status, locale).to.equal(404);
        expect(res.body, locale).to.deep.equal(NOT_FOUND);
      }
    });

    it('updates the entry of the asked locale and syncs shared values to the other', async () => {
      const res = await ctx.app.put('/api/homepage?locale=fr', { data: { headline: 'Salut', theme: 'light' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.id).to.equal(2);
      expect(await count(ctx.app.knex, 'homepages')).to.equal(2);
      const rows = await ctx.app.knex('homepages').orderBy('id').select('id', 'headline', 'theme', 'locale');
      expect(rows.map((r: Record<string, unknown>) => [Number(r.id), r.headline, r.theme, r.locale])).to.deep.equal([
        [1, 'Welcome', 'light', 'en'],
        [2, 'Salut', 'light', 'fr'],
      ]);
    });

    it('creates a localization through POST /api/homepage/localizations', async () => {
      const res = await ctx.app.post('/api/homepage/localizations', { locale: 'de', headline: 'Willkommen' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: 3, headline: 'Willkommen', theme: 'light', locale: 'de', publishedAt: null });
      expect(res.body.localizations.map((l: { id: number; locale: string }) => [l.id, l.locale])).to.deep.equal([
        [1, 'en'],
        [2, 'fr'],
      ]);
      expect(await homepageLinks(ctx.app.knex)).to.deep.equal([
        [1, 2],
        [1, 3],
        [2, 1],
        [2, 3],
        [3, 1],
        [3, 2],
      ]);
      const used = await ctx.app.post('/api/homepage/localizations', { locale: 'fr', headline: 'Encore' });
      expect(used.status).to.equal(400);
      expect(used.body).to.deep.equal({ data: null, error: { status: 400, name: 'ApplicationError', message: 'locale is already used', details: {} } });
      expect(await count(ctx.app.knex, 'homepages')).to.equal(3);
    });

    it('deletes only the entry of the asked locale', async () => {
      const res = await ctx.app.request('DELETE', '/api/homepage?locale=de');
      expect(res.status).to.equal(200);
      expect(res.body.data.id).to.equal(3);
      expect((await ctx.app.knex('homepages').orderBy('id').select('locale')).map((r: { locale: string }) => r.locale)).to.deep.equal(['en', 'fr']);
      expect(await homepageLinks(ctx.app.knex)).to.deep.equal([
        [1, 2],
        [2, 1],
      ]);
    });
  },
  { appDir: APP },
);

describeEachDatabase(
  'i18n: unique values per locale',
  (ctx) => {
    const uniqueError = (attribute: string) => ({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'This attribute must be unique',
        details: { errors: [{ path: [attribute], message: 'This attribute must be unique', name: 'ValidationError' }] },
      },
    });

    it('accepts the same uid and unique values in two locales', async () => {
      const en = await ctx.app.post('/api/posts', { data: { title: 'Hello', slug: 'hello', code: 'C1' } });
      expect(en.status).to.equal(200);
      const fr = await ctx.app.post('/api/posts', { data: { title: 'Bonjour', slug: 'hello', code: 'C1', locale: 'fr' } });
      expect(fr.status).to.equal(200);
      expect(fr.body.data.attributes).to.include({ slug: 'hello', code: 'C1', locale: 'fr' });
      const de = await ctx.app.post('/api/posts/1/localizations', { locale: 'de', title: 'Hallo', slug: 'hello', code: 'C1' });
      expect(de.status).to.equal(200);
      expect(await count(ctx.app.knex, 'posts')).to.equal(3);
    });

    it('rejects a uid or unique value already used in the same locale', async () => {
      const slug = await ctx.app.post('/api/posts', { data: { title: 'Again', slug: 'hello' } });
      expect(slug.status).to.equal(400);
      expect(slug.body).to.deep.equal(uniqueError('slug'));
      const code = await ctx.app.post('/api/posts', { data: { title: 'Again', code: 'C1', locale: 'fr' } });
      expect(code.status).to.equal(400);
      expect(code.body).to.deep.equal(uniqueError('code'));
      const localization = await ctx.app.post('/api/posts', { data: { title: 'Other', slug: 'other', locale: 'fr' } });
      const update = await ctx.app.put(`/api/posts/${localization.body.data.id}`, { data: { slug: 'hello' } });
      expect(update.status).to.equal(400);
      expect(update.body).to.deep.equal(uniqueError('slug'));
      expect(await count(ctx.app.knex, 'posts')).to.equal(4);
    });

    it('lets an entry keep its own value on update', async () => {
      const res = await ctx.app.put('/api/posts/1', { data: { slug: 'hello', code: 'C1', title: 'Hello!' } });
      expect(res.status).to.equal(200);
      expect(res.body.data.attributes).to.include({ title: 'Hello!', slug: 'hello', code: 'C1' });
    });
  },
  { appDir: APP },
);
