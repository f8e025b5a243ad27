/**
 * `strapi.eventHub`: Strapi v4's event hub. Listeners (`on`, `once`, `off`) and subscribers
 * (`subscribe`, called with every event) are awaited in turn by `emit`; what one throws is
 * logged and does not stop the others. The entry events Strapi emits (`entry.create`,
 * `entry.update`, `entry.delete`, with `{ model, uid, entry }`) are emitted once the write's
 * transaction commits, never for a write that was rolled back.
 */
import type { Logger, PluginContext } from '@platform/core';
import type { QueryHooks, WriteContext } from '@platform/query-engine';

type Listener = (...args: unknown[]) => unknown;
type Subscriber = (name: string, ...args: unknown[]) => unknown;

export interface EventHub {
  emit(name: string, ...args: unknown[]): Promise<void>;
  on(name: string, listener: Listener): () => void;
  once(name: string, listener: Listener): () => void;
  off(name: string, listener: Listener): void;
  subscribe(subscriber: Subscriber): () => void;
  unsubscribe(subscriber: Subscriber): void;
  removeAllListeners(): void;
  /** whether emitting `name` would reach anyone (a subscriber, or a listener of that event) */
  hasListeners(name: string): boolean;
}

export function createEventHub(log: Logger): EventHub {
  const listeners = new Map<string, Listener[]>();
  const subscribers: Subscriber[] = [];
  const hub: EventHub = {
    async emit(name, ...args) {
      for (const subscriber of [...subscribers]) {
        try {
          await subscriber(name, ...args);
        } catch (error) {
          log.error(`eventHub subscriber failed on "${name}"`, error);
        }
      }
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          await listener(...args);
        } catch (error) {
          log.error(`eventHub listener of "${name}" failed`, error);
        }
      }
    },
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return () => hub.off(name, listener);
    },
    once(name, listener) {
      const wrapped: Listener = (...args) => {
        hub.off(name, wrapped);
        return listener(...args);
      };
      return hub.on(name, wrapped);
    },
    off(name, listener) {
      listeners.set(
        name,
        (listeners.get(name) ?? []).filter((l) => l !== listener),
      );
    },
    subscribe(subscriber) {
      subscribers.push(subscriber);
      return () => hub.unsubscribe(subscriber);
    },
    unsubscribe(subscriber) {
      const at = subscribers.indexOf(subscriber);
      if (at >= 0) subscribers.splice(at, 1);
    },
    removeAllListeners() {
      listeners.clear();
      subscribers.length = 0;
    },
    hasListeners(name) {
      return subscribers.length > 0 || (listeners.get(name)?.length ?? 0) > 0;
    },
  };
  return hub;
}

const EVENTS = { afterCreate: 'entry.create', afterUpdate: 'entry.update', afterDelete: 'entry.delete' } as const;

/**
 * Emits Strapi's entry events for the query engine's writes, after their transaction commits.
 * A write nobody listens for schedules nothing (most apps never touch the event hub).
 */
export function emitEntryEvents(ctx: PluginContext, hooks: QueryHooks, hub: EventHub): void {
  for (const [hook, event] of Object.entries(EVENTS) as Array<[keyof typeof EVENTS, string]>) {
    hooks[hook].tapPromise('strapi-compat:event-hub', async (write: WriteContext) => {
      const entry = write.result ?? write.existing;
      if (!entry || !hub.hasListeners(event)) return;
      await ctx.db.afterCommit(() => hub.emit(event, { model: write.model.singularName, uid: write.model.uid, entry }));
    });
  }
}
