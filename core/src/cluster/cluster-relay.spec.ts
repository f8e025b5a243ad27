import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import { ACK_MESSAGE, BROADCAST_MESSAGE, createBroadcast, DONE_MESSAGE, JOIN_MESSAGE, JOINED_MESSAGE } from './broadcast';
import { createClusterRelay, type RelayWorker } from './cluster-relay';

/** A worker as the primary sees it, linked to a broadcast as the worker process sees it. */
function link(workers: Set<RelayWorker>, relay: () => ReturnType<typeof createClusterRelay>) {
  const toWorker = new EventEmitter();
  let connected = true;
  const killed: string[] = [];
  const primarySide: RelayWorker = {
    send: (message) => setImmediate(() => toWorker.emit('message', JSON.parse(JSON.stringify(message)))),
    isConnected: () => connected,
    kill: (signal) => {
      killed.push(signal ?? 'SIGTERM');
      connected = false;
      workers.delete(primarySide);
    },
  };
  const processChannel = {
    send: (message: unknown) => {
      if (connected) setImmediate(() => relay().receive(primarySide, JSON.parse(JSON.stringify(message))));
      return true;
    },
    on: toWorker.on.bind(toWorker),
    off: toWorker.off.bind(toWorker),
  };
  workers.add(primarySide);
  return { primarySide, broadcast: createBroadcast(processChannel, true), killed, stall: () => toWorker.removeAllListeners('message') };
}

/** `list[index]` of a list the test made long enough */
function nth<T>(list: T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}

function cluster(count: number, ackTimeoutMs = 1000) {
  const workers = new Set<RelayWorker>();
  const unresponsive: RelayWorker[] = [];
  const relay = createClusterRelay(() => workers, { ackTimeoutMs, onUnresponsive: (worker) => unresponsive.push(worker) });
  const linked = Array.from({ length: count }, () => link(workers, () => relay));
  return { workers, relay, linked, unresponsive };
}

describe('cluster relay', () => {
  it('publishAndWait resolves once every other joined worker ran its subscribers', async () => {
    const { linked } = cluster(3);
    await Promise.all(linked.map(({ broadcast }) => broadcast.join()));
    const heard: string[] = [];
    nth(linked, 1).broadcast.subscribe('cache', (message) => heard.push(`one:${String(message)}`));
    nth(linked, 2).broadcast.subscribe('cache', (message) => heard.push(`two:${String(message)}`));
    await nth(linked, 0).broadcast.publishAndWait('cache', 'x');
    expect(heard.sort()).to.deep.equal(['one:x', 'two:x']);
  });

  it('a worker that has not joined is sent the message but not waited for', async () => {
    const { linked } = cluster(2);
    await nth(linked, 0).broadcast.join();
    // the second worker never answers anything
    nth(linked, 1).stall();
    await nth(linked, 0).broadcast.publishAndWait('cache', 'x');
  });

  it('a joined worker that does not acknowledge in time is killed, and the sender goes on', async () => {
    const { linked, unresponsive } = cluster(2, 50);
    await Promise.all(linked.map(({ broadcast }) => broadcast.join()));
    nth(linked, 1).stall();
    const started = Date.now();
    await nth(linked, 0).broadcast.publishAndWait('cache', 'x');
    expect(Date.now() - started).to.be.at.least(45);
    expect(nth(linked, 1).killed).to.deep.equal(['SIGKILL']);
    expect(unresponsive).to.deep.equal([nth(linked, 1).primarySide]);
    expect(nth(linked, 0).killed).to.deep.equal([]);
  });

  it('a worker that exits is no longer waited for', async () => {
    const { linked, relay, workers } = cluster(2, 60000);
    await Promise.all(linked.map(({ broadcast }) => broadcast.join()));
    nth(linked, 1).stall();
    const done = nth(linked, 0).broadcast.publishAndWait('cache', 'x');
    await new Promise((resolve) => setTimeout(resolve, 10));
    workers.delete(nth(linked, 1).primarySide);
    relay.exited(nth(linked, 1).primarySide);
    await done;
  });

  it('speaks the documented messages', async () => {
    const sent: unknown[] = [];
    const worker: RelayWorker = { send: (message) => sent.push(message), isConnected: () => true, kill: () => {} };
    const other: RelayWorker = { send: (message) => sent.push(['other', message]), isConnected: () => true, kill: () => {} };
    const relay = createClusterRelay(() => [worker, other], { ackTimeoutMs: 1000, onUnresponsive: () => {} });
    relay.receive(other, { type: JOIN_MESSAGE });
    relay.receive(worker, { type: BROADCAST_MESSAGE, channel: 'c', message: 1, ack: 7 });
    relay.receive(other, { type: ACK_MESSAGE, ack: 1 });
    expect(sent).to.deep.equal([['other', { type: JOINED_MESSAGE }], ['other', { type: BROADCAST_MESSAGE, channel: 'c', message: 1, ack: 1 }], { type: DONE_MESSAGE, ack: 7 }]);
  });
});
