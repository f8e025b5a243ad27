/**
 * The rate limit of the login, register and password routes (`ratelimit: { enabled, interval,
 * max }`), published as a service so every transport (REST, the GraphQL login mutation) counts
 * attempts in the same windows. Each attempt counts against two keys: the client address, and
 * the normalized identifier it names (an email or username, lower-cased), each per action,
 * never per raw path or per a value the client can vary freely: a trailing slash, another
 * spelling of the same path or another email in the body do not open a new window for the same
 * address. Past `max` attempts on either key within `interval` ms: 429 RateLimitError.
 */
import { memoryCounters, RateLimitError, type CounterStore } from '@platform/core';
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
  /** counts one attempt; rejects with the 429 RateLimitError once a key is past its limit */
  consume(attempt: Attempt): Promise<void>;
  /** forgets every window (tests, an operator unlocking accounts) */
  reset(): Promise<void>;
}

export function normalizeIdentifier(identifier: unknown): string | null {
  if (typeof identifier !== 'string' && typeof identifier !== 'number') return null;
  const text = String(identifier).normalize('NFKC').trim().toLowerCase();
  return text === '' ? null : text;
}

/**
 * Counts in `counters`: the kernel's shared counters, in this process unless a plugin gives
 * them a shared store (Redis), so the limit holds across every node of the app.
 */
export function createRateLimiter(config: RateLimitConfig, counters: CounterStore = memoryCounters()): RateLimiter {
  const over = async (key: string) => (await counters.hit(`users-permissions|${key}`, config.interval)) > config.max;
  return {
    async consume({ action, ip, identifier }) {
      if (!config.enabled) return;
      const normalized = normalizeIdentifier(identifier);
      const [byAddress, byIdentifier] = await Promise.all([over(`${action}|ip|${ip}`), normalized === null ? false : over(`${action}|id|${normalized}`)]);
      if (byAddress || byIdentifier) throw new RateLimitError();
    },
    reset: () => counters.reset(),
  };
}
