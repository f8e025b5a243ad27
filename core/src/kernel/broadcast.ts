/**
 * Messages between the processes that serve one app. `platform start --workers N` runs N
 * processes (node:cluster) that each keep their own caches; a plugin that changes shared state
 * publishes on a channel and every other process's subscribers hear it (the primary relays it
 * to the other workers). In a single process, publishing reaches nobody: the publisher already
 * knows what it changed.
 */
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
  const listener = (value: unknown) => {
    if (!isBroadcastEnvelope(value)) return;
    for (const handler of handlers.get(value.channel) ?? []) handler(value.message);
  };
  let listening = false;
  return {
    publish(name, message) {
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
      if (listening) channel.off('message', listener);
      listening = false;
    },
  };
}
