/**
 * The cache's published service (`plugin::cache.cache`): look an answer up or compute and keep
 * it, and invalidate. REST uses it through ./rest-middleware.ts; a GraphQL query uses the same
 * calls (`answer` with the uids the query reads, its scope and its normalized text).
 */
import type { AuthState } from '@platform/core';
import type { DependencyGraph } from './dependencies';
import { EVERYTHING, type Generations } from './generations';
import { answerKey, etagOf, scopeKey } from './keys';
import type { Trust } from './redis-trust';
import { matches } from './rest-middleware';
import type { AnswerStore, StoredAnswer } from './store';

export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** true when the body came from the cache (no SQL, no shaping) */
  hit: boolean;
}

export interface AnswerRequest {
  /** the content-types the answer is about (REST: the route's type; GraphQL: the query's root types) */
  uids: readonly string[];
  /** the caller, as the authenticate step left it in `ctx.state.auth` */
  auth: AuthState | undefined;
  /** what identifies the request beside its caller (path, parsed query, variables...) */
  parts: readonly unknown[];
}

export interface CacheService {
  /** whether answers are cached in this run (`develop` leaves it off unless the app turns it on) */
  readonly active: boolean;
  /**
   * The stored answer when it is still current, else `compute()`'s: `cacheable: false` keeps it
   * out of the cache (an error answer). Inactive, or for a caller without a scope, it only computes.
   */
  answer(request: AnswerRequest, compute: () => Promise<{ body: Buffer; cacheable: boolean }>): Promise<CachedAnswer>;
  /** every answer that may contain entries of `uids` is no longer served (`'*'`: every answer) */
  invalidate(uids: Iterable<string>): Promise<void>;
  /** the models an answer about `uid` may contain */
  dependencies(uid: string): readonly string[];
  /** the caller's permission scope as the cache keys it, or null when it cannot tell */
  scopeKey(auth: AuthState | undefined): string | null;
  /** whether an `If-None-Match` header names `etag`, as the REST answers compare them (for other transports) */
  etagMatches(header: string, etag: string): boolean;
}

export interface AnswerCacheParts {
  active: boolean;
  store: AnswerStore;
  generations: Generations;
  graph: () => DependencyGraph;
  /** tells the other processes (memory generations only); resolves once they applied it */
  announce(uids: readonly string[]): Promise<void>;
  /** whether Redis may be used now (./redis-trust.ts) */
  trust: Trust;
}

async function uncached(compute: () => Promise<{ body: Buffer }>): Promise<CachedAnswer> {
  const { body } = await compute();
  return { body, etag: etagOf(body), hit: false };
}

export function createAnswerCache(parts: AnswerCacheParts): CacheService {
  return {
    active: parts.active,
    etagMatches: matches,
    async answer(request, compute) {
      const scope = parts.active ? scopeKey(request.auth) : null;
      if (scope === null || !parts.trust.usable()) return uncached(compute);
      const uids = [...new Set(request.uids.flatMap((uid) => parts.graph().reachable(uid)))].sort();
      const key = answerKey(scope, [uids, ...request.parts]);
      // Both read before the answer is computed: a write that bumps meanwhile leaves this answer
      // stored under the older generations, where no later request finds it.
      let generations: string;
      let stored: StoredAnswer | null;
      try {
        [generations, stored] = await Promise.all([parts.generations.read(uids), parts.store.get(key)]);
      } catch (error) {
        parts.trust.failed(error);
        return uncached(compute);
      }
      if (stored && stored.generations === generations) return { body: stored.body, etag: stored.etag, hit: true };
      const { body, cacheable } = await compute();
      const etag = etagOf(body);
      if (cacheable) await parts.store.set(key, { generations, etag, body }).catch((error: unknown) => parts.trust.failed(error));
      return { body, etag, hit: false };
    },
    async invalidate(uids) {
      const list = [...new Set(uids)];
      if (!list.length) return;
      // The write committed: its answer is sent whatever happens here. An invalidation that does
      // not reach Redis is owed, and this node serves nothing from the cache until it is paid.
      if (parts.trust.reachable()) await parts.generations.bump(list).catch((error: unknown) => parts.trust.failed(error));
      await parts.announce(list);
    },
    dependencies: (uid) => parts.graph().reachable(uid),
    scopeKey,
  };
}

export { EVERYTHING };
