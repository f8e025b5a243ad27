import { expect } from 'chai';
import { createLogger } from '@platform/core';
import { createEventHub } from './event-hub';

describe('strapi-compat event hub', () => {
  const hub = () => createEventHub(createLogger('error', () => {}));

  it('says whether an event would reach anyone, so writes nobody listens for schedule nothing', async () => {
    const events = hub();
    expect(events.hasListeners('entry.create')).to.equal(false);
    const seen: unknown[] = [];
    const off = events.on('entry.create', (payload) => seen.push(payload));
    expect([events.hasListeners('entry.create'), events.hasListeners('entry.update')]).to.deep.equal([true, false]);
    off();
    expect(events.hasListeners('entry.create')).to.equal(false);
    events.once('entry.update', (payload) => seen.push(payload));
    await events.emit('entry.update', { id: 1 });
    expect([seen, events.hasListeners('entry.update')]).to.deep.equal([[{ id: 1 }], false]);
    const unsubscribe = events.subscribe((name) => seen.push(name));
    expect(events.hasListeners('anything')).to.equal(true);
    unsubscribe();
    expect(events.hasListeners('anything')).to.equal(false);
  });
});
