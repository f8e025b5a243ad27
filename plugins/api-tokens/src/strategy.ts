/**
 * The api-token strategy of the kernel's `authenticate` step (tapped at stage -10, before
 * users-permissions, as Strapi v4 orders them). A bearer whose hash is a stored token
 * authenticates the request: `ctx.state.auth = { strategy: 'api-token', credentials: { id,
 * name, type }, ability }`, `ctx.state.user` unset; an expired one is a 401 `Token expired`.
 * A bearer that is no token (a JWT, a revoked token) is left to the next strategy; whether the
 * route may be called with this ability is the route-scope check's answer (users-permissions).
 */
import type { RequestContext } from '@platform/core';
import { errors } from './errors';
import { bearerOf, hashSecret } from './hash';
import type { LastUsedTracker } from './last-used';
import type { TokenCache } from './token-cache';
import type { TokenType } from './token-types';

export const STRATEGY_NAME = 'api-token';

/** What a token's secret looks like (Strapi v4's and ours: 128 random bytes in hex); a JWT never does. */
const TOKEN_SHAPE = /^[0-9a-f]{256}$/i;

/** What `ctx.state.auth.credentials` holds for a token. */
export interface ApiTokenCredentials {
  id: number;
  name: string;
  type: TokenType;
}

export interface StrategyDeps {
  cache: TokenCache;
  salt: string;
  lastUsed: LastUsedTracker;
  now?: () => number;
}

export function createApiTokenStrategy({ cache, salt, lastUsed, now = Date.now }: StrategyDeps) {
  return async (ctx: RequestContext): Promise<void> => {
    const bearer = bearerOf(ctx.get('authorization'));
    if (bearer === null) return;
    const accessKey = hashSecret(salt, bearer);
    // another process changed the tokens: what it replaced must not answer this request
    const pending = cache.pendingReload();
    if (pending !== null) await pending;
    let token = cache.lookup(accessKey);
    if (!token && TOKEN_SHAPE.test(bearer) && !cache.knownMiss(accessKey)) {
      // made by another process since the last look (`platform api-token create`): check now
      await cache.refreshAfterNow();
      token = cache.lookup(accessKey);
      if (!token) cache.rememberMiss(accessKey);
    }
    if (!token) return;
    const at = now();
    if (token.expiresAt !== null && token.expiresAt <= at) throw errors.request('TOKEN_EXPIRED', 'Token expired');
    const credentials: ApiTokenCredentials = { id: token.id, name: token.name, type: token.type };
    ctx.state.auth = { strategy: STRATEGY_NAME, credentials, ability: token.ability };
    await lastUsed.touch(token, at);
  };
}
