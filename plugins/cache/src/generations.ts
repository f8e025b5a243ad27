/**
 * Generation counters: one per model and one global ("everything"). A cached answer records the
 * generations of the models it depends on, read when its request started; it is served only
 * while they are unchanged. A write bumps its model's counter once its transaction committed,
 * before the write's own answer is sent, so a request that starts after a write finished never
 * matches an answer stored before it.
 *
 * In memory, the counters belong to one process: a worker's bump reaches the other workers of
 * its node through the kernel's broadcast, and the write answers only once every worker applied
 * it (publishAndWait). In Redis, every node reads the same counters on every lookup: coherent
 * across nodes by construction, whatever a pub/sub message's delay. Beside them, Redis keeps an
 * epoch, a random value every generation string starts with: a new one (Redis lost its data, or
 * a node pays an invalidation it could not make, see ./redis-trust.ts) retires every answer.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/** the counter every answer depends on (permission and role changes, unknown tables) */
export const EVERYTHING = '*';

export interface Generations {
  /** the current generations of `uids` and of everything, as one comparable string */
  read(uids: readonly string[]): Promise<string>;
  /** bumps `uids` (EVERYTHING among them bumps every answer) */
  bump(uids: Iterable<string>): Promise<void>;
  /** retires every answer stored so far, whatever its generations */
  renew(): Promise<void>;
}

export function memoryGenerations(): Generations & { apply(uids: Iterable<string>): void } {
  const counters = new Map<string, number>();
  const apply = (uids: Iterable<string>) => {
    for (const uid of uids) counters.set(uid, (counters.get(uid) ?? 0) + 1);
  };
  return {
    async read(uids) {
      return [EVERYTHING, ...uids].map((uid) => counters.get(uid) ?? 0).join('.');
    },
    async bump(uids) {
      apply(uids);
    },
    async renew() {
      apply([EVERYTHING]);
    },
    apply,
  };
}

export function redisGenerations(redis: Redis, prefix: string): Generations {
  const key = (uid: string) => `${prefix}:gen:${uid}`;
  const epoch = `${prefix}:epoch`;
  const read = async (uids: readonly string[], again: boolean): Promise<string> => {
    const [current, ...values] = await redis.mget([epoch, ...[EVERYTHING, ...uids].map(key)]);
    if (current) return [current, ...values.map((value) => value ?? '0')].join('.');
    // a Redis without the epoch (new, or it lost its data): counters may have restarted at 0
    if (again) throw new Error('the cache epoch vanished again');
    await redis.set(epoch, randomUUID(), 'NX');
    return read(uids, true);
  };
  return {
    read: (uids) => read(uids, false),
    async renew() {
      await redis.set(epoch, randomUUID());
    },
    async bump(uids) {
      const pipeline = redis.pipeline();
      for (const uid of new Set(uids)) pipeline.incr(key(uid));
      const results = await pipeline.exec();
      for (const [error] of results ?? []) if (error) throw error;
    },
  };
}
