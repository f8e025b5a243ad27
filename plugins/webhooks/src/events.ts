/**
 * Strapi v4's webhook events and the bodies it posts for them: `{ event, createdAt, model, uid,
 * entry }` for an entry, `{ event, createdAt, media }` for a file, `{ event, createdAt }` for the
 * test event of the admin's "trigger" button. The entry is the flat entity the write answered
 * (what Strapi's entity service hands its event hub), cut to its own values: no relation,
 * component or media, which Strapi leaves out unless the writer populated them, and no private
 * attribute, which the engine never reads back.
 */
import type { Model } from '@platform/core';
import type { Entity } from '@platform/query-engine';

export const ENTRY_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish'] as const;
export const MEDIA_EVENTS = ['media.create', 'media.update', 'media.delete'] as const;
export const WEBHOOK_EVENTS = [...ENTRY_EVENTS, ...MEDIA_EVENTS] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** the event of the admin's and the command line's "trigger": the body has no entry */
export const TRIGGER_TEST_EVENT = 'trigger-test';

/**
 * Strapi v4's uid of media files, whose writes are `media.*` events (the upload plugin's). The
 * upload package exports it (FILE_UID), but this plugin does not depend on upload (it runs
 * without it, and a value import from a package it may lack would fail where it is not
 * installed), so the uid, fixed by Strapi's format, is written here too (as in strapi-compat).
 */
export const MEDIA_UID = 'plugin::upload.file';

const KNOWN = new Set<string>(WEBHOOK_EVENTS);

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && KNOWN.has(value);
}

/** What is wrong with a list of events (phrased to follow its name), or null. */
export function checkEvents(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be a list of events';
  const unknown = value.find((event) => !isWebhookEvent(event));
  if (unknown !== undefined) return `has "${String(unknown)}", which is not one of ${WEBHOOK_EVENTS.join(', ')}`;
  return null;
}

/**
 * The entry as a webhook shows it: its id and its own values as the write read them back
 * (scalars formatted as the Content API formats them), in the schema's order.
 */
export function webhookEntry(model: Model, entity: Entity): Record<string, unknown> {
  const entry: Record<string, unknown> = { id: entity.id };
  for (const field of model.scalarFields) {
    // the read path never returns these; the payload leaves the server, so it says so itself
    if (field.attribute.private === true || field.type === 'password') continue;
    if (Object.hasOwn(entity, field.name)) entry[field.name] = entity[field.name];
  }
  return entry;
}

/** The JSON body of an event about an entry or a file, as Strapi v4 posts it. */
export function eventBody(event: WebhookEvent, createdAt: Date, model: Model, entity: Entity): string {
  const entry = webhookEntry(model, entity);
  if (model.uid === MEDIA_UID) return JSON.stringify({ event, createdAt, media: entry });
  return JSON.stringify({ event, createdAt, model: model.singularName, uid: model.uid, entry });
}

/** The body of the test event. */
export function triggerBody(createdAt: Date): string {
  return JSON.stringify({ event: TRIGGER_TEST_EVENT, createdAt });
}
