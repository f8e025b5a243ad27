/**
 * Both strategies together, as in Strapi v4: an API token is tried first, then a JWT, then the
 * public role; users-permissions checks the route scope and the content-API rules of whatever
 * ability authenticated the request, a token's like a role's.
 */
import { expect } from 'chai';
import type { ApiTokensService } from '@platform/api-tokens';
import { testClients } from '../helpers/databases';
import type { TestApp } from '../helpers/app';
import { authPlugins, bearer, register } from './helpers';
import { startApp } from '../helpers/app';

const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

for (const client of testClients()) {
  describe(`users-permissions with api-tokens [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;
    let tokens: ApiTokensService;
    before(async () => {
      app = await startApp({
        client,
        config: {
          plugins: {
            ...authPlugins({ permissions: { public: ['api::tag.tag.find'], authenticated: ['api::tag.tag.find', 'api::tag.tag.create'] } }),
            'api-tokens': { config: { salt: 'up-tests-salt' } },
          },
        },
      });
      tokens = app.platform.plugin('api-tokens').service<ApiTokensService>('api-tokens');
      await app.knex('categories').insert({ name: 'Seed', slug: 'seed' });
    });
    after(async () => app?.close());

    it('a read-only token reads what the public role may not, and cannot write (403)', async () => {
      const { accessKey } = await tokens.create({ name: 'reader', type: 'read-only' });
      expect((await app.get('/api/categories')).body).to.deep.equal(FORBIDDEN);
      expect((await app.get('/api/categories', bearer(accessKey))).status).to.equal(200);
      expect((await app.get('/api/categories/1', bearer(accessKey))).status).to.equal(200);
      const write = await app.post('/api/categories', { data: { name: 'No' } }, bearer(accessKey));
      expect(write.body).to.deep.equal(FORBIDDEN);
      expect(await app.knex('categories').where('name', 'No').first()).to.equal(undefined);
    });

    it('a full-access token writes; a custom token may do exactly its actions', async () => {
      const full = await tokens.create({ name: 'full', type: 'full-access' });
      expect((await app.post('/api/categories', { data: { name: 'Full' } }, bearer(full.accessKey))).status).to.equal(200);
      const custom = await tokens.create({ name: 'custom', type: 'custom', permissions: ['api::category.category.find', 'api::tag.tag.create'] });
      expect((await app.get('/api/categories', bearer(custom.accessKey))).status).to.equal(200);
      expect((await app.get('/api/categories/1', bearer(custom.accessKey))).body).to.deep.equal(FORBIDDEN);
      expect((await app.post('/api/tags', { data: { name: 'by token' } }, bearer(custom.accessKey))).status).to.equal(200);
      expect((await app.get('/api/tags', bearer(custom.accessKey))).body).to.deep.equal(FORBIDDEN);
    });

    it("populate follows the token's ability: a relation whose target it may not find is left out", async () => {
      const custom = await tokens.create({ name: 'articles-only', type: 'custom', permissions: ['api::article.article.find'] });
      await app.post('/api/articles', { data: { title: 'With category', category: 1 } }, bearer((await tokens.create({ name: 'writer', type: 'full-access' })).accessKey));
      const res = await app.get('/api/articles?populate=category', bearer(custom.accessKey));
      expect(res.status).to.equal(200);
      expect(res.body.data[0].attributes).to.not.have.property('category');
      expect((await app.get('/api/articles?filters[category][name][$eq]=Seed', bearer(custom.accessKey))).status).to.equal(400);
    });

    it('/api/users/me with a token is a 401 Unauthorized (a token is no user); a JWT still works beside tokens', async () => {
      const full = await tokens.create({ name: 'me', type: 'full-access' });
      const me = await app.get('/api/users/me', bearer(full.accessKey));
      expect(me.status).to.equal(401);
      expect(me.body.error).to.deep.equal({ status: 401, name: 'UnauthorizedError', message: 'Unauthorized', details: {} });
      const { jwt } = await register(app);
      expect((await app.get('/api/users/me', bearer(jwt))).status).to.equal(200);
      expect((await app.post('/api/tags', { data: { name: 'by user' } }, bearer(jwt))).status).to.equal(200);
      expect((await app.get('/api/tags', bearer('neither-a-token-nor-a-jwt'))).status).to.equal(401);
    });
  });
}
