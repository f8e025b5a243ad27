/**
 * The plugin's configuration (`config/plugins.ts` `webhooks: { config }`), checked at start-up so
 * a mistake names its key. The default headers of every request are Strapi's setting,
 * `config/server` `webhooks.defaultHeaders`, read as the app's configuration.
 */
import { isPlainObject } from '@platform/core';
import { checkEvents } from './events';
import { checkHeaders } from './webhook-input';
import { isSecret } from './signing';

/** A webhook declared in the configuration: delivered like a stored one, never changed at run time. */
export interface DeclaredWebhook {
  name: string;
  url: string;
  events: string[];
  headers?: Record<string, string>;
  /** a Standard Webhooks secret (`whsec_` and base64): every request is signed with it */
  secret?: string;
  enabled?: boolean;
}

export interface WebhooksConfig extends Record<string, unknown> {
  webhooks: DeclaredWebhook[];
  /** ms an attempt may take, from connecting to the end of the answer (Strapi's is 10 s) */
  timeout: number;
  /** attempts of one delivery before it is given up as failed */
  attempts: number;
  /** ms before the first retry; each retry waits twice as long as the one before, up to `maxDelay` */
  minDelay: number;
  maxDelay: number;
  /** requests in flight at once, in each process */
  concurrency: number;
  /** requests in flight at once to one webhook, in each process (a slow receiver holds no more) */
  perWebhookConcurrency: number;
  /** deliveries held in memory, in each process; more wait in the database */
  maxQueued: number;
  /** ms between looks in the database for deliveries due (retries, another process's that it left) */
  pollInterval: number;
  /** ms between reads of the stored webhooks (changes another process or the command line made) */
  refreshInterval: number;
  /** days a delivered or failed delivery is kept in the history */
  retentionDays: number;
  /** refuse webhook urls whose host is a private, loopback or link-local address */
  refusePrivateAddresses: boolean;
}

export const DEFAULT_CONFIG: WebhooksConfig = {
  webhooks: [],
  timeout: 10_000,
  attempts: 15,
  minDelay: 1000,
  maxDelay: 60 * 60 * 1000,
  concurrency: 64,
  perWebhookConcurrency: 16,
  maxQueued: 1000,
  pollInterval: 5000,
  refreshInterval: 5000,
  retentionDays: 7,
  refusePrivateAddresses: false,
};

const POSITIVE: Array<keyof WebhooksConfig> = ['timeout', 'attempts', 'minDelay', 'maxDelay', 'concurrency', 'perWebhookConcurrency', 'maxQueued', 'pollInterval', 'refreshInterval', 'retentionDays'];

function checkDeclared(value: unknown, index: number, names: Set<string>): void {
  const at = `"webhooks[${index}]"`;
  if (!isPlainObject(value)) throw new Error(`${at} must be an object { name, url, events, headers?, secret?, enabled? }`);
  const unknown = Object.keys(value).filter((key) => !['name', 'url', 'events', 'headers', 'secret', 'enabled'].includes(key));
  if (unknown.length) throw new Error(`${at} has unknown keys: ${unknown.join(', ')}`);
  if (typeof value.name !== 'string' || !value.name) throw new Error(`${at}.name must be a non-empty string`);
  if (names.has(value.name)) throw new Error(`${at}.name "${value.name}" is given twice`);
  names.add(value.name);
  if (typeof value.url !== 'string' || !/^https?:\/\//i.test(value.url)) throw new Error(`${at}.url must be an http:// or https:// url`);
  const events = checkEvents(value.events);
  if (events) throw new Error(`${at}.events ${events}`);
  if (value.headers !== undefined) {
    const headers = checkHeaders(value.headers);
    if (headers) throw new Error(`${at}.headers ${headers}`);
  }
  if (value.secret !== undefined && !isSecret(value.secret)) {
    throw new Error(`${at}.secret must be "whsec_" followed by at least 16 characters of base64`);
  }
  if (value.enabled !== undefined && typeof value.enabled !== 'boolean') throw new Error(`${at}.enabled must be a boolean`);
}

export function validateConfig(config: WebhooksConfig): void {
  for (const key of POSITIVE) {
    const value = config[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new Error(`"${key}" must be a positive whole number, got ${JSON.stringify(value)}`);
  }
  if (config.minDelay > config.maxDelay) throw new Error(`"minDelay" (${config.minDelay}) must not exceed "maxDelay" (${config.maxDelay})`);
  if (typeof config.refusePrivateAddresses !== 'boolean') throw new Error('"refusePrivateAddresses" must be a boolean');
  if (!Array.isArray(config.webhooks)) throw new Error('"webhooks" must be a list of { name, url, events }');
  const names = new Set<string>();
  for (const [index, webhook] of config.webhooks.entries()) checkDeclared(webhook, index, names);
}
