/**
 * The plugin's state for one platform (`ctx.state`; a test process runs several side by side,
 * so nothing lives at module level): the Redis connection when `server.redis` names one, the generations,
 * the store, the dependency graph and the service.
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import type { PluginContext } from '@platform/core';
import { createAnswerCache, type CacheService } from './answer-cache';
import type { CacheConfig } from './config';
import { buildDependencyGraph, type DependencyGraph } from './dependencies';
import { errors } from './errors';
import { memoryGenerations, redisGenerations, type Generations } from './generations';
import { tableOwners } from './invalidation';
import { ALWAYS_TRUSTED, redisTrust } from './redis-trust';
import { memoryStore, redisStore, type AnswerStore } from './store';

export interface Runtime {
  service: CacheService;
  redis: Redis | null;
  subscriber: Redis | null;
  /** the prefix of every Redis key of this app's database */
  prefix: string;
  graph(): DependencyGraph;
  owners(): Map<string, string>;
  /** applies another process's invalidation (memory generations) */
  applyRemote(uids: string[]): void;
  /** retires every answer stored so far, on every node */
  renew(): Promise<void>;
  close(): Promise<void>;
}

/** The plugin's context, its state typed. */
export type CacheContext = PluginContext<CacheConfig & Record<string, unknown>, Runtime>;

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

/**
 * On by default under `platform start`; off under `develop` and in programs and tests unless
 * `config/plugins.ts` names `cache: { enabled: true }`.
 */
export function isActive(ctx: PluginContext): boolean {
  const entry = ctx.appConfig<unknown>('plugins.cache', undefined);
  const explicit = typeof entry === 'boolean' ? entry : (entry as { enabled?: unknown } | undefined)?.enabled;
  return explicit === true || (explicit === undefined && ctx.mode === 'start');
}

/** ioredis is required only when the app names a Redis server: a start-up without one never loads it. */
function connectRedis(url: string): Redis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
  // A command that gets no answer (a Redis cut off by the network) fails after commandTimeout;
  // reconnections are tried often, since reads are served uncached until one succeeds.
  return new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 2, commandTimeout: 2000, retryStrategy: (times) => Math.min(times * 50, 500) });
}

export function createRuntime(ctx: CacheContext): Runtime {
  const url = ctx.appConfig<string | undefined>('server.redis', undefined) || null;
  if (ctx.config.store === 'redis' && !url) {
    throw errors.boot('REDIS_MISSING', 'cache: store "redis" needs a Redis URL: set redis in config/server.ts (redis: env(\'REDIS_URL\'))');
  }
  const redis = url ? connectRedis(url) : null;
  // pub/sub takes a connection of its own
  const subscriber = redis ? redis.duplicate() : null;
  // Counters are shared by every node on one database; answers also by schema (a node of the
  // next deployment never reads an answer shaped by the previous one).
  const database = digest(ctx.appConfig('database.connection', null));
  let schema: string | null = null;
  const schemaKey = () => (schema ??= digest(ctx.models.all().map((model) => [model.uid, model.attributes])));
  const prefix = `${ctx.config.prefix}:${database}`;
  const local = memoryGenerations();
  const generations: Generations = redis ? redisGenerations(redis, prefix) : local;
  let store: AnswerStore | null = null;
  const currentStore = (): AnswerStore => {
    if (store) return store;
    store = ctx.config.store === 'redis' && redis ? redisStore(redis, `${prefix}:${schemaKey()}`, ctx.config.ttl) : memoryStore(ctx.config);
    return store;
  };
  let graph: DependencyGraph | null = null;
  let owners: Map<string, string> | null = null;
  const lazyStore: AnswerStore = {
    get: (key) => currentStore().get(key),
    set: (key, answer) => currentStore().set(key, answer),
    clear: () => currentStore().clear(),
  };
  const trust = redis
    ? redisTrust(
        redis,
        async () => {
          await generations.renew();
          if (ctx.config.store === 'memory') await lazyStore.clear();
        },
        ctx.log,
      )
    : ALWAYS_TRUSTED;
  const built: Runtime = {
    redis,
    subscriber,
    prefix,
    graph: () => (graph ??= buildDependencyGraph(ctx.models.all())),
    owners: () => (owners ??= tableOwners(ctx.models.all())),
    service: createAnswerCache({
      active: isActive(ctx),
      store: lazyStore,
      generations,
      graph: () => built.graph(),
      // Redis generations are read on every lookup; memory ones are told to the other workers,
      // and the write answers once they all applied them.
      announce: async (uids) => {
        if (!redis) await ctx.broadcast.publishAndWait(CHANNEL, uids);
      },
      trust,
    }),
    applyRemote: (uids) => local.apply(uids),
    // a renewal that does not reach Redis is owed, as an invalidation is (./redis-trust.ts)
    renew: () => generations.renew().catch((error: unknown) => trust.failed(error)),
    async close() {
      for (const connection of [subscriber, redis]) if (connection && connection.status !== 'end') await connection.quit().catch(() => connection.disconnect());
    },
  };
  return built;
}

/** the broadcast channel of invalidations between the workers of one node (without Redis) */
export const CHANNEL = 'cache:invalidate';
