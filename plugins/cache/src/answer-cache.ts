/**
 * The cache's published service (`plugin::cache.cache`): look an answer up or compute and keep
 * it, and invalidate. REST uses it through ./rest-middleware.ts; a GraphQL query uses the same
 * calls (`answer` with the uids the query reads, its scope and its normalized text).
 */
import type { AuthState } from '@platform/core';
import type { DependencyGraph } from './dependencies';
import { EVERYTHING, type Generations } from './generations';
import { answerKey, etagOf, scopeKey } from './keys';
import type { AnswerStore } from './store';

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
}

export interface AnswerCacheParts {
  active: boolean;
  store: AnswerStore;
  generations: Generations;
  graph: () => DependencyGraph;
  /** tells the other processes (memory generations only) */
  announce(uids: readonly string[]): void;
}

export function createAnswerCache(parts: AnswerCacheParts): CacheService {
  return {
    active: parts.active,
    async answer(request, compute) {
      const scope = parts.active ? scopeKey(request.auth) : null;
      if (scope === null) {
        const { body } = await compute();
        return { body, etag: etagOf(body), hit: false };
      }
      const uids = [...new Set(request.uids.flatMap((uid) => parts.graph().reachable(uid)))].sort();
      const key = answerKey(scope, [uids, ...request.parts]);
      // Both read before the answer is computed: a write that bumps meanwhile leaves this answer
      // stored under the older generations, where no later request finds it.
      const [generations, stored] = await Promise.all([parts.generations.read(uids), parts.store.get(key)]);
      if (stored && stored.generations === generations) return { body: stored.body, etag: stored.etag, hit: true };
      const { body, cacheable } = await compute();
      const etag = etagOf(body);
      if (cacheable) await parts.store.set(key, { generations, etag, body });
      return { body, etag, hit: false };
    },
    async invalidate(uids) {
      const list = [...new Set(uids)];
      if (!list.length) return;
      await parts.generations.bump(list);
      parts.announce(list);
    },
    dependencies: (uid) => parts.graph().reachable(uid),
    scopeKey,
  };
}

export { EVERYTHING };
