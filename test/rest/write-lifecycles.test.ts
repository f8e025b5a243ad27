/**
 * Write hooks and lifecycles: plugins' before* hooks change data before validation, then the
 * `lifecycles.ts` beside a schema runs with Strapi v4's event shape (params.data/where,
 * result, a state per subscriber carried from before* to after*), all inside the write.
 */
import path from 'node:path';
import { expect } from 'chai';
import { definePlugin } from '@platform/core';
import type { WriteContext } from '@platform/query-engine';
import { describeEachDatabase } from '../helpers/app';
import type { RecordedEvent } from '../fixtures/lifecycles-app/api/note/content-types/note/lifecycles';
import { countRows } from '../helpers/count';

const appDir = path.join(__dirname, '..', 'fixtures', 'lifecycles-app');
const store = globalThis as unknown as { __noteLifecycleEvents?: RecordedEvent[] };

interface SeenContext {
  hook: string;
  action: string;
  id: number | null;
  data: Record<string, unknown>;
  existingTitle?: unknown;
  resultTitle?: unknown;
}
const seen: SeenContext[] = [];

// A plugin that derives the slug in beforeCreate (before the lifecycles and the validation).
const slugPlugin = definePlugin({
  name: 'slug-from-title',
  requires: ['query-engine'],
  bootstrap(ctx) {
    const hooks = ctx.service('plugin::query-engine.hooks');
    const watch = (hook: string) => async (context: WriteContext) => {
      if (context.model.uid !== 'api::note.note') return;
      if (hook === 'beforeCreate' && context.data.slug === undefined) context.data.slug = String(context.data.title).toLowerCase().replace(/\s+/g, '-');
      seen.push({ hook, action: context.action, id: context.id, data: { ...context.data }, existingTitle: context.existing?.title, resultTitle: context.result?.title });
    };
    for (const name of ['beforeCreate', 'afterCreate', 'beforeUpdate', 'afterUpdate', 'beforeDelete', 'afterDelete'] as const) {
      hooks[name].tapPromise('slug-from-title', watch(name));
    }
  },
});

describeEachDatabase(
  'write hooks and lifecycles',
  (ctx) => {
    beforeEach(() => {
      store.__noteLifecycleEvents = [];
      seen.length = 0;
    });

    it('create: the hook, then beforeCreate changes the data, the change is stored, afterCreate sees the result', async () => {
      const res = await ctx.app.post('/api/notes', { data: { title: 'Hello world' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const { id, attributes } = res.body.data;
      expect([attributes.title, attributes.slug]).to.deep.equal(['HELLO WORLD', 'hello-world']);
      const row = await ctx.app.knex('notes').where('id', id).first();
      expect([row.title, row.slug]).to.deep.equal(['HELLO WORLD', 'hello-world']);
      expect(store.__noteLifecycleEvents).to.deep.equal([
        { action: 'beforeCreate', uid: 'api::note.note', data: { title: 'HELLO WORLD', slug: 'hello-world' }, state: { started: 'create' } },
        { action: 'afterCreate', uid: 'api::note.note', data: { title: 'HELLO WORLD', slug: 'hello-world' }, resultTitle: 'HELLO WORLD', state: { started: 'create' } },
      ]);
      expect(seen).to.deep.equal([
        { hook: 'beforeCreate', action: 'create', id: null, data: { title: 'Hello world', slug: 'hello-world' }, existingTitle: undefined, resultTitle: undefined },
        { hook: 'afterCreate', action: 'create', id, data: { title: 'HELLO WORLD', slug: 'hello-world' }, existingTitle: undefined, resultTitle: 'HELLO WORLD' },
      ]);
    });

    it('a value a lifecycle sets is validated: 400 and nothing written', async () => {
      const before = await countRows(ctx.app.knex('notes'));
      const res = await ctx.app.post('/api/notes', { data: { title: 'negative' } });
      expect(res.status).to.equal(400);
      const message = 'count must be greater than or equal to 0';
      expect(res.body).to.deep.equal({ data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['count'], message, name: 'ValidationError' }] } } });
      const after = await countRows(ctx.app.knex('notes'));
      expect(after).to.equal(before);
      expect(store.__noteLifecycleEvents?.map((e) => e.action)).to.deep.equal(['beforeCreate']);
    });

    it('update: params carry data and where, the hook sees the stored entry', async () => {
      const created = await ctx.app.post('/api/notes', { data: { title: 'first' } });
      const id = created.body.data.id;
      store.__noteLifecycleEvents = [];
      seen.length = 0;
      const res = await ctx.app.put(`/api/notes/${id}`, { data: { title: 'second' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.attributes.title).to.equal('second!');
      expect(store.__noteLifecycleEvents).to.deep.equal([
        { action: 'beforeUpdate', uid: 'api::note.note', data: { title: 'second!' }, where: { id }, state: { started: 'update' } },
        { action: 'afterUpdate', uid: 'api::note.note', data: { title: 'second!' }, where: { id }, resultTitle: 'second!', state: { started: 'update' } },
      ]);
      expect(seen.map((s) => [s.hook, s.id, s.existingTitle, s.resultTitle])).to.deep.equal([
        ['beforeUpdate', id, 'FIRST', undefined],
        ['afterUpdate', id, 'FIRST', 'second!'],
      ]);
    });

    it('delete: params carry where, afterDelete gets the deleted entry; a missing id runs nothing', async () => {
      const created = await ctx.app.post('/api/notes', { data: { title: 'doomed' } });
      const id = created.body.data.id;
      store.__noteLifecycleEvents = [];
      seen.length = 0;
      const res = await ctx.app.del(`/api/notes/${id}`);
      expect(res.status).to.equal(200);
      expect(res.body.data.attributes.title).to.equal('DOOMED');
      expect(store.__noteLifecycleEvents).to.deep.equal([
        { action: 'beforeDelete', uid: 'api::note.note', where: { id }, state: { started: 'delete' } },
        { action: 'afterDelete', uid: 'api::note.note', where: { id }, resultTitle: 'DOOMED', state: { started: 'delete' } },
      ]);
      expect(seen.map((s) => [s.hook, s.action, s.id, s.data, s.existingTitle])).to.deep.equal([
        ['beforeDelete', 'delete', id, {}, 'DOOMED'],
        ['afterDelete', 'delete', id, {}, 'DOOMED'],
      ]);
      store.__noteLifecycleEvents = [];
      const missing = await ctx.app.del(`/api/notes/${id}`);
      expect(missing.status).to.equal(404);
      expect(store.__noteLifecycleEvents).to.deep.equal([]);
    });

    it('the entity service answers null for an update or delete of a missing id', async () => {
      const service = ctx.app.platform.service('plugin::query-engine.entity-service');
      expect(await service.update('api::note.note', 987654, { data: { title: 'x' } })).to.equal(null);
      expect(await service.delete('api::note.note', 987654)).to.equal(null);
    });
  },
  { appDir, plugins: [slugPlugin] },
);
