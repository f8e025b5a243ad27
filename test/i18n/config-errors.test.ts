/**
 * A mistaken `i18n.config` (a default locale the `locales` list leaves out, a code listed twice,
 * a malformed code) stops the boot with an error naming the file and the key, before anything
 * is written: the locales and the stored default of the previous boot stay as they were.
 */
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '@platform/core';
import { startApp } from '../helpers/app';
import { createTestDatabase, testClients } from '../helpers/databases';

const APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');
const FILE = path.join(APP, 'config', 'plugins.ts');

const cases: Array<[string, Record<string, unknown>, string]> = [
  ['a default locale not among the locales', { defaultLocale: 'it', locales: ['en', 'fr'] }, '"defaultLocale" "it" is not among "locales" (en, fr)'],
  ['a duplicate locale code', { defaultLocale: 'en', locales: ['en', 'fr', 'en'] }, '"locales[2]" repeats "locales[0]" ("en")'],
  ['codes that differ by case only', { defaultLocale: 'en', locales: ['en', 'pt-BR', 'pt-br'] }, '"locales[2]" repeats "locales[1]" ("pt-br")'],
  ['a malformed locale code', { defaultLocale: 'en', locales: ['en', 'fr_FR'] }, '"locales[1]" must be a locale code such as "fr" (got "fr_FR")'],
  ['a malformed default locale', { defaultLocale: 'EN', locales: ['en'] }, '"defaultLocale" must be a locale code such as "en" (got "EN")'],
];

for (const client of testClients()) {
  describe(`i18n: a mistaken configuration is a boot error [${client}]`, function () {
    this.timeout(60000);
    for (const [what, config, message] of cases) {
      it(`${what}: names the file and the key, and changes nothing in the database`, async () => {
        const database = await createTestDatabase(client);
        try {
          const first = await startApp({ client, database, appDir: APP });
          const locales = async () => first.knex('i18n_locale').select('id', 'code').orderBy('id');
          const stored = async () => first.knex('strapi_core_store_settings').where({ key: 'plugin_i18n_default_locale' }).select('value');
          const before = { locales: await locales(), stored: await stored() };
          expect(before).to.deep.equal({
            locales: [
              { id: 1, code: 'en' },
              { id: 2, code: 'fr' },
              { id: 3, code: 'de' },
            ],
            stored: [{ value: '"en"' }],
          });
          await first.stop();

          let error: unknown;
          try {
            const second = await startApp({ client, database, appDir: APP, config: { plugins: { i18n: { config } } } });
            await second.stop();
          } catch (caught) {
            error = caught;
          }
          expect(error).to.be.instanceOf(BootError);
          expect((error as BootError).message).to.equal(`${path.relative(APP, FILE)}: "i18n.config" is invalid: ${message}`);

          const check = await startApp({ client, database, appDir: APP });
          try {
            expect({
              locales: await check.knex('i18n_locale').select('id', 'code').orderBy('id'),
              stored: await check.knex('strapi_core_store_settings').where({ key: 'plugin_i18n_default_locale' }).select('value'),
            }).to.deep.equal(before);
          } finally {
            await check.stop();
          }
        } finally {
          await database.drop();
        }
      });
    }
  });
}
