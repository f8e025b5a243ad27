/**
 * The primary's side of the broadcast between the workers of `platform start --workers N`
 * (./broadcast.ts): it relays each worker's messages to the others and, for a message sent with
 * publishAndWait, tells the sender once every other joined worker acknowledged it (ran its
 * subscribers). So a worker's write can wait, before it answers, until no other worker can still
 * serve what it changed.
 *
 * A worker joins (is waited for) once its platform is built, before it serves anything. A
 * worker that does not acknowledge within `ackTimeoutMs` (its event loop is stuck) cannot be
 * trusted with what it keeps: it is killed, and `replace` starts another in its place.
 */
import { ACK_MESSAGE, DONE_MESSAGE, JOIN_MESSAGE, JOINED_MESSAGE, isBroadcastEnvelope, isControlMessage, type BroadcastEnvelope, type ControlMessage } from './broadcast';

/** The part of a cluster worker the relay uses. */
export interface RelayWorker {
  send(message: unknown): unknown;
  isConnected(): boolean;
  kill(signal?: string): void;
}

export interface RelayOptions {
  ackTimeoutMs: number;
  /** a worker was killed for not acknowledging in time */
  onUnresponsive(worker: RelayWorker): void;
}

interface Pending {
  from: RelayWorker;
  /** the sender's own number of the message */
  ack: number;
  waitingFor: Set<RelayWorker>;
  timer: NodeJS.Timeout;
}

export interface ClusterRelay {
  /** handles a message a worker sent */
  receive(from: RelayWorker, message: unknown): void;
  /** a worker exited: it is no longer waited for */
  exited(worker: RelayWorker): void;
}

export const ACK_TIMEOUT_MS = 10000;

export function createClusterRelay(workers: () => Iterable<RelayWorker>, options: RelayOptions): ClusterRelay {
  const joined = new Set<RelayWorker>();
  const pending = new Map<number, Pending>();
  let lastAck = 0;

  const settle = (id: number) => {
    const entry = pending.get(id);
    if (!entry || entry.waitingFor.size > 0) return;
    clearTimeout(entry.timer);
    pending.delete(id);
    if (entry.from.isConnected()) entry.from.send({ type: DONE_MESSAGE, ack: entry.ack } satisfies ControlMessage);
  };

  const timedOut = (id: number) => {
    const entry = pending.get(id);
    if (!entry) return;
    for (const worker of [...entry.waitingFor]) {
      joined.delete(worker);
      worker.kill('SIGKILL');
      options.onUnresponsive(worker);
      for (const other of pending.keys()) forget(other, worker);
    }
  };

  const forget = (id: number, worker: RelayWorker) => {
    pending.get(id)?.waitingFor.delete(worker);
    settle(id);
  };

  const relay = (from: RelayWorker, envelope: BroadcastEnvelope) => {
    const others = [...workers()].filter((worker) => worker !== from && worker.isConnected());
    if (envelope.ack === undefined) {
      for (const worker of others) worker.send(envelope);
      return;
    }
    const id = ++lastAck;
    const waitingFor = new Set(others.filter((worker) => joined.has(worker)));
    const timer = setTimeout(() => timedOut(id), options.ackTimeoutMs);
    timer.unref();
    pending.set(id, { from, ack: envelope.ack, waitingFor, timer });
    for (const worker of others) worker.send({ ...envelope, ack: id });
    settle(id);
  };

  return {
    receive(from, message) {
      if (isBroadcastEnvelope(message)) return relay(from, message);
      if (!isControlMessage(message)) return;
      if (message.type === JOIN_MESSAGE) {
        joined.add(from);
        from.send({ type: JOINED_MESSAGE } satisfies ControlMessage);
      } else if (message.type === ACK_MESSAGE && message.ack !== undefined) {
        forget(message.ack, from);
      }
    },
    exited(worker) {
      joined.delete(worker);
      for (const [id, entry] of [...pending]) {
        if (entry.from === worker) {
          clearTimeout(entry.timer);
          pending.delete(id);
        } else forget(id, worker);
      }
    },
  };
}
