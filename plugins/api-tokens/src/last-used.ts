/**
 * `lastUsedAt` without a write per request: a token's use is written when the stored value is
 * older than `interval` (an hour by default, as Strapi v4 does), so a busy token costs one
 * UPDATE an hour per process. The cached value is moved first, so concurrent requests of the
 * same token do not all write.
 */
import type { Logger } from '@platform/core';
import type { CachedToken } from './token-cache';

export function createLastUsedTracker(write: (id: number, at: Date) => Promise<void>, interval: number, log: Logger) {
  return {
    async touch(token: CachedToken, now: number): Promise<void> {
      if (token.lastUsedAt !== null && now - token.lastUsedAt < interval) return;
      token.lastUsedAt = now;
      try {
        await write(token.id, new Date(now));
      } catch (error) {
        // the request was authenticated: a failed bookkeeping write must not fail it
        log.warn(`could not record the use of API token ${token.id}: ${(error as Error).message}`);
      }
    },
  };
}

export type LastUsedTracker = ReturnType<typeof createLastUsedTracker>;
