/**
 * API tokens over HTTP, on each database: each type × reads and writes allowed or refused,
 * custom actions, expired, revoked and regenerated tokens, what the tables hold, and the
 * service's refusals. (The route-scope check is users-permissions' job; see token-helpers.ts.)
 */
import { assert, expect } from 'chai';
import type { ApiTokensService } from '@platform/api-tokens';
import { describeEachDatabase } from '../helpers/app';
import { bearer, eventually, SALT, strapiAccessKey, tokenAppOptions } from './token-helpers';

const forbidden = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
const invalidCredentials = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
const expired = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Token expired', details: {} } };
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase(
  'API tokens: authentication and what each type may do',
  (ctx) => {
    let service: ApiTokensService;
    const secrets = { 'read-only': '', 'full-access': '', custom: '' };
    let categoryId: number;

    before(async () => {
      service = ctx.app.platform.service('plugin::api-tokens.api-tokens');
      secrets['read-only'] = (await service.create({ name: 'reader', type: 'read-only' })).accessKey;
      secrets['full-access'] = (await service.create({ name: 'admin', type: 'full-access', description: 'everything' })).accessKey;
      secrets.custom = (await service.create({ name: 'writer', type: 'custom', permissions: ['api::category.category.find', 'api::category.category.create'] })).accessKey;
      const [id] = await ctx.app.knex('categories').insert({ name: 'Seed', slug: 'seed', created_at: new Date(), updated_at: new Date() }, ['id']);
      categoryId = Number(typeof id === 'object' ? id.id : id);
    });

    const categories = () => ctx.app.knex('categories').orderBy('id').pluck('name');

    it("a token is shown once as 256 hex characters and stored only as Strapi's HMAC-SHA512 of it", async () => {
      const created = await service.create({ name: 'shown-once', type: 'read-only', lifespan: 30 * DAY });
      expect(created.accessKey).to.match(/^[0-9a-f]{256}$/);
      const row = await ctx.app.knex('strapi_api_tokens').where('id', created.id).first();
      expect(row.access_key).to.equal(strapiAccessKey(SALT, created.accessKey));
      expect(JSON.stringify(row)).to.not.include(created.accessKey.slice(0, 32));
      expect({ name: row.name, description: row.description, type: row.type, lifespan: Number(row.lifespan), last_used_at: row.last_used_at }).to.deep.equal({
        name: 'shown-once',
        description: '',
        type: 'read-only',
        lifespan: 30 * DAY,
        last_used_at: null,
      });
      expect(new Date(created.expiresAt ?? Number.NaN).getTime() - new Date(created.createdAt ?? Number.NaN).getTime()).to.equal(30 * DAY);
      expect(await service.findOne(created.id)).to.not.have.property('accessKey');
      expect((await service.list()).map((t) => t.name)).to.deep.equal(['reader', 'admin', 'writer', 'shown-once']);
      await service.revoke(created.id);
    });

    it('custom permissions are rows of strapi_api_token_permissions linked in order', async () => {
      const token = (await service.list()).find((t) => t.name === 'writer');
      assert.exists(token);
      expect(token.permissions).to.deep.equal(['api::category.category.find', 'api::category.category.create']);
      const links = await ctx.app
        .knex('strapi_api_token_permissions_token_links as l')
        .join('strapi_api_token_permissions as p', 'p.id', 'l.api_token_permission_id')
        .where('l.api_token_id', token.id)
        .orderBy('l.api_token_permission_order')
        .select('p.action', 'l.api_token_permission_order as order');
      expect(links.map((l) => ({ action: l.action, order: Number(l.order) }))).to.deep.equal([
        { action: 'api::category.category.find', order: 1 },
        { action: 'api::category.category.create', order: 2 },
      ]);
    });

    /** [token type, method, what, allowed] over the category routes */
    const matrix: Array<[keyof typeof secrets, 'GET' | 'POST' | 'PUT' | 'DELETE', 'list' | 'one', boolean]> = [
      ['read-only', 'GET', 'list', true],
      ['read-only', 'GET', 'one', true],
      ['read-only', 'POST', 'list', false],
      ['read-only', 'PUT', 'one', false],
      ['read-only', 'DELETE', 'one', false],
      ['full-access', 'GET', 'list', true],
      ['full-access', 'GET', 'one', true],
      ['full-access', 'POST', 'list', true],
      ['full-access', 'PUT', 'one', true],
      ['custom', 'GET', 'list', true],
      ['custom', 'GET', 'one', false],
      ['custom', 'POST', 'list', true],
      ['custom', 'PUT', 'one', false],
      ['custom', 'DELETE', 'one', false],
    ];
    for (const [type, method, what, allowed] of matrix) {
      it(`${type}: ${method} ${what === 'list' ? '/api/categories' : '/api/categories/:id'} is ${allowed ? 'allowed' : 'a 403'}`, async () => {
        const before = await categories();
        const name = `${type} ${method}`;
        const body = method === 'POST' || method === 'PUT' ? { data: { name } } : undefined;
        const res = await ctx.app.request(method, what === 'list' ? '/api/categories' : `/api/categories/${categoryId}`, body, bearer(secrets[type]));
        if (!allowed) {
          expect(res).to.deep.include({ status: 403, body: forbidden });
          expect(await categories()).to.deep.equal(before);
          return;
        }
        expect(res.status, res.text).to.equal(200);
        if (method === 'GET' && what === 'list') expect(res.body.data.map((c: { attributes: { name: string } }) => c.attributes.name)).to.deep.equal(before);
        if (method === 'GET' && what === 'one') expect(res.body.data.id).to.equal(categoryId);
        if (method === 'POST') expect(await categories()).to.deep.equal([...before, name]);
        if (method === 'PUT') {
          expect(res.body.data.attributes.name).to.equal(name);
          expect(await ctx.app.knex('categories').where('id', categoryId).first('name')).to.deep.equal({ name });
        }
      });
    }

    it('full-access: DELETE is allowed', async () => {
      const created = await ctx.app.post('/api/categories', { data: { name: 'To delete' } }, bearer(secrets['full-access']));
      const res = await ctx.app.del(`/api/categories/${created.body.data.id}`, bearer(secrets['full-access']));
      expect(res.status).to.equal(200);
      expect(await ctx.app.knex('categories').where('id', created.body.data.id).first()).to.equal(undefined);
    });

    it('/api/users/me with a token: a full-access token is a 401 Unauthorized (a token is no user), a read-only one a 403', async () => {
      const me = await ctx.app.get('/api/users/me', bearer(secrets['full-access']));
      expect(me).to.deep.include({ status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Unauthorized', details: {} } } });
      expect(await ctx.app.get('/api/users/me', bearer(secrets['read-only']))).to.deep.include({ status: 403, body: forbidden });
    });

    it('without a bearer the caller is the public role, which here may do nothing', async () => {
      expect(await ctx.app.get('/api/categories')).to.deep.include({ status: 403, body: forbidden });
    });

    it('the scheme is read case-insensitively and the parts split on any whitespace, as Strapi does', async () => {
      for (const header of [`bearer ${secrets['read-only']}`, `BEARER\t${secrets['read-only']}`, `Bearer   ${secrets['read-only']}`]) {
        expect((await ctx.app.post('/api/categories', { data: { name: 'x' } }, { authorization: header })).body, header).to.deep.equal(forbidden);
      }
    });

    it('a bearer that is no token (a wrong secret, one signed with another salt) is left to the next strategy', async () => {
      expect((await ctx.app.get('/api/categories', bearer('f'.repeat(256)))).body).to.deep.equal(invalidCredentials);
      expect((await ctx.app.get('/api/categories', bearer(secrets['read-only'].toUpperCase()))).body).to.deep.equal(invalidCredentials);
    });

    it('a revoked token is no token: its bearer goes on to the next strategy (401), at once', async () => {
      const { id, accessKey } = await service.create({ name: 'revoked', type: 'full-access' });
      expect((await ctx.app.get('/api/categories', bearer(accessKey))).status).to.equal(200);
      const revoked = await service.revoke(id);
      expect(revoked).to.include({ id, name: 'revoked', type: 'full-access' });
      expect(await ctx.app.get('/api/categories', bearer(accessKey))).to.deep.include({ status: 401, body: invalidCredentials });
      expect(await ctx.app.knex('strapi_api_tokens').where('id', id).first()).to.equal(undefined);
    });

    it('revoking a custom token deletes its permissions and their links', async () => {
      const { id } = await service.create({ name: 'custom-revoked', type: 'custom', permissions: ['api::tag.tag.find'] });
      const permissionIds = await ctx.app.knex('strapi_api_token_permissions_token_links').where('api_token_id', id).pluck('api_token_permission_id');
      expect(permissionIds).to.have.length(1);
      await service.revoke(id);
      expect(await ctx.app.knex('strapi_api_token_permissions_token_links').where('api_token_id', id)).to.deep.equal([]);
      expect(await ctx.app.knex('strapi_api_token_permissions').whereIn('id', permissionIds)).to.deep.equal([]);
    });

    it('a regenerated token answers to its new secret only', async () => {
      const { id, accessKey: old } = await service.create({ name: 'regenerated', type: 'read-only' });
      const { accessKey } = await service.regenerate(id);
      expect(accessKey)
        .to.match(/^[0-9a-f]{256}$/)
        .and.not.equal(old);
      expect((await ctx.app.get('/api/categories', bearer(old))).status).to.equal(401);
      expect((await ctx.app.get('/api/categories', bearer(accessKey))).status).to.equal(200);
      expect((await ctx.app.knex('strapi_api_tokens').where('id', id).first()).access_key).to.equal(strapiAccessKey(SALT, accessKey));
      await service.revoke(id);
    });

    it('an expired token is a 401 "Token expired", for reads too', async () => {
      const { id, accessKey } = await service.create({ name: 'expiring', type: 'full-access', lifespan: 7 * DAY });
      expect((await ctx.app.get('/api/categories', bearer(accessKey))).status).to.equal(200);
      // as time passing would: the row's expiry is behind us (another process's change, seen at the next refresh)
      await ctx.app
        .knex('strapi_api_tokens')
        .where('id', id)
        .update({ expires_at: new Date(Date.now() - 1000), updated_at: new Date() });
      await eventually(async () => (await ctx.app.get('/api/categories', bearer(accessKey))).status === 401);
      expect(await ctx.app.get('/api/categories', bearer(accessKey))).to.deep.include({ status: 401, body: expired });
      expect(await ctx.app.post('/api/categories', { data: { name: 'late' } }, bearer(accessKey))).to.deep.include({ status: 401, body: expired });
      expect(await categories()).to.not.include('late');
    });

    it("the service refuses what a token cannot be, in the error envelope's terms", async () => {
      const refusal = async (input: unknown) => {
        try {
          await service.create(input as Parameters<ApiTokensService['create']>[0]);
        } catch (error) {
          const { status, name, message } = error as { status: number; name: string; message: string };
          return { status, name, message };
        }
        throw new Error('expected a refusal');
      };
      expect(await refusal({ name: 'reader', type: 'read-only' })).to.deep.equal({ status: 400, name: 'ApplicationError', message: 'Name already taken' });
      expect(await refusal({ name: ' ', type: 'read-only' })).to.deep.equal({ status: 400, name: 'ValidationError', message: 'name must be a non-empty string' });
      expect(await refusal({ name: 'x', type: 'admin' })).to.deep.equal({ status: 400, name: 'ValidationError', message: 'type must be one of the following values: read-only, full-access, custom' });
      expect(await refusal({ name: 'x', type: 'read-only', lifespan: 14 * DAY })).to.deep.include({ status: 400, name: 'ValidationError' });
      expect(await refusal({ name: 'x', type: 'read-only', permissions: ['api::category.category.find'] })).to.deep.equal({
        status: 400,
        name: 'ValidationError',
        message: 'Non-custom tokens should not reference permissions',
      });
      expect(await refusal({ name: 'x', type: 'custom', permissions: ['api::category.category.find', 'api::nothing.nothing.find', 'api::category.category.destroy'] })).to.deep.equal({
        status: 400,
        name: 'ApplicationError',
        message: 'Unknown permissions provided: api::nothing.nothing.find, api::category.category.destroy',
      });
      const missing = await service.revoke(999999).catch((error: { status: number; message: string }) => ({ status: error.status, message: error.message }));
      expect(missing).to.deep.equal({ status: 404, message: 'API token 999999 not found' });
      expect(await ctx.app.knex('strapi_api_tokens').where('name', 'x').first()).to.equal(undefined);
    });
  },
  tokenAppOptions({ refreshInterval: 50 }),
);
