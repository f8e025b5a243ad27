/**
 * How often a request enters users-permissions: once to authenticate (the bearer read once, the
 * route scope checked) and once for the content-API decisions, whatever the transport and however
 * many operations, relations and sanitizing passes the request has. Every permission is checked
 * once per request and every model's unreadable attributes are asked once: a REST list checks
 * its one action; a GraphQL list with three relations checks its operation and reuses the
 * request's decisions for each relation field (the target's `find`), for sanitizing the query
 * and for sanitizing the answer.
 */
import { expect } from 'chai';
import { definePlugin, type RequestContext } from '@platform/core';
import type { AccessRules } from '@platform/query-engine';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { bearer, register, startAuthApp } from './helpers';

const GUARD = 'users-permissions';

/** What one request asked of users-permissions. */
interface Entries {
  authenticate: number;
  access: number;
  can: string[];
  unreadable: string[];
}

const fresh = (): Entries => ({ authenticate: 0, access: 0, can: [], unreadable: [] });

/** `rule` whose calls are written down in `entries`. */
function counted(rule: AccessRules, entries: Entries): AccessRules {
  const { can, unreadable } = rule;
  const out: AccessRules = { ...rule };
  if (can) {
    out.can = (permission) => {
      entries.can.push(permission);
      return can(permission);
    };
  }
  if (unreadable) {
    out.unreadable = (model) => {
      entries.unreadable.push(model.uid);
      return unreadable(model);
    };
  }
  return out;
}

/**
 * Counts, per request, the entries into users-permissions' taps and the calls of the rules it
 * hands the contract (its `access` tap runs first; this one, at a later stage, wraps them).
 */
function createCounter(byRequest: Map<RequestContext, Entries>) {
  const of = (request: unknown): Entries => {
    const key = request as RequestContext;
    const entries = byRequest.get(key) ?? fresh();
    byRequest.set(key, entries);
    return entries;
  };
  return definePlugin({
    name: 'check-counter',
    requires: ['query-engine', 'users-permissions'],
    register(ctx) {
      // an interceptor's `tap` does not see the arguments: `call` (first) tells whose they are
      let authenticating: Entries = fresh();
      ctx.hooks.authenticate.intercept({
        call: (request: RequestContext) => {
          authenticating = of(request);
        },
        tap: (tap) => {
          if (tap.name === GUARD) authenticating.authenticate += 1;
        },
      });
      const { hooks } = ctx.service('plugin::query-engine.content-api');
      let deciding: Entries = fresh();
      hooks.access.intercept({
        call: ({ context }) => {
          deciding = of(context.request);
        },
        tap: (tap) => {
          if (tap.name === GUARD) deciding.access += 1;
        },
      });
      hooks.access.tap({ name: 'check-counter', stage: 100 }, ({ context, rules }) => {
        const entries = of(context.request);
        rules.splice(0, rules.length, ...rules.map((rule) => counted(rule, entries)));
      });
    },
  });
}

const ARTICLE_RELATIONS = '{ articles { data { id attributes { title category { data { id } } tags { data { id } } author { data { id attributes { name } } } } } } }';

for (const client of testClients()) {
  describe(`users-permissions entered once per request [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let jwt: string;
    const byRequest = new Map<RequestContext, Entries>();
    const only = (): Entries => {
      const all = [...byRequest.values()];
      expect(all, 'one request').to.have.length(1);
      return all[0] ?? fresh();
    };

    before(async () => {
      app = await startAuthApp(
        client,
        {
          permissions: {
            public: ['api::article.article.find', 'api::category.category.find', 'api::tag.tag.find', 'api::writer.writer.find'],
            authenticated: ['api::article.article.find', 'api::category.category.find'],
          },
        },
        { plugins: [createCounter(byRequest)] },
      );
      const [category] = await app.knex('categories').insert({ name: 'News', slug: 'news' }, ['id']);
      const [tag] = await app.knex('tags').insert({ name: 'x' }, ['id']);
      const [writer] = await app.knex('writers').insert({ name: 'Ada', email: 'ada@example.com' }, ['id']);
      const [article] = await app.knex('articles').insert({ title: 'Hello', published_at: new Date(), locale: 'en' }, ['id']);
      const id = (row: unknown) => (typeof row === 'object' && row !== null ? (row as { id: number }).id : (row as number));
      await app.knex('articles_category_links').insert({ article_id: id(article), category_id: id(category), article_order: 1 });
      await app.knex('articles_tags_links').insert({ article_id: id(article), tag_id: id(tag), tag_order: 1, article_order: 1 });
      await app.knex('articles_author_links').insert({ article_id: id(article), writer_id: id(writer), article_order: 1 });
      jwt = (await register(app)).jwt;
    });
    beforeEach(() => byRequest.clear());
    after(async () => app?.close());

    it('a REST list: one authentication, one decision, its action checked once', async () => {
      const res = await app.get('/api/articles?fields[0]=title', bearer(jwt));
      expect(res.status).to.equal(200);
      expect(res.body.data.map((entry: { attributes: unknown }) => entry.attributes)).to.deep.equal([{ title: 'Hello' }]);
      expect(only()).to.deep.equal({ authenticate: 1, access: 1, can: ['api::article.article.find'], unreadable: ['api::article.article'] });
    });

    it('a REST list with populate: each populated model asked once, for the query and the answer', async () => {
      const res = await app.get('/api/articles?fields[0]=title&populate[category][fields][0]=name&populate[tags][fields][0]=name', bearer(jwt));
      expect(res.status).to.equal(200);
      // the authenticated role may not find tags: the relation is left out
      expect(res.body.data[0].attributes).to.deep.equal({ title: 'Hello', category: { data: { id: 1, attributes: { name: 'News' } } } });
      expect(only()).to.deep.equal({ authenticate: 1, access: 1, can: ['api::article.article.find'], unreadable: ['api::article.article', 'api::category.category'] });
    });

    it('a GraphQL list with three relations: one decision, each permission once, the relation fields reuse it', async () => {
      const res = await app.post('/graphql', { query: ARTICLE_RELATIONS });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        data: {
          articles: { data: [{ id: '1', attributes: { title: 'Hello', category: { data: { id: '1' } }, tags: { data: [{ id: '1' }] }, author: { data: { id: '1', attributes: { name: 'Ada' } } } } }] },
        },
      });
      const entries = only();
      expect({ authenticate: entries.authenticate, access: entries.access }).to.deep.equal({ authenticate: 1, access: 1 });
      // the operation's action, then each relation field's target: every permission once
      expect(entries.can).to.deep.equal(['api::article.article.find', 'api::category.category.find', 'api::tag.tag.find', 'api::writer.writer.find']);
      // each model the query or the answer reaches is asked once (the answer's sanitizing also
      // plans the models the entries' schema leads to: their components and media)
      expect(entries.unreadable).to.include.members(['api::article.article', 'api::category.category', 'api::tag.tag', 'api::writer.writer']);
      expect(entries.unreadable).to.have.length(new Set(entries.unreadable).size);
    });

    it('two GraphQL operations in one request share the decision', async () => {
      const res = await app.post('/graphql', { query: `{ a: articles { data { id } } b: articles { data { id } } c: categories { data { id } } }` });
      expect(res.body).to.deep.equal({ data: { a: { data: [{ id: '1' }] }, b: { data: [{ id: '1' }] }, c: { data: [{ id: '1' }] } } });
      const entries = only();
      expect({ authenticate: entries.authenticate, access: entries.access, can: entries.can }).to.deep.equal({
        authenticate: 1,
        access: 1,
        can: ['api::article.article.find', 'api::category.category.find'],
      });
    });
  });
}
