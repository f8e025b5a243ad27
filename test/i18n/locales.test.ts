/**
 * Locales: created at boot (default + configured), idempotently, in Strapi v4's tables;
 * `GET /api/i18n/locales`; the `plugin::i18n.locales` service.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase, startApp } from '../helpers/app';
import { createTestDatabase, testClients } from '../helpers/databases';
import type { LocalesService } from '@platform/i18n';
import { countRows } from '../helpers/count';

const APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');

/** A stored datetime (Date, epoch ms or text depending on the driver) as ISO text. */
function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number)).toISOString();
}

describeEachDatabase('i18n: locales', (ctx) => {
  it('lists the default and configured locales as a bare array', async () => {
    const rows = await ctx.app.knex('i18n_locale').select('id', 'name', 'code', 'created_at', 'updated_at').orderBy('id');
    const res = await ctx.app.get('/api/i18n/locales');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal([
      { id: 1, name: 'English (en)', code: 'en', createdAt: iso(rows[0].created_at), updatedAt: iso(rows[0].updated_at), isDefault: true },
      { id: 2, name: 'French (fr)', code: 'fr', createdAt: iso(rows[1].created_at), updatedAt: iso(rows[1].updated_at), isDefault: false },
    ]);
    expect(Object.keys(res.body[0])).to.deep.equal(['id', 'name', 'code', 'createdAt', 'updatedAt', 'isDefault']);
  });

  it('stores locales in i18n_locale and the default code in the core store', async () => {
    expect(await ctx.app.knex('i18n_locale').select('id', 'name', 'code').orderBy('id')).to.deep.equal([
      { id: 1, name: 'English (en)', code: 'en' },
      { id: 2, name: 'French (fr)', code: 'fr' },
    ]);
    const store = await ctx.app.knex('strapi_core_store_settings').where({ key: 'plugin_i18n_default_locale' }).select('key', 'value', 'type');
    expect(store).to.deep.equal([{ key: 'plugin_i18n_default_locale', value: '"en"', type: 'string' }]);
  });

  it('creates locales through the plugin service', async () => {
    const locales = ctx.app.platform.service<LocalesService>('plugin::i18n.locales');
    const created = await locales.create({ code: 'de' });
    expect(created).to.include({ id: 3, name: 'German (de)', code: 'de', isDefault: false });
    const res = await ctx.app.get('/api/i18n/locales');
    expect(res.body.map((l: { code: string }) => l.code)).to.deep.equal(['en', 'fr', 'de']);
    let error: unknown;
    try {
      await locales.create({ code: 'de' });
    } catch (e) {
      error = e;
    }
    expect(error).to.have.property('message', 'This locale already exists');
    expect(await countRows(ctx.app.knex('i18n_locale'))).to.equal(3);
    // An entry can be created in the new locale at once.
    const article = await ctx.app.post('/api/articles', { data: { title: 'Hallo', locale: 'de' } });
    expect(article.status).to.equal(200);
    expect(article.body.data.attributes.locale).to.equal('de');
  });
});

describe('i18n: locales across restarts', function () {
  this.timeout(60000);
  for (const client of testClients()) {
    it(`creates nothing twice and follows a changed default locale [${client}]`, async () => {
      const database = await createTestDatabase(client);
      try {
        const first = await startApp({ client, database, appDir: APP });
        const before = await first.knex('i18n_locale').select('id', 'name', 'code').orderBy('id');
        await first.stop();
        expect(before).to.deep.equal([
          { id: 1, name: 'English (en)', code: 'en' },
          { id: 2, name: 'French (fr)', code: 'fr' },
          { id: 3, name: 'German (de)', code: 'de' },
        ]);

        const second = await startApp({ client, database, appDir: APP });
        expect(await second.knex('i18n_locale').select('id', 'name', 'code').orderBy('id')).to.deep.equal(before);
        expect(await second.knex('strapi_core_store_settings').where({ key: 'plugin_i18n_default_locale' }).select('value')).to.deep.equal([{ value: '"en"' }]);
        await second.stop();

        const third = await startApp({ client, database, appDir: APP, env: { DEFAULT_LOCALE: 'fr' } });
        try {
          expect(await third.knex('strapi_core_store_settings').where({ key: 'plugin_i18n_default_locale' }).select('value')).to.deep.equal([{ value: '"fr"' }]);
          const res = await third.get('/api/i18n/locales');
          expect(res.body.map((l: { code: string; isDefault: boolean }) => [l.code, l.isDefault])).to.deep.equal([
            ['en', false],
            ['fr', true],
            ['de', false],
          ]);
          // The list of a localized type now defaults to French.
          await third.post('/api/posts', { data: { title: 'Bonjour' } });
          await third.post('/api/posts', { data: { title: 'Hello', locale: 'en' } });
          const list = await third.get('/api/posts?fields[0]=title&fields[1]=locale');
          expect(list.body.data).to.deep.equal([{ id: 1, attributes: { title: 'Bonjour', locale: 'fr' } }]);
        } finally {
          await third.stop();
        }
      } finally {
        await database.drop();
      }
    });
  }
});
