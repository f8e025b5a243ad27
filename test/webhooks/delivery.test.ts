/**
 * Deliveries that survive what receivers do: one that is down for a while gets every event, in
 * order, once it is back; one that answers 500 three times gets the event a fourth time and is
 * recorded as delivered after 4 attempts; one that never recovers is given up with its last
 * answer kept; a redirect is not followed; an answer too slow is an attempt that failed; the
 * events of one entry keep their order through retries; a signed webhook's requests verify.
 */
import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { eventually } from '../helpers/eventually';
import { startReceiver, type Receiver } from './receiver';
import { deliveryRows, FAST, receivedCount, settled } from './helpers';

for (const client of testClients()) {
  describe(`webhooks: delivery [${client}]`, function () {
    this.timeout(90000);
    let receiver: Receiver;
    let app: TestApp;

    before(async () => {
      receiver = await startReceiver();
      app = await startApp({
        client,
        config: {
          plugins: {
            webhooks: {
              config: { ...FAST, attempts: 4, webhooks: [{ name: 'tags', url: `${receiver.url}/tags`, events: ['entry.create', 'entry.update', 'entry.delete'] }] },
            },
          },
        },
      });
    });

    beforeEach(async () => {
      await settled(app);
      receiver.received.length = 0;
      receiver.answer = () => 200;
      await receiver.start();
    });

    after(async () => {
      await app?.close();
      await receiver?.close();
    });

    const createTag = async (name: string) => (await app.post('/api/tags', { data: { name } })).body.data.id as number;
    const names = () => receiver.received.map((r) => `${r.body.event} ${r.body.entry?.name}`);

    it("a receiver down for a while gets every event once it is back, each entry's in order", async () => {
      await receiver.stop();
      const id = await createTag('down 1');
      await app.put(`/api/tags/${id}`, { data: { name: 'down 1 renamed' } });
      await createTag('down 2');
      // writes answer at once; the attempts fail and wait
      await eventually(async () => (await deliveryRows(app)).filter((row) => row.state === 'pending' && row.attempts >= 1).length >= 2, 10000, 'failed attempts');
      expect(receiver.received).to.deep.equal([]);
      await receiver.start();
      await receivedCount(receiver, 3);
      await settled(app);
      const received = names();
      expect(received.indexOf('entry.create down 1')).to.be.lessThan(received.indexOf('entry.update down 1 renamed'));
      expect([...received].sort()).to.deep.equal(['entry.create down 1', 'entry.create down 2', 'entry.update down 1 renamed']);
      const rows = (await deliveryRows(app)).slice(-3);
      expect(rows.map((row) => row.state)).to.deep.equal(['delivered', 'delivered', 'delivered']);
      // the creates were attempted while it was down; the update waited behind its entry's create
      for (const row of rows.filter((r) => r.event === 'entry.create')) expect(row.attempts).to.be.greaterThan(1);
    });

    it('a receiver that answers 500 three times, then 200, gets the event a fourth time; delivered after 4 attempts', async () => {
      receiver.answer = (_request, index) => (index < 3 ? { status: 500, body: `busy ${index}` } : 200);
      await createTag('flaky');
      await receivedCount(receiver, 4);
      const [row] = (await settled(app)).slice(-1);
      expect(row).to.include({ event: 'entry.create', state: 'delivered', attempts: 4, last_status: 200, last_error: null });
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).to.deep.equal(new Set([`msg_${row?.id}`]));
      expect(new Set(receiver.received.map((r) => r.raw)).size).to.equal(1);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(receiver.received.length).to.equal(4);
    });

    it('a receiver that never recovers: failed after `attempts`, its last answer kept', async () => {
      receiver.answer = (_request, index) => ({ status: 503, body: `down for maintenance (${index})` });
      await createTag('lost cause');
      const [row] = (await settled(app)).slice(-1);
      expect(row).to.include({ state: 'failed', attempts: 4, last_status: 503, last_error: 'down for maintenance (3)' });
      expect(row?.finished_at).to.be.a('number');
      expect(receiver.received.length).to.equal(4);
    });

    it('a redirect is not followed: the attempt failed, with where it pointed', async () => {
      receiver.answer = (request) => (request.path === '/tags' ? { status: 302, headers: { location: '/elsewhere' } } : 200);
      await createTag('moved');
      const [row] = (await settled(app)).slice(-1);
      expect(row).to.include({ state: 'failed', attempts: 4, last_status: 302, last_error: 'redirect not followed (Location: /elsewhere)' });
      expect(receiver.received.map((r) => r.path)).to.deep.equal(['/tags', '/tags', '/tags', '/tags']);
    });

    it('an answer slower than `timeout` is a failed attempt; the next one that answers in time delivers', async () => {
      receiver.answer = (_request, index) => (index === 0 ? { status: 200, delayMs: 3000 } : 200);
      await createTag('slow');
      const [row] = (await settled(app)).slice(-1);
      expect(row).to.include({ state: 'delivered', attempts: 2, last_status: 200 });
      const history = await app.platform.service('plugin::webhooks.webhooks').deliveries({ limit: 1 });
      expect(history[0]).to.include({ id: row?.id, state: 'delivered', attempts: 2, lastStatus: 200 });
    });

    it('the events of one entry keep their order when the first of them is retried', async () => {
      receiver.answer = (request) => (request.body.entry?.name === 'order 1' && receiver.received.filter((r) => r.body.entry?.name === 'order 1').length === 1 ? 500 : 200);
      const id = await createTag('order 1');
      await app.put(`/api/tags/${id}`, { data: { name: 'order 2' } });
      await app.put(`/api/tags/${id}`, { data: { name: 'order 3' } });
      await app.del(`/api/tags/${id}`);
      await settled(app);
      expect(names()).to.deep.equal(['entry.create order 1', 'entry.create order 1', 'entry.update order 2', 'entry.update order 3', 'entry.delete order 3']);
    });

    it('a stored webhook with a signing secret signs each request; a Standard Webhooks library verifies it', async () => {
      const service = app.platform.service('plugin::webhooks.webhooks');
      const stored = await service.create({ name: 'signed', url: `${receiver.url}/signed`, headers: { 'X-Site': 'blog' }, events: ['entry.update'] });
      const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
      await service.setSecret(stored.id, secret);
      const id = await createTag('signed');
      await app.put(`/api/tags/${id}`, { data: { name: 'signed again' } });
      await settled(app);
      const signed = receiver.received.filter((r) => r.path === '/signed');
      expect(signed.length).to.equal(1);
      const [request] = signed;
      expect(request?.headers['x-site']).to.equal('blog');
      const headers = {
        'webhook-id': String(request?.headers['webhook-id']),
        'webhook-timestamp': String(request?.headers['webhook-timestamp']),
        'webhook-signature': String(request?.headers['webhook-signature']),
      };
      expect(new StandardWebhook(secret).verify(request?.raw ?? '', headers)).to.deep.equal(request?.body);
      expect(() => new StandardWebhook('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').verify(request?.raw ?? '', headers)).to.throw();
      // the declared webhook, without a secret, signs nothing
      expect(receiver.received.filter((r) => r.path === '/tags').every((r) => r.headers['webhook-signature'] === undefined)).to.equal(true);
      await service.delete(stored.id);
    });
  });
}
