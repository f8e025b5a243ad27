/**
 * Managing webhooks: the admin API's handlers answer Strapi v4's shapes once the admin mounts them
 * (here a test plugin mounts ADMIN_ROUTES under /admin behind a stand-in for the admin's
 * authentication), and nothing answers on those paths until then. Webhooks live in Strapi's
 * `strapi_webhooks`: a row written there as Strapi writes it fires too. A url that points at the
 * server itself or uses another scheme than http(s) is refused when saved, and a declared one
 * that does is never requested.
 */
import { expect } from 'chai';
import { definePlugin, type PluginDefinition } from '@platform/core';
import { ADMIN_ROUTES } from '@platform/webhooks';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { eventually } from '../helpers/eventually';
import { startReceiver, type Receiver } from './receiver';
import { deliveryRows, FAST, receivedCount, settled } from './helpers';

const ADMIN = { 'x-test-admin': 'yes' };

/** mounts the admin's webhook routes the way the admin will: under /admin, behind its authentication */
const adminStandIn: PluginDefinition = definePlugin({
  name: 'admin-stand-in',
  requires: ['webhooks'],
  bootstrap(ctx) {
    const signedIn = (context: { ctx: { get(name: string): string } }) => context.ctx.get('x-test-admin') === 'yes';
    ctx.addRoutes(
      ADMIN_ROUTES.map(({ method, path, handler }) => ({ method, path, handler, config: { auth: false, policies: [signedIn] } })),
      '/admin',
    );
  },
});

const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'webhook.notFound', details: {} } };

for (const client of testClients()) {
  describe(`webhooks: management [${client}]`, function () {
    this.timeout(60000);
    let receiver: Receiver;
    let plain: TestApp;
    let app: TestApp;

    before(async () => {
      receiver = await startReceiver();
      const declared = [
        { name: 'self-by-address', url: 'http://127.0.0.1:1337/api/tags', events: ['entry.create'] },
        { name: 'self-by-name', url: 'http://localhost:1337/api/tags', events: ['entry.create'] },
      ];
      // the stand-in mounts the routes in place of the admin plugin (test/admin/ tests the admin's own)
      const config = { plugins: { webhooks: { config: { ...FAST, webhooks: declared } }, admin: { enabled: false } }, server: { port: 1337 } };
      app = await startApp({ client, plugins: [adminStandIn], config });
      plain = await startApp({ client, config: { plugins: { admin: { enabled: false } } } });
    });

    after(async () => {
      await app?.close();
      await plain?.close();
      await receiver?.close();
    });

    it('nothing answers on the admin paths until the admin mounts them', async () => {
      for (const [method, path] of [
        ['GET', '/admin/webhooks'],
        ['POST', '/admin/webhooks'],
        ['POST', '/admin/webhooks/1/trigger'],
        ['GET', '/api/webhooks'],
      ] as const) {
        const res = await plain.request(method, path, method === 'POST' ? { name: 'x', url: receiver.url, headers: {}, events: ['entry.create'] } : undefined);
        expect({ path, status: res.status }).to.deep.equal({ path, status: 404 });
      }
      expect(await plain.knex('strapi_webhooks').select()).to.deep.equal([]);
      expect((await app.get('/admin/webhooks')).status).to.equal(403);
    });

    it("create, read, list, update answer Strapi's shapes; the row is Strapi's", async () => {
      expect((await app.get('/admin/webhooks', ADMIN)).body).to.deep.equal({ data: [] });
      const body = { name: 'Rebuild', url: `${receiver.url}/rebuild`, headers: { Authorization: 'Bearer abc' }, events: ['entry.create', 'entry.update'] };
      const created = await app.post('/admin/webhooks', body, ADMIN);
      expect(created.status).to.equal(201);
      const id = created.body.data.id;
      expect(created.body).to.deep.equal({ data: { id, ...body, isEnabled: true } });
      const row = await app.knex('strapi_webhooks').where('id', id).first();
      expect({
        ...row,
        enabled: Boolean(row.enabled),
        headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
        events: typeof row.events === 'string' ? JSON.parse(row.events) : row.events,
      }).to.deep.equal({
        id,
        name: 'Rebuild',
        url: `${receiver.url}/rebuild`,
        headers: { Authorization: 'Bearer abc' },
        events: ['entry.create', 'entry.update'],
        enabled: true,
      });
      expect((await app.get(`/admin/webhooks/${id}`, ADMIN)).body).to.deep.equal({ data: { id, ...body, isEnabled: true } });
      expect((await app.get('/admin/webhooks', ADMIN)).body).to.deep.equal({ data: [{ id, ...body, isEnabled: true }] });
      const updated = await app.put(`/admin/webhooks/${id}`, { ...body, events: ['entry.delete'], isEnabled: false }, ADMIN);
      expect(updated.body).to.deep.equal({ data: { id, ...body, events: ['entry.delete'], isEnabled: false } });
      expect((await app.get('/admin/webhooks/999', ADMIN)).body).to.deep.equal(notFound);
      expect((await app.put('/admin/webhooks/999', body, ADMIN)).body).to.deep.equal(notFound);
      expect((await app.del('/admin/webhooks/abc', ADMIN)).body).to.deep.equal(notFound);
    });

    it('a mistake is a 400 naming each field', async () => {
      const res = await app.post('/admin/webhooks', { name: '', url: 'not a url', events: ['entry.saved'] }, ADMIN);
      expect(res.status).to.equal(400);
      expect(res.body.error.name).to.equal('ValidationError');
      expect(res.body.error.message).to.equal('4 errors occurred');
      expect(res.body.error.details.errors.map((e: { path: string[] }) => e.path[0])).to.deep.equal(['name', 'url', 'headers', 'events']);
    });

    it('a url that points at the server itself, or is not http(s), is refused when saved', async () => {
      const port = new URL(app.url).port;
      const base = { name: 'Loop', headers: {}, events: ['entry.create'] };
      for (const [url, message] of [
        [`${app.url}/api/tags`, `url points at this server itself (127.0.0.1 port ${port})`],
        [`http://localhost:${port}/api/tags`, new RegExp(`^url points at this server itself \\((127\\.0\\.0\\.1|::1) port ${port}\\)$`)],
        [`http://0.0.0.0:${port}/`, `url points at this server itself (0.0.0.0 port ${port})`],
        ['file:///etc/passwd', 'url must be an http:// or https:// URL, not file:'],
        ['ftp://127.0.0.1/x', 'url must be an http:// or https:// URL, not ftp:'],
        ['gopher://127.0.0.1:6379/_INFO', 'url must be an http:// or https:// URL, not gopher:'],
      ] as const) {
        const res = await app.post('/admin/webhooks', { ...base, url }, ADMIN);
        expect({ url, status: res.status }).to.deep.equal({ url, status: 400 });
        if (typeof message === 'string') expect(res.body.error.message).to.equal(message);
        else expect(res.body.error.message).to.match(message);
      }
      expect((await app.knex('strapi_webhooks').where('name', 'Loop').select('id')).length).to.equal(0);
    });

    it('a declared webhook that points at the server itself is never requested: failed at once', async () => {
      await app.post('/api/tags', { data: { name: 'no loop' } });
      const rows = (await settled(app)).filter((row) => row.webhook.startsWith('config:self'));
      expect(rows.map((row) => [row.webhook, row.state, row.attempts, row.last_status])).to.deep.equal([
        ['config:self-by-address', 'failed', 1, null],
        ['config:self-by-name', 'failed', 1, null],
      ]);
      expect(rows[0]?.last_error).to.equal('refused: the webhook url points at this server itself (127.0.0.1 port 1337)');
      expect(rows[1]?.last_error).to.match(/^refused: the webhook url points at this server itself \((127\.0\.0\.1|::1) port 1337\)$/);
    });

    it('trigger sends the test event now and answers the status (and the text of a failure)', async () => {
      const created = await app.post('/admin/webhooks', { name: 'Trigger me', url: `${receiver.url}/trigger`, headers: { 'X-Site': 'a' }, events: ['entry.create'] }, ADMIN);
      const id = created.body.data.id;
      receiver.received.length = 0;
      const ok = await app.post(`/admin/webhooks/${id}/trigger`, undefined, ADMIN);
      expect(ok.body).to.deep.equal({ data: { statusCode: 200 } });
      expect(receiver.received.map((r) => [r.path, r.headers['x-strapi-event'], r.headers['x-site'], Object.keys(r.body)])).to.deep.equal([['/trigger', 'trigger-test', 'a', ['event', 'createdAt']]]);
      expect(receiver.received[0]?.body.event).to.equal('trigger-test');
      receiver.answer = () => ({ status: 500, body: 'nope' });
      expect((await app.post(`/admin/webhooks/${id}/trigger`, undefined, ADMIN)).body).to.deep.equal({ data: { statusCode: 500, message: 'nope' } });
      receiver.answer = () => 200;
      await receiver.stop();
      const down = await app.post(`/admin/webhooks/${id}/trigger`, undefined, ADMIN);
      expect(down.body.data.statusCode).to.equal(500);
      // a receiver that is down resets the connection (it keeps its port, see receiver.ts): the
      // system's text of that failure is answered, whichever step of the exchange it hit
      expect(down.body.data.message).to.match(/^(?:(?:connect|read|write) ECONNRESET(?: 127\.0\.0\.1:\d+)?|socket hang up)$/);
      await receiver.start();
      expect((await app.post('/admin/webhooks/999/trigger', undefined, ADMIN)).body).to.deep.equal(notFound);
      expect((await app.del(`/admin/webhooks/${id}`, ADMIN)).status).to.equal(200);
    });

    it('a row written into strapi_webhooks as Strapi writes it fires; a disabled one does not; deleting stops it', async () => {
      const insert = app.knex('strapi_webhooks').insert({ name: 'From Strapi', url: `${receiver.url}/strapi`, headers: JSON.stringify({}), events: JSON.stringify(['entry.create']), enabled: true });
      const [inserted] = client === 'postgres' ? await insert.returning('id') : await insert;
      const strapiId = Number(typeof inserted === 'object' ? inserted.id : inserted);
      await app.knex('strapi_webhooks').insert({ name: 'Disabled', url: `${receiver.url}/disabled`, headers: '{}', events: '["entry.create"]', enabled: false });
      // the running server reads the stored webhooks again within refreshInterval
      await eventually(
        async () =>
          app.platform
            .service('plugin::webhooks.webhooks')
            .all()
            .some((w) => w.name === 'Disabled'),
        5000,
        'the inserted webhooks to be read',
      );
      receiver.received.length = 0;
      await app.post('/api/tags', { data: { name: 'for strapi' } });
      await receivedCount(receiver, 1);
      await settled(app);
      expect(receiver.received.map((r) => [r.path, r.body.event, r.body.entry.name])).to.deep.equal([['/strapi', 'entry.create', 'for strapi']]);
      const deleted = await app.del(`/admin/webhooks/${strapiId}`, ADMIN);
      expect(deleted.body).to.deep.equal({ data: { id: strapiId, name: 'From Strapi', url: `${receiver.url}/strapi`, headers: {}, events: ['entry.create'], isEnabled: true } });
      expect((await app.get(`/admin/webhooks/${strapiId}`, ADMIN)).body).to.deep.equal(notFound);
      receiver.received.length = 0;
      await app.post('/api/tags', { data: { name: 'after delete' } });
      await settled(app);
      expect(receiver.received).to.deep.equal([]);
    });

    it('batch-delete deletes the ids that are webhooks and answers the ids it was given', async () => {
      const a = (await app.post('/admin/webhooks', { name: 'A', url: `${receiver.url}/a`, headers: {}, events: ['media.create'] }, ADMIN)).body.data.id;
      const b = (await app.post('/admin/webhooks', { name: 'B', url: `${receiver.url}/b`, headers: {}, events: ['media.create'] }, ADMIN)).body.data.id;
      expect((await app.post('/admin/webhooks/batch-delete', { ids: [a, b, 999] }, ADMIN)).body).to.deep.equal({ data: [a, b, 999] });
      expect(await app.knex('strapi_webhooks').whereIn('id', [a, b]).select('id')).to.deep.equal([]);
      for (const ids of [[], 'x', [0], [-1]]) {
        const res = await app.post('/admin/webhooks/batch-delete', { ids }, ADMIN);
        expect({ ids, status: res.status, message: res.body.error?.message }).to.deep.equal({ ids, status: 400, message: 'ids must be an array of id' });
      }
    });

    it('deliveries of a deleted webhook that were still pending are given up', async () => {
      const id = (await app.post('/admin/webhooks', { name: 'Gone', url: `${receiver.url}/gone`, headers: {}, events: ['entry.update'] }, ADMIN)).body.data.id;
      await receiver.stop();
      const tag = (await app.post('/api/tags', { data: { name: 'pending' } })).body.data.id;
      await app.put(`/api/tags/${tag}`, { data: { name: 'pending 2' } });
      await eventually(async () => (await deliveryRows(app)).some((row) => row.webhook === `db:${id}` && row.attempts >= 1), 10000, 'a failed attempt');
      await app.del(`/admin/webhooks/${id}`, ADMIN);
      await receiver.start();
      const [row] = (await settled(app)).filter((r) => r.webhook === `db:${id}`);
      expect(row).to.include({ state: 'failed', last_error: 'the webhook no longer exists' });
    });
  });
}
