/**
 * Generation counters: one per model and one global ("everything"). A cached answer records the
 * generations of the models it depends on, read when its request started; it is served only
 * while they are unchanged. A write bumps its model's counter once its transaction committed,
 * before the write's own answer is sent, so a request that starts after a write finished never
 * matches an answer stored before it.
 *
 * In memory, the counters belong to one process (other workers hear bumps through the kernel's
 * broadcast). In Redis, every node reads the same counters on every lookup: coherent across
 * nodes by construction, whatever a pub/sub message's delay.
 */
import type Redis from 'ioredis';

/** the counter every answer depends on (permission and role changes, unknown tables) */
export const EVERYTHING = '*';

export interface Generations {
  /** the current generations of `uids` and of everything, as one comparable string */
  read(uids: readonly string[]): Promise<string>;
  /** bumps `uids` (EVERYTHING among them bumps every answer) */
  bump(uids: Iterable<string>): Promise<void>;
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
    apply,
  };
}

export function redisGenerations(redis: Redis, prefix: string): Generations {
  const key = (uid: string) => `${prefix}:gen:${uid}`;
  return {
    async read(uids) {
      const values = await redis.mget([EVERYTHING, ...uids].map(key));
      return values.map((value) => value ?? '0').join('.');
    },
    async bump(uids) {
      const pipeline = redis.pipeline();
      for (const uid of new Set(uids)) pipeline.incr(key(uid));
      const results = await pipeline.exec();
      for (const [error] of results ?? []) if (error) throw error;
    },
  };
}
