import { expect } from 'chai';
import { DEFAULT_CONFIG } from './config';
import { Dispatcher } from './dispatcher';
import type { AttemptOutcome, Claim, Delivery, Outbox } from './outbox';
import type { Webhook, WebhookRegistry } from './registry';
import type { Sender } from './sender';

const NOW = 1_000_000;

const webhook: Webhook = { key: 'config:a', id: null, name: 'a', url: 'http://receiver.test/a', headers: {}, events: ['entry.create'], enabled: true, secret: null, source: 'config' };

/** an outbox that records the statements asked of it; `lost` are rows another process took */
function fakeOutbox(lost: Set<number>) {
  const calls = { extend: [] as Array<{ ids: number[]; claim: Claim }>, delivered: [] as AttemptOutcome[][] };
  const outbox: Outbox = {
    insert: async () => [],
    pendingOf: async () => [],
    claimDue: async () => [],
    extend: async (ids, claim) => {
      calls.extend.push({ ids, claim });
      return new Set(ids.filter((id) => !lost.has(id)));
    },
    release: async () => {},
    delivered: async (outcomes) => {
      calls.delivered.push(outcomes);
    },
    failed: async () => {},
    trim: async () => 0,
    history: async () => [],
  };
  return { outbox, calls };
}

const registry: WebhookRegistry = { all: () => [webhook], find: (key) => (key === webhook.key ? webhook : undefined), subscribed: () => [webhook], any: () => true, refresh: async () => {} };

const delivery = (id: number, claimedUntil: number): Delivery => ({ id, webhook: webhook.key, event: 'entry.create', entryKey: `api::tag.tag:${id}`, payload: '{}', attempts: 0, claimedUntil });

async function deliver(rows: Delivery[], lost: Set<number>) {
  const { outbox, calls } = fakeOutbox(lost);
  const sent: string[] = [];
  const sender: Sender = {
    send: async (_target, _event, id) => {
      sent.push(id);
      return { ok: true, status: 200, message: null, durationMs: 1, retryAfterMs: null, refused: false };
    },
    destroy: () => {},
  };
  const log = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as unknown as ConstructorParameters<typeof Dispatcher>[0]['log'];
  const dispatcher = new Dispatcher({ outbox, registry, sender, log, settings: DEFAULT_CONFIG, now: () => NOW });
  dispatcher.start();
  dispatcher.adopt(rows);
  for (let i = 0; i < 50 && sent.length + lost.size < rows.length; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  await dispatcher.stop();
  return { calls, sent };
}

describe('webhooks: the dispatcher', () => {
  it('extends the claims of all the held rows that end soon in one statement, not one per row', async () => {
    const rows = [delivery(1, NOW + 100), delivery(2, NOW + 100), delivery(3, NOW + 100), delivery(4, NOW + 60_000)];
    const { calls, sent } = await deliver(rows, new Set());
    expect(calls.extend.map((call) => call.ids)).to.deep.equal([[1, 2, 3]]);
    expect(calls.extend[0]?.claim.until).to.equal(NOW + DEFAULT_CONFIG.timeout + 5000);
    expect(sent.sort()).to.deep.equal(['msg_1', 'msg_2', 'msg_3', 'msg_4']);
    // the successes are written together
    expect(calls.delivered.map((batch) => batch.map((outcome) => outcome.id).sort())).to.deep.equal([[1, 2, 3, 4]]);
  });

  it('does not attempt a row whose claim another process took meanwhile', async () => {
    const rows = [delivery(1, NOW + 100), delivery(2, NOW + 100), delivery(3, NOW + 100)];
    const { calls, sent } = await deliver(rows, new Set([2]));
    expect(calls.extend.map((call) => call.ids)).to.deep.equal([[1, 2, 3]]);
    expect(sent.sort()).to.deep.equal(['msg_1', 'msg_3']);
  });
});
