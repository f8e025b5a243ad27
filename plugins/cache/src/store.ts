/**
 * Where answers are kept: the serialized body, its ETag, and the generations it was computed
 * under (./generations.ts). A stored answer whose generations differ from the current ones is
 * never served (and is overwritten by the next answer).
 */
import { LRUCache } from 'lru-cache';
import type Redis from 'ioredis';

export interface StoredAnswer {
  generations: string;
  etag: string;
  body: Buffer;
}

export interface AnswerStore {
  get(key: string): Promise<StoredAnswer | null>;
  set(key: string, answer: StoredAnswer): Promise<void>;
  clear(): Promise<void>;
}

export function memoryStore(options: { maxEntries: number; maxBytes: number; ttl: number }): AnswerStore {
  const entries = new LRUCache<string, StoredAnswer>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (answer) => Math.max(1, answer.body.length + answer.etag.length + answer.generations.length),
    ttl: options.ttl,
  });
  return {
    async get(key) {
      return entries.get(key) ?? null;
    },
    async set(key, answer) {
      // An answer larger than the whole budget is not kept (lru-cache would refuse it anyway).
      if (answer.body.length < options.maxBytes) entries.set(key, answer);
    },
    async clear() {
      entries.clear();
    },
  };
}

/** `<generations>\n<etag>\n<body>` in one Redis string */
function encode(answer: StoredAnswer): Buffer {
  return Buffer.concat([Buffer.from(`${answer.generations}\n${answer.etag}\n`), answer.body]);
}

function decode(value: Buffer): StoredAnswer | null {
  const first = value.indexOf(10);
  const second = first < 0 ? -1 : value.indexOf(10, first + 1);
  if (second < 0) return null;
  return { generations: value.subarray(0, first).toString(), etag: value.subarray(first + 1, second).toString(), body: value.subarray(second + 1) };
}

export function redisStore(redis: Redis, prefix: string, ttl: number): AnswerStore {
  const key = (name: string) => `${prefix}:answer:${name}`;
  return {
    async get(name) {
      const value = await redis.getBuffer(key(name));
      return value ? decode(value) : null;
    },
    async set(name, answer) {
      await redis.set(key(name), encode(answer), 'PX', ttl);
    },
    async clear() {
      const stream = redis.scanStream({ match: key('*'), count: 1000 });
      for await (const keys of stream as AsyncIterable<string[]>) if (keys.length) await redis.unlink(...keys);
    },
  };
}
