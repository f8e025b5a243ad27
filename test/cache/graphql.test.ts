/**
 * GraphQL queries through the response cache: a query asked again by the same permission scope
 * with the same text, variables and operation name is answered from the cache (no SQL), byte
 * for byte the uncached answer, and no longer once any write (REST or a GraphQL mutation) changed
 * what it shows; callers of different scopes never share an answer; mutations, `me`-like
 * extension fields and errors are never kept.
 */
import { assert, expect } from 'chai';
import { definePlugin } from '@platform/core';
import type { ApiTokensService } from '@platform/api-tokens';
import type { ExtensionService } from '@platform/graphql';
import { describeEachDatabase, startApp, type TestApp } from '../helpers/app';
import { bearer } from '../api-tokens/token-helpers';
import { CACHE_ON, seedArticle, seedThroughToken, tokenAppWithCache } from './fixtures';
import { gql, gqlGet } from '../graphql/helpers';

const ARTICLES = `query Articles($pageSize: Int) {
  articles(pagination: { pageSize: $pageSize }, sort: ["id"]) {
    data { id attributes { title category { data { attributes { name } } } tags { data { id attributes { name } } } } }
    meta { pagination { total } }
  }
}`;

/** asks `query` twice: the second answer comes from the cache, without SQL, with the same bytes */
async function cachedQuery(app: TestApp, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const first = await gql(app, query, variables, headers);
  expect(first.status, first.text).to.equal(200);
  expect(first.body.errors, first.text).to.equal(undefined);
  const second = await app.countQueries(() => gql(app, query, variables, headers));
  expect(second.count, 'a hit runs no SQL').to.equal(0);
  expect(second.result.headers.get('x-cache')).to.equal('hit');
  expect(second.result.text).to.equal(first.text);
  expect(second.result.headers.get('content-type')).to.equal(first.headers.get('content-type'));
  return first;
}

describeEachDatabase(
  'response cache: GraphQL queries',
  (ctx) => {
    let category: number;
    let tag: number;
    let article: number;
    before(async () => {
      ({ category, tag, article } = await seedArticle(ctx.app));
    });

    it('a repeated query is a hit, byte-identical to the answer of the same app without the cache', async () => {
      const cached = await cachedQuery(ctx.app, ARTICLES, { pageSize: 25 });
      expect(cached.body.data.articles.data.map((entry: { id: string }) => Number(entry.id))).to.deep.equal([article]);
      const uncached = await startApp({ client: ctx.client, database: ctx.app.database });
      try {
        const plain = await gql(uncached, ARTICLES, { pageSize: 25 });
        expect(plain.text).to.equal(cached.text);
        expect(plain.headers.get('x-cache')).to.equal(null);
      } finally {
        await uncached.close();
      }
    });

    it('the key is the text, the variables, the operation name and the media type asked for', async () => {
      await cachedQuery(ctx.app, ARTICLES, { pageSize: 25 });
      const other = await ctx.app.countQueries(() => gql(ctx.app, ARTICLES, { pageSize: 5 }));
      expect(other.count).to.be.greaterThan(0);
      expect(other.result.headers.get('x-cache')).to.equal('miss');
      const json = await gql(ctx.app, ARTICLES, { pageSize: 25 }, { accept: 'application/json' });
      expect(json.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      const again = await ctx.app.countQueries(() => gql(ctx.app, ARTICLES, { pageSize: 25 }, { accept: 'application/json' }));
      expect([again.count, again.result.headers.get('content-type')]).to.deep.equal([0, 'application/json; charset=utf-8']);
      // a GET of the same query is answered from the cache too
      const query = `{ categories { data { id attributes { name } } } }`;
      await gqlGet(ctx.app, query);
      const got = await ctx.app.countQueries(() => gqlGet(ctx.app, query));
      expect([got.count, got.result.status, got.result.headers.get('x-cache')]).to.deep.equal([0, 200, 'hit']);
      const etag = got.result.headers.get('etag');
      assert.exists(etag);
      expect(etag).to.match(/^"[A-Za-z0-9_-]{27}"$/);
      const notModified = await gqlGet(ctx.app, query, undefined, { 'if-none-match': etag });
      expect([notModified.status, notModified.text]).to.deep.equal([304, '']);
    });

    it('a REST write changes the cached answer, at any depth (a related entry, a relation written from the other side)', async () => {
      await cachedQuery(ctx.app, ARTICLES, { pageSize: 25 });
      expect((await ctx.app.put(`/api/categories/${category}`, { data: { name: 'World' } })).status).to.equal(200);
      const renamed = await gql(ctx.app, ARTICLES, { pageSize: 25 });
      expect(renamed.body.data.articles.data[0].attributes.category.data.attributes.name).to.equal('World');
      await cachedQuery(ctx.app, ARTICLES, { pageSize: 25 });
      expect((await ctx.app.put(`/api/tags/${tag}`, { data: { articles: { disconnect: [article] } } })).status).to.equal(200);
      expect((await gql(ctx.app, ARTICLES, { pageSize: 25 })).body.data.articles.data[0].attributes.tags.data).to.deep.equal([]);
    });

    it('a GraphQL mutation changes the cached answer, and is itself never cached', async () => {
      await cachedQuery(ctx.app, ARTICLES, { pageSize: 25 });
      const mutation = `mutation { updateArticle(id: ${article}, data: { title: "Renamed" }) { data { id attributes { title } } } }`;
      const updated = await gql(ctx.app, mutation);
      expect(updated.body.errors, updated.text).to.equal(undefined);
      expect(updated.headers.get('x-cache')).to.equal(null);
      expect((await gql(ctx.app, ARTICLES, { pageSize: 25 })).body.data.articles.data[0].attributes.title).to.equal('Renamed');
      const again = await ctx.app.countQueries(() => gql(ctx.app, `mutation { updateArticle(id: ${article}, data: { title: "Again" }) { data { id } } }`));
      expect(again.count).to.be.greaterThan(0);
      expect((await gql(ctx.app, ARTICLES, { pageSize: 25 })).body.data.articles.data[0].attributes.title).to.equal('Again');
    });

    it('errors, unknown fields and introspection are not kept', async () => {
      // an error of a resolver (both pagination modes at once): the answer has `errors`
      const failing = `{ articles(pagination: { page: 1, limit: 2 }) { data { id } } }`;
      expect((await gql(ctx.app, failing)).body.errors).to.have.length(1);
      const again = await gql(ctx.app, failing);
      expect([again.body.errors?.length, again.headers.get('x-cache')]).to.deep.equal([1, null]);
      const invalid = await gql(ctx.app, `{ articles { nope } }`);
      expect(invalid.status).to.equal(400);
      expect((await gql(ctx.app, `{ articles { nope } }`)).headers.get('x-cache')).to.equal(null);
      const introspection = await gql(ctx.app, `{ __schema { queryType { name } } }`);
      expect(introspection.headers.get('x-cache')).to.equal(null);
    });
  },
  { config: CACHE_ON },
);

describeEachDatabase(
  'response cache: GraphQL queries by permission scope',
  (ctx) => {
    let service: ApiTokensService;
    before(async () => {
      service = await seedThroughToken(ctx.app);
    });

    it('two tokens do not share answers, and a token without the permission is refused even when an answer is stored', async () => {
      const query = `{ categories { data { attributes { name } } } }`;
      const first = await service.create({ name: 'first', type: 'read-only' });
      const second = await service.create({ name: 'second', type: 'read-only' });
      const answer = await cachedQuery(ctx.app, query, undefined, bearer(first.accessKey));
      expect(answer.body.data.categories.data).to.deep.equal([{ attributes: { name: 'News' } }]);
      const other = await ctx.app.countQueries(() => gql(ctx.app, query, undefined, bearer(second.accessKey)));
      expect(other.count, 'another token computes its own answer').to.be.greaterThan(0);
      expect(other.result.text).to.equal(answer.text);
      const tagsOnly = await service.create({ name: 'tags only', type: 'custom', permissions: ['api::tag.tag.find'] });
      const refused = await gql(ctx.app, query, undefined, bearer(tagsOnly.accessKey));
      expect(refused.body.errors?.[0]?.extensions?.code).to.equal('FORBIDDEN');
      expect(refused.headers.get('x-cache')).to.equal(null);
      const anonymous = await gql(ctx.app, query);
      expect(anonymous.body.errors?.[0]?.extensions?.code).to.equal('FORBIDDEN');
    });
  },
  tokenAppWithCache(),
);

describeEachDatabase(
  'GraphQL with the cache plugin disabled',
  (ctx) => {
    it('answers queries and mutations as usual, without the cache', async () => {
      const created = await gql(ctx.app, `mutation { createCategory(data: { name: "Plain" }) { data { id } } }`);
      expect(created.body.errors, created.text).to.equal(undefined);
      for (let i = 0; i < 2; i++) {
        const res = await gql(ctx.app, `{ categories { data { attributes { name } } } }`);
        expect(res.body).to.deep.equal({ data: { categories: { data: [{ attributes: { name: 'Plain' } }] } } });
        expect(res.headers.get('x-cache')).to.equal(null);
      }
      expect(ctx.app.platform.enabledPlugins()).to.include('graphql').and.not.include('cache');
    });
  },
  { config: { plugins: { cache: { enabled: false } } } },
);

/** what an extension adds answers from elsewhere than the content: never cached */
let calls = 0;
const extender = definePlugin({
  name: 'gql-cache-extender',
  requires: ['graphql'],
  register(ctx) {
    ctx.service<ExtensionService>('plugin::graphql.extension').use({
      typeDefs: 'extend type Query { clock: Int } extend type Tag { shout: String }',
      resolvers: {
        Query: { clock: () => ++calls },
        Tag: { shout: (parent: unknown) => `${String((parent as { name?: string }).name).toUpperCase()}!${++calls}` },
      },
      resolversConfig: {
        'Query.clock': { auth: false },
        'Query.tags': { middlewares: [(next, parent, args, context, info) => next(parent, args, context, info)] },
      },
    });
  },
});

describeEachDatabase(
  'response cache: GraphQL fields added by extensions',
  (ctx) => {
    it('an operation with a field an extension resolves, or a resolver with middlewares, always runs; the rest is still cached', async () => {
      calls = 0;
      const tag = (await ctx.app.post('/api/tags', { data: { name: 'red' } })).body.data.id;
      const clock = [await gql(ctx.app, '{ clock }'), await gql(ctx.app, '{ clock }')];
      expect(clock.map((res) => res.body.data.clock)).to.deep.equal([1, 2]);
      expect(clock.map((res) => res.headers.get('x-cache'))).to.deep.equal([null, null]);
      // the generated query beside it does not make it cacheable
      const mixed = '{ clock categories { data { id } } }';
      expect((await gql(ctx.app, mixed)).body.data.clock).to.equal(3);
      expect((await gql(ctx.app, mixed)).body.data.clock).to.equal(4);
      const tags = '{ tags { data { attributes { name } } } }';
      await gql(ctx.app, tags);
      expect((await gql(ctx.app, tags)).headers.get('x-cache')).to.equal(null);
      // a nested field an extension resolves
      const shout = `{ tag(id: ${tag}) { data { attributes { name shout } } } }`;
      const shouted = [await gql(ctx.app, shout), await gql(ctx.app, shout)];
      expect(shouted.map((res) => res.body.data.tag.data.attributes.shout)).to.deep.equal(['RED!5', 'RED!6']);
      expect(shouted.map((res) => res.headers.get('x-cache'))).to.deep.equal([null, null]);
      await cachedQuery(ctx.app, `{ tag(id: ${tag}) { data { attributes { name } } } }`);
      await cachedQuery(ctx.app, '{ categories { data { id } } }');
    });
  },
  { config: CACHE_ON, plugins: [extender] },
);
