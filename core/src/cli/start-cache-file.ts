/**
 * The files `platform start` keeps for the next start of the same installation (./code-cache.ts,
 * ./resolution-cache.ts): one per installation folder, node and format version, in the user's
 * private temporary folder (../util/private-temp-dir.ts), saved once start-up is over and again
 * at exit for what the process loaded since (the GraphQL schema's modules at its first request).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { privateTempDir } from '../util/private-temp-dir';

/** after start-up: what the first requests loaded is in by then */
export const SAVE_AFTER_MS = 10_000;

/** `<kind>-<key>.<extension>`; `variant` sets apart what else changes the file's content (node's options) */
export function startCacheFile(kind: string, version: number, root: string, extension: string, variant?: string): string {
  const parts = [version, process.version, process.arch, root, ...(variant === undefined ? [] : [variant])];
  const key = createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 24);
  return path.join(privateTempDir(), `${kind}-${key}.${extension}`);
}

/** Runs `save` once start-up is over (a timer that keeps no process alive) and again at exit. */
export function saveAfterStartUp(save: () => void): void {
  setTimeout(save, SAVE_AFTER_MS).unref();
  process.once('exit', save);
}
