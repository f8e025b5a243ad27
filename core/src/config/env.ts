/**
 * The `env` helper handed to config files: `env('X', default)`, `env.int`, `env.float`,
 * `env.bool`, `env.json`, `env.array`. Values come from the process environment, after `.env`.
 */
import { BootError } from '../errors';
import { parseBoolean } from '../util/values';

export interface EnvFn {
  (key: string, defaultValue?: string): string | undefined;
  int(key: string, defaultValue?: number): number | undefined;
  float(key: string, defaultValue?: number): number | undefined;
  bool(key: string, defaultValue?: boolean): boolean | undefined;
  json<T = unknown>(key: string, defaultValue?: T): T | undefined;
  array(key: string, defaultValue?: string[]): string[] | undefined;
}

/** Words environment files use on top of the booleans every parameter takes. */
const SWITCH_WORDS = new Map([
  ['yes', true],
  ['on', true],
  ['no', false],
  ['off', false],
]);

export function createEnv(source: Record<string, string | undefined>): EnvFn {
  const read = (key: string) => {
    const value = source[key];
    return value === undefined || value === '' ? undefined : value;
  };
  const env = ((key: string, defaultValue?: string) => read(key) ?? defaultValue) as EnvFn;
  env.int = (key, defaultValue) => {
    const raw = read(key);
    if (raw === undefined) return defaultValue;
    const value = /^\s*[-+]?\d+\s*$/.test(raw) ? Number.parseInt(raw, 10) : Number.NaN;
    if (!Number.isFinite(value)) throw new BootError('CONFIG_ENV', `Environment variable ${key} must be an integer, got "${raw}"`);
    return value;
  };
  env.float = (key, defaultValue) => {
    const raw = read(key);
    if (raw === undefined) return defaultValue;
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value)) throw new BootError('CONFIG_ENV', `Environment variable ${key} must be a number, got "${raw}"`);
    return value;
  };
  env.bool = (key, defaultValue) => {
    const raw = read(key);
    if (raw === undefined) return defaultValue;
    // A typo such as `ture` must not silently read as false.
    const word = raw.trim().toLowerCase();
    const value = parseBoolean(word) ?? SWITCH_WORDS.get(word);
    if (value !== undefined) return value;
    throw new BootError('CONFIG_ENV', `Environment variable ${key} must be a boolean (true/false), got "${raw}"`);
  };
  env.json = <T>(key: string, defaultValue?: T) => {
    const raw = read(key);
    if (raw === undefined) return defaultValue;
    try {
      return JSON.parse(raw) as T;
    } catch (error) {
      throw new BootError('CONFIG_ENV', `Environment variable ${key} must be JSON: ${(error as Error).message}`, { cause: error });
    }
  };
  env.array = (key, defaultValue) => {
    const raw = read(key);
    if (raw === undefined) return defaultValue;
    return raw
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map((v) => v.trim().replace(/^"|"$/g, ''))
      .filter(Boolean);
  };
  return env;
}
