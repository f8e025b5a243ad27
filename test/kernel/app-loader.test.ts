/**
 * The kernel owns the app's `api/` folders: custom routes and plain controllers work whatever
 * plugins are enabled; a plugin's declaration (createCoreRouter...) whose plugin is off, or a
 * lifecycles file no plugin runs, stops start-up with an error that says why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '@platform/core';
import { startApp } from '../helpers/app';

const CUSTOM_APP = path.resolve(__dirname, '..', 'fixtures', 'custom-app');
/** Every plugin that needs the query engine, so that switching these off leaves it alone. */
const ALL_BUT_QUERY_ENGINE = {
  'content-manager': false,
  graphql: false,
  relations: false,
  'draft-publish': false,
  i18n: false,
  upload: false,
  documentation: false,
  cache: false,
  webhooks: false,
  admin: false,
  'strapi-compat': false,
  'data-transfer': false,
  email: false,
};

async function bootError(options: Parameters<typeof startApp>[0]): Promise<BootError> {
  let caught: unknown;
  try {
    const app = await startApp(options);
    await app.close();
  } catch (error) {
    caught = error;
  }
  expect(caught).to.be.instanceOf(BootError);
  return caught as BootError;
}

/** An app with one content-type, a plain controller with a custom route, and a lifecycles file. */
function writeApp(): string {
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-app-loader-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
    fs.writeFileSync(path.join(appDir, file), text);
  };
  write(
    'api/thing/content-types/thing/schema.json',
    JSON.stringify({
      kind: 'collectionType',
      collectionName: 'things',
      info: { singularName: 'thing', pluralName: 'things', displayName: 'Thing' },
      options: {},
      attributes: { name: { type: 'string' } },
    }),
  );
  write('api/thing/content-types/thing/lifecycles.js', `module.exports = { beforeCreate(event) { event.params.data.name = String(event.params.data.name).toUpperCase(); } };`);
  write('api/thing/controllers/ping.js', `module.exports = { pong: (ctx) => ({ data: { pong: ctx.params.word } }) };`);
  write('api/thing/routes/ping.js', `module.exports = { routes: [{ method: 'GET', path: '/ping/:word', handler: 'ping.pong', config: { auth: false } }] };`);
  return appDir;
}

describe('the app loader', function () {
  this.timeout(60000);
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops start-up when a file uses a factory of a disabled plugin, naming the file and the plugin', async () => {
    const error = await bootError({ appDir: CUSTOM_APP, config: { plugins: { 'content-manager': false } } });
    expect({ code: error.code, message: error.message }).to.deep.equal({
      code: 'APP_FILE',
      message: `${path.join('api', 'book', 'services', 'book.ts')}: createCoreService(...) needs plugin "content-manager", which is disabled in config/plugins.ts`,
    });
  });

  it("keeps the app's custom routes and lifecycles without the REST plugin; content-types then have no core routes", async () => {
    const appDir = writeApp();
    dirs.push(appDir);
    const app = await startApp({ appDir, config: { plugins: { 'content-manager': false } } });
    try {
      const ping = await app.get('/api/ping/hello');
      expect({ status: ping.status, body: ping.body }).to.deep.equal({ status: 200, body: { data: { pong: 'hello' } } });
      const list = await app.get('/api/things');
      expect({ status: list.status, body: list.body }).to.deep.equal({ status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } });
      // the lifecycles file still runs for writes made through the entity service
      const created = await app.platform.service('plugin::query-engine.entity-service').create('api::thing.thing', { data: { name: 'quiet' } });
      expect(created.name).to.equal('QUIET');
      expect(await app.knex('things').select('name')).to.deep.equal([{ name: 'QUIET' }]);
    } finally {
      await app.close();
    }
  });

  it("stops start-up when no enabled plugin runs the app's lifecycles files", async () => {
    const appDir = writeApp();
    dirs.push(appDir);
    const error = await bootError({ appDir, config: { plugins: { ...ALL_BUT_QUERY_ENGINE, 'query-engine': false } } });
    expect({ code: error.code, message: error.message }).to.deep.equal({
      code: 'APP_FILE',
      message: `${path.join('api', 'thing', 'content-types', 'thing', 'lifecycles.js')}: no enabled plugin runs entity lifecycles (the plugin that provides the entity service is disabled)`,
    });
  });

  it('serves custom routes with no plugin at all', async () => {
    const appDir = writeApp();
    dirs.push(appDir);
    fs.rmSync(path.join(appDir, 'api', 'thing', 'content-types', 'thing', 'lifecycles.js'));
    const app = await startApp({ appDir, config: { plugins: { ...ALL_BUT_QUERY_ENGINE, 'query-engine': false } } });
    try {
      expect(app.platform.enabledPlugins()).to.deep.equal([]);
      const ping = await app.get('/api/ping/alone');
      expect({ status: ping.status, body: ping.body }).to.deep.equal({ status: 200, body: { data: { pong: 'alone' } } });
      expect(await app.knex.schema.hasTable('things')).to.equal(true);
    } finally {
      await app.close();
    }
  });
});
