/**
 * A `config/plugins.ts` key that names no plugin we have (a typo, or a Strapi plugin such as
 * `sentry` this platform does not provide) still boots, with a warning naming the key and the
 * closest known plugin; the plugins that are installed run as before. Switched off, a key
 * that misspells an installed plugin warns too (that plugin stays on).
 */
import { expect } from 'chai';
import { createLogger, Platform } from '@platform/core';
import { EXAMPLE_APP } from '../helpers/app';
import { createTestDatabase, testClients } from '../helpers/databases';

for (const client of testClients()) {
  describe(`an unknown plugin key in config/plugins.ts [${client}]`, function () {
    this.timeout(60000);

    it('boots with a warning naming the key and the closest known plugin, and the installed plugins run', async () => {
      const database = await createTestDatabase(client);
      const lines: string[] = [];
      const platform = new Platform({
        appDir: EXAMPLE_APP,
        logger: createLogger('warn', (line) => lines.push(line)),
        config: {
          database: database.config,
          plugins: { 'draft-publishh': { enabled: true }, graphql: { enabled: false }, sentry: { config: { dsn: 'https://key@sentry.example.com/1' } }, graphq: { enabled: false }, webhook: false },
        },
      });
      try {
        await platform.start();
        const warnings = lines.filter((line) => line.includes(' WARN ')).map((line) => line.replace(/^\[[^\]]+\] WARN /, ''));
        expect(warnings.filter((line) => line.includes('is not installed'))).to.deep.equal([
          `${EXAMPLE_APP}/config/plugins.ts: plugin "draft-publishh" is not installed (no dependency of the app's package.json provides it) and has no "resolve"; its entry is ignored (the closest known plugin is "draft-publish")`,
          `${EXAMPLE_APP}/config/plugins.ts: plugin "sentry" is not installed (no dependency of the app's package.json provides it) and has no "resolve"; its entry is ignored (the closest known plugin is "email")`,
          // switched off but misspelt: the plugin meant stays on
          `${EXAMPLE_APP}/config/plugins.ts: plugin "graphq" is not installed, so its "enabled: false" switches nothing off (the closest installed plugin is "graphql")`,
          `${EXAMPLE_APP}/config/plugins.ts: plugin "webhook" is not installed, so its "enabled: false" switches nothing off (the closest installed plugin is "webhooks")`,
        ]);
        expect(platform.isPluginEnabled('webhooks')).to.equal(true);
        expect(platform.isPluginEnabled('draft-publish')).to.equal(true);
        expect(platform.enabledPlugins()).to.not.include.members(['draft-publishh', 'sentry']);
        expect(await platform.db.knex.schema.hasColumn('articles', 'published_at')).to.equal(true);
      } finally {
        await platform.destroy();
        await database.drop();
      }
    });
  });
}
