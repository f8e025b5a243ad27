/**
 * The webhooks a process delivers to, in memory: the declared ones (configuration) and the stored
 * ones (`strapi_webhooks`), read at start-up, again after every change this process makes, when
 * another worker announces one, and every `refreshInterval` (a change on the command line or on
 * another node). A write asks it which webhooks want an event, so an event is queued for the
 * webhooks subscribed when the change was made; a delivery asks it where to send, so a changed
 * url or header applies to what is still pending.
 */
import type { DeclaredWebhook } from './config';
import type { WebhookEvent } from './events';
import type { StoredWebhook, WebhookStore } from './webhook-store';

export interface Webhook {
  /** `db:<id>` or `config:<name>`: what the outbox names it by */
  key: string;
  /** the stored webhook's id; null for a declared one */
  id: number | null;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: readonly WebhookEvent[];
  enabled: boolean;
  secret: string | null;
  source: 'database' | 'config';
}

export const storedKey = (id: number) => `db:${id}`;
export const declaredKey = (name: string) => `config:${name}`;

function fromStored(webhook: StoredWebhook, secret: string | undefined): Webhook {
  return {
    key: storedKey(webhook.id),
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    headers: webhook.headers,
    events: webhook.events,
    enabled: webhook.isEnabled,
    secret: secret ?? null,
    source: 'database',
  };
}

function fromDeclared(webhook: DeclaredWebhook): Webhook {
  return {
    key: declaredKey(webhook.name),
    id: null,
    name: webhook.name,
    url: webhook.url,
    headers: webhook.headers ?? {},
    events: webhook.events as WebhookEvent[],
    enabled: webhook.enabled !== false,
    secret: webhook.secret ?? null,
    source: 'config',
  };
}

export interface WebhookRegistry {
  all(): readonly Webhook[];
  find(key: string): Webhook | undefined;
  /** the enabled webhooks subscribed to `event` */
  subscribed(event: WebhookEvent): readonly Webhook[];
  /** whether any enabled webhook wants any event (a write with none to deliver costs nothing) */
  any(): boolean;
  /** reads the stored webhooks again */
  refresh(): Promise<void>;
}

export function createWebhookRegistry(store: WebhookStore, declared: readonly DeclaredWebhook[]): WebhookRegistry {
  const fixed = declared.map(fromDeclared);
  let byKey = new Map<string, Webhook>(fixed.map((w) => [w.key, w]));
  let byEvent = new Map<WebhookEvent, Webhook[]>();
  const index = (list: Webhook[]) => {
    byKey = new Map(list.map((w) => [w.key, w]));
    byEvent = new Map();
    for (const webhook of list) {
      if (!webhook.enabled) continue;
      for (const event of webhook.events) {
        const subscribers = byEvent.get(event);
        if (subscribers) subscribers.push(webhook);
        else byEvent.set(event, [webhook]);
      }
    }
  };
  index(fixed);
  const none: readonly Webhook[] = [];
  return {
    all: () => [...byKey.values()],
    find: (key) => byKey.get(key),
    subscribed: (event) => byEvent.get(event) ?? none,
    any: () => byEvent.size > 0,
    async refresh() {
      const [stored, secrets] = await Promise.all([store.findWebhooks(), store.secrets()]);
      index([...fixed, ...stored.map((w) => fromStored(w, secrets.get(w.id)))]);
    },
  };
}
