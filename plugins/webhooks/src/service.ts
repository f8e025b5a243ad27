/**
 * `plugin::webhooks.webhooks`: what the admin API and the command line do with webhooks. Every
 * change is checked (Strapi's fields, then where the url points), applied to this process's
 * registry at once and announced to the other workers, which read the stored webhooks again.
 */
import { NotFoundError, ValidationError, type Broadcast } from '@platform/core';
import { triggerBody, TRIGGER_TEST_EVENT } from './events';
import type { DeliveryRecord, Outbox } from './outbox';
import type { Webhook, WebhookRegistry } from './registry';
import type { Sender } from './sender';
import type { DeliveryState } from './tables';
import { checkTarget, type OwnServer } from './url-guard';
import type { WebhookInput } from './webhook-input';
import type { StoredWebhook, WebhookStore } from './webhook-store';

export const CHANGED_CHANNEL = 'webhooks:changed';

/** What the admin's "trigger" answers, as Strapi v4 does: the status, and the answer's text when it was no success. */
export interface TriggerResult {
  statusCode: number;
  message?: string;
}

export interface WebhooksService {
  list(): Promise<StoredWebhook[]>;
  findOne(id: number): Promise<StoredWebhook | null>;
  create(input: WebhookInput): Promise<StoredWebhook>;
  update(id: number, input: WebhookInput): Promise<StoredWebhook>;
  delete(id: number): Promise<StoredWebhook>;
  /** the ids that were webhooks, deleted */
  deleteMany(ids: number[]): Promise<number[]>;
  /** every webhook this process delivers to, declared ones included */
  all(): readonly Webhook[];
  /** reads the stored webhooks again */
  refresh(): Promise<void>;
  /** a webhook by stored id or declared name */
  find(idOrName: string): Webhook | undefined;
  /** sends the test event now, outside the outbox */
  trigger(webhook: Webhook): Promise<TriggerResult>;
  /** gives a stored webhook a signing secret (or none) */
  setSecret(id: number, secret: string | null): Promise<void>;
  deliveries(filter: { webhook?: string; state?: DeliveryState; limit: number }): Promise<DeliveryRecord[]>;
}

export interface ServiceDeps {
  store: WebhookStore;
  registry: WebhookRegistry;
  outbox: Outbox;
  sender: Sender;
  own: OwnServer;
  refusePrivate: () => boolean;
  broadcast: Broadcast;
}

const notFound = () => new NotFoundError('webhook.notFound');

export function createWebhooksService(deps: ServiceDeps): WebhooksService {
  const { store, registry } = deps;

  async function checkUrl(url: string): Promise<void> {
    const refused = await checkTarget(new URL(url), deps.own, deps.refusePrivate());
    if (refused) {
      const message = `url ${refused}`;
      throw new ValidationError(message, { errors: [{ path: ['url'], message, name: 'ValidationError' }] });
    }
  }

  async function changed(): Promise<void> {
    await registry.refresh();
    deps.broadcast.publish(CHANGED_CHANNEL, null);
  }

  const service: WebhooksService = {
    list: () => store.findWebhooks(),
    findOne: (id) => store.findWebhook(id),
    async create(input) {
      await checkUrl(input.url);
      const webhook = await store.createWebhook({ name: input.name, url: input.url, headers: input.headers, events: input.events, isEnabled: true });
      await changed();
      return webhook;
    },
    async update(id, input) {
      const existing = await store.findWebhook(id);
      if (!existing) throw notFound();
      await checkUrl(input.url);
      const webhook = await store.updateWebhook(id, { ...existing, ...input, isEnabled: input.isEnabled ?? existing.isEnabled });
      if (!webhook) throw notFound();
      await changed();
      return webhook;
    },
    async delete(id) {
      const deleted = await store.deleteWebhook(id);
      if (!deleted) throw notFound();
      await changed();
      return deleted;
    },
    async deleteMany(ids) {
      const deleted: number[] = [];
      for (const id of ids) if (await store.deleteWebhook(id)) deleted.push(id);
      if (deleted.length) await changed();
      return deleted;
    },
    all: () => registry.all(),
    refresh: () => registry.refresh(),
    find(idOrName) {
      const byId = /^\d+$/.test(idOrName) ? registry.find(`db:${idOrName}`) : undefined;
      return byId ?? registry.all().find((webhook) => webhook.name === idOrName);
    },
    async trigger(webhook) {
      const body = triggerBody(new Date());
      const result = await deps.sender.send({ url: webhook.url, headers: webhook.headers, secret: webhook.secret }, TRIGGER_TEST_EVENT, `msg_trigger_${Date.now()}`, body);
      if (result.ok) return { statusCode: result.status ?? 200 };
      // Strapi answers 500 with the error's message when the receiver could not be reached
      return { statusCode: result.status ?? 500, message: result.message ?? '' };
    },
    async setSecret(id, secret) {
      if (!(await store.findWebhook(id))) throw notFound();
      await store.setSecret(id, secret);
      await changed();
    },
    deliveries: (filter) => deps.outbox.history(filter),
  };
  return service;
}
