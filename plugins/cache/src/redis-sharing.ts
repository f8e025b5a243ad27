/**
 * What the plugin gives the kernel when `server.redis` names a Redis, whether answers are
 * cached or not: a transport for the kernel's broadcast (every plugin's invalidations, such as
 * users-permissions' roles and users, reach the processes of every node through one pub/sub
 * channel) and a store for the kernel's shared counters (rate limits count across nodes).
 */
import type Redis from 'ioredis';
import { memoryCounters, type BroadcastTransport, type CounterStore, type TransportEnvelope } from '@platform/core';

export function redisTransport(publisher: Redis, subscriber: Redis, channel: string, onError: (message: string) => void): BroadcastTransport {
  return {
    send(envelope) {
      publisher.publish(channel, JSON.stringify(envelope)).catch((error: unknown) => onError(`broadcast not sent: ${String(error)}`));
    },
    async listen(receive) {
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        let envelope: TransportEnvelope;
        try {
          envelope = JSON.parse(text) as TransportEnvelope;
        } catch {
          return onError('a broadcast message that is not JSON was ignored');
        }
        receive(envelope);
      });
      await subscriber.subscribe(channel);
    },
  };
}

/** INCR with the window's expiry set by the first hit, atomically */
const HIT = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";

/**
 * Counters in Redis, shared by every node. While Redis cannot be reached, this process counts
 * alone (a limit then holds per node, never not at all, and a login is never refused for it).
 */
export function redisCounters(redis: Redis, prefix: string, alone: CounterStore = memoryCounters()): CounterStore {
  const key = (name: string) => `${prefix}:counter:${name}`;
  return {
    async hit(name, windowMs) {
      if (redis.status !== 'ready') return alone.hit(name, windowMs);
      try {
        return Number(await redis.eval(HIT, 1, key(name), String(windowMs)));
      } catch {
        return alone.hit(name, windowMs);
      }
    },
    async reset() {
      await alone.reset();
      const stream = redis.scanStream({ match: key('*'), count: 1000 });
      for await (const keys of stream as AsyncIterable<string[]>) if (keys.length) await redis.unlink(...keys);
    },
  };
}
