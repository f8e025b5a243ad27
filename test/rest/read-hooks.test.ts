/**
 * The query engine's typed read hooks: a plugin can change a read's parameters before it runs
 * and sees its result after, for lists and for reads by id, over REST.
 */
import { expect } from 'chai';
import { definePlugin } from '@platform/core';
import type { ReadContext } from '@platform/query-engine';
import { describeEachDatabase } from '../helpers/app';

const seen: Array<{ action: string; uid: string; result: unknown }> = [];

const readHooksPlugin = definePlugin({
  name: 'read-hooks-probe',
  requires: ['query-engine'],
  register(ctx) {
    const hooks = ctx.service('plugin::query-engine.hooks');
    hooks.beforeFindMany.tapPromise('read-hooks-probe', async (context: ReadContext) => {
      // only the tags whose name starts with "a", whatever the request asked
      if (context.model.uid === 'api::tag.tag') context.params = { ...context.params, filters: { $and: [context.params.filters ?? {}, { name: { $startsWith: 'a' } }] } };
    });
    hooks.beforeFindOne.tapPromise('read-hooks-probe', async (context: ReadContext) => {
      if (context.model.uid === 'api::tag.tag') context.params = { ...context.params, fields: ['name'] };
    });
    for (const hook of [hooks.afterFindMany, hooks.afterFindOne]) {
      hook.tapPromise('read-hooks-probe', async (context: ReadContext) => {
        seen.push({ action: context.action, uid: context.model.uid, result: context.result });
      });
    }
  },
});

describeEachDatabase(
  'typed read hooks',
  (ctx) => {
    before(async () => {
      for (const name of ['alpha', 'beta', 'apex']) expect((await ctx.app.post('/api/tags', { data: { name } })).status).to.equal(200);
      seen.length = 0;
    });

    it('a beforeFindMany tap narrows a list; afterFindMany sees the entries', async () => {
      const res = await ctx.app.get('/api/tags?fields[0]=name&sort=name');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        data: [
          { id: 1, attributes: { name: 'alpha' } },
          { id: 3, attributes: { name: 'apex' } },
        ],
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } },
      });
      expect(seen.at(-1)).to.deep.equal({
        action: 'findMany',
        uid: 'api::tag.tag',
        result: [
          { id: 1, name: 'alpha' },
          { id: 3, name: 'apex' },
        ],
      });
    });

    it('a beforeFindOne tap changes the fields of a read by id; afterFindOne sees the entry', async () => {
      const res = await ctx.app.get('/api/tags/2');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ data: { id: 2, attributes: { name: 'beta' } }, meta: {} });
      expect(seen.at(-1)).to.deep.equal({ action: 'findOne', uid: 'api::tag.tag', result: { id: 2, name: 'beta' } });
    });
  },
  { plugins: [readHooksPlugin] },
);
