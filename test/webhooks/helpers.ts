/**
 * What the webhook tests share: the plugin's configuration with short times (a test waits
 * milliseconds where a server waits seconds), the outbox's rows, and a wait for deliveries.
 */
import type { TestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import type { Receiver } from './receiver';

export const ALL_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];

/** times that keep a test short: a claim lasts timeout + 5 s */
export const FAST = { timeout: 1000, minDelay: 50, maxDelay: 400, pollInterval: 200, refreshInterval: 200 };

/** `config/plugins` and `config/server` for an app whose webhook `all` posts every event to `url` */
export function webhooksConfig(url: string, config: Record<string, unknown> = {}, server: Record<string, unknown> = {}): Record<string, Record<string, unknown>> {
  return {
    plugins: { webhooks: { config: { ...FAST, webhooks: [{ name: 'all', url, events: ALL_EVENTS }], ...config } } },
    server,
  };
}

export interface DeliveryRow {
  id: number;
  webhook: string;
  event: string;
  entry_key: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  claimed_until: number;
  finished_at: number | null;
}

export async function deliveryRows(app: TestApp): Promise<DeliveryRow[]> {
  const rows = (await app
    .knex('platform_webhook_deliveries')
    .orderBy('id')
    .select('id', 'webhook', 'event', 'entry_key', 'state', 'attempts', 'last_status', 'last_error', 'claimed_until', 'finished_at')) as DeliveryRow[];
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    attempts: Number(row.attempts),
    last_status: row.last_status === null ? null : Number(row.last_status),
    claimed_until: Number(row.claimed_until),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
  }));
}

/** waits until every outbox row is delivered or failed (none left pending) */
export async function settled(app: TestApp, timeoutMs = 15000): Promise<DeliveryRow[]> {
  let rows: DeliveryRow[] = [];
  await eventually(
    async () => {
      rows = await deliveryRows(app);
      return rows.every((row) => row.state !== 'pending');
    },
    timeoutMs,
    'every webhook delivery to be delivered or failed',
  );
  return rows;
}

/** waits until the receiver got `count` requests */
export async function receivedCount(receiver: Receiver, count: number, timeoutMs = 15000): Promise<void> {
  await eventually(() => receiver.received.length >= count, timeoutMs, `${count} webhook requests (got ${receiver.received.length})`);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** a body with its times (ISO strings under createdAt, updatedAt, publishedAt) replaced by '<time>' */
export function withTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withTimes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, ['createdAt', 'updatedAt', 'publishedAt'].includes(key) && typeof item === 'string' && ISO.test(item) ? '<time>' : withTimes(item)]),
  );
}
