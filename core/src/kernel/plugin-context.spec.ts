import { expect } from 'chai';
import { BootError } from '../errors';
import { createLogger } from '../base/logger';
import { createKernelHooks } from './hooks';
import { definePlugin } from './plugin';
import { createPluginContext, type PluginContextHost, type PluginGround } from './plugin-context';

function host(lines: string[]): PluginContextHost {
  const config: Record<string, unknown> = { 'plugin.seo': { title: 'Site' }, 'api.rest.prefix': '/api' };
  const services: Record<string, unknown> = {
    'plugin::seo.meta': 'own',
    'plugin::search.hooks': 'hooks',
    'plugin::sitemap.index': 'optional',
    'plugin::mailer.send': 'undeclared',
    'api::article.article': 'app',
  };
  const fail = (): never => {
    throw new Error('not lent in this test');
  };
  const ground: PluginGround = {
    hooks: createKernelHooks(),
    appDir: '/app',
    get env() {
      return fail();
    },
    schemas: { contentTypes: new Map(), components: new Map() },
    get models() {
      return fail();
    },
    get db() {
      return fail();
    },
    app: { lifecycles: () => [] },
    mode: 'embedded',
    addRoutes: fail,
    routes: fail,
    broadcast: { publish: fail, publishAndWait: fail, subscribe: fail, onResync: fail, trusted: fail, useTransport: fail },
    counters: { hit: fail, reset: fail, useStore: fail },
    contentType: fail,
    component: fail,
    policy: fail,
    middleware: fail,
  };
  return {
    ground,
    log: createLogger('debug', (line) => lines.push(line.replace(/^\[[^\]]+\] /, ''))),
    config: <T>(dotted: string, defaultValue?: T) => (dotted in config ? config[dotted] : defaultValue) as T,
    serviceOf: (uid) => services[uid],
    isPluginEnabled: (name) => ['seo', 'search', 'mailer'].includes(name),
    secret: (name, configured, requester) => `${requester} ${name} ${String(configured)}`,
  };
}

describe('plugin context', () => {
  const lines: string[] = [];
  const ctx = createPluginContext(host(lines), definePlugin({ name: 'seo', requires: ['search'], optional: ['sitemap'] }));

  it("holds the plugin's own configuration, frozen", () => {
    expect(ctx.config).to.deep.equal({ title: 'Site' });
    expect(Object.isFrozen(ctx.config)).to.equal(true);
  });

  it("reaches its own services, those of declared plugins and the app's", () => {
    expect([ctx.service('plugin::seo.meta'), ctx.service('plugin::search.hooks'), ctx.service('plugin::sitemap.index'), ctx.service('api::article.article')]).to.deep.equal([
      'own',
      'hooks',
      'optional',
      'app',
    ]);
  });

  it('asks the kernel for a secret in its own name', () => {
    expect([ctx.secret('SEO_KEY'), ctx.secret('SEO_KEY', 'given')]).to.deep.equal(['seo SEO_KEY undefined', 'seo SEO_KEY given']);
  });

  it('refuses a service of a plugin it did not declare, naming both plugins', () => {
    expect(() => ctx.service('plugin::mailer.send'))
      .to.throw(BootError, 'Plugin "seo" uses the service "plugin::mailer.send" of plugin "mailer" without declaring "mailer" in "requires" or "optional"')
      .with.property('code', 'PLUGIN_UNDECLARED');
    expect(() => ctx.isEnabled('mailer'))
      .to.throw(BootError)
      .with.property('code', 'PLUGIN_UNDECLARED');
    expect(() => ctx.plugin('mailer'))
      .to.throw(BootError)
      .with.property('code', 'PLUGIN_UNDECLARED');
  });

  it('tells whether a declared optional plugin is enabled, and hands out declared plugins that are', () => {
    expect(ctx.isEnabled('sitemap')).to.equal(false);
    expect(ctx.isEnabled('search')).to.equal(true);
    expect(ctx.plugin('search').service('hooks')).to.equal('hooks');
    expect(() => ctx.plugin('sitemap'))
      .to.throw(BootError, 'Plugin "sitemap" is not enabled')
      .with.property('code', 'PLUGIN_UNKNOWN');
  });

  it("reads the app's settings but not another plugin's configuration", () => {
    expect(ctx.appConfig('api.rest.prefix')).to.equal('/api');
    expect(ctx.appConfig('server.port', 1337)).to.equal(1337);
    expect(() => ctx.appConfig('plugin.locales')).to.throw(BootError, 'Plugin "seo" reads "plugin.locales": a plugin reads its own configuration from its context, not another plugin\'s');
  });

  it("shares the kernel's ground (hooks, app folder, schemas)", () => {
    expect(ctx.appDir).to.equal('/app');
    expect(ctx.hooks.extendSchemas.taps).to.deep.equal([]);
    expect(() => ctx.db).to.throw('not lent in this test');
  });

  it('builds its state on first read, once per context, from the definition', () => {
    let built = 0;
    const stateful = definePlugin<Record<string, unknown>, { count: number; name: string }>({
      name: 'counter',
      state: (own) => {
        built += 1;
        return { count: 0, name: own.name };
      },
    });
    const first = createPluginContext(host([]), stateful);
    const second = createPluginContext(host([]), stateful);
    expect(built).to.equal(0);
    first.state.count += 1;
    first.state.count += 1;
    expect([first.state, second.state, built]).to.deep.equal([{ count: 2, name: 'counter' }, { count: 0, name: 'counter' }, 2]);
    expect(ctx.state).to.equal(undefined);
  });

  it('refuses a state that reads itself while it is built', () => {
    const looping = createPluginContext(host([]), definePlugin<Record<string, unknown>, unknown>({ name: 'loop', state: (own) => ({ again: own.state }) }));
    expect(() => looping.state)
      .to.throw(BootError, 'Plugin "loop" reads its state while building it')
      .with.property('code', 'PLUGIN_STATE');
  });

  it('logs with its name in front, and is itself frozen', () => {
    ctx.log.warn('no sitemap');
    ctx.log.error('failed', new Error('boom'));
    expect(lines[0]).to.equal('WARN [seo] no sitemap');
    expect(lines[1]).to.match(/^ERROR \[seo\] failed: Error: boom/);
    expect(Object.isFrozen(ctx)).to.equal(true);
  });
});
