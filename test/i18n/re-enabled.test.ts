/**
 * Rows written while i18n is off have no locale; when i18n is switched on again they get the
 * default locale at boot (as Strapi v4 does when localization is enabled on a type) instead of
 * vanishing from the API.
 */
import path from 'node:path';
import { expect } from 'chai';
import { startApp } from '../helpers/app';
import { createTestDatabase, testClients } from '../helpers/databases';

const APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');

for (const client of testClients()) {
  describe(`i18n: switched off and on again [${client}]`, function () {
    this.timeout(60000);

    it('gives the rows written while it was off the default locale, and the API shows them', async () => {
      const database = await createTestDatabase(client);
      const locales = async (app: Awaited<ReturnType<typeof startApp>>) =>
        (await app.knex('posts').select('id', 'title', 'locale').orderBy('id')).map((row) => ({ id: Number(row.id), title: row.title, locale: row.locale }));
      try {
        const on = await startApp({ client, database, appDir: APP });
        expect((await on.post('/api/posts', { data: { title: 'Hello', locale: 'en' } })).status).to.equal(200);
        expect((await on.post('/api/posts', { data: { title: 'Salut', locale: 'fr' } })).status).to.equal(200);
        await on.stop();

        const off = await startApp({ client, database, appDir: APP, env: { I18N_ENABLED: 'false' } });
        expect((await off.post('/api/posts', { data: { title: 'Written while off' } })).status).to.equal(200);
        expect(await locales(off)).to.deep.equal([
          { id: 1, title: 'Hello', locale: 'en' },
          { id: 2, title: 'Salut', locale: 'fr' },
          { id: 3, title: 'Written while off', locale: null },
        ]);
        await off.stop();

        // The default locale is French this time: the row gets it, not a fixed code.
        const again = await startApp({ client, database, appDir: APP, env: { DEFAULT_LOCALE: 'fr' } });
        try {
          expect(await locales(again)).to.deep.equal([
            { id: 1, title: 'Hello', locale: 'en' },
            { id: 2, title: 'Salut', locale: 'fr' },
            { id: 3, title: 'Written while off', locale: 'fr' },
          ]);
          const list = await again.get('/api/posts?fields[0]=title&fields[1]=locale&publicationState=preview');
          expect(list.status).to.equal(200);
          expect(list.body.data).to.deep.equal([
            { id: 2, attributes: { title: 'Salut', locale: 'fr' } },
            { id: 3, attributes: { title: 'Written while off', locale: 'fr' } },
          ]);
          expect((await again.get('/api/posts/3?fields[0]=title')).body).to.deep.include({ data: { id: 3, attributes: { title: 'Written while off' } } });
        } finally {
          await again.stop();
        }
      } finally {
        await database.drop();
      }
    });
  });
}
