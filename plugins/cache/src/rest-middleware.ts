/**
 * REST: the content API's read routes (`GET` with the handler `api::<type>.<type>.find` or
 * `.findOne`) get a route middleware, run after authentication and policies, that answers from
 * the cache or keeps the handler's answer. A hit sends the stored bytes: no SQL, no shaping.
 * Every cached answer carries an `ETag` (`If-None-Match` with it gets a 304) and `X-Cache: hit`
 * or `miss`. A route whose
 * `config.cache` is `false` (a custom controller that reads something else) is left alone.
 */
import type { Middleware, Model, RequestContext, RouteDefinition } from '@platform/core';
import type { CacheService } from './answer-cache';

const READ_ACTION = /^(api::[^.]+\.[^.]+)\.(find|findOne)$/;

/** the content-type a route reads, when it is a core read of one */
export function cachedType(route: RouteDefinition, contentType: (uid: string) => Model | undefined): string | null {
  if (route.method !== 'GET' || typeof route.handler !== 'string') return null;
  if ((route.config as { cache?: unknown } | undefined)?.cache === false) return null;
  const uid = READ_ACTION.exec(route.handler)?.[1];
  if (!uid || !contentType(uid)) return null;
  return uid;
}

/**
 * Whether an `If-None-Match` header names `etag` (weak comparison, RFC 9110 13.1.2). The
 * origin answers it even with `Cache-Control: no-cache`, which clients such as fetch add to
 * every conditional request (koa's `fresh` would refuse them all).
 */
export function matches(header: string, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => strip(tag) === etag);
}

export function cacheMiddleware(cache: () => CacheService, uid: string): Middleware {
  return async (koa: RequestContext, next) => {
    let passedThrough = false;
    const answer = await cache().answer({ uids: [uid], auth: koa.state.auth, parts: [koa.path, koa.query] }, async () => {
      await next();
      const body = koa.body;
      // Only complete JSON answers are kept: errors, streams, buffers and empty answers pass through.
      const json = koa.status === 200 && body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
      passedThrough = !json;
      return { body: json ? Buffer.from(JSON.stringify(body)) : Buffer.alloc(0), cacheable: json };
    });
    if (passedThrough) return; // not a JSON answer: the handler's answer stands
    koa.status = 200;
    koa.body = answer.body;
    koa.type = 'application/json';
    koa.etag = answer.etag;
    koa.set('X-Cache', answer.hit ? 'hit' : 'miss');
    if (matches(koa.get('if-none-match'), answer.etag)) {
      koa.status = 304;
      koa.body = null;
    }
  };
}
