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

/** The one message type the primary relays (see ../cli/serve.ts). */
export const BROADCAST_MESSAGE = 'platform:broadcast';

export interface BroadcastEnvelope {
  type: typeof BROADCAST_MESSAGE;
  channel: string;
  message: unknown;
}

export interface Broadcast {
  /** sends a JSON-serializable message to the other processes' subscribers of `channel` */
  publish(channel: string, message: unknown): void;
  /** runs `handler` for each message another process publishes on `channel`; returns the unsubscribe */
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
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
  /** starts delivering what any process sends */
  listen(receive: (envelope: TransportEnvelope) => void): Promise<void>;
}

export interface ProcessChannel {
  send?(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export function isBroadcastEnvelope(value: unknown): value is BroadcastEnvelope {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === BROADCAST_MESSAGE && typeof (value as { channel?: unknown }).channel === 'string';
}

/**
 * A broadcast over the process's IPC channel when it is a cluster worker (`worker` true);
 * otherwise one that only keeps subscribers (nothing else would hear).
 */
export function createBroadcast(channel: ProcessChannel = process, worker = cluster.isWorker): Broadcast & { close(): void } {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const deliver = (name: string, message: unknown) => {
    for (const handler of handlers.get(name) ?? []) handler(message);
  };
  const listener = (value: unknown) => {
    if (!isBroadcastEnvelope(value)) return;
    deliver(value.channel, value.message);
  };
  let listening = false;
  const origin = randomUUID();
  let transport: BroadcastTransport | null = null;
  return {
    async useTransport(given) {
      await given.listen((envelope) => {
        if (envelope.origin !== origin && typeof envelope.channel === 'string') deliver(envelope.channel, envelope.message);
      });
      transport = given;
    },
    publish(name, message) {
      if (transport) return transport.send({ origin, channel: name, message });
      if (!worker || !channel.send) return;
      const envelope: BroadcastEnvelope = { type: BROADCAST_MESSAGE, channel: name, message };
      channel.send(envelope);
    },
    subscribe(name, handler) {
      if (worker && !listening) {
        channel.on('message', listener);
        listening = true;
      }
      const set = handlers.get(name) ?? new Set();
      set.add(handler);
      handlers.set(name, set);
      return () => {
        set.delete(handler);
      };
    },
    close() {
      handlers.clear();
      transport = null;
      if (listening) channel.off('message', listener);
      listening = false;
    },
  };
}
