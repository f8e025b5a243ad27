/**
 * Which query parameters a REST client can use: the engine's own and those of enabled plugins
 * (declared to the content-API contract). Internal flags are never taken from a request, and
 * the parameter of a disabled plugin is dropped like any unknown one. Exact answers.
 */
import path from 'node:path';
import { expect } from 'chai';
import { BootError, definePlugin, type PluginDefinition } from '@platform/core';
import { describeEachDatabase, startApp } from '../helpers/app';

const DP_I18N_APP = path.resolve(__dirname, '..', 'fixtures', 'dp-i18n-app');
const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
const invalid = (name: string) => ({ data: null, error: { status: 400, name: 'ValidationError', message: `Invalid parameter ${name}`, details: {} } });
const page = (total: number) => ({ pagination: { page: 1, pageSize: 25, pageCount: total > 0 ? 1 : 0, total } });

describeEachDatabase('client parameters: internal flags', (ctx) => {
  before(async () => {
    expect((await ctx.app.post('/api/writers', { data: { name: 'Ada', email: 'ada@example.com', secret: 's' } })).status).to.equal(200);
    expect((await ctx.app.post('/api/articles', { data: { title: 'Published', author: 1 } })).status).to.equal(200);
    expect((await ctx.app.post('/api/articles', { data: { title: 'Draft', publishedAt: null, author: 1 } })).status).to.equal(200);
  });

  it('includePrivate from the query string neither shows nor unlocks a private attribute', async () => {
    const list = await ctx.app.get('/api/writers?fields[0]=name&includePrivate=true');
    expect(list.status).to.equal(200);
    expect(list.body).to.deep.equal({ data: [{ id: 1, attributes: { name: 'Ada' } }], meta: page(1) });
    for (const url of [
      '/api/writers?includePrivate=true&fields[0]=secret',
      '/api/writers/1?includePrivate=true&fields[0]=name&fields[1]=secret',
      '/api/writers?includePrivate=true&filters[secret][$eq]=s',
      '/api/writers?includePrivate=true&sort=secret',
    ]) {
      const res = await ctx.app.get(url);
      expect(res.status, url).to.equal(400);
      expect(res.body, url).to.deep.equal(invalid('secret'));
    }
    for (const [url, name] of [
      ['/api/articles?populate[author][includePrivate]=true&populate[author][fields][0]=secret', 'secret'],
      ['/api/writers?filters[includePrivate]=true', 'includePrivate'],
    ] satisfies Array<[string, string]>) {
      const res = await ctx.app.get(url);
      expect(res.status, url).to.equal(400);
      expect(res.body, url).to.deep.equal(invalid(name));
    }
    const populated = await ctx.app.get('/api/articles?fields[0]=title&filters[id][$eq]=1&populate[author][fields][0]=name&includePrivate=true');
    expect(populated.body).to.deep.equal({ data: [{ id: 1, attributes: { title: 'Published', author: { data: { id: 1, attributes: { name: 'Ada' } } } } }], meta: page(1) });
  });

  it('includeHidden from the query string shows no draft, at the root, by id or through a relation', async () => {
    expect((await ctx.app.get('/api/articles?fields[0]=title&includeHidden=true')).body).to.deep.equal({ data: [{ id: 1, attributes: { title: 'Published' } }], meta: page(1) });
    const byId = await ctx.app.get('/api/articles/2?includeHidden=true');
    expect(byId.status).to.equal(404);
    expect(byId.body).to.deep.equal(NOT_FOUND);
    const writer = await ctx.app.get('/api/writers/1?fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort]=id&includeHidden=true');
    expect(writer.body).to.deep.equal({ data: { id: 1, attributes: { name: 'Ada', articles: { data: [{ id: 1, attributes: { title: 'Published' } }] } } }, meta: {} });
  });

  it("checks the shape of an enabled plugin's parameter", async () => {
    for (const [query, name] of [
      ['publicationState[0]=live', 'publicationState'],
      ['locale[a]=b', 'locale'],
    ] satisfies Array<[string, string]>) {
      const res = await ctx.app.get(`/api/articles?${query}`);
      expect(res.status, query).to.equal(400);
      expect(res.body, query).to.deep.equal(invalid(name));
    }
  });
});

describeEachDatabase(
  'client parameters: draft & publish disabled',
  (ctx) => {
    before(async () => {
      expect((await ctx.app.post('/api/posts', { data: { title: 'One' } })).status).to.equal(200);
    });

    it('drops publicationState, whatever its value or shape', async () => {
      const expected = { data: [{ id: 1, attributes: { title: 'One' } }], meta: page(1) };
      for (const query of ['publicationState=preview', 'publicationState=live', 'publicationState[0]=live', 'publicationState[a]=b']) {
        const res = await ctx.app.get(`/api/posts?fields[0]=title&${query}`);
        expect(res.status, query).to.equal(200);
        expect(res.body, query).to.deep.equal(expected);
      }
      expect((await ctx.app.get('/api/posts/1?fields[0]=title&publicationState=preview')).body).to.deep.equal({ data: { id: 1, attributes: { title: 'One' } }, meta: {} });
    });
  },
  { appDir: DP_I18N_APP, env: { DP_ENABLED: 'false' } },
);

describeEachDatabase(
  'client parameters: i18n disabled',
  (ctx) => {
    before(async () => {
      expect((await ctx.app.post('/api/posts', { data: { title: 'One' } })).status).to.equal(200);
    });

    it('drops locale, whatever its value or shape', async () => {
      const expected = { data: [{ id: 1, attributes: { title: 'One' } }], meta: page(1) };
      for (const query of ['locale=fr', 'locale=en', 'locale=all', 'locale[a]=b']) {
        const res = await ctx.app.get(`/api/posts?fields[0]=title&${query}`);
        expect(res.status, query).to.equal(200);
        expect(res.body, query).to.deep.equal(expected);
      }
      expect((await ctx.app.get('/api/posts/1?fields[0]=title&locale=fr')).body).to.deep.equal({ data: { id: 1, attributes: { title: 'One' } }, meta: {} });
    });
  },
  { appDir: DP_I18N_APP, env: { I18N_ENABLED: 'false' } },
);

describe('client parameters: declaring one', function () {
  this.timeout(30000);

  async function bootError(plugin: PluginDefinition): Promise<BootError> {
    try {
      const app = await startApp({ plugins: [plugin] });
      await app.close();
    } catch (error) {
      expect(error).to.be.instanceOf(BootError);
      return error as BootError;
    }
    throw new Error('expected start-up to fail');
  }

  const declaring = (name: string, step: 'register' | 'bootstrap'): PluginDefinition => {
    const declare: NonNullable<PluginDefinition['register']> = (ctx) => {
      ctx.service('plugin::query-engine.content-api').params.declare({ name, owner: 'regions', kinds: ['string'] });
    };
    return definePlugin({ name: 'regions', requires: ['query-engine', 'i18n'], [step]: declare });
  };

  it('stops start-up when a plugin declares an internal flag or a parameter already declared', async () => {
    const internal = await bootError(declaring('includePrivate', 'register'));
    expect([internal.code, internal.message]).to.deep.equal(['query-engine.PARAM_INTERNAL', 'Plugin "regions" cannot declare "includePrivate": it is an internal flag, never a client parameter']);
    const twice = await bootError(declaring('locale', 'register'));
    expect([twice.code, twice.message]).to.deep.equal(['query-engine.PARAM_DUPLICATE', 'Plugin "regions" declares the query parameter "locale", already declared by "i18n"']);
  });

  it('stops start-up when a plugin declares one after register', async () => {
    const late = await bootError(declaring('region', 'bootstrap'));
    expect([late.code, late.message]).to.deep.equal(['query-engine.PARAMS_LOCKED', 'Plugin "regions" declares the query parameter "region" after register']);
  });

  it('passes a declared parameter to the engine', async () => {
    const seen: unknown[] = [];
    const app = await startApp({
      plugins: [
        definePlugin({
          name: 'regions',
          requires: ['query-engine'],
          register(ctx) {
            ctx.service('plugin::query-engine.content-api').params.declare({ name: 'region', owner: 'regions', kinds: ['string'] });
            ctx.service('plugin::query-engine.hooks').validateParams.tap('regions', ({ params }) => void seen.push(params.region));
          },
        }),
      ],
    });
    try {
      expect((await app.get('/api/categories?region=north&includeHidden=true')).status).to.equal(200);
      const wrong = await app.get('/api/categories?region[a]=b');
      expect(wrong.body).to.deep.equal(invalid('region'));
      expect(seen).to.deep.equal(['north']);
    } finally {
      await app.close();
    }
  });
});
