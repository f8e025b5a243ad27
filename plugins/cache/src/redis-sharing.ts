/**
 * What the plugin gives the kernel when `server.redis` names a Redis, whether answers are
 * cached or not: a transport for the kernel's broadcast (every plugin's invalidations, such as
 * users-permissions' roles and users, reach the processes of every node through one pub/sub
 * channel) and a store for the kernel's shared counters (rate limits count across nodes).
 */
import type Redis from 'ioredis';
import { memoryCounters, RESYNC_CHANNEL, type BroadcastTransport, type CounterStore, type TransportEnvelope } from '@platform/core';

/**
 * The kernel's broadcast over one Redis pub/sub channel. Pub/sub keeps nothing for a listener
 * that is away, so two breaks are made good here:
 * - a subscription that was interrupted may have missed messages: once it listens again, the
 *   broadcast is told (`interrupted`), and its subscribers drop what they keep;
 * - a message this process could not send is owed: once Redis answers, one resync message
 *   (every process drops what it keeps) is sent in place of all of them.
 * Until both are made good, `connected()` is false and subscribers keep nothing.
 */
export function redisTransport(publisher: Redis, subscriber: Redis, channel: string, onError: (message: string) => void): BroadcastTransport {
  /** the origin of this process's envelopes (known from its first send) */
  let origin: string | null = null;
  let owed = false;
  let paying = false;
  /** the subscription broke and has not been made good yet */
  let lost = false;
  const pay = () => {
    if (!owed || paying || origin === null || publisher.status !== 'ready') return;
    paying = true;
    owed = false;
    const resync: TransportEnvelope = { origin, channel: RESYNC_CHANNEL, message: null };
    publisher
      .publish(channel, JSON.stringify(resync))
      .catch((error: unknown) => {
        owed = true;
        onError(`resync not sent: ${String(error)}`);
      })
      .finally(() => {
        paying = false;
      });
  };
  publisher.on('ready', pay);
  return {
    send(envelope) {
      origin = envelope.origin;
      if (publisher.status !== 'ready') {
        owed = true;
        return;
      }
      publisher.publish(channel, JSON.stringify(envelope)).catch((error: unknown) => {
        owed = true;
        onError(`broadcast not sent: ${String(error)}`);
      });
    },
    connected() {
      pay();
      return !owed && !lost && publisher.status === 'ready' && subscriber.status === 'ready';
    },
    async listen(receive, interrupted) {
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
      subscriber.on('close', () => {
        lost = true;
      });
      // ioredis says ready before it subscribes again: subscribing here too, and waiting for
      // Redis to confirm, means nothing published after the drop below can be missed.
      subscriber.on('ready', () => {
        if (!lost) return;
        subscriber.subscribe(channel).then(
          () => {
            if (!lost) return;
            lost = false;
            interrupted?.();
          },
          (error: unknown) => onError(`could not listen again: ${String(error)}`),
        );
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
