/**
 * The stored webhooks: rows of Strapi v4's `strapi_webhooks`, answered in the admin API's shape
 * `{ id, name, url, headers, events, isEnabled }` (the column is `enabled`, as in Strapi), with
 * the signing secret kept beside them. Writes run in the caller's transaction when there is one.
 */
import type { Database } from '@platform/core';
import { isWebhookEvent, type WebhookEvent } from './events';
import { SECRETS_TABLE, WEBHOOKS_TABLE } from './tables';

/** A stored webhook as Strapi v4's admin API answers it. */
export interface StoredWebhook {
  id: number;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: WebhookEvent[];
  isEnabled: boolean;
}

export interface WebhookData {
  name: string;
  url: string;
  headers: Record<string, string>;
  events: WebhookEvent[];
  isEnabled: boolean;
}

interface Row {
  id: number | string;
  name: string | null;
  url: string | null;
  headers: unknown;
  events: unknown;
  enabled: unknown;
}

function json(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** A row as the API shows it; values another program stored badly read as empty, never as an error. */
function fromRow(row: Row): StoredWebhook {
  const headers = json(row.headers);
  const events = json(row.events);
  return {
    id: Number(row.id),
    name: row.name ?? '',
    url: row.url ?? '',
    headers:
      headers && typeof headers === 'object' && !Array.isArray(headers) ? Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {},
    events: Array.isArray(events) ? events.filter(isWebhookEvent) : [],
    isEnabled: row.enabled === true || row.enabled === 1 || row.enabled === '1',
  };
}

function toRow(data: WebhookData): Omit<Row, 'id'> {
  return { name: data.name, url: data.url, headers: JSON.stringify(data.headers), events: JSON.stringify(data.events), enabled: data.isEnabled };
}

export interface WebhookStore {
  findWebhooks(): Promise<StoredWebhook[]>;
  findWebhook(id: number): Promise<StoredWebhook | null>;
  createWebhook(data: WebhookData): Promise<StoredWebhook>;
  /** null when no webhook has that id */
  updateWebhook(id: number, data: WebhookData): Promise<StoredWebhook | null>;
  /** the deleted webhook, or null */
  deleteWebhook(id: number): Promise<StoredWebhook | null>;
  /** the signing secrets by webhook id */
  secrets(): Promise<Map<number, string>>;
  /** sets (or, with null, removes) a webhook's signing secret */
  setSecret(id: number, secret: string | null): Promise<void>;
}

const COLUMNS = ['id', 'name', 'url', 'headers', 'events', 'enabled'];

export function createWebhookStore(db: () => Database): WebhookStore {
  const table = () => db().connection(WEBHOOKS_TABLE);
  const store: WebhookStore = {
    async findWebhooks() {
      const rows = (await table().select(COLUMNS).orderBy('id')) as Row[];
      return rows.map(fromRow);
    },
    async findWebhook(id) {
      const row = (await table().where('id', id).first(COLUMNS)) as Row | undefined;
      return row ? fromRow(row) : null;
    },
    async createWebhook(data) {
      const database = db();
      const values = toRow(data);
      const id = await database.transaction(async (trx) => {
        const inserted = database.client === 'postgres' ? await trx(WEBHOOKS_TABLE).insert(values).returning('id') : await trx(WEBHOOKS_TABLE).insert(values);
        const first = inserted[0] as number | { id: number };
        return Number(typeof first === 'object' ? first.id : first);
      });
      return { id, ...data };
    },
    async updateWebhook(id, data) {
      // MariaDB counts changed rows, not matched ones: whether the row is there is asked apart
      if (!(await table().where('id', id).first('id'))) return null;
      await table().where('id', id).update(toRow(data));
      return { id, ...data };
    },
    async deleteWebhook(id) {
      return db().transaction(async (trx) => {
        const existing = await store.findWebhook(id);
        if (!existing) return null;
        await trx(SECRETS_TABLE).where('webhook_id', id).delete();
        await trx(WEBHOOKS_TABLE).where('id', id).delete();
        return existing;
      });
    },
    async secrets() {
      const rows = (await db().connection(SECRETS_TABLE).select('webhook_id', 'secret')) as Array<{ webhook_id: number | string; secret: string }>;
      return new Map(rows.map((row) => [Number(row.webhook_id), row.secret]));
    },
    async setSecret(id, secret) {
      await db().transaction(async (trx) => {
        await trx(SECRETS_TABLE).where('webhook_id', id).delete();
        if (secret) await trx(SECRETS_TABLE).insert({ webhook_id: id, secret });
      });
    },
  };
  return store;
}
