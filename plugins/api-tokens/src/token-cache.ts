/**
 * Every token, in memory, keyed by its hash: a request's bearer costs one HMAC and one map
 * lookup, and no query, whether it is a token, a JWT for the next strategy, or nothing known.
 * The whole table is read (two queries) at start-up and after each change this process makes.
 * Changes made elsewhere (another worker, `platform api-token revoke` in another process, a
 * Strapi admin on the same database) are found by a one-row fingerprint query every
 * `refreshInterval` milliseconds, whatever the traffic; 0 turns that off. A token made
 * elsewhere a moment ago must not wait for that: a bearer shaped like a token that is not in
 * memory asks for a fingerprint check that starts after it arrived (`refreshAfterNow`).
 */
import type { Knex } from 'knex';
import type { Logger } from '@platform/core';
import { loadStoredTokens, tokensFingerprint, type StoredToken } from './token-store';
import { abilityOf, type TokenAbility } from './token-types';

const MAX_MISSES = 10_000;

export interface CachedToken extends StoredToken {
  ability: TokenAbility;
}

export class TokenCache {
  private byKey = new Map<string, CachedToken>();
  private fingerprint: string | null = null;
  /** loads run one after the other, so an older read never replaces a newer one */
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  /**
   * hashes already looked for since the last load and not found: asked again, they cost no
   * query (bounded: cleared when full, and at every load, since a load may bring them)
   */
  private misses = new Set<string>();
  /** the queued refresh that has not started yet: later callers join it instead of queueing another */
  private waiting: Promise<void> | null = null;
  /** a reload another process's change asked for, not finished yet */
  private pending: Promise<void> | null = null;

  constructor(
    private readonly knex: () => Knex,
    private readonly log: Logger,
  ) {}

  /** The token whose hash this is, if any. */
  lookup(accessKey: string): CachedToken | undefined {
    return this.byKey.get(accessKey);
  }

  /** Reads every token again (after a change this process made, or one another process announced). */
  reload(): Promise<void> {
    this.queue = this.queue.catch(() => {}).then(() => this.load());
    return this.queue;
  }

  /**
   * Reads every token again because another process changed them: lookups wait for it
   * (`pendingReload`), so no request checks a token against what that change replaced.
   */
  reloadBeforeNextLookup(): Promise<void> {
    const run = this.reload();
    const settled: Promise<void> = run
      .catch(() => {})
      .finally(() => {
        if (this.pending === settled) this.pending = null;
      });
    this.pending = settled;
    return run;
  }

  /** the reload lookups must wait for, if one runs (null otherwise: no wait, no tick) */
  pendingReload(): Promise<void> | null {
    return this.pending;
  }

  /** Reads the tokens again if the table changed since the last read. */
  refresh(): Promise<void> {
    this.queue = this.queue
      .catch(() => {})
      .then(async () => {
        if ((await tokensFingerprint(this.knex())) !== this.fingerprint) await this.load();
      });
    return this.queue;
  }

  /**
   * A refresh that starts after this call, shared by every call made before it starts: misses
   * arriving together cost one fingerprint query, and none of them is answered from a read
   * that began before it arrived.
   */
  refreshAfterNow(): Promise<void> {
    if (this.waiting !== null) return this.waiting;
    const run = this.queue
      .catch(() => {})
      .then(async () => {
        this.waiting = null;
        if ((await tokensFingerprint(this.knex())) !== this.fingerprint) await this.load();
      });
    this.waiting = run;
    this.queue = run;
    return run;
  }

  /** Whether `accessKey` was looked for and missed since the last load (then no check is worth a query). */
  knownMiss(accessKey: string): boolean {
    return this.misses.has(accessKey);
  }

  /** Remembers a miss that a fresh check confirmed. */
  rememberMiss(accessKey: string): void {
    if (this.misses.size >= MAX_MISSES) this.misses.clear();
    this.misses.add(accessKey);
  }

  /** Looks for other processes' changes every `interval` ms (without keeping the process alive). */
  watch(interval: number): void {
    if (interval <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) => this.log.warn(`could not look for API token changes: ${(error as Error).message}`));
    }, interval);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue.catch(() => {});
  }

  private async load(): Promise<void> {
    const knex = this.knex();
    // the fingerprint first: a change made during the read shows at the next refresh
    const fingerprint = await tokensFingerprint(knex);
    const tokens = await loadStoredTokens(knex);
    const next = new Map<string, CachedToken>();
    for (const token of tokens) {
      const known = this.byKey.get(token.accessKey);
      // this process may have used the token since the row was written
      const lastUsedAt = Math.max(token.lastUsedAt ?? 0, known?.id === token.id ? (known.lastUsedAt ?? 0) : 0) || null;
      next.set(token.accessKey, { ...token, lastUsedAt, ability: abilityOf(token.type, token.permissions) });
    }
    this.byKey = next;
    this.fingerprint = fingerprint;
    this.misses.clear();
  }
}
