/**
 * What deliveries may cost a server: a slow receiver holds at most `perWebhookConcurrency`
 * requests at once and never slows the writes; past `maxQueued` deliveries wait in the database
 * instead of memory and are all delivered in the end; finished deliveries older than
 * `retentionDays` are trimmed.
 */
import { expect } from 'chai';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { startReceiver, type Receiver } from './receiver';
import { deliveryRows, FAST, settled } from './helpers';

for (const client of testClients()) {
  describe(`webhooks: bounds [${client}]`, function () {
    this.timeout(90000);
    let receiver: Receiver;
    let database: TestDatabase;
    let app: TestApp | null = null;

    const configOf = (extra: Record<string, unknown>) => ({
      plugins: { webhooks: { config: { ...FAST, webhooks: [{ name: 'slow', url: `${receiver.url}/slow`, events: ['entry.create'] }], ...extra } } },
    });

    beforeEach(async () => {
      receiver = await startReceiver();
      database = await createTestDatabase(client);
    });

    afterEach(async () => {
      await app?.close();
      app = null;
      await receiver.close();
      await database.drop();
    });

    it('a slow receiver gets at most perWebhookConcurrency requests at once, writes do not wait for it, and what passes maxQueued waits in the database', async () => {
      let open = 0;
      let most = 0;
      receiver.answer = () => {
        open += 1;
        most = Math.max(most, open);
        setTimeout(() => (open -= 1), 1000);
        return { status: 200, delayMs: 1000 };
      };
      app = await startApp({ client, database, config: configOf({ perWebhookConcurrency: 2, maxQueued: 4, timeout: 5000 }) });
      const started = Date.now();
      let waiting = 0;
      for (let i = 0; i < 12; i++) {
        expect((await app.post('/api/tags', { data: { name: `slow ${i}` } })).status).to.equal(200);
        const unclaimed = (await deliveryRows(app)).filter((row) => row.state === 'pending' && row.claimed_until === 0);
        waiting = Math.max(waiting, unclaimed.length);
      }
      // twelve writes against a receiver that needs a second a request, two at a time: the writes did not wait for it
      expect(Date.now() - started).to.be.below(6000);
      expect(waiting, 'rows left unclaimed in the database past maxQueued').to.be.greaterThan(0);
      const rows = await settled(app, 30000);
      expect(rows.map((row) => row.state)).to.deep.equal(Array(12).fill('delivered'));
      expect(receiver.received.length).to.equal(12);
      expect(most).to.equal(2);
    });

    it('finished deliveries older than retentionDays are trimmed at start; pending and recent ones are kept', async () => {
      app = await startApp({ client, database, config: configOf({}) });
      await app.post('/api/tags', { data: { name: 'recent' } });
      await settled(app);
      const day = 24 * 60 * 60 * 1000;
      const old = Date.now() - 8 * day;
      const row = (state: string, finishedAt: number | null, name: string) => ({
        webhook: 'config:slow',
        event: 'entry.create',
        entry_key: `api::tag.tag:${name}`,
        payload: '{}',
        state,
        attempts: 1,
        next_attempt_at: Date.now() + day,
        claimed_by: null,
        claimed_until: 0,
        created_at: old,
        finished_at: finishedAt,
      });
      await app
        .knex('platform_webhook_deliveries')
        .insert([row('delivered', old, 'old-delivered'), row('failed', old, 'old-failed'), row('pending', null, 'old-pending'), row('delivered', Date.now() - 6 * day, 'six-days')]);
      await app.stop();
      app = await startApp({ client, database, config: configOf({}) });
      const kept = async () => (await deliveryRows(app as TestApp)).map((r) => r.entry_key);
      const deadline = Date.now() + 5000;
      while ((await kept()).includes('api::tag.tag:old-delivered') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await kept()).to.deep.equal(['api::tag.tag:1', 'api::tag.tag:old-pending', 'api::tag.tag:six-days']);
    });
  });
}
