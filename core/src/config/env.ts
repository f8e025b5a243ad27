/**
 * The `env` helper handed to config files: `env('X', default)`, `env.int`, `env.float`,
 * `env.bool`, `env.json`, `env.array`. Values come from the process environment, after `.env`.
 */
import { BootError } from '../errors';

export interface EnvFn {
  (key: string, defaultValue?: string): string | undefined;
  int(key: string, defaultValue?: number): number | undefined;
  float(key: string, defaultValue?: number): number | undefined;
  bool(key: string, defaultValue?: boolean): boolean | undefined;
  json<T = unknown>(key: string, defaultValue?: T): T | undefined;
  array(key: string, defaultValue?: string[]): string[] | undefined;
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

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
    const lower = raw.trim().toLowerCase();
    if (TRUE_WORDS.includes(lower)) return true;
    if (FALSE_WORDS.includes(lower)) return false;
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
    return raw.replace(/^\[|\]$/g, '').split(',').map((v) => v.trim().replace(/^"|"$/g, '')).filter(Boolean);
  };
  return env;
}
