/**
 * The tables the plugin keeps its rows in, synced by the kernel (created when missing, completed,
 * never altered): Strapi v4's `strapi_webhooks` column for column, so a Strapi database's
 * webhooks keep firing and a Strapi started on this database finds ours; the signing secrets
 * beside it (Strapi's table has no room for one); and the outbox of deliveries.
 *
 * An outbox row is one event for one webhook. It is written in the transaction of the change
 * (`pending`), then either `delivered` or, once its attempts are spent, `failed`, with the last
 * answer kept; both are trimmed after `retentionDays`. Times are epoch milliseconds. A row is
 * claimed by one process at a time: `claimed_by` names the claim and `claimed_until` ends it,
 * so the rows of a process that died are taken up again once their claim is over.
 */
import type { StorageTable } from '@platform/core';

export const WEBHOOKS_TABLE = 'strapi_webhooks';
export const SECRETS_TABLE = 'platform_webhook_secrets';
export const DELIVERIES_TABLE = 'platform_webhook_deliveries';

export const PENDING = 'pending';
export const DELIVERED = 'delivered';
export const FAILED = 'failed';
export type DeliveryState = typeof PENDING | typeof DELIVERED | typeof FAILED;

export const TABLES: StorageTable[] = [
  {
    name: WEBHOOKS_TABLE,
    columns: [
      { name: 'name', kind: 'string' },
      { name: 'url', kind: 'text' },
      { name: 'headers', kind: 'json' },
      { name: 'events', kind: 'json' },
      { name: 'enabled', kind: 'boolean' },
    ],
  },
  {
    name: SECRETS_TABLE,
    columns: [
      { name: 'webhook_id', kind: 'integer' },
      { name: 'secret', kind: 'string' },
    ],
    indexes: [{ name: 'platform_webhook_secrets_webhook_unique', columns: ['webhook_id'], unique: true }],
  },
  {
    name: DELIVERIES_TABLE,
    columns: [
      /** `db:<id>` for a stored webhook, `config:<name>` for a declared one */
      { name: 'webhook', kind: 'string' },
      { name: 'event', kind: 'string' },
      /** what deliveries are ordered by: one entry (`<uid>:<id>`) or one file (`media:<id>`) */
      { name: 'entry_key', kind: 'string' },
      { name: 'payload', kind: 'text' },
      { name: 'state', kind: 'string' },
      { name: 'attempts', kind: 'integer' },
      { name: 'next_attempt_at', kind: 'bigInteger' },
      { name: 'claimed_by', kind: 'string' },
      { name: 'claimed_until', kind: 'bigInteger' },
      { name: 'created_at', kind: 'bigInteger' },
      { name: 'last_attempt_at', kind: 'bigInteger' },
      { name: 'finished_at', kind: 'bigInteger' },
      { name: 'last_status', kind: 'integer' },
      { name: 'last_error', kind: 'text' },
      { name: 'duration_ms', kind: 'integer' },
    ],
    indexes: [
      { name: 'platform_webhook_deliveries_due', columns: ['state', 'id'], unique: false },
      { name: 'platform_webhook_deliveries_chain', columns: ['entry_key', 'webhook', 'state'], unique: false },
      { name: 'platform_webhook_deliveries_finished', columns: ['finished_at'], unique: false },
    ],
  },
];
