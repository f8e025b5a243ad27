/**
 * The cache plugin: content-API answers kept in memory or in Redis, keyed by the normalized
 * request and the caller's permission scope, served as stored bytes with an ETag (a matching
 * `If-None-Match` gets a 304), and never served once a write may have changed them (see
 * src/invalidation.ts and src/generations.ts). It publishes `plugin::cache.cache` (the same
 * seam for GraphQL).
 *
 * On by default under `platform start`, off under `develop` unless the app names
 * `cache: { enabled: true }`. Config (`config/plugins.ts`, `cache: { config: {...} }`): `store`
 * (`memory` | `redis`, the Redis of `server.redis`), `maxEntries`, `maxBytes`, `ttl` (ms),
 * `prefix` (of Redis keys).
 */
import { definePlugin } from '@platform/core';
import type { CacheService } from './src/answer-cache';
import { DEFAULT_CONFIG, validateConfig, type CacheConfig } from './src/config';
import { errors } from './src/errors';
import { watchWrites } from './src/invalidation';
import { cacheMiddleware, cachedType } from './src/rest-middleware';
import { CHANNEL, createRuntime, type Runtime } from './src/runtime';
import { redisCounters, redisTransport } from './src/redis-sharing';

export type { CacheService, CachedAnswer, AnswerRequest } from './src/answer-cache';
export type { CacheConfig } from './src/config';
export { scopeKey } from './src/keys';
export { matches as etagMatches } from './src/rest-middleware';
export { EVERYTHING } from './src/generations';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::cache.cache': CacheService;
  }
}

const PLUGIN_NAME = 'cache';

export default definePlugin<CacheConfig & Record<string, unknown>, Runtime>({
  name: PLUGIN_NAME,
  // Without the query engine there is no content API to cache; the Redis link still serves.
  optional: ['query-engine'],
  errors: errors.table,
  config: {
    default: { ...DEFAULT_CONFIG },
    validate: validateConfig,
  },
  state: createRuntime,
  services: {
    cache: (ctx) => ctx.state.service,
  },
  async register(ctx) {
    const runtime = ctx.state;
    if (runtime.redis && runtime.subscriber) {
      // From register on, before any plugin bootstraps (and seeds or changes shared state).
      await Promise.all([runtime.redis.connect(), runtime.subscriber.connect()]);
      await ctx.broadcast.useTransport(redisTransport(runtime.redis, runtime.subscriber, `${runtime.prefix}:broadcast`, (message) => ctx.log.warn(message)));
      ctx.counters.useStore(redisCounters(runtime.redis, runtime.prefix));
    }
    const cache = () => runtime.service;
    ctx.hooks.routesBuilt.tap(PLUGIN_NAME, (routes) => {
      // without the query engine no write would be seen: nothing is cached
      if (!runtime.service.active || !ctx.isEnabled('query-engine')) return;
      for (const route of routes) {
        const uid = cachedType(route, (candidate) => ctx.models.find(candidate));
        if (!uid) continue;
        route.config = { ...route.config, middlewares: [...(route.config?.middlewares ?? []), cacheMiddleware(cache, uid)] };
      }
    });
    let stopWatching: (() => void) | null = null;
    ctx.hooks.bootstrap.tapPromise(PLUGIN_NAME, async () => {
      // With Redis, other nodes may cache what this process writes: its writes are watched even
      // when it keeps no answers itself (`develop`, a command beside the nodes).
      if ((!runtime.service.active && !runtime.redis) || !ctx.isEnabled('query-engine')) return;
      // What this boot wrote before anything watched (migrations, the schema sync, the rows
      // plugins seed, and any change made while no node ran) retires every answer stored before.
      if (runtime.redis) await runtime.renew();
      stopWatching = watchWrites(ctx, ctx.service('plugin::query-engine.hooks'), runtime.graph, runtime.owners, (uids) => runtime.service.invalidate(uids));
      ctx.broadcast.subscribe(CHANNEL, (message) => {
        if (Array.isArray(message)) runtime.applyRemote(message.filter((uid): uid is string => typeof uid === 'string'));
      });
    });
    ctx.hooks.destroy.tapPromise(PLUGIN_NAME, async () => {
      stopWatching?.();
      await runtime.close();
    });
  },
});
