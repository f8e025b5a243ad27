/**
 * Built-in plugins are on unless `enabled: false`; a disabled one contributes nothing (routes,
 * schema attributes, columns, tables). Plugins start in dependency order whatever the order
 * they are given in.
 */
import { expect } from 'chai';
import { BootError, definePlugin, type PluginDefinition } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

for (const client of testClients()) {
  describe(`enabling and disabling a built-in plugin [${client}]`, function () {
    this.timeout(60000);
    let withI18n: TestApp;
    let withoutI18n: TestApp;
    before(async () => {
      withI18n = await startApp({ client });
      withoutI18n = await startApp({ client, config: { plugins: { i18n: { enabled: false } } } });
    });
    after(async () => {
      await withI18n?.close();
      await withoutI18n?.close();
    });

    it('enabled (the example app): its route, attribute, column and table exist', async () => {
      expect(withI18n.platform.isPluginEnabled('i18n')).to.equal(true);
      const res = await withI18n.get('/api/i18n/locales');
      expect(res.status).to.equal(200);
      expect(withI18n.platform.contentType('api::article.article').attributes).to.have.property('locale');
      expect(await withI18n.knex.schema.hasColumn('articles', 'locale')).to.equal(true);
      expect(await withI18n.knex.schema.hasTable('i18n_locale')).to.equal(true);
    });

    it('disabled: no route, no `locale` attribute or column, no locales table', async () => {
      const { platform } = withoutI18n;
      expect(platform.isPluginEnabled('i18n')).to.equal(false);
      expect(platform.enabledPlugins()).to.not.include('i18n');
      const res = await withoutI18n.get('/api/i18n/locales');
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
      expect(platform.routes().filter((r) => r.route.info?.pluginName === 'i18n')).to.deep.equal([]);
      expect(platform.services.keys().filter((uid) => uid.startsWith('plugin::i18n.'))).to.deep.equal([]);
      expect(platform.contentType('api::article.article').attributes).to.not.have.property('locale');
      expect(platform.contentType('api::article.article').attributes).to.not.have.property('localizations');
      expect(await withoutI18n.knex.schema.hasTable('articles')).to.equal(true);
      expect(await withoutI18n.knex.schema.hasColumn('articles', 'locale')).to.equal(false);
      expect(await withoutI18n.knex.schema.hasTable('i18n_locale')).to.equal(false);
      expect(() => platform.plugin('i18n')).to.throw(BootError, 'Plugin "i18n" is not enabled');
    });
  });
}

describe('plugin start order and dependencies', function () {
  this.timeout(60000);

  /** Plugins that record the order their register, bootstrap and destroy run in. */
  function recorder(log: string[], name: string, requires?: string[]): PluginDefinition {
    return definePlugin({
      name,
      requires,
      register: () => void log.push(`register ${name}`),
      bootstrap: () => void log.push(`bootstrap ${name}`),
      destroy: () => void log.push(`destroy ${name}`),
    });
  }

  it('starts plugins after what they require, whatever the given order, and destroys them in reverse', async () => {
    const log: string[] = [];
    const app = await startApp({
      plugins: [recorder(log, 'c', ['b']), recorder(log, 'b', ['a', 'query-engine']), recorder(log, 'free'), recorder(log, 'a')],
    });
    const names = app.platform.enabledPlugins();
    expect(names.indexOf('query-engine')).to.be.lessThan(names.indexOf('b'));
    expect(names.filter((n) => ['a', 'b', 'c', 'free'].includes(n))).to.deep.equal(['a', 'b', 'c', 'free']);
    await app.close();
    expect(log).to.deep.equal([
      'register a',
      'register b',
      'register c',
      'register free',
      'bootstrap a',
      'bootstrap b',
      'bootstrap c',
      'bootstrap free',
      'destroy free',
      'destroy c',
      'destroy b',
      'destroy a',
    ]);
  });

  async function bootError(plugins: PluginDefinition[]): Promise<BootError> {
    try {
      const app = await startApp({ plugins });
      await app.close();
    } catch (error) {
      expect(error).to.be.instanceOf(BootError);
      return error as BootError;
    }
    throw new Error('expected start-up to fail');
  }

  it('stops start-up on a missing dependency, naming both plugins', async () => {
    const error = await bootError([definePlugin({ name: 'seo', requires: ['sitemap'] })]);
    expect(error.message).to.equal('Plugin "seo" requires plugin "sitemap", which is not enabled or not installed');
  });

  it('stops start-up on a cycle, naming the plugins in it', async () => {
    const error = await bootError([definePlugin({ name: 'x', requires: ['y'] }), definePlugin({ name: 'y', requires: ['x'] })]);
    expect(error.message).to.equal('Plugins depend on each other in a cycle: x -> y -> x');
  });

  it('wraps an error thrown in a plugin step with the plugin name and the step', async () => {
    const error = await bootError([
      definePlugin({
        name: 'broken',
        bootstrap: () => {
          throw new Error('no API key');
        },
      }),
    ]);
    expect(error.code).to.equal('PLUGIN_STEP');
    expect(error.message).to.equal('Plugin "broken" failed in bootstrap: no API key');
    expect((error.cause as Error).message).to.equal('no API key');
  });

  it('refuses a service of a plugin that was not declared in requires or optional', async () => {
    const error = await bootError([definePlugin({ name: 'sneaky', register: (ctx) => void ctx.service('plugin::query-engine.hooks') })]);
    expect(error.code).to.equal('PLUGIN_UNDECLARED');
    expect(error.message).to.equal('Plugin "sneaky" uses the service "plugin::query-engine.hooks" of plugin "query-engine" without declaring "query-engine" in "requires" or "optional"');
  });
});
