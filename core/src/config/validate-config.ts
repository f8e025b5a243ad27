/**
 * Checks the kernel's own configuration keys (`server`, `api`, `database`, `plugins`) once the
 * files are merged, so a typo stops start-up with the file and key named instead of surfacing
 * later as an odd runtime failure. Plugins check their own section with `config.validate`.
 */
import path from 'node:path';
import { BootError } from '../errors';
import { getPath, type ConfigTree } from './load-config';
import { isPlainObject } from '../util/values';

type Check = (value: unknown) => string | null;

const integer =
  (min: number, max: number): Check =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : `must be an integer from ${min} to ${max}`;
const nonEmptyString: Check = (value) => (typeof value === 'string' && value.length > 0 ? null : 'must be a non-empty string');
const boolean: Check = (value) => (typeof value === 'boolean' ? null : 'must be a boolean');
const object: Check = (value) => (isPlainObject(value) ? null : 'must be an object');
const prefix: Check = (value) => (typeof value === 'string' && value.startsWith('/') ? null : 'must be a path starting with "/"');
const size: Check = (value) =>
  (typeof value === 'string' && /^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(value)) || (Number.isInteger(value) && (value as number) > 0) ? null : 'must be a size such as "1mb" or a number of bytes';

const proxy: Check = (value) =>
  typeof value === 'boolean' || (isPlainObject(value) && Array.isArray(value.trusted) && value.trusted.every((a) => typeof a === 'string' && a.length > 0))
    ? null
    : 'must be true, false or { trusted: [addresses of the proxies] }';
const redisUrl: Check = (value) =>
  value === undefined || value === null || value === '' || (typeof value === 'string' && /^rediss?:\/\/\S*$/.test(value)) ? null : 'must be a redis:// or rediss:// URL';
const tableList: Check = (value) =>
  typeof value === 'boolean' || (Array.isArray(value) && value.every((t) => typeof t === 'string' && t.length > 0)) ? null : 'must be true, false or a list of table names';
/** Dotted key (first part is the file name) -> check. Only keys that are present are checked. */
const CHECKS: Array<[string, Check]> = [
  ['server', object],
  ['server.host', nonEmptyString],
  ['server.port', integer(0, 65535)],
  ['server.bodyLimit', size],
  ['server.shutdownTimeout', integer(0, 24 * 3600 * 1000)],
  ['server.headersTimeout', integer(1, 24 * 3600 * 1000)],
  ['server.requestTimeout', integer(1, 24 * 3600 * 1000)],
  ['server.proxy', proxy],
  ['server.redis', redisUrl],
  ['api', object],
  ['api.rest', object],
  ['api.rest.prefix', prefix],
  ['api.rest.defaultLimit', integer(1, Number.MAX_SAFE_INTEGER)],
  ['api.rest.maxLimit', integer(1, Number.MAX_SAFE_INTEGER)],
  ['api.rest.withCount', boolean],
  ['api.rest.maxPopulatedEntries', integer(1, Number.MAX_SAFE_INTEGER)],
  ['api.rest.maxResponseBytes', integer(1, Number.MAX_SAFE_INTEGER)],
  ['database', object],
  ['database.connection', object],
  ['database.statementTimeout', integer(0, 24 * 3600 * 1000)],
  ['database.keepHiddenRows', tableList],
  ['plugins', object],
];

export function validateKernelConfig(tree: ConfigTree, files: Record<string, string>, appDir: string): void {
  const fileOf = (key: string) => {
    const [name = key] = key.split('.');
    const file = files[name];
    return file ? path.relative(appDir, file) || file : `config/${name}`;
  };
  for (const [key, check] of CHECKS) {
    const value = getPath(tree, key);
    if (value === undefined) continue;
    const problem = check(value);
    if (problem) {
      const inFile = key.split('.').slice(1).join('.') || '(the whole file)';
      throw new BootError('CONFIG_INVALID', `${fileOf(key)}: "${inFile}" ${problem}, got ${JSON.stringify(value)}`);
    }
  }
  const limits = getPath(tree, 'api.rest') as { defaultLimit?: number; maxLimit?: number } | undefined;
  if (limits?.defaultLimit !== undefined && limits.maxLimit !== undefined && limits.defaultLimit > limits.maxLimit) {
    throw new BootError('CONFIG_INVALID', `${fileOf('api')}: "rest.defaultLimit" (${limits.defaultLimit}) must not exceed "rest.maxLimit" (${limits.maxLimit})`);
  }
}
