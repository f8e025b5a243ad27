import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import { BROADCAST_MESSAGE, createBroadcast, isBroadcastEnvelope, type BroadcastTransport, type TransportEnvelope } from './broadcast';

/** A process IPC channel: what is sent is recorded, what arrives is emitted. */
function channel() {
  const emitter = new EventEmitter();
  const sent: unknown[] = [];
  return {
    sent,
    deliver: (message: unknown) => emitter.emit('message', message),
    on: emitter.on.bind(emitter),
    off: emitter.off.bind(emitter),
    send: (message: unknown) => sent.push(message) > 0,
    listeners: () => emitter.listenerCount('message'),
  };
}

describe('process broadcast', () => {
  it("a worker sends its messages to the primary and hears the other workers' on its channels", () => {
    const ipc = channel();
    const broadcast = createBroadcast(ipc, true);
    const heard: unknown[] = [];
    broadcast.subscribe('cache', (message) => heard.push(message));
    broadcast.publish('cache', { kind: 'roles' });
    expect(ipc.sent).to.deep.equal([{ type: BROADCAST_MESSAGE, channel: 'cache', message: { kind: 'roles' } }]);
    // its own message is not delivered back to it (the primary relays to the others only)
    expect(heard).to.deep.equal([]);
    ipc.deliver({ type: BROADCAST_MESSAGE, channel: 'cache', message: { kind: 'user', id: 3 } });
    ipc.deliver({ type: BROADCAST_MESSAGE, channel: 'other', message: 1 });
    ipc.deliver({ type: 'platform:ready' });
    expect(heard).to.deep.equal([{ kind: 'user', id: 3 }]);
    broadcast.close();
    expect(ipc.listeners()).to.equal(0);
  });

  it('a single process sends nothing and listens to nothing', () => {
    const ipc = channel();
    const broadcast = createBroadcast(ipc, false);
    broadcast.subscribe('cache', () => {});
    broadcast.publish('cache', 1);
    expect(ipc.sent).to.deep.equal([]);
    expect(ipc.listeners()).to.equal(0);
  });

  it('recognizes its envelopes', () => {
    expect(isBroadcastEnvelope({ type: BROADCAST_MESSAGE, channel: 'c', message: null })).to.equal(true);
    expect([isBroadcastEnvelope(null), isBroadcastEnvelope({ type: BROADCAST_MESSAGE }), isBroadcastEnvelope('x')]).to.deep.equal([false, false, false]);
  });
});

describe('process broadcast through a transport', () => {
  /** one bus that every transport of the test shares, as a Redis channel would */
  function bus() {
    const receivers: Array<(envelope: TransportEnvelope) => void> = [];
    return (): BroadcastTransport => ({
      send: (envelope) => {
        for (const receive of receivers) receive(JSON.parse(JSON.stringify(envelope)) as TransportEnvelope);
      },
      listen: async (receive) => {
        receivers.push(receive);
      },
    });
  }

  it('reaches the other processes of every node, not the sender, and no longer uses the IPC relay', async () => {
    const transport = bus();
    const ipc = channel();
    const [one, two] = [createBroadcast(ipc, true), createBroadcast(channel(), false)];
    await one.useTransport(transport());
    await two.useTransport(transport());
    const heard: unknown[] = [];
    one.subscribe('cache', (message) => heard.push(['one', message]));
    two.subscribe('cache', (message) => heard.push(['two', message]));
    one.publish('cache', { kind: 'roles' });
    two.publish('other', 1);
    expect(heard).to.deep.equal([['two', { kind: 'roles' }]]);
    expect(ipc.sent).to.deep.equal([]);
  });

  it('is trusted as its transport says, and tells its resync subscribers when delivery was interrupted', async () => {
    let interrupt: () => void = () => {};
    let connected = true;
    const broadcast = createBroadcast(channel(), false);
    expect(broadcast.trusted()).to.equal(true);
    await broadcast.useTransport({
      send: () => {},
      listen: async (_receive, interrupted) => {
        interrupt = interrupted ?? interrupt;
      },
      connected: () => connected,
    });
    connected = false;
    expect(broadcast.trusted()).to.equal(false);
    let resyncs = 0;
    broadcast.onResync(() => (resyncs += 1));
    interrupt();
    expect(resyncs).to.equal(1);
  });
});
