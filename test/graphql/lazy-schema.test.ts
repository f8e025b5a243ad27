/**
 * Under `platform start` (NODE_ENV production) the GraphQL schema is built on its first use,
 * not before the server answers: graphql and graphql-compose are not even loaded until then.
 * The answers are the same as those of a schema built at start-up, and an extension that
 * breaks the schema fails every GraphQL request and the schema service, with its reason.
 */
import { expect } from 'chai';
import { BootError, definePlugin } from '@platform/core';
import type { ExtensionService, SchemaService } from '@platform/graphql';
import { startApp, type TestApp } from '../helpers/app';
import { modulesLoadedBy } from '../helpers/loaded-modules';
import { gql } from './helpers';

const PRODUCTION = { NODE_ENV: 'production' };
const graphqlModules = (modules: string[]) => modules.filter((file) => /[\\/]node_modules[\\/]graphql(-compose)?[\\/]/.test(file));

describe('GraphQL schema built on first use under platform start', function () {
  this.timeout(120000);

  it('graphql is not loaded while the server answers REST, and is once a GraphQL request came', async () => {
    const restOnly = await modulesLoadedBy(async (url) => {
      expect((await fetch(`${url}/api/articles`)).status).to.equal(200);
    });
    expect(graphqlModules(restOnly)).to.deep.equal([]);

    const withGraphql = await modulesLoadedBy(async (url) => {
      const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ articles { meta { pagination { total } } } }' }) });
      expect({ status: res.status, body: await res.text() }).to.deep.equal({ status: 200, body: '{"data":{"articles":{"meta":{"pagination":{"total":0}}}}}' });
    });
    expect(graphqlModules(withGraphql).length).to.be.greaterThan(0);
  });

  describe('answers', () => {
    let eager: TestApp;
    let lazy: TestApp;
    before(async () => {
      eager = await startApp();
      lazy = await startApp({ env: PRODUCTION });
      for (const app of [eager, lazy]) {
        const created = await app.post('/api/articles', { data: { title: 'Built late', slug: 'built-late' } });
        expect(created.status, created.text).to.equal(200);
      }
    });
    after(async () => {
      await eager?.close();
      await lazy?.close();
    });

    it('are the bytes a schema built at start-up answers', async () => {
      const query = '{ articles { data { id attributes { title slug } } meta { pagination { page pageSize pageCount total } } } }';
      const first = await gql(lazy, query);
      expect(first.status).to.equal(200);
      expect(first.text).to.equal(
        '{"data":{"articles":{"data":[{"id":"1","attributes":{"title":"Built late","slug":"built-late"}}],"meta":{"pagination":{"page":1,"pageSize":10,"pageCount":1,"total":1}}}}}',
      );
      expect(first.text).to.equal((await gql(eager, query)).text);
      expect(lazy.platform.service<SchemaService>('plugin::graphql.schema').print()).to.equal(eager.platform.service<SchemaService>('plugin::graphql.schema').print());
    });

    it('extensions are closed once the platform started, as when the schema is built then', () => {
      const extension = lazy.platform.service<ExtensionService>('plugin::graphql.extension');
      expect(() => extension.use({ typeDefs: 'type Late { late: String }' })).to.throw(/The GraphQL schema is built: extensions are registered in register or bootstrap/);
    });
  });

  it('an extension that breaks the schema fails each GraphQL request and the schema service, while REST answers', async () => {
    const broken = definePlugin({
      name: 'gql-broken',
      requires: ['graphql'],
      register(ctx) {
        ctx.service<ExtensionService>('plugin::graphql.extension').use({ typeDefs: 'type {' });
      },
    });
    const app = await startApp({ plugins: [broken], env: PRODUCTION });
    try {
      expect((await app.get('/api/articles')).status).to.equal(200);
      for (let i = 0; i < 2; i++) {
        const res = await gql(app, '{ articles { meta { pagination { total } } } }');
        expect({ status: res.status, body: res.body }).to.deep.equal({
          status: 500,
          body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
        });
      }
      const schema = app.platform.service<SchemaService>('plugin::graphql.schema');
      let failure: unknown = null;
      try {
        schema.get();
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(BootError);
      expect((failure as BootError).code).to.equal('graphql.SCHEMA_INVALID');
      expect((failure as BootError).message).to.match(/^A GraphQL extension could not be added: .*Syntax Error/);
    } finally {
      await app.close();
    }
  });
});
