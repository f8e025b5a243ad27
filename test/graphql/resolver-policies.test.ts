/**
 * `resolversConfig` policies and middlewares named as a route names them: the app's global
 * policies (`policies/<name>.ts`, `global::<name>`), its api's (`api::book.has-header`), a
 * plugin's (`plugin::users-permissions.isAuthenticated`), `{ name, config }`, and registered
 * middlewares (`api::book.upper`, `{ name, options }`, `{ name, config }`) on a nested field;
 * the same global policy guards a REST route; an unknown name stops start-up, naming it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError, definePlugin, type PluginDefinition } from '@platform/core';
import type { ExtensionService, ResolverConfig } from '@platform/graphql';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from '../users-permissions/helpers';
import { gql } from './helpers';

const CUSTOM_APP = path.resolve(__dirname, '..', 'fixtures', 'custom-app');
const PERMISSIONS = { public: ['api::book.book.find', 'api::book.book.findOne'], authenticated: ['api::book.book.find', 'api::book.book.findOne'] };

/** The custom-app fixture, plus a global policy, a resolver middleware and a REST route guarded by the global policy. */
function appCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-gql-policies-'));
  fs.cpSync(CUSTOM_APP, dir, { recursive: true });
  // its files import @platform/content-manager: resolve it from the repository's packages
  fs.symlinkSync(path.resolve(CUSTOM_APP, '..', '..', '..', 'node_modules'), path.join(dir, 'node_modules'));
  fs.mkdirSync(path.join(dir, 'policies'));
  fs.writeFileSync(
    path.join(dir, 'policies', 'header-is.ts'),
    `/** The request has header config.header = config.value. */
export default (policyContext: { ctx: { get(name: string): string } }, config: { header: string; value: string }) =>
  policyContext.ctx.get(config.header) === config.value;
`,
  );
  fs.writeFileSync(
    path.join(dir, 'api', 'book', 'middlewares', 'upper.ts'),
    `/** A resolver middleware: the resolved string in capitals. */
export default () => async (next: (...args: unknown[]) => Promise<unknown>, ...args: unknown[]) => {
  const value = await next(...args);
  return typeof value === 'string' ? value.toUpperCase() : value;
};
`,
  );
  fs.writeFileSync(
    path.join(dir, 'api', 'book', 'middlewares', 'suffix.ts'),
    `/** A resolver middleware made with a config: the resolved string and config.suffix. */
export default (config: { suffix?: string }) => async (next: (...args: unknown[]) => Promise<unknown>, ...args: unknown[]) => \`\${String(await next(...args))}\${config.suffix ?? ''}\`;
`,
  );
  fs.writeFileSync(
    path.join(dir, 'api', 'book', 'routes', 'keyed-book.ts'),
    `export default {
  routes: [{ method: 'GET', path: '/books/keyed', handler: 'book.find', config: { policies: [{ name: 'header-is', config: { header: 'x-key', value: 'k1' } }] } }],
};
`,
  );
  return dir;
}

function extending(resolversConfig: Record<string, ResolverConfig>): PluginDefinition {
  return definePlugin({
    name: 'gql-named-policies',
    requires: ['graphql'],
    register(ctx) {
      ctx.service<ExtensionService>('plugin::graphql.extension').use({ resolversConfig });
    },
  });
}

const POLICY_FAILED = (field: string) => ({
  errors: [{ message: 'Policy Failed', locations: [{ line: 1, column: 3 }], path: [field], extensions: { error: { name: 'PolicyError', message: 'Policy Failed', details: {} }, code: 'FORBIDDEN' } }],
  data: { [field]: null },
});

for (const client of testClients()) {
  describe(`GraphQL resolversConfig: policies and middlewares by name [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let dir: string;
    let jwt: string;

    before(async () => {
      dir = appCopy();
      const plugin = extending({
        'Query.books': { policies: ['plugin::users-permissions.isAuthenticated', 'api::book.has-header', { name: 'global::header-is', config: { header: 'x-key', value: 'k1' } }] },
        'Query.book': { policies: ['api::book.deny'] },
        // the first is the outermost: upper(suffix '!'(suffix '?'(title)))
        'Book.title': { middlewares: ['api::book.upper', { name: 'api::book.suffix', options: { suffix: '!' } }, { name: 'api::book.suffix', config: { suffix: '?' } }] },
      });
      app = await startAuthApp(client, { permissions: PERMISSIONS }, { appDir: dir, plugins: [plugin] });
      await app.knex('books').insert([{ id: 1, title: 'first book', pages: 10 }]);
      jwt = (await register(app)).jwt;
    });

    after(async () => {
      await app?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const BOOKS = '{ books { data { id attributes { title } } } }';

    it('a plugin policy by its uid: the public role fails isAuthenticated', async () => {
      const res = await gql(app, BOOKS, undefined, { 'x-allow': 'yes', 'x-key': 'k1' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(POLICY_FAILED('books'));
    });

    it("the api's policy and a global one with its config: each must pass", async () => {
      const headers = bearer(jwt);
      expect((await gql(app, BOOKS, undefined, { ...headers, 'x-key': 'k1' })).body).to.deep.equal(POLICY_FAILED('books'));
      expect((await gql(app, BOOKS, undefined, { ...headers, 'x-allow': 'yes', 'x-key': 'k2' })).body).to.deep.equal(POLICY_FAILED('books'));
    });

    it('all policies pass: the answer, with the named middlewares on nested fields, each made with its options or config', async () => {
      const res = await gql(app, BOOKS, undefined, { ...bearer(jwt), 'x-allow': 'yes', 'x-key': 'k1' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ data: { books: { data: [{ id: '1', attributes: { title: 'FIRST BOOK?!' } }] } } });
    });

    it('a policy that refuses (api::book.deny) refuses its field only', async () => {
      const res = await gql(app, '{ book(id: 1) { data { id } } }', undefined, bearer(jwt));
      expect(res.body).to.deep.equal(POLICY_FAILED('book'));
    });

    it('the same global policy guards a REST route, by its short name', async () => {
      const refused = await app.get('/api/books/keyed', { 'x-key': 'nope' });
      expect({ status: refused.status, body: refused.body }).to.deep.equal({ status: 403, body: { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } } });
      const passed = await app.get('/api/books/keyed', { 'x-key': 'k1' });
      expect(passed.status).to.equal(200);
      expect(passed.body.data).to.deep.equal([
        { id: 1, attributes: { title: 'first book', pages: 10, createdAt: passed.body.data[0].attributes.createdAt, updatedAt: passed.body.data[0].attributes.updatedAt } },
      ]);
    });
  });
}

describe('GraphQL resolversConfig: an unknown name stops start-up', function () {
  this.timeout(60000);
  const cases: Array<[Record<string, ResolverConfig>, string]> = [
    [{ 'Query.books': { policies: ['global::nope'] } }, 'GraphQL resolversConfig "Query.books": unknown policy "global::nope"'],
    [{ 'Query.books': { policies: [{ name: 'api::book.missing', config: {} }] } }, 'GraphQL resolversConfig "Query.books": unknown policy "api::book.missing"'],
    [{ 'Book.title': { middlewares: ['plugin::graphql.nothing'] } }, 'GraphQL resolversConfig "Book.title": unknown middleware "plugin::graphql.nothing"'],
  ];
  for (const [config, message] of cases) {
    it(message, async () => {
      const dir = appCopy();
      let failure: unknown = null;
      try {
        const app = await startAuthApp('sqlite', { permissions: PERMISSIONS }, { appDir: dir, plugins: [extending(config)] });
        await app.close();
      } catch (error) {
        failure = error;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      expect(failure).to.be.instanceOf(BootError);
      expect((failure as BootError).message).to.equal(message);
    });
  }
});
