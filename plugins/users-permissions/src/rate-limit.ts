/**
 * The rate limit of the login, register and password routes (`ratelimit: { enabled, interval,
 * max }`), published as a service so every transport (REST, the GraphQL login mutation) counts
 * attempts in the same windows. Each attempt counts against two keys: the client address, and
 * the normalized identifier it names (an email or username, lower-cased), each per action,
 * never per raw path or per a value the client can vary freely: a trailing slash, another
 * spelling of the same path or another email in the body do not open a new window for the same
 * address. Past `max` attempts on either key within `interval` ms: 429 RateLimitError.
 */
import { RateLimitError } from '@platform/core';
import type { RateLimitConfig } from './config';

export interface Attempt {
  /** what is attempted, e.g. `auth.callback` (the same name on every transport) */
  action: string;
  /** the client's address (`ctx.ip`, which honours the server's proxy trust) */
  ip: string;
  /** the account it is about, if any (an email or username) */
  identifier?: unknown;
}

export interface RateLimiter {
  /** counts one attempt; throws the 429 RateLimitError once a key is past its limit */
  consume(attempt: Attempt): void;
  /** forgets every window (tests, an operator unlocking accounts) */
  reset(): void;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Past this many keys, expired windows are swept before a new one is added. */
const SWEEP_AT = 10000;

export function normalizeIdentifier(identifier: unknown): string | null {
  if (typeof identifier !== 'string' && typeof identifier !== 'number') return null;
  const text = String(identifier).normalize('NFKC').trim().toLowerCase();
  return text === '' ? null : text;
}

export function createRateLimiter(config: RateLimitConfig, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, Window>();

  function sweep(at: number): void {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  function hit(key: string, at: number): boolean {
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      if (windows.size >= SWEEP_AT) sweep(at);
      window = { count: 0, resetAt: at + config.interval };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > config.max;
  }

  return {
    consume({ action, ip, identifier }) {
      if (!config.enabled) return;
      const at = now();
      const byAddress = hit(`${action}|ip|${ip}`, at);
      const normalized = normalizeIdentifier(identifier);
      const byIdentifier = normalized === null ? false : hit(`${action}|id|${normalized}`, at);
      if (byAddress || byIdentifier) throw new RateLimitError();
    },
    reset: () => windows.clear(),
  };
}
