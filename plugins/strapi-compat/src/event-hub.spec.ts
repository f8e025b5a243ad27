import { expect } from 'chai';
import { createLogger, type Model } from '@platform/core';
import type { WriteContext } from '@platform/query-engine';
import { createEventHub, emitEntryEvents, type EventHub } from './event-hub';

describe('strapi-compat event hub', () => {
  const hub = () => createEventHub(createLogger('error', () => {}));

  it('says whether an event would reach anyone, so writes nobody listens for schedule nothing', async () => {
    const events = hub();
    expect([events.hasListeners('entry.create'), events.hasAnyListener()]).to.deep.equal([false, false]);
    const seen: unknown[] = [];
    const off = events.on('entry.create', (payload) => seen.push(payload));
    expect([events.hasListeners('entry.create'), events.hasListeners('entry.update'), events.hasAnyListener()]).to.deep.equal([true, false, true]);
    off();
    expect([events.hasListeners('entry.create'), events.hasAnyListener()]).to.deep.equal([false, false]);
    events.once('entry.update', (payload) => seen.push(payload));
    await events.emit('entry.update', { id: 1 });
    expect([seen, events.hasListeners('entry.update')]).to.deep.equal([[{ id: 1 }], false]);
    const unsubscribe = events.subscribe((name) => seen.push(name));
    expect([events.hasListeners('anything'), events.hasAnyListener()]).to.deep.equal([true, true]);
    unsubscribe();
    expect([events.hasListeners('anything'), events.hasAnyListener()]).to.deep.equal([false, false]);
  });
});

describe('strapi-compat entry events', () => {
  type Tap = (write: WriteContext) => Promise<void>;
  const model = { uid: 'api::article.article', singularName: 'article' } as unknown as Model;

  /** the write hooks, the draft-publish lookups and the write's own fields read by the event hub */
  function wire(hub: EventHub) {
    const taps = new Map<string, Tap>();
    const tapOf = (hook: string) => ({ tapPromise: (_name: string, tap: Tap) => void taps.set(hook, tap) });
    const hooks = { afterCreate: tapOf('afterCreate'), afterUpdate: tapOf('afterUpdate'), afterDelete: tapOf('afterDelete') };
    const seen = { lookups: 0, reads: [] as string[], scheduled: 0 };
    const db = {
      async afterCommit(callback: () => unknown) {
        seen.scheduled += 1;
        await callback();
      },
    };
    emitEntryEvents({ db }, hooks, hub, () => {
      seen.lookups += 1;
      return { publicationChange: () => 'publish' as const };
    });
    const fields: Partial<WriteContext> = { action: 'create', model, data: { title: 'a' }, existing: null, result: { id: 1, title: 'a' } };
    // a write that records every field the hub reads from it: building its event list reads some
    const write = new Proxy(fields, {
      get(target, key) {
        seen.reads.push(String(key));
        return Reflect.get(target, key);
      },
    }) as WriteContext;
    return { seen, create: () => (taps.get('afterCreate') as Tap)(write) };
  }

  it('with no listener, a write looks nothing up, builds no event and schedules nothing', async () => {
    const events = createEventHub(createLogger('error', () => {}));
    const { seen, create } = wire(events);
    await create();
    expect(seen).to.deep.equal({ lookups: 0, reads: [], scheduled: 0 });
    // a listener added then removed leaves the hub as quiet as before
    events.on('entry.create', () => {})();
    await create();
    expect(seen).to.deep.equal({ lookups: 0, reads: [], scheduled: 0 });
  });

  it('with a listener, the write emits its events once it commits', async () => {
    const events = createEventHub(createLogger('error', () => {}));
    const { seen, create } = wire(events);
    const heard: unknown[] = [];
    events.on('entry.publish', (payload) => heard.push(['entry.publish', payload]));
    await create();
    const entry = { id: 1, title: 'a' };
    expect(heard).to.deep.equal([['entry.publish', { model: 'article', uid: 'api::article.article', entry }]]);
    expect([seen.lookups, seen.scheduled]).to.deep.equal([1, 1]);
    // a subscriber hears every event of the write, in Strapi's order
    const names: string[] = [];
    events.subscribe((name) => names.push(name));
    await create();
    expect(names).to.deep.equal(['entry.create', 'entry.publish']);
  });
});
