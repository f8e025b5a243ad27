/**
 * The cache never mixes callers: answers are keyed by the caller's permission scope (here API
 * tokens), and the cache runs after authentication and the route scope, so a revoked token or
 * a token without the read permission is refused even when an answer for the path is stored.
 */
import { expect } from 'chai';
import type { ApiTokensService } from '@platform/api-tokens';
import { describeEachDatabase } from '../helpers/app';
import { bearer } from '../api-tokens/token-helpers';
import { seedThroughToken, tokenAppWithCache } from './fixtures';

describeEachDatabase(
  'response cache: permission scope',
  (ctx) => {
    let service: ApiTokensService;
    before(async () => {
      service = await seedThroughToken(ctx.app);
    });

    it("two tokens do not share answers; each one's repeated read is a hit", async () => {
      const first = await service.create({ name: 'first', type: 'read-only' });
      const second = await service.create({ name: 'second', type: 'read-only' });
      const path = '/api/categories?fields[0]=name';
      expect((await ctx.app.get(path, bearer(first.accessKey))).status).to.equal(200);
      const again = await ctx.app.countQueries(() => ctx.app.get(path, bearer(first.accessKey)));
      expect(again.count).to.equal(0);
      const other = await ctx.app.countQueries(() => ctx.app.get(path, bearer(second.accessKey)));
      expect(other.result.status).to.equal(200);
      expect(other.count, 'another token computes its own answer').to.be.greaterThan(0);
      expect(other.result.text).to.equal(again.result.text);
    });

    it('a stored answer is not served to a revoked token nor to a token without the permission', async () => {
      const reader = await service.create({ name: 'reader', type: 'read-only' });
      const path = '/api/categories?fields[0]=name&sort=id';
      expect((await ctx.app.get(path, bearer(reader.accessKey))).status).to.equal(200);
      await service.revoke(reader.id);
      expect((await ctx.app.get(path, bearer(reader.accessKey))).status).to.equal(401);
      const custom = await service.create({ name: 'tags only', type: 'custom', permissions: ['api::tag.tag.find'] });
      expect((await ctx.app.get(path, bearer(custom.accessKey))).status).to.equal(403);
    });
  },
  tokenAppWithCache(),
);
