/**
 * Turning off each built-in plugin with `config/plugins.ts` (`<name>: false`) on the example
 * app: either start-up stops with a named BootError, or the app runs without what the plugin
 * gave it and its API stays sensible. The plugins are read from the repository's package.json
 * dependencies (the packages marked `"platform": { "kind": "plugin" }`), so a new built-in
 * plugin fails this suite until it has a scenario here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assert, expect } from 'chai';
import { BootError } from '@platform/core';
import { EXAMPLE_APP, startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

const REPO = path.resolve(__dirname, '..', '..');

/** The plugin names of the packages the repository's package.json depends on, in its order. */
function builtInPlugins(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return Object.keys(manifest.dependencies).flatMap((packageName) => {
    const file = require.resolve(`${packageName}/package.json`, { paths: [REPO] });
    const platform = (JSON.parse(fs.readFileSync(file, 'utf8')) as { platform?: { kind?: string; name?: string } }).platform;
    if (platform?.kind !== 'plugin') return [];
    return [platform.name ?? packageName.replace(/^@[^/]+\//, '')];
  });
}

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const EMPTY_PAGE = { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } };
const TIME_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The value with every createdAt/updatedAt/publishedAt that is an ISO time within the test's
 * run replaced by '<time>'; any other value under those keys is kept, so it fails the comparison.
 */
function withTimes(value: unknown, since: number): unknown {
  if (Array.isArray(value)) return value.map((item) => withTimes(item, since));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const isTime = TIME_KEYS.has(key) && typeof item === 'string' && ISO.test(item) && Date.parse(item) >= since - 1000 && Date.parse(item) <= Date.now() + 1000;
      return [key, isTime ? '<time>' : withTimes(item, since)];
    }),
  );
}

/** The attributes of an example-app article created with only a title, without plugin fields. */
function articleScalars(title: string): Record<string, unknown> {
  return {
    title,
    slug: null,
    body: null,
    views: null,
    rating: null,
    price: null,
    publishedOn: null,
    featured: false,
    meta: null,
    status: null,
    contactEmail: null,
    createdAt: '<time>',
    updatedAt: '<time>',
  };
}

const LOCALES = [
  { id: 1, name: 'English (en)', code: 'en', createdAt: '<time>', updatedAt: '<time>', isDefault: true },
  { id: 2, name: 'French (fr)', code: 'fr', createdAt: '<time>', updatedAt: '<time>', isDefault: false },
];

type Scenario = { boot: { code: string; message: string } } | { enabled: string[]; run(ctx: { app: () => TestApp; since: () => number }): void };

const SCENARIOS: Record<string, Scenario> = {
  admin: {
    enabled: ['query-engine', 'cache', 'content-manager', 'upload', 'data-transfer', 'documentation', 'draft-publish', 'email', 'graphql', 'i18n', 'relations', 'strapi-compat', 'webhooks'],
    run({ app }) {
      it('serves no panel and no admin API, makes no admin tables and adds no command', async () => {
        for (const path of ['/admin', '/admin/init', '/admin/assets/main.js', '/content-manager/content-types']) {
          const res = await app().get(path);
          expect(res.status, path).to.equal(404);
          expect(res.body).to.deep.equal(NOT_FOUND);
        }
        expect(await app().knex.schema.hasTable('admin_roles')).to.equal(false);
        expect(
          app()
            .platform.commands()
            .map((c) => c.name),
        ).to.not.include('admin');
      });
    },
  },

  'users-permissions': {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app, since }) {
      it('knows that no plugin authenticates requests (start-up warns so, see test/users-permissions/disabled.test.ts)', () => {
        expect(app().platform.authenticates()).to.equal(false);
      });

      it('serves every route to anyone, writes included', async () => {
        const created = await app().post('/api/categories', { data: { name: 'Open' } });
        expect(created.status).to.equal(200);
        expect(withTimes(created.body, since())).to.deep.equal({ data: { id: 1, attributes: { name: 'Open', slug: null, createdAt: '<time>', updatedAt: '<time>' } }, meta: {} });
        expect((await app().del('/api/categories/1')).status).to.equal(200);
      });

      it('has no auth or users routes and no users tables', async () => {
        for (const [method, path] of [
          ['POST', '/api/auth/local'],
          ['GET', '/api/users/me'],
          ['GET', '/api/users-permissions/roles'],
        ] satisfies Array<[string, string]>) {
          const res = await app().request(method, path, method === 'POST' ? { identifier: 'a', password: 'b' } : undefined);
          expect(res.status, path).to.equal(404);
          expect(res.body).to.deep.equal(NOT_FOUND);
        }
        expect(await app().knex.schema.hasTable('up_users')).to.equal(false);
      });
    },
  },

  cache: {
    enabled: ['query-engine', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app }) {
      it('caches nothing: a repeated read runs its SQL again and has no ETag', async () => {
        await app().get('/api/categories');
        const again = await app().countQueries(() => app().get('/api/categories'));
        expect(again.count).to.be.greaterThan(0);
        expect([again.result.headers.get('etag'), again.result.headers.get('x-cache')]).to.deep.equal([null, null]);
      });
    },
  },

  'query-engine': {
    // admin is the first plugin (in the app's dependencies) that requires it.
    boot: { code: 'PLUGIN_MISSING_DEPENDENCY', message: 'Plugin "admin" requires plugin "query-engine", which is disabled in config/plugins.ts' },
  },

  upload: {
    // The example app's articles have a media attribute, whose type the upload plugin provides.
    boot: {
      code: 'SCHEMA_INVALID',
      message: `${path.join(EXAMPLE_APP, 'api', 'article', 'content-types', 'article', 'schema.json')}: attribute "cover" has type "media", which no enabled plugin provides`,
    },
  },

  'api-tokens': {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app }) {
      it('makes no token tables, and a bearer is no credential: the request runs as it would without one', async () => {
        expect(await app().knex.schema.hasTable('strapi_api_tokens')).to.equal(false);
        expect(await app().knex.schema.hasTable('strapi_api_token_permissions')).to.equal(false);
        const res = await app().get('/api/categories', { authorization: `Bearer ${'ab'.repeat(128)}` });
        expect(res).to.deep.include({ status: 200, body: EMPTY_PAGE });
      });

      it('has no api-token command', async () => {
        expect(
          app()
            .platform.commands()
            .map((c) => c.name),
        ).to.not.include('api-token');
      });
    },
  },

  relations: {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app, since }) {
      const refusal = (name: string) => ({ path: [name], message: `Relation "${name}" cannot be written: no enabled plugin writes relations`, name: 'ValidationError' });

      it('refuses a create with relation values (400, every relation named) and writes nothing', async () => {
        const category = await app().post('/api/categories', { data: { name: 'News', slug: 'news' } });
        expect(category.status).to.equal(200);
        const res = await app().post('/api/articles', { data: { title: 'Linked', category: 1, tags: [1] } });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({
          data: null,
          error: { status: 400, name: 'ValidationError', message: '2 errors occurred', details: { errors: [refusal('category'), refusal('tags')] } },
        });
        expect(
          await app()
            .knex('articles')
            .count({ n: '*' })
            .first()
            .then((row) => Number(row?.n)),
        ).to.equal(0);
        expect(await app().knex('articles_category_links').select()).to.deep.equal([]);
        expect(await app().knex('articles_tags_links').select()).to.deep.equal([]);
      });

      it('creates an article without relation values, with the id the refused create did not take', async () => {
        const res = await app().post('/api/articles', { data: { title: 'Plain' } });
        expect(res.status).to.equal(200);
        expect(withTimes(res.body, since())).to.deep.equal({
          data: { id: 1, attributes: { ...articleScalars('Plain'), publishedAt: '<time>', locale: 'en' } },
          meta: {},
        });
      });

      it('refuses an update that connects a relation, with the single-error message, and links nothing', async () => {
        const res = await app().put('/api/articles/1', { data: { category: { connect: [1] } } });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({
          data: null,
          error: { status: 400, name: 'ValidationError', message: 'Relation "category" cannot be written: no enabled plugin writes relations', details: { errors: [refusal('category')] } },
        });
        expect(await app().knex('articles_category_links').select()).to.deep.equal([]);
      });

      it('still reads relations: GET /api/articles?populate=* answers every relation empty', async () => {
        const res = await app().get('/api/articles?populate=*');
        expect(res.status).to.equal(200);
        expect(withTimes(res.body, since())).to.deep.equal({
          data: [
            {
              id: 1,
              attributes: {
                ...articleScalars('Plain'),
                publishedAt: '<time>',
                locale: 'en',
                category: { data: null },
                tags: { data: [] },
                author: { data: null },
                related: { data: [] },
                cover: { data: null },
                seo: null,
                blocks: [],
                localizations: { data: [] },
              },
            },
          ],
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
        });
      });
    },
  },

  'content-manager': {
    enabled: ['query-engine', 'cache', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app, since }) {
      it('answers the 404 envelope for the content API and the content-type-builder', async () => {
        for (const [method, url] of [
          ['GET', '/api/articles'],
          ['GET', '/api/articles?populate=*'],
          ['POST', '/api/articles'],
          ['GET', '/api/global'],
          ['GET', '/api/content-type-builder/content-types'],
        ] satisfies Array<[string, string]>) {
          const res = await app().request(method, url, method === 'POST' ? { data: { title: 'x' } } : undefined);
          expect({ url, status: res.status, body: res.body }).to.deep.equal({ url, status: 404, body: NOT_FOUND });
        }
        expect(
          await app()
            .knex('articles')
            .count({ n: '*' })
            .first()
            .then((row) => Number(row?.n)),
        ).to.equal(0);
      });

      it('still serves GET /api/i18n/locales', async () => {
        const res = await app().get('/api/i18n/locales');
        expect(res.status).to.equal(200);
        expect(withTimes(res.body, since())).to.deep.equal(LOCALES);
      });

      it('mounts only the routes of the other plugins: no localizations route without the REST API', async () => {
        expect(
          app()
            .platform.routes()
            // the admin panel's own routes are its scenario's
            .filter((r) => r.route.info?.type !== 'admin')
            .map((r) => `${r.route.method} ${r.path}`),
        ).to.deep.equal([
          'GET /api/openapi.json',
          'GET /documentation',
          'GET /documentation/:file',
          'GET /api/i18n/locales',
          'POST /api/upload',
          'GET /api/upload/files',
          'GET /api/upload/files/:id',
          'DELETE /api/upload/files/:id',
          'POST /api/email',
          'GET /graphql',
          'POST /graphql',
          'GET /graphql/console/:file',
          'GET /uploads/:name',
        ]);
        const res = await app().post('/api/articles/1/localizations', { title: 'Une langue', locale: 'fr' });
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } });
      });
    },
  },

  'draft-publish': {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app, since }) {
      it('adds no publishedAt attribute and no published_at column', async () => {
        expect(app().platform.contentType('api::article.article').attributes).to.not.have.property('publishedAt');
        expect(await app().knex.schema.hasColumn('articles', 'published_at')).to.equal(false);
        expect(await app().knex.schema.hasColumn('articles', 'title')).to.equal(true);
      });

      it('creates an entry without publishedAt (a given one is ignored)', async () => {
        const res = await app().post('/api/articles', { data: { title: 'Always live', publishedAt: null } });
        expect(res.status).to.equal(200);
        expect(withTimes(res.body, since())).to.deep.equal({ data: { id: 1, attributes: { ...articleScalars('Always live'), locale: 'en' } }, meta: {} });
      });

      it('ignores publicationState: live, preview and an unknown value list the same entries', async () => {
        const expected = {
          data: [{ id: 1, attributes: { ...articleScalars('Always live'), locale: 'en' } }],
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
        };
        for (const state of ['live', 'preview', 'bogus']) {
          const res = await app().get(`/api/articles?publicationState=${state}`);
          expect({ state, status: res.status, body: withTimes(res.body, since()) }).to.deep.equal({ state, status: 200, body: expected });
        }
      });
    },
  },

  documentation: {
    enabled: ['query-engine', 'cache', 'content-manager', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app }) {
      it('answers the 404 envelope for the document and the documentation page, and still serves the content API', async () => {
        for (const url of ['/api/openapi.json', '/documentation', '/documentation/swagger-ui.css']) {
          const res = await app().get(url);
          expect({ url, status: res.status, body: res.body }).to.deep.equal({ url, status: 404, body: NOT_FOUND });
        }
        expect((await app().get('/api/articles')).body).to.deep.equal(EMPTY_PAGE);
      });
    },
  },

  graphql: {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app }) {
      it('serves no /graphql endpoint: the 404 envelope for GET and POST', async () => {
        for (const method of ['GET', 'POST']) {
          const res = await app().request(method, '/graphql?query=%7B__typename%7D', method === 'POST' ? { query: '{ __typename }' } : undefined);
          expect({ method, status: res.status, body: res.body }).to.deep.equal({ method, status: 404, body: NOT_FOUND });
        }
      });

      it('leaves REST, drafts and locales as they are', async () => {
        const created = await app().post('/api/articles?locale=fr', { data: { title: 'Sans GraphQL', publishedAt: null } });
        expect(created.status).to.equal(200);
        expect(created.body.data.attributes).to.include({ locale: 'fr', publishedAt: null });
        const listed = await app().get('/api/articles?locale=fr&publicationState=preview');
        expect(listed.body.data.map((entry: { id: number }) => entry.id)).to.deep.equal([created.body.data.id]);
      });
    },
  },

  email: {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'strapi-compat', 'webhooks'],
    run({ app }) {
      it('has no email service and answers the 404 envelope for POST /api/email (users-permissions without it: test/email/email.test.ts)', async () => {
        expect(app().platform.services.find('plugin::email.email')).to.equal(undefined);
        const res = await app().post('/api/email', { to: 'ada@example.com', subject: 'x', text: 'x' });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(NOT_FOUND);
      });
    },
  },

  webhooks: {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat'],
    run({ app, since }) {
      it('makes no webhook tables and writes as before', async () => {
        for (const table of ['platform_webhook_deliveries', 'platform_webhook_secrets', 'strapi_webhooks']) expect(await app().knex.schema.hasTable(table), table).to.equal(false);
        const res = await app().post('/api/articles', { data: { title: 'No events' } });
        expect(res.status).to.equal(200);
        expect(withTimes(res.body, since())).to.deep.equal({ data: { id: 1, attributes: { ...articleScalars('No events'), publishedAt: '<time>', locale: 'en' } }, meta: {} });
      });

      it('has no webhooks command', async () => {
        expect(
          app()
            .platform.commands()
            .map((command) => command.name),
        ).to.not.include('webhooks');
      });
    },
  },

  'data-transfer': {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'email', 'upload', 'strapi-compat', 'webhooks'],
    run({ app }) {
      it('adds no import or export command and serves the REST API as before', async () => {
        const commands = app()
          .platform.commands()
          .map((command) => command.name);
        expect(commands).to.not.include('import');
        expect(commands).to.not.include('export');
        expect((await app().get('/api/articles')).body).to.deep.equal(EMPTY_PAGE);
      });
    },
  },

  'strapi-compat': {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'webhooks'],
    run({ app }) {
      it('lends app code nothing beside { platform } and sets no global strapi', () => {
        expect(Object.keys(app().platform.appArgs)).to.deep.equal(['platform']);
        expect((globalThis as { strapi?: unknown }).strapi).to.equal(undefined);
      });

      it('serves the REST API as before', async () => {
        expect((await app().get('/api/articles')).body).to.deep.equal(EMPTY_PAGE);
      });
    },
  },

  i18n: {
    enabled: ['query-engine', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'relations', 'admin', 'upload', 'data-transfer', 'email', 'strapi-compat', 'webhooks'],
    run({ app, since }) {
      it('adds no locale attribute, no locale column and no locales table', async () => {
        const { attributes } = app().platform.contentType('api::article.article');
        expect(attributes).to.not.have.property('locale');
        expect(attributes).to.not.have.property('localizations');
        expect(await app().knex.schema.hasColumn('articles', 'locale')).to.equal(false);
        expect(await app().knex.schema.hasTable('i18n_locale')).to.equal(false);
      });

      it('answers the 404 envelope for GET /api/i18n/locales', async () => {
        const res = await app().get('/api/i18n/locales');
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(NOT_FOUND);
      });

      it('creates an entry without locale (a given one is ignored)', async () => {
        const res = await app().post('/api/articles', { data: { title: 'One language', locale: 'fr' } });
        expect(res.status).to.equal(200);
        expect(withTimes(res.body, since())).to.deep.equal({ data: { id: 1, attributes: { ...articleScalars('One language'), publishedAt: '<time>' } }, meta: {} });
      });

      it('ignores the locale parameter and has no localizations route', async () => {
        const expected = {
          data: [{ id: 1, attributes: { ...articleScalars('One language'), publishedAt: '<time>' } }],
          meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
        };
        for (const locale of ['fr', 'zz']) {
          const res = await app().get(`/api/articles?locale=${locale}`);
          expect({ locale, status: res.status, body: withTimes(res.body, since()) }).to.deep.equal({ locale, status: 200, body: expected });
        }
        const res = await app().post('/api/articles/1/localizations', { title: 'Une langue', locale: 'fr' });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal(NOT_FOUND);
      });
    },
  },
};

describe('the built-in plugins', () => {
  it('are the packages the scenarios below cover', () => {
    expect([...builtInPlugins()].sort()).to.deep.equal(Object.keys(SCENARIOS).sort());
  });
});

for (const client of testClients()) {
  for (const name of builtInPlugins()) {
    describe(`config/plugins.ts { "${name}": false } [${client}]`, function () {
      this.timeout(60000);
      const scenario = SCENARIOS[name];
      if (!scenario) {
        it('has a scenario in this suite', () => {
          expect.fail(`no scenario for the built-in plugin "${name}"`);
        });
        return;
      }

      if ('boot' in scenario) {
        it(`stops start-up with ${scenario.boot.code}`, async () => {
          let failure: unknown = null;
          try {
            const app = await startApp({ client, config: { plugins: { [name]: false } } });
            await app.close();
          } catch (error) {
            failure = error;
          }
          expect(failure).to.be.instanceOf(BootError);
          expect({ code: (failure as BootError).code, message: (failure as BootError).message }).to.deep.equal(scenario.boot);
        });
        return;
      }

      let app: TestApp | undefined;
      let since = 0;
      before(async () => {
        since = Date.now();
        app = await startApp({ client, config: { plugins: { [name]: false } } });
      });
      after(async () => {
        await app?.close();
      });

      it(`starts with the other plugins: ${scenario.enabled.join(', ')}`, () => {
        expect(app?.platform.enabledPlugins()).to.deep.equal(scenario.enabled);
      });

      scenario.run({
        app: () => {
          assert.exists(app, 'the app started in before()');
          return app;
        },
        since: () => since,
      });
    });
  }
}
