/**
 * The write path's extension points seen from a third-party plugin: `beforeValidate` may relax
 * the `required` checks (as draft & publish does for drafts), and a plugin scope that hides the
 * entry a create just wrote is a typed 400 with nothing written, never a 500.
 */
import { expect } from 'chai';
import { definePlugin } from '@platform/core';
import { describeEachDatabase } from '../helpers/app';

const extensionPlugin = definePlugin({
  name: 'write-extension-points',
  requires: ['query-engine'],
  register(ctx) {
    const hooks = ctx.service('plugin::query-engine.hooks');
    hooks.beforeValidate.tapPromise('write-extension-points', async (context) => {
      if (context.model.uid === 'api::writer.writer' && context.data.email === 'draft@example.com') context.relaxRequired = true;
    });
    // hides, from every read (the answer of a write included), the categories named `invisible`
    hooks.scope.tap('write-extension-points', (context) => {
      if (context.model.uid === 'api::category.category') context.filters.push({ name: { $ne: 'invisible' } });
    });
  },
});

describeEachDatabase(
  'write extension points for plugins',
  (ctx) => {
    it('beforeValidate sees the final data and may relax required attributes', async () => {
      const strict = await ctx.app.post('/api/writers', { data: { email: 'other@example.com' } });
      expect(strict.status).to.equal(400);
      expect(strict.body.error.details).to.deep.equal({ errors: [{ path: ['name'], message: 'name must be defined.', name: 'ValidationError' }] });
      const relaxed = await ctx.app.post('/api/writers?fields[0]=name&fields[1]=email', { data: { email: 'draft@example.com' } });
      expect(relaxed.status, JSON.stringify(relaxed.body)).to.equal(200);
      expect(relaxed.body.data.attributes).to.deep.equal({ name: null, email: 'draft@example.com' });
      expect(await ctx.app.knex('writers').select('name', 'email')).to.deep.equal([{ name: null, email: 'draft@example.com' }]);
    });

    it('a create whose entry a plugin scope hides answers a typed 400 and writes nothing', async () => {
      const res = await ctx.app.post('/api/categories', { data: { name: 'invisible' } });
      expect(res.status).to.equal(400);
      expect(res.body.error.name).to.equal('ApplicationError');
      expect(res.body.error.message).to.match(/^The created entry api::category\.category #\d+ could not be read back$/);
      expect(await ctx.app.knex('categories').where('name', 'invisible')).to.deep.equal([]);
    });
  },
  { plugins: [extensionPlugin] },
);
