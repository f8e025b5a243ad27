/**
 * When a failed delivery is tried again: `minDelay` after the first attempt, twice as long after
 * each one since, never more than `maxDelay`, spread by up to a tenth either way so that the
 * deliveries of one outage do not all come back at the same instant. A receiver that answers
 * 429 or 503 with Retry-After is given at least that long (still within `maxDelay`).
 */
export interface BackoffOptions {
  minDelay: number;
  maxDelay: number;
}

/** the delay after attempt number `attempts` (1 for the first) */
export function retryDelay(attempts: number, options: BackoffOptions, retryAfterMs: number | null = null, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  const base = Math.min(options.maxDelay, options.minDelay * 2 ** exponent);
  const spread = Math.round(base * (0.9 + 0.2 * random()));
  const wanted = Math.max(spread, retryAfterMs ?? 0);
  return Math.max(options.minDelay, Math.min(options.maxDelay, wanted));
}
