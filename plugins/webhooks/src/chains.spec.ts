import { expect } from 'chai';
import { Chains } from './chains';
import type { Delivery } from './outbox';

const delivery = (id: number, webhook: string, entryKey: string): Delivery => ({ id, webhook, entryKey, event: 'entry.update', payload: 'x'.repeat(10), attempts: 0, claimedUntil: 0 });

describe('webhooks: the chains of deliveries a process holds', () => {
  it('starts only the head of each chain, within the caps', () => {
    const chains = new Chains();
    for (const d of [delivery(1, 'a', 'e1'), delivery(2, 'a', 'e1'), delivery(3, 'a', 'e2'), delivery(4, 'b', 'e1'), delivery(5, 'a', 'e3')]) chains.add(d);
    expect(chains.size).to.equal(5);
    expect(chains.payloadBytes).to.equal(50);
    expect(chains.startable(10, (webhook) => (webhook === 'a' ? 2 : 1)).map((d) => d.id)).to.deep.equal([1, 3, 4]);
    // nothing more may start while the heads are attempted
    expect(chains.startable(10, () => 10).map((d) => d.id)).to.deep.equal([5]);
  });

  it('moves to the next of a chain when its head is done, and lets the chain go when the head is retried later', () => {
    const chains = new Chains();
    for (const d of [delivery(1, 'a', 'e1'), delivery(2, 'a', 'e1'), delivery(3, 'a', 'e1')]) chains.add(d);
    const [head] = chains.startable(10, () => 10);
    chains.finish(head as Delivery);
    const [next] = chains.startable(10, () => 10);
    expect(next?.id).to.equal(2);
    expect(chains.drop(next as Delivery).map((d) => d.id)).to.deep.equal([3]);
    expect(chains.size).to.equal(0);
    expect(chains.payloadBytes).to.equal(0);
  });

  it('gives back what waits when stopping, keeping what is being attempted', () => {
    const chains = new Chains();
    for (const d of [delivery(1, 'a', 'e1'), delivery(2, 'a', 'e1'), delivery(3, 'a', 'e2')]) chains.add(d);
    chains.startable(1, () => 10);
    expect(chains.dropWaiting().map((d) => d.id)).to.deep.equal([2, 3]);
    expect(chains.size).to.equal(1);
    expect(chains.holds(1)).to.equal(true);
  });
});
