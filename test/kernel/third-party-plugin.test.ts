/**
 * A third-party plugin (test/fixtures/third-party-plugin) loaded through `resolve` in an app's
 * config/plugins.ts: its route answers, its service is reachable, its content-type gets a table
 * and its hooks run. Also: loading it as an installed package, and switching it off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '@platform/core';
import type { GreeterService } from '../fixtures/third-party-plugin';
import { describeEachDatabase, startApp } from '../helpers/app';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const PLUGIN_APP = path.join(FIXTURES, 'kernel-app-plugins');

describeEachDatabase(
  'third-party plugin from a local path',
  (ctx) => {
    it('answers its route, with the greeting from config/plugins.ts', async () => {
      const res = await ctx.app.get('/api/greeter/hello/Ada');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ data: { message: 'Bonjour, Ada!' } });
    });

    it('runs its global middleware on every answer: a route, an unknown path, an error', async () => {
      const answers = await Promise.all(['/api/greeter/hello/Ada', '/api/nowhere', `/api/greeter/hello/${'x'.repeat(41)}`].map((p) => ctx.app.get(p)));
      expect(answers.map((res) => [res.status, res.headers.get('x-greeting')])).to.deep.equal([
        [200, 'Bonjour (200)'],
        [404, 'Bonjour (404)'],
        [400, 'Bonjour (400)'],
      ]);
    });

    it('exposes its service through the plugin handle and the typed registry', () => {
      const { platform } = ctx.app;
      const viaHandle = platform.plugin('greeter').service<GreeterService>('greeter');
      const viaUid = platform.service('plugin::greeter.greeter');
      expect(viaUid).to.equal(viaHandle);
      expect(viaUid.greet('Grace')).to.equal('Bonjour, Grace!');
      expect(platform.plugin('greeter').config('greeting')).to.equal('Bonjour');
      expect(platform.enabledPlugins()).to.include('greeter');
    });

    it('registers its content-type and creates its table', async () => {
      const model = ctx.app.platform.contentType('plugin::greeter.greeting');
      expect({ uid: model.uid, tableName: model.tableName, kind: model.kind }).to.deep.equal({
        uid: 'plugin::greeter.greeting',
        tableName: 'greeter_greetings',
        kind: 'collectionType',
      });
      expect(await ctx.app.knex.schema.hasTable('greeter_greetings')).to.equal(true);
      for (const column of ['id', 'name', 'count', 'created_at', 'updated_at']) {
        expect(await ctx.app.knex.schema.hasColumn('greeter_greetings', column), column).to.equal(true);
      }
    });

    it('ran its register and bootstrap, and its taps on the kernel bootstrap and ready hooks, in order', () => {
      expect(ctx.app.platform.service('plugin::greeter.greeter').events).to.deep.equal(['register', 'bootstrap', 'kernel bootstrap hook', 'ready']);
    });

    it("taps the query engine's entity hooks: its beforeCreate sets a value, its afterCreate sees the entry", async () => {
      const { platform } = ctx.app;
      const created = await platform.service('plugin::query-engine.entity-service').create('plugin::greeter.greeting', { data: { name: 'Ada' } });
      expect(created).to.deep.include({ name: 'Ada', count: 1 });
      expect(platform.service('plugin::greeter.greeter').events.at(-1)).to.equal('created Ada');
      expect(await ctx.app.knex('greeter_greetings').select('name', 'count')).to.deep.equal([{ name: 'Ada', count: 1 }]);
    });
  },
  { appDir: PLUGIN_APP },
);

describe('third-party plugin loading and switching off', function () {
  this.timeout(60000);
  const tmpDirs: string[] = [];
  after(() => {
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads a plugin by installed package name', async () => {
    // An app folder whose node_modules holds the plugin as a package.
    const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-pkg-app-'));
    tmpDirs.push(appDir);
    fs.mkdirSync(path.join(appDir, 'config'));
    fs.mkdirSync(path.join(appDir, 'node_modules'));
    fs.symlinkSync(path.join(FIXTURES, 'third-party-plugin'), path.join(appDir, 'node_modules', 'platform-plugin-greeter'), 'dir');
    fs.writeFileSync(path.join(appDir, 'config', 'plugins.json'), JSON.stringify({ greeter: { resolve: 'platform-plugin-greeter', config: { greeting: 'Hallo' } } }));
    const app = await startApp({ appDir });
    try {
      const res = await app.get('/api/greeter/hello/Linus');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ data: { message: 'Hallo, Linus!' } });
      expect(app.platform.service('plugin::greeter.greeter').events).to.deep.equal(['register', 'bootstrap', 'kernel bootstrap hook', 'ready']);
    } finally {
      await app.close();
    }
  });

  it('a disabled plugin contributes nothing: no route, service, content-type, table or hook', async () => {
    const app = await startApp({ appDir: PLUGIN_APP, env: { GREETER_ENABLED: 'false' } });
    try {
      const res = await app.get('/api/greeter/hello/Ada');
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
      expect(res.headers.get('x-greeting')).to.equal(null);
      const { platform } = app;
      expect(platform.isPluginEnabled('greeter')).to.equal(false);
      expect(platform.enabledPlugins()).to.not.include('greeter');
      expect(platform.services.has('plugin::greeter.greeter')).to.equal(false);
      expect(platform.models.has('plugin::greeter.greeting')).to.equal(false);
      expect(platform.routes().filter((r) => r.path.startsWith('/api/greeter'))).to.deep.equal([]);
      expect(platform.hooks.bootstrap.taps.map((t) => t.name)).to.not.include('greeter');
      expect(platform.hooks.ready.taps.map((t) => t.name)).to.not.include('greeter');
      expect(platform.service('plugin::query-engine.hooks').beforeCreate.taps.map((t) => t.name)).to.not.include('greeter');
      expect(await app.knex.schema.hasTable('greeter_greetings')).to.equal(false);
    } finally {
      await app.close();
    }
  });

  it('a plugin that requires a disabled plugin stops start-up, naming both', async () => {
    const needsGreeter = { name: 'greeter-fan', requires: ['greeter'] };
    let caught: unknown;
    try {
      const app = await startApp({ appDir: PLUGIN_APP, env: { GREETER_ENABLED: 'false' }, plugins: [needsGreeter] });
      await app.close();
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(BootError);
    expect((caught as BootError).message).to.equal('Plugin "greeter-fan" requires plugin "greeter", which is disabled in config/plugins.ts');
  });

  it('an invalid plugin config stops start-up, naming the file and the plugin', async () => {
    let caught: unknown;
    try {
      const app = await startApp({ appDir: PLUGIN_APP, env: { GREETING: '' }, config: { plugins: { greeter: { config: { greeting: 42 } } } } });
      await app.close();
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(BootError);
    expect((caught as BootError).message).to.equal('config/plugins.ts: "greeter.config" is invalid: "greeting" must be a non-empty string');
  });
});

describe('a plugin that lives outside the repository', function () {
  this.timeout(60000);
  let base: string;
  before(() => {
    // A plugin author's folder next to the app: its own package.json, `@platform/core` as a
    // peer, no node_modules. Nothing is linked into the repository or copied into the app.
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-outside-'));
    fs.cpSync(path.join(FIXTURES, 'third-party-plugin'), path.join(base, 'greeter'), { recursive: true });
    fs.cpSync(path.join(FIXTURES, 'third-party-badge'), path.join(base, 'badge'), { recursive: true });
    fs.mkdirSync(path.join(base, 'stamp'));
    fs.writeFileSync(path.join(base, 'stamp', 'package.json'), JSON.stringify({ name: 'platform-plugin-stamp', main: 'index.js', peerDependencies: { '@platform/core': '0.1.0' } }));
    fs.writeFileSync(
      path.join(base, 'stamp', 'index.js'),
      [
        "const { definePlugin, ValidationError } = require('@platform/core');",
        'module.exports = definePlugin({',
        "  name: 'stamp',",
        "  routes: [{ method: 'GET', path: '/:word', config: { auth: false }, handler: (ctx) => {",
        "    if (ctx.params.word === 'bad') throw new ValidationError('no bad words');",
        '    return { data: { stamped: ctx.params.word } };',
        '  } }],',
        '});',
      ].join('\n'),
    );
    fs.mkdirSync(path.join(base, 'site', 'config'), { recursive: true });
    // A content-type of the app that uses the greeter's attribute type.
    fs.mkdirSync(path.join(base, 'site', 'api', 'card', 'content-types', 'card'), { recursive: true });
    fs.writeFileSync(
      path.join(base, 'site', 'api', 'card', 'content-types', 'card', 'schema.json'),
      JSON.stringify({
        kind: 'collectionType',
        collectionName: 'cards',
        info: { singularName: 'card', pluralName: 'cards', displayName: 'Card' },
        options: { draftAndPublish: false },
        attributes: { title: { type: 'string' }, greetings: { type: 'greetings' } },
      }),
    );
    fs.writeFileSync(
      path.join(base, 'site', 'config', 'plugins.json'),
      JSON.stringify({
        greeter: { resolve: '../greeter', config: { greeting: 'Hej' } },
        badge: { resolve: '../badge' },
        stamp: { resolve: path.join(base, 'stamp') },
      }),
    );
  });
  after(() => fs.rmSync(base, { recursive: true, force: true }));

  it('loads TypeScript and JavaScript plugins from folders outside the repository by path', async () => {
    const app = await startApp({ appDir: path.join(base, 'site') });
    try {
      const hello = await app.get('/api/greeter/hello/Ada');
      expect({ status: hello.status, body: hello.body }).to.deep.equal({ status: 200, body: { data: { message: 'Hej, Ada!' } } });
      const stamped = await app.get('/api/stamp/ok');
      expect({ status: stamped.status, body: stamped.body }).to.deep.equal({ status: 200, body: { data: { stamped: 'ok' } } });
      // The plugin's ValidationError is the kernel's own class: the same module instance.
      const bad = await app.get('/api/stamp/bad');
      expect({ status: bad.status, body: bad.body }).to.deep.equal({ status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message: 'no bad words', details: {} } } });
      expect(app.platform.service('plugin::greeter.greeter').events).to.deep.equal(['register', 'bootstrap', 'kernel bootstrap hook', 'ready']);
      // another out-of-tree plugin uses the greeter's service, declared in its `requires`
      const badge = await app.get('/api/badge/Ada');
      expect({ status: badge.status, body: badge.body }).to.deep.equal({ status: 200, body: { data: { badge: '[ Hej, Ada! ]' } } });
      expect(app.platform.enabledPlugins().indexOf('greeter')).to.be.lessThan(app.platform.enabledPlugins().indexOf('badge'));
      // the greeter's own error code, through the error envelope
      const long = await app.get(`/api/greeter/hello/${'x'.repeat(41)}`);
      expect({ status: long.status, body: long.body }).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ValidationError', message: 'A name has at most 40 characters', details: { max: 40 } } },
      });
      // its optional dependency, enabled here
      const locale = await app.get('/api/greeter/locale');
      expect({ status: locale.status, body: locale.body }).to.deep.equal({ status: 200, body: { data: { locale: 'en' } } });
    } finally {
      await app.close();
    }
  });

  it('gives the app its attribute type: written, checked, populated in order, filtered, cleaned up', async () => {
    const app = await startApp({ appDir: path.join(base, 'site') });
    try {
      const entities = app.platform.service('plugin::query-engine.entity-service');
      const ada = await entities.create('plugin::greeter.greeting', { data: { name: 'Ada' } });
      const bob = await entities.create('plugin::greeter.greeting', { data: { name: 'Bob' } });
      const created = await app.post('/api/cards?populate=greetings', { data: { title: 'Hi', greetings: [bob.id, ada.id] } });
      expect(created.status).to.equal(200);
      expect(created.body.data.attributes.greetings.data.map((g: { id: number; attributes: { name: string } }) => [g.id, g.attributes.name])).to.deep.equal([
        [bob.id, 'Bob'],
        [ada.id, 'Ada'],
      ]);
      expect(await app.knex('greeter_greetings_links').orderBy('position').select('owner_id', 'owner_type', 'field', 'greeting_id', 'position')).to.deep.equal([
        { owner_id: created.body.data.id, owner_type: 'api::card.card', field: 'greetings', greeting_id: bob.id, position: 1 },
        { owner_id: created.body.data.id, owner_type: 'api::card.card', field: 'greetings', greeting_id: ada.id, position: 2 },
      ]);
      const missing = await app.post('/api/cards', { data: { title: 'No', greetings: [999] } });
      expect({ status: missing.status, body: missing.body }).to.deep.equal({
        status: 400,
        body: {
          data: null,
          error: {
            status: 400,
            name: 'ValidationError',
            message: '1 greeting(s) of "greetings" do not exist',
            details: { errors: [{ path: ['greetings'], message: '1 greeting(s) of "greetings" do not exist', name: 'ValidationError' }] },
          },
        },
      });
      expect(await app.knex('cards').count({ n: '*' })).to.deep.equal([{ n: 1 }]);
      const filtered = await app.get('/api/cards?filters[greetings][name][$eq]=Ada&fields[0]=title');
      expect(filtered.body.data).to.deep.equal([{ id: created.body.data.id, attributes: { title: 'Hi' } }]);
      const none = await app.get('/api/cards?filters[greetings][name][$eq]=Eve');
      expect(none.body.data).to.deep.equal([]);
      await app.del(`/api/cards/${created.body.data.id}`);
      expect(await app.knex('greeter_greetings_links').select('id')).to.deep.equal([]);
    } finally {
      await app.close();
    }
  });

  it('runs without its optional dependency, and a plugin that requires it cannot start without it', async () => {
    const app = await startApp({ appDir: path.join(base, 'site'), config: { plugins: { i18n: false, badge: false } } });
    try {
      const locale = await app.get('/api/greeter/locale');
      expect({ status: locale.status, body: locale.body }).to.deep.equal({ status: 200, body: { data: { locale: null } } });
    } finally {
      await app.close();
    }
    let caught: unknown;
    try {
      const broken = await startApp({ appDir: path.join(base, 'site'), config: { plugins: { greeter: false } } });
      await broken.close();
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(BootError);
    expect((caught as BootError).message).to.equal('Plugin "badge" requires plugin "greeter", which is disabled in config/plugins.json');
  });

  it('loads it by package name when npm installed it as a link to that folder', async () => {
    const appDir = path.join(base, 'linked-site');
    fs.mkdirSync(path.join(appDir, 'config'), { recursive: true });
    fs.mkdirSync(path.join(appDir, 'node_modules'));
    fs.symlinkSync(path.join(base, 'greeter'), path.join(appDir, 'node_modules', 'platform-plugin-greeter'), 'dir');
    fs.writeFileSync(path.join(appDir, 'config', 'plugins.json'), JSON.stringify({ greeter: { resolve: 'platform-plugin-greeter' } }));
    const app = await startApp({ appDir });
    try {
      const res = await app.get('/api/greeter/hello/Linus');
      expect({ status: res.status, body: res.body }).to.deep.equal({ status: 200, body: { data: { message: 'Hello, Linus!' } } });
    } finally {
      await app.close();
    }
  });
});
