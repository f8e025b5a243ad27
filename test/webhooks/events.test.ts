/**
 * Every event Strapi v4 posts, from every way of writing (REST, GraphQL, the entity service that
 * the `strapi` object writes through, the upload routes), with Strapi's bodies and headers, to a
 * real receiver: `{ event, createdAt, model, uid, entry }` for entries, `{ event, createdAt,
 * media }` for files, the entry as the write answered it without private attributes. A write
 * that is rolled back posts nothing; one that no webhook wants writes no outbox row.
 */
import { expect } from 'chai';
import { definePlugin, type PluginDefinition } from '@platform/core';
import type { WriteContext } from '@platform/query-engine';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import type { Json } from '../helpers/json';
import { gql } from '../graphql/helpers';
import { send, uploadApp, form } from '../upload/helpers';
import { startReceiver, type Receiver } from './receiver';
import { deliveryRows, receivedCount, settled, webhooksConfig, withTimes } from './helpers';

/** a plugin that fails a write after the webhooks recorded it, so that it rolls back */
const failingWrites: PluginDefinition = definePlugin({
  name: 'failing-writes',
  requires: ['query-engine', 'webhooks'],
  register(ctx) {
    ctx.service('plugin::query-engine.hooks').afterCreate.tapPromise({ name: 'failing-writes', stage: 2000 }, async (context: WriteContext) => {
      if (context.data.name === 'roll me back') throw new Error('this write fails after its events were written');
    });
  },
});

/** the entry of a REST answer, flat, as a webhook shows it */
const flat = (data: { id: number; attributes: Record<string, Json> }) => ({ id: data.id, ...data.attributes });

for (const client of testClients()) {
  describe(`webhooks: Strapi's events and bodies [${client}]`, function () {
    this.timeout(60000);
    let receiver: Receiver;
    let app: TestApp;
    let folder: ReturnType<typeof uploadApp>;
    /** the requests received since the last call */
    let seen = 0;
    const next = async (count: number) => {
      await receivedCount(receiver, seen + count);
      const fresh = receiver.received.slice(seen, seen + count);
      seen += count;
      return fresh;
    };
    const events = (requests: Array<{ body: Json }>) => requests.map((r) => r.body.event);

    before(async () => {
      receiver = await startReceiver();
      folder = uploadApp();
      app = await startApp({
        client,
        appDir: folder.dir,
        plugins: [failingWrites],
        config: webhooksConfig(`${receiver.url}/hook?site=1`, {}, { webhooks: { defaultHeaders: { 'X-Default': 'from config/server', Authorization: 'Bearer default' } } }),
      });
    });

    after(async () => {
      await app?.close();
      await receiver?.close();
      folder?.remove();
    });

    it("a REST create of an entry with drafts posts entry.create, then entry.publish, with Strapi's body and headers", async () => {
      const created = await app.post('/api/articles', { data: { title: 'Hello', views: 3, meta: { a: [1] } } });
      expect(created.status).to.equal(200);
      const [create, publish] = await next(2);
      const entry = flat(created.body.data);
      expect(Object.keys(entry)).to.deep.equal([
        'id',
        'title',
        'slug',
        'body',
        'views',
        'rating',
        'price',
        'publishedOn',
        'featured',
        'meta',
        'status',
        'contactEmail',
        'createdAt',
        'updatedAt',
        'publishedAt',
        'locale',
      ]);
      expect(create?.body).to.deep.equal({ event: 'entry.create', createdAt: create?.body.createdAt, model: 'article', uid: 'api::article.article', entry });
      expect(publish?.body).to.deep.equal({ event: 'entry.publish', createdAt: create?.body.createdAt, model: 'article', uid: 'api::article.article', entry });
      expect(Date.parse(String(create?.body.createdAt))).to.be.within(Date.now() - 10000, Date.now());
      expect(create?.method).to.equal('POST');
      expect(create?.path).to.equal('/hook?site=1');
      expect(create?.headers).to.include({
        'x-strapi-event': 'entry.create',
        'content-type': 'application/json',
        'x-default': 'from config/server',
        authorization: 'Bearer default',
        'content-length': String(Buffer.byteLength(create?.raw ?? '')),
      });
      expect(create?.headers['webhook-id']).to.match(/^msg_\d+$/);
      expect(create?.headers['webhook-id']).to.not.equal(publish?.headers['webhook-id']);
      expect(Number(create?.headers['webhook-timestamp'])).to.be.within(Math.floor(Date.now() / 1000) - 10, Math.floor(Date.now() / 1000));
      expect(create?.headers).to.not.have.property('webhook-signature');
      expect(publish?.headers['x-strapi-event']).to.equal('entry.publish');
    });

    it('an update posts entry.update; unpublishing and publishing again add entry.unpublish and entry.publish', async () => {
      const id = receiver.received[0]?.body.entry.id;
      const updated = await app.put(`/api/articles/${id}`, { data: { title: 'Hello again' } });
      const [update] = await next(1);
      expect(withTimes(update?.body)).to.deep.equal(withTimes({ event: 'entry.update', createdAt: '<time>', model: 'article', uid: 'api::article.article', entry: flat(updated.body.data) }));
      const draft = await app.put(`/api/articles/${id}`, { data: { publishedAt: null } });
      expect(draft.body.data.attributes.publishedAt).to.equal(null);
      const unpublished = await next(2);
      expect(events(unpublished)).to.deep.equal(['entry.update', 'entry.unpublish']);
      expect(unpublished[1]?.body.entry).to.deep.equal(flat(draft.body.data));
      await app.put(`/api/articles/${id}`, { data: { publishedAt: '2026-01-02T03:04:05.000Z' } });
      const published = await next(2);
      expect(events(published)).to.deep.equal(['entry.update', 'entry.publish']);
      expect(published[1]?.body.entry.publishedAt).to.equal('2026-01-02T03:04:05.000Z');
    });

    it('a draft created over REST posts entry.create only; a delete posts entry.delete with the entry as it was', async () => {
      const draft = await app.post('/api/articles', { data: { title: 'Draft', publishedAt: null } });
      expect(events(await next(1))).to.deep.equal(['entry.create']);
      const deleted = await app.del(`/api/articles/${draft.body.data.id}`);
      expect(deleted.status).to.equal(200);
      const [gone] = await next(1);
      expect(gone?.body).to.deep.equal({ event: 'entry.delete', createdAt: gone?.body.createdAt, model: 'article', uid: 'api::article.article', entry: flat(deleted.body.data) });
    });

    it('a GraphQL mutation posts the same events', async () => {
      const res = await gql(app, 'mutation { createTag(data: { name: "from graphql" }) { data { id attributes { name createdAt updatedAt } } } }');
      const tag = res.body.data.createTag.data;
      const [create] = await next(1);
      expect(create?.body).to.deep.equal({ event: 'entry.create', createdAt: create?.body.createdAt, model: 'tag', uid: 'api::tag.tag', entry: { id: Number(tag.id), ...tag.attributes } });
    });

    it('a write through the entity service (what the strapi object uses) posts it too, without private attributes', async () => {
      const entities = app.platform.service('plugin::query-engine.entity-service');
      const writer = await entities.create('api::writer.writer', { data: { name: 'Ada', email: 'ada@example.com', secret: 'never sent' } });
      const [create] = await next(1);
      expect(withTimes(create?.body)).to.deep.equal({
        event: 'entry.create',
        createdAt: '<time>',
        model: 'writer',
        uid: 'api::writer.writer',
        entry: { id: writer.id, name: 'Ada', email: 'ada@example.com', createdAt: '<time>', updatedAt: '<time>' },
      });
      expect(create?.raw).to.not.include('never sent');
      expect((await app.knex('writers').where('id', writer.id).first('secret')).secret).to.equal('never sent');
    });

    it('a write rolled back after its events were written posts nothing and leaves no outbox row', async () => {
      const before = (await deliveryRows(app)).length;
      const res = await app.post('/api/tags', { data: { name: 'roll me back' } });
      expect(res.status).to.equal(500);
      expect(await app.knex('tags').where('name', 'roll me back').select('id')).to.deep.equal([]);
      // the next write's events are the next ones the receiver gets
      await app.post('/api/tags', { data: { name: 'kept' } });
      const [kept] = await next(1);
      expect(kept?.body.entry.name).to.equal('kept');
      expect((await deliveryRows(app)).length).to.equal(before + 1);
    });

    it('an upload posts media.create, a change of its information media.update, its deletion media.delete; folders post nothing', async () => {
      const uploaded = await send(app, 'POST', '/api/upload', form([{ name: 'notes.txt', type: 'text/plain', data: 'hello' }], { fileInfo: JSON.stringify({ caption: 'first' }) }));
      expect(uploaded.status).to.equal(200);
      const file = uploaded.body[0];
      const [create] = await next(1);
      expect(create?.body).to.deep.equal({ event: 'media.create', createdAt: create?.body.createdAt, media: file });
      expect(Object.keys(create?.body.media)).to.include.members(['id', 'name', 'hash', 'ext', 'mime', 'size', 'url', 'provider', 'caption']);
      const changed = await send(app, 'POST', `/api/upload?id=${file.id}`, form([], { fileInfo: JSON.stringify({ caption: 'second' }) }));
      expect(changed.status).to.equal(200);
      const [update] = await next(1);
      expect(update?.body).to.deep.equal({ event: 'media.update', createdAt: update?.body.createdAt, media: changed.body });
      expect(update?.headers['x-strapi-event']).to.equal('media.update');
      const removed = await send(app, 'DELETE', `/api/upload/files/${file.id}`);
      expect(removed.status).to.equal(200);
      const [remove] = await next(1);
      expect(remove?.body).to.deep.equal({ event: 'media.delete', createdAt: remove?.body.createdAt, media: removed.body });
    });

    it("every delivery is recorded as delivered, with the answer's status, once", async () => {
      const rows = await settled(app);
      expect(rows.map((row) => [row.webhook, row.event, row.state, row.attempts, row.last_status])).to.deep.equal(receiver.received.map((r) => ['config:all', r.body.event, 'delivered', 1, 200]));
      expect(rows.map((row) => `msg_${row.id}`)).to.deep.equal(receiver.received.map((r) => r.headers['webhook-id']));
      expect(receiver.received.length).to.equal(seen);
    });
  });
}
