/**
 * The outbox across processes: a server killed with SIGKILL after a change was committed (its
 * delivery in flight) loses nothing, the next process on the database delivers it once the
 * dead one's claim is over; two processes on one database deliver each event once, however
 * their looks for due deliveries cross.
 */
import { expect } from 'chai';
import knexFactory from 'knex';
import { knexClient } from '../helpers/boot-platform';
import { startApp, type TestApp } from '../helpers/app';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { eventually } from '../helpers/eventually';
import { startChildServer, type ChildServer } from './child-server';
import { startReceiver, type Receiver } from './receiver';
import { deliveryRows, FAST, receivedCount, settled } from './helpers';

const post = async (url: string, path: string, body: unknown) => {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: { id: number } } };
};

for (const client of testClients()) {
  describe(`webhooks: across processes [${client}]`, function () {
    this.timeout(120000);
    let receiver: Receiver;
    let database: TestDatabase;
    let child: ChildServer | null = null;
    let app: TestApp | null = null;

    const configOf = (extra: Record<string, unknown> = {}) => ({
      database: database.config,
      plugins: { webhooks: { config: { ...FAST, webhooks: [{ name: 'tags', url: `${receiver.url}/tags`, events: ['entry.create'] }], ...extra } } },
    });

    beforeEach(async () => {
      receiver = await startReceiver();
      database = await createTestDatabase(client);
    });

    afterEach(async () => {
      await child?.kill();
      child = null;
      await app?.close();
      app = null;
      await receiver.close();
      await database.drop();
    });

    it('kill -9 while a committed change is being delivered: the next process delivers it', async () => {
      // the first request hangs, so the process dies with its delivery in flight
      receiver.answer = (_request, index) => (index === 0 ? { status: 200, delayMs: 60000 } : 200);
      child = await startChildServer(configOf({ timeout: 3000 }));
      const created = await post(child.url, '/api/tags', { data: { name: 'survives' } });
      expect(created.status).to.equal(200);
      await receivedCount(receiver, 1);
      await child.kill();
      child = null;
      const knex = knexFactory({ ...knexClient(client), connection: database.config.connection.connection });
      const [row] = await deliveryRows({ knex } as unknown as TestApp).finally(() => knex.destroy());
      expect(row).to.include({ event: 'entry.create', state: 'pending', attempts: 0 });
      app = await startApp({ client, database, config: configOf({ timeout: 3000 }) });
      await receivedCount(receiver, 2, 30000);
      const [delivered] = await settled(app, 30000);
      expect(delivered).to.include({ id: row?.id, state: 'delivered', attempts: 1, last_status: 200 });
      expect(receiver.received.map((r) => r.headers['webhook-id'])).to.deep.equal([`msg_${row?.id}`, `msg_${row?.id}`]);
      expect(receiver.received[1]?.body).to.deep.equal(receiver.received[0]?.body);
      expect(receiver.received[1]?.body.entry).to.include({ id: created.body.data.id, name: 'survives' });
    });

    it('two processes on one database deliver each event once', async () => {
      await receiver.stop();
      child = await startChildServer(configOf());
      app = await startApp({ client, database, config: configOf() });
      const urls = [child.url, app.url];
      for (let i = 0; i < 16; i++) expect((await post(urls[i % 2] as string, '/api/tags', { data: { name: `tag ${i}` } })).status).to.equal(200);
      // both processes' first attempts failed: every row waits for a retry that either may claim
      await eventually(async () => (await deliveryRows(app as TestApp)).every((row) => row.attempts >= 1), 15000, 'a failed first attempt of each delivery');
      await receiver.start();
      const rows = await settled(app, 30000);
      expect(rows.length).to.equal(16);
      expect(rows.every((row) => row.state === 'delivered')).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect([...ids].sort()).to.deep.equal(rows.map((row) => `msg_${row.id}`).sort());
      expect([...receiver.received.map((r) => r.body.entry.name)].sort()).to.deep.equal(Array.from({ length: 16 }, (_, i) => `tag ${i}`).sort());
    });
  });
}
