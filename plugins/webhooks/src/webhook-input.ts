/**
 * What the admin API and the command line accept for a webhook, checked as Strapi v4's admin
 * checks it (`name`, `url`, `headers` and `events` required; `isEnabled` on update; nothing else),
 * and a little further: header names and values must be sendable, and every event one the
 * platform fires. A mistake is a 400 ValidationError whose `details.errors` names each key.
 */
import { ValidationError, isPlainObject } from '@platform/core';
import { checkEvents, type WebhookEvent } from './events';

export interface WebhookInput {
  name: string;
  url: string;
  headers: Record<string, string>;
  events: WebhookEvent[];
  /** update only: absent on create, where a webhook starts enabled */
  isEnabled?: boolean;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** headers the request itself sets: a webhook may not replace them */
const RESERVED = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'x-strapi-event', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
const MAX_HEADERS = 50;
const MAX_URL = 2048;

/** What is wrong with a headers object (phrased to follow its name), or null. */
export function checkHeaders(value: unknown): string | null {
  if (!isPlainObject(value)) return 'must be an object of header names and values';
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) return `has more than ${MAX_HEADERS} headers`;
  for (const [name, text] of entries) {
    if (!TOKEN.test(name)) return `has "${name}", which is not a header name`;
    if (RESERVED.has(name.toLowerCase())) return `has "${name}", which the request sets itself`;
    if (typeof text !== 'string' || text.length === 0) return `"${name}" must be a non-empty string`;
    if (/[\r\n\0]/.test(text) || text.length > 8192) return `"${name}" must be one line of at most 8192 characters`;
  }
  return null;
}

/** What is wrong with a url's form (phrased to follow its name), or null; where it points is checked apart (./url-guard.ts). */
export function checkUrlForm(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return 'is a required field';
  if (value.length > MAX_URL) return `must be at most ${MAX_URL} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http:// or https:// URL, not ${url.protocol}`;
  if (!url.hostname) return 'must name a host';
  return null;
}

type Problem = { path: string[]; message: string; name: 'ValidationError' };

/** The input of a create (`update`: of an update, which also takes `isEnabled`). */
export function parseWebhookInput(body: unknown, mode: 'create' | 'update'): WebhookInput {
  if (!isPlainObject(body)) throw new ValidationError('The body must be a JSON object', { errors: [] });
  const problems: Problem[] = [];
  const problem = (key: string, message: string) => problems.push({ path: [key], message: `${key} ${message}`, name: 'ValidationError' });
  const allowed = new Set(['name', 'url', 'headers', 'events', ...(mode === 'update' ? ['isEnabled', 'id'] : [])]);
  for (const key of Object.keys(body)) if (!allowed.has(key)) problem(key, 'is not a field of a webhook');
  if (typeof body.name !== 'string' || body.name.trim().length === 0) problem('name', 'is a required field');
  else if (body.name.length > 255) problem('name', 'must be at most 255 characters');
  const url = checkUrlForm(body.url);
  if (url) problem('url', url);
  const headers = body.headers === undefined ? 'is a required field' : checkHeaders(body.headers);
  if (headers) problem('headers', headers);
  const events = body.events === undefined ? 'is a required field' : checkEvents(body.events);
  if (events) problem('events', events);
  if (mode === 'update' && body.isEnabled !== undefined && typeof body.isEnabled !== 'boolean') problem('isEnabled', 'must be a boolean');
  if (problems.length > 0) {
    const message = problems.length === 1 ? (problems[0] as Problem).message : `${problems.length} errors occurred`;
    throw new ValidationError(message, { errors: problems });
  }
  const input: WebhookInput = {
    name: body.name as string,
    url: body.url as string,
    headers: { ...(body.headers as Record<string, string>) },
    events: [...new Set(body.events as WebhookEvent[])],
  };
  if (typeof body.isEnabled === 'boolean') input.isEnabled = body.isEnabled;
  return input;
}
