/**
 * The two halves of a cache key: who asks (their permission scope, never mixed between callers
 * who may see different things) and what they ask (the path and the parsed query, so that two
 * spellings of one query string share an answer; locale and publication state are query
 * parameters, so they are part of it).
 */
import { createHash } from 'node:crypto';
import type { AuthState } from '@platform/core';

/**
 * The caller's permission scope: the strategy's own `scope` when it gives one (a role, a token),
 * else the strategy and the credentials' id (a user is keyed alone), the strategy's anonymous
 * caller, or `public` when no auth plugin ran. `null`: a caller the cache cannot tell apart
 * (credentials without an id), whose answers are not cached.
 */
export function scopeKey(auth: AuthState | undefined): string | null {
  if (!auth) return 'public';
  const strategy = auth.strategy ?? 'none';
  if (typeof auth.scope === 'string' && auth.scope !== '') return `${strategy}|scope|${auth.scope}`;
  const credentials = auth.credentials as { id?: unknown } | null | undefined;
  if (credentials === null || credentials === undefined) return `${strategy}|anonymous`;
  const id = credentials.id;
  if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return `${strategy}|id|${id}`;
  return null;
}

/** one fixed-length key for a scope and the request's normalized parts */
export function answerKey(scope: string, parts: readonly unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([scope, ...parts]))
    .digest('base64url');
}

/** a strong ETag of the answer's bytes */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
