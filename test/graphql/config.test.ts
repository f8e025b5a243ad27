/**
 * `graphql.config` options: endpoint, shadowCRUD, depthLimit, maxLimit, maxCost,
 * apolloServer.introspection and apolloServer.tracing, and what an invalid value does.
 */
import { expect } from 'chai';
import { BootError, definePlugin } from '@platform/core';
import type { ExtensionService } from '@platform/graphql';
import { describeEachDatabase, startApp } from '../helpers/app';
import { articleRow } from '../rest/populate-seed';
import { gql, gqlData } from './helpers';
import { authPlugins, JWT_SECRET } from '../users-permissions/helpers';

const graphql = (config: Record<string, unknown>) => ({ config: { plugins: { graphql: { config } } } });

describeEachDatabase(
  'GraphQL config: endpoint, depthLimit, maxLimit, maxCost',
  (ctx) => {
    before(async () => {
      await ctx.app.knex('articles').insert([1, 2, 3, 4, 5].map((id) => articleRow(ctx.app, { id, title: `a${id}` })));
    });

    it('serves the endpoint at the configured path only', async () => {
      expect((await ctx.app.post('/graphql', { query: '{ __typename }' })).status).to.equal(404);
      const res = await ctx.app.post('/api/gql', { query: '{ articles { data { id } } }' });
      expect(res.status).to.equal(200);
      expect(res.body.data.articles.data).to.have.length(3);
    });

    it('maxLimit caps lists below amountLimit', async () => {
      const res = await ctx.app.post('/api/gql', { query: '{ articles(pagination: { pageSize: 50 }) { data { id } } }' });
      expect(res.body.data.articles.data).to.have.length(3);
    });

    it('depthLimit 3: depth 3 runs, depth 4 is refused', async () => {
      expect((await ctx.app.post('/api/gql', { query: '{ articles { data { attributes { title } } } }' })).status).to.equal(200);
      const res = await ctx.app.post('/api/gql', { query: '{ articles { data { attributes { category { data { id } } } } } }' });
      expect(res.status).to.equal(400);
      expect(res.body.errors[0].message).to.equal('The operation exceeds maximum operation depth of 3');
    });

    it('maxCost and entryFieldCost set the budget', async () => {
      // articles (1 + 5) data (1) id (1) = 8
      expect((await ctx.app.post('/api/gql', { query: '{ articles { data { id } } }' })).status).to.equal(200);
      const res = await ctx.app.post('/api/gql', { query: '{ a: articles { data { id } } b: articles { data { id } } }' });
      expect(res.status).to.equal(400);
      expect(res.body.errors[0].message).to.equal('The operation exceeds the maximum cost of 10 (fields, and 5 more for each field that reads entries)');
    });
  },
  graphql({ endpoint: '/api/gql', depthLimit: 3, maxLimit: 3, maxCost: 10, entryFieldCost: 5 }),
);

describeEachDatabase(
  'GraphQL config: introspection off, tracing on',
  (ctx) => {
    it('refuses introspection', async () => {
      const res = await gql(ctx.app, '{ __schema { types { name } } }');
      expect(res.status).to.equal(400);
      expect(res.body.errors?.[0].message).to.contain('GraphQL introspection has been disabled');
    });

    it("reports every resolver's timing in extensions.tracing", async () => {
      const res = await gql(ctx.app, '{ articles { data { id } } }');
      expect(res.body.data).to.deep.equal({ articles: { data: [] } });
      const tracing = res.body.extensions?.tracing;
      expect(tracing.version).to.equal(1);
      expect(tracing.duration).to.be.a('number');
      const root = tracing.execution.resolvers.find((r: { fieldName: string }) => r.fieldName === 'articles');
      expect(root).to.include({ parentType: 'Query', returnType: 'ArticleEntityResponseCollection' });
      expect(root.path).to.deep.equal(['articles']);
      expect(root.duration).to.be.a('number');
    });
  },
  graphql({ apolloServer: { introspection: false, tracing: true } }),
);

describeEachDatabase(
  'GraphQL config: shadowCRUD off',
  (ctx) => {
    it('generates nothing from the models; extensions still add their types', async () => {
      expect(await gqlData(ctx.app, '{ ping }')).to.deep.equal({ ping: 'pong' });
      const res = await gql(ctx.app, '{ articles { data { id } } }');
      expect(res.status).to.equal(400);
      const types = (await gqlData(ctx.app, '{ __schema { types { name } } }')).__schema.types.map((t: { name: string }) => t.name);
      expect(types).to.not.include.members(['Article', 'ArticleEntity', 'ComponentSharedSeo']);
      expect(types).to.include.members(['Pagination', 'StringFilterInput', 'JSON']);
    });
  },
  {
    ...graphql({ shadowCRUD: false }),
    plugins: [
      definePlugin({
        name: 'gql-ping',
        requires: ['graphql'],
        register(ctx) {
          ctx.service<ExtensionService>('plugin::graphql.extension').use({ typeDefs: 'type Query { ping: String }', resolvers: { Query: { ping: () => 'pong' } } });
        },
      }),
    ],
  },
);

describeEachDatabase(
  'GraphQL config: shadowCRUD off, with users-permissions and upload',
  (ctx) => {
    it('their account operations stay; the operations over generated types (user and role CRUD, uploads) are left out', async () => {
      const mutations = (await gqlData(ctx.app, '{ __type(name: "Mutation") { fields { name } } }')).__type.fields.map((f: { name: string }) => f.name);
      expect(mutations).to.deep.equal(['login', 'register', 'forgotPassword', 'resetPassword', 'changePassword', 'emailConfirmation']);
    });
  },
  { config: { plugins: { ...authPlugins(), graphql: { config: { shadowCRUD: false } } } }, env: { JWT_SECRET } },
);

describe('GraphQL config validation', function () {
  this.timeout(60000);
  for (const [config, message] of [
    [{ depthLimit: 0 }, 'graphql.config: "depthLimit" must be a positive integer'],
    [{ endpoint: 'graphql' }, 'graphql.config: "endpoint" must be a path starting with "/"'],
    [{ maxLimit: 0 }, 'graphql.config: "maxLimit" must be a positive integer or -1'],
    [{ apolloServer: { tracing: 'yes' } }, 'graphql.config: "apolloServer.tracing" must be true or false'],
    [{ shadowCRUD: 'no' }, 'graphql.config: "shadowCRUD" must be true or false'],
  ] as const) {
    it(`stops start-up: ${message}`, async () => {
      let failure: unknown = null;
      try {
        const app = await startApp(graphql(config));
        await app.close();
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(BootError);
      expect((failure as BootError).message).to.contain(message);
    });
  }
});
