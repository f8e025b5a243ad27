/**
 * `strapi.eventHub`: Strapi v4's event hub. Listeners (`on`, `once`, `off`) and subscribers
 * (`subscribe`, called with every event) are awaited in turn by `emit`; what one throws is
 * logged and does not stop the others. The events Strapi emits for writes are emitted once the
 * write's transaction commits, never for a write that was rolled back: `entry.create`,
 * `entry.update`, `entry.delete` with `{ model, uid, entry }`, then `entry.publish` or
 * `entry.unpublish` when the write changed the entry's publication (draft & publish tells), and
 * for files `media.create`, `media.update`, `media.delete` with `{ media }` (the upload plugin's
 * folders have none, as Strapi writes them past its entity service).
 */
import type { Logger, Model, PluginContext } from '@platform/core';
import type { DraftsService } from '@platform/draft-publish';
import type { WriteContext } from '@platform/query-engine';

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
  /** whether any event would reach anyone (a subscriber, or a listener of any event) */
  hasAnyListener(): boolean;
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
    hasAnyListener() {
      if (subscribers.length > 0) return true;
      for (const named of listeners.values()) if (named.length > 0) return true;
      return false;
    },
  };
  return hub;
}

/**
 * Strapi v4's uid of uploaded files, whose writes are `media.*` events rather than entry events.
 * The upload package exports it (FILE_UID), but upload is only an optional plugin here and not a
 * declared package dependency: a value import from it would fail where it is not installed, so
 * the uid, fixed by Strapi's format, is written here too (as in the webhooks plugin).
 */
const MEDIA_UID = 'plugin::upload.file';
const UPLOAD_PREFIX = 'plugin::upload.';

/** The events of one write, in the order Strapi emits them, each with its payload. */
export function writeEvents(
  write: Pick<WriteContext, 'action' | 'existing' | 'data' | 'result'> & { model: Model },
  drafts: Pick<DraftsService, 'publicationChange'> | null,
): Array<[string, Record<string, unknown>]> {
  const entry = write.result ?? write.existing;
  if (!entry) return [];
  if (write.model.uid === MEDIA_UID) return [[`media.${write.action}`, { media: entry }]];
  // the upload plugin writes its folders past the entity service in Strapi: no event
  if (write.model.uid.startsWith(UPLOAD_PREFIX)) return [];
  const payload = { model: write.model.singularName, uid: write.model.uid, entry };
  const events: Array<[string, Record<string, unknown>]> = [[`entry.${write.action}`, payload]];
  const change = drafts?.publicationChange(write.model, write) ?? null;
  if (change) events.push([`entry.${change}`, payload]);
  return events;
}

/** the query engine's hooks (QueryHooks) after each kind of write */
type AfterWrite = 'afterCreate' | 'afterUpdate' | 'afterDelete';

/**
 * Emits Strapi's events for the query engine's writes, after their transaction commits. Every
 * write of every app passes here and most apps never touch the event hub, so a hub nobody listens
 * to costs one check: no event list, no draft-publish lookup, nothing scheduled. A write whose own
 * events nobody listens for schedules nothing either.
 */
export function emitEntryEvents(
  ctx: { db: Pick<PluginContext['db'], 'afterCommit'> },
  hooks: Record<AfterWrite, { tapPromise(name: string, tap: (write: WriteContext) => Promise<void>): void }>,
  hub: EventHub,
  drafts: () => Pick<DraftsService, 'publicationChange'> | null,
): void {
  const emit = async (write: WriteContext): Promise<void> => {
    if (!hub.hasAnyListener()) return;
    const events = writeEvents(write, drafts()).filter(([name]) => hub.hasListeners(name));
    if (events.length === 0) return;
    await ctx.db.afterCommit(async () => {
      for (const [name, payload] of events) await hub.emit(name, payload);
    });
  };
  for (const hook of ['afterCreate', 'afterUpdate', 'afterDelete'] as const) hooks[hook].tapPromise('strapi-compat:event-hub', emit);
}
