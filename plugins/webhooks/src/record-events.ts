/**
 * Every write of an entry or a file, whatever asked for it (REST, GraphQL, the `strapi` object,
 * the admin, a plugin), goes through the query engine, whose after* hooks run inside the write's
 * transaction. There the events are written to the outbox, in the same transaction: a write
 * rolled back leaves no event, a committed one always has its events. A write no webhook wants
 * writes nothing.
 *
 * The events: `entry.create`, `entry.update`, `entry.delete` for the app's content-types
 * (`api::...`; plugins' content-types such as users, roles and folders send none, as users do not
 * in Strapi), `media.*` for files; with draft & publish, `entry.publish` after the create or
 * update that published an entry, `entry.unpublish` after the update that made it a draft again.
 */
import type { Model, PluginContext } from '@platform/core';
import type { Entity, WriteContext } from '@platform/query-engine';
import type { DraftsService } from '@platform/draft-publish';
import { eventBody, MEDIA_UID, type WebhookEvent } from './events';
import type { NewDelivery, Outbox } from './outbox';
import type { WebhookRegistry } from './registry';
import type { Dispatcher } from './dispatcher';

/** After other plugins' after* taps: the entry is final. */
export const RECORD_STAGE = 1000;

export interface RecorderDeps {
  ctx: PluginContext;
  registry: WebhookRegistry;
  outbox: Outbox;
  dispatcher: Dispatcher;
  drafts: DraftsService | null;
}

/** The events of one write, in the order a receiver gets them. */
export function eventsOf(context: WriteContext, drafts: DraftsService | null): WebhookEvent[] {
  const { model, action } = context;
  if (model.uid === MEDIA_UID) return [action === 'create' ? 'media.create' : action === 'update' ? 'media.update' : 'media.delete'];
  if (model.namespace !== 'api') return [];
  const change = drafts?.publicationChange(model, context) ?? null;
  return change ? [`entry.${action}`, `entry.${change}`] : [`entry.${action}`];
}

export function entryKey(model: Model, entity: Entity): string {
  return model.uid === MEDIA_UID ? `media:${entity.id}` : `${model.uid}:${entity.id}`;
}

export function tapWrites(deps: RecorderDeps, name: string): void {
  const { ctx, registry, outbox, dispatcher, drafts } = deps;
  const record = async (context: WriteContext): Promise<void> => {
    if (!registry.any() || !context.result) return;
    const rows: NewDelivery[] = [];
    const createdAt = new Date();
    let bytes = 0;
    for (const event of eventsOf(context, drafts)) {
      const webhooks = registry.subscribed(event);
      if (webhooks.length === 0) continue;
      const payload = eventBody(event, createdAt, context.model, context.result);
      bytes += payload.length * webhooks.length;
      for (const webhook of webhooks) rows.push({ webhook: webhook.key, event, entryKey: entryKey(context.model, context.result), payload });
    }
    if (rows.length === 0) return;
    const claim = dispatcher.claimFor(rows.length, bytes);
    const written = await outbox.insert(rows, claim, createdAt.getTime());
    await ctx.db.afterCommit(claim ? () => dispatcher.adopt(written) : () => dispatcher.wake());
  };
  const hooks = ctx.service('plugin::query-engine.hooks');
  const tap = { name, stage: RECORD_STAGE };
  hooks.afterCreate.tapPromise(tap, record);
  hooks.afterUpdate.tapPromise(tap, record);
  hooks.afterDelete.tapPromise(tap, record);
}
