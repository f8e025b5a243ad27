/**
 * The plugin's configuration (`config/plugins.ts`, `cache: { config: {...} }`), checked at
 * start-up so a mistake stops it with the key named.
 */
export interface CacheConfig {
  /** where answers are kept: this process's memory, or Redis (`server.redis`) shared by every node */
  store: 'memory' | 'redis';
  /** answers kept in memory at most (the least recently used go first) */
  maxEntries: number;
  /** bytes of answers kept in memory at most */
  maxBytes: number;
  /** ms an answer is kept at most (it is never served once a write changed what it shows) */
  ttl: number;
  /** a prefix of every Redis key, for several apps on one Redis */
  prefix: string;
}

export const DEFAULT_CONFIG: CacheConfig = {
  store: 'memory',
  maxEntries: 10000,
  maxBytes: 64 * 1024 * 1024,
  ttl: 60 * 60 * 1000,
  prefix: 'platform:cache',
};

function positiveInteger(config: Record<string, unknown>, key: string): void {
  const value = config[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new Error(`"${key}" must be a positive integer`);
}

export function validateConfig(config: Record<string, unknown>): void {
  if (config.store !== 'memory' && config.store !== 'redis') throw new Error('"store" must be "memory" or "redis"');
  for (const key of ['maxEntries', 'maxBytes', 'ttl']) positiveInteger(config, key);
  if (typeof config.prefix !== 'string' || config.prefix === '') throw new Error('"prefix" must be a non-empty string');
}
