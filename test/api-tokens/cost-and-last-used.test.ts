/**
 * What a token costs per request, on each database: no query in the steady state (the tokens
 * are in memory), for a token, for a bearer that is no token, and `lastUsedAt` written at most
 * once per `lastUsedInterval` per token instead of on every request.
 */
import { assert, expect } from 'chai';
import type { ApiTokensService } from '@platform/api-tokens';
import type { QueryEvent } from '@platform/core';
import { describeEachDatabase } from '../helpers/app';
import { bearer, tokenAppOptions } from './token-helpers';

// long enough that five requests in a row fit in it on a busy machine (at 400 ms, a CI run with
// four suites side by side saw the fifth request write again)
const LAST_USED_INTERVAL = 3000;
const touchesTokens = (queries: QueryEvent[]) => queries.filter((q) => /strapi_api_token/.test(q.sql));

describeEachDatabase(
  'API tokens: cost per request and lastUsedAt',
  (ctx) => {
    let service: ApiTokensService;
    before(() => {
      service = ctx.app.platform.service('plugin::api-tokens.api-tokens');
    });
    const lastUsedAt = async (id: number) => {
      const row = await ctx.app.knex('strapi_api_tokens').where('id', id).first('last_used_at');
      return row.last_used_at === null ? null : new Date(typeof row.last_used_at === 'string' && /^\d+$/.test(row.last_used_at) ? Number(row.last_used_at) : row.last_used_at).getTime();
    };

    it('the first use writes lastUsedAt; the next ones within the interval write nothing and read no token', async () => {
      const { id, accessKey } = await service.create({ name: 'busy', type: 'read-only' });
      expect(await lastUsedAt(id)).to.equal(null);
      const before = Date.now();
      const first = await ctx.app.countQueries(() => ctx.app.get('/api/categories', bearer(accessKey)));
      expect(first.result.status).to.equal(200);
      expect(touchesTokens(first.queries).map((q) => q.sql.split(' ', 1).join().toLowerCase())).to.deep.equal(['update']);
      const written = await lastUsedAt(id);
      expect(written).to.be.within(before - 1000, Date.now() + 1000);

      for (let i = 0; i < 5; i++) {
        const next = await ctx.app.countQueries(() => ctx.app.get('/api/categories', bearer(accessKey)));
        expect(next.result.status).to.equal(200);
        expect(touchesTokens(next.queries)).to.deep.equal([]);
      }
      expect(await lastUsedAt(id)).to.equal(written);

      await new Promise((resolve) => setTimeout(resolve, LAST_USED_INTERVAL + 50));
      const later = await ctx.app.countQueries(() => ctx.app.get('/api/categories', bearer(accessKey)));
      expect(touchesTokens(later.queries)).to.have.length(1);
      assert.exists(written);
      expect(await lastUsedAt(id)).to.be.above(written);
    });

    it("lastUsedAt does not change the row's updatedAt", async () => {
      const { id, accessKey, updatedAt } = await service.create({ name: 'stamped', type: 'read-only' });
      await ctx.app.get('/api/categories', bearer(accessKey));
      expect((await service.findOne(id))?.updatedAt).to.equal(updatedAt);
      expect((await service.findOne(id))?.lastUsedAt).to.not.equal(null);
    });

    it('in the steady state a token request issues exactly the queries of the same request by the public role', async () => {
      const { accessKey } = await service.create({ name: 'steady', type: 'full-access' });
      // both warm: the token's first use writes lastUsedAt, the public role's permissions are read once
      await ctx.app.get('/api/categories?pagination[pageSize]=25', bearer(accessKey));
      await ctx.app.get('/api/categories?pagination[pageSize]=25');
      const anonymous = await ctx.app.countQueries(() => ctx.app.get('/api/categories?pagination[pageSize]=25'));
      const withToken = await ctx.app.countQueries(() => ctx.app.get('/api/categories?pagination[pageSize]=25', bearer(accessKey)));
      expect(withToken.result.body).to.deep.equal(anonymous.result.body);
      expect(withToken.queries.map((q) => q.sql)).to.deep.equal(anonymous.queries.map((q) => q.sql));
    });

    it('a bearer shaped like a token that is none costs one fingerprint query the first time, none after; a JWT-shaped one none', async () => {
      const first = await ctx.app.countQueries(() => ctx.app.get('/api/categories', bearer('a'.repeat(256))));
      expect(first.result.status).to.equal(401);
      expect(first.queries.map((q) => q.sql))
        .to.have.length(1)
        .and.satisfy(([sql]: string[]) => sql?.includes('strapi_api_tokens'));
      const again = await ctx.app.countQueries(() => ctx.app.get('/api/categories', bearer('a'.repeat(256))));
      expect([again.result.status, again.count]).to.deep.equal([401, 0]);
      const jwtShaped = await ctx.app.countQueries(() => ctx.app.get('/api/categories', bearer('x.y.z')));
      expect([jwtShaped.result.status, jwtShaped.count]).to.deep.equal([401, 0]);
    });
  },
  tokenAppOptions({ refreshInterval: 0, lastUsedInterval: LAST_USED_INTERVAL }, {}, ['api::category.category.find']),
);
