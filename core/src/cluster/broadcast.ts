/**
 * Messages between the processes that serve one app. `platform start --workers N` runs N
 * processes (node:cluster) that each keep their own caches; a plugin that changes shared state
 * publishes on a channel and every other process's subscribers hear it (the primary relays it
 * to the other workers). In a single process, publishing reaches nobody: the publisher already
 * knows what it changed.
 *
 * Beyond one machine, a plugin gives the broadcast a transport (Redis pub/sub, say) with
 * `useTransport`: from then on every message goes through it, to every process of every node
 * (the workers of this node included, each listening on its own), and a process ignores its own.
 */
import { randomUUID } from 'node:crypto';
import cluster from 'node:cluster';

/** The one message type the primary relays (see ./cluster-relay.ts). */
export const BROADCAST_MESSAGE = 'platform:broadcast';
/** a worker asks to be counted among those whose acknowledgement the primary awaits */
export const JOIN_MESSAGE = 'platform:join';
/** the primary's answer: from now on it awaits this worker's acknowledgements */
export const JOINED_MESSAGE = 'platform:joined';
/**
 * The channel of "you may have missed messages": a transport's subscription was interrupted, or
 * another process could not send an invalidation and announces, once it can, that everything
 * kept from shared state must be dropped (see Broadcast.onResync).
 */
export const RESYNC_CHANNEL = 'platform:resync';
/** a worker ran its subscribers for an envelope that asked for it */
export const ACK_MESSAGE = 'platform:broadcast-ack';
/** the primary tells the sender that every other worker ran its subscribers */
export const DONE_MESSAGE = 'platform:broadcast-done';

export interface BroadcastEnvelope {
  type: typeof BROADCAST_MESSAGE;
  channel: string;
  message: unknown;
  /** set when the sender waits until every other worker has run its subscribers (publishAndWait) */
  ack?: number;
}

/** an acknowledgement, a join answer or a completion, by its type */
export interface ControlMessage {
  type: typeof JOIN_MESSAGE | typeof JOINED_MESSAGE | typeof ACK_MESSAGE | typeof DONE_MESSAGE;
  ack?: number;
}

export interface Broadcast {
  /** sends a JSON-serializable message to the other processes' subscribers of `channel` */
  publish(channel: string, message: unknown): void;
  /**
   * Like publish, and resolves once every other worker of this node has run its subscribers
   * (the primary waits for each one's acknowledgement; a worker that does not answer in time is
   * replaced, see ./cluster-relay.ts). At once in a single process, and once sent through a
   * transport (the processes of other nodes cannot be waited for).
   */
  publishAndWait(channel: string, message: unknown): Promise<void>;
  /** runs `handler` for each message another process publishes on `channel`; returns the unsubscribe */
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  /**
   * Runs `handler` when this process may have missed messages (its transport's subscription was
   * interrupted, or another process could not send some): a subscriber that keeps state from
   * shared data drops all of it. Returns the unsubscribe.
   */
  onResync(handler: () => void): () => void;
  /**
   * Whether every message published anywhere reaches this process now and every message it
   * publishes reaches the others: true without a transport; with one, false while it is
   * disconnected or owes a message it could not send. While false, keep nothing from shared data.
   */
  trusted(): boolean;
  /**
   * Carries every message through `transport` from now on (instead of the primary's relay):
   * messages reach the processes of other nodes too. Resolves once it listens.
   */
  useTransport(transport: BroadcastTransport): Promise<void>;
}

/** What a transport carries: the sending process, the channel and the message. */
export interface TransportEnvelope {
  origin: string;
  channel: string;
  message: unknown;
}

/** A way to reach every process of every node (see useTransport). */
export interface BroadcastTransport {
  /** sends `envelope` to every listening process (this one's own copy is ignored) */
  send(envelope: TransportEnvelope): void;
  /**
   * Starts delivering what any process sends. `interrupted` is called when delivery resumes
   * after a break (messages sent meanwhile may be lost), once it is listening again.
   */
  listen(receive: (envelope: TransportEnvelope) => void, interrupted?: () => void): Promise<void>;
  /** whether it delivers and sends now, owing nothing (true when it cannot tell) */
  connected?(): boolean;
}

export interface ProcessChannel {
  send?(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export function isBroadcastEnvelope(value: unknown): value is BroadcastEnvelope {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === BROADCAST_MESSAGE && typeof (value as { channel?: unknown }).channel === 'string';
}

const CONTROL_TYPES: ReadonlySet<unknown> = new Set([JOIN_MESSAGE, JOINED_MESSAGE, ACK_MESSAGE, DONE_MESSAGE]);

export function isControlMessage(value: unknown): value is ControlMessage {
  return typeof value === 'object' && value !== null && CONTROL_TYPES.has((value as { type?: unknown }).type);
}

/** How long a worker waits for the primary's answer to its join before it serves anyway (a primary that is not the platform's). */
const JOIN_TIMEOUT_MS = 5000;

/**
 * A broadcast over the process's IPC channel when it is a cluster worker (`worker` true);
 * otherwise one that only keeps subscribers (nothing else would hear).
 */
export function createBroadcast(channel: ProcessChannel = process, worker = cluster.isWorker): Broadcast & { close(): void; join(): Promise<void> } {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const deliver = (name: string, message: unknown) => {
    for (const handler of handlers.get(name) ?? []) handler(message);
  };
  /** the sends that wait for the primary's completion, by their number */
  const waiting = new Map<number, () => void>();
  let lastAck = 0;
  let joined: (() => void) | null = null;
  const listener = (value: unknown) => {
    if (isBroadcastEnvelope(value)) {
      try {
        deliver(value.channel, value.message);
      } finally {
        if (value.ack !== undefined) channel.send?.({ type: ACK_MESSAGE, ack: value.ack } satisfies ControlMessage);
      }
      return;
    }
    if (!isControlMessage(value)) return;
    if (value.type === JOINED_MESSAGE) joined?.();
    if (value.type === DONE_MESSAGE && value.ack !== undefined) {
      waiting.get(value.ack)?.();
      waiting.delete(value.ack);
    }
  };
  let listening = false;
  const listen = () => {
    if (!worker || listening) return;
    channel.on('message', listener);
    listening = true;
  };
  const subscribeTo = (name: string, handler: (message: unknown) => void): (() => void) => {
    listen();
    const set = handlers.get(name) ?? new Set();
    set.add(handler);
    handlers.set(name, set);
    return () => {
      set.delete(handler);
    };
  };
  const origin = randomUUID();
  let transport: BroadcastTransport | null = null;
  const publish = (name: string, message: unknown): void => {
    if (transport) {
      transport.send({ origin, channel: name, message });
      return;
    }
    if (!worker || !channel.send) return;
    const envelope: BroadcastEnvelope = { type: BROADCAST_MESSAGE, channel: name, message };
    channel.send(envelope);
  };
  return {
    /**
     * A worker asks the primary to count it among those it waits for (publishAndWait), and
     * resolves once it does: before that, this process must not keep anything another
     * worker's write could change. At once in a single process.
     */
    join() {
      const send = channel.send?.bind(channel);
      if (!worker || !send) return Promise.resolve();
      listen();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, JOIN_TIMEOUT_MS);
        timer.unref?.();
        function done() {
          clearTimeout(timer);
          joined = null;
          resolve();
        }
        joined = done;
        send({ type: JOIN_MESSAGE } satisfies ControlMessage);
      });
    },
    publishAndWait(name, message) {
      const send = channel.send?.bind(channel);
      if (transport || !worker || !send) {
        publish(name, message);
        return Promise.resolve();
      }
      listen();
      const ack = ++lastAck;
      return new Promise<void>((resolve) => {
        waiting.set(ack, resolve);
        send({ type: BROADCAST_MESSAGE, channel: name, message, ack } satisfies BroadcastEnvelope);
      });
    },
    async useTransport(given) {
      await given.listen(
        (envelope) => {
          if (envelope.origin !== origin && typeof envelope.channel === 'string') deliver(envelope.channel, envelope.message);
        },
        () => deliver(RESYNC_CHANNEL, null),
      );
      transport = given;
    },
    publish,
    onResync(handler) {
      return subscribeTo(RESYNC_CHANNEL, () => handler());
    },
    trusted() {
      return transport?.connected?.() ?? true;
    },
    subscribe: subscribeTo,
    close() {
      handlers.clear();
      // nobody is left to wait for: the primary stops waiting for this process when it exits
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      transport = null;
      if (listening) channel.off('message', listener);
      listening = false;
    },
  };
}
