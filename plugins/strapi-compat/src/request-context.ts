/**
 * `strapi.requestContext.get()`: the request being answered, wherever app code runs in it (a
 * service, a lifecycle). A global middleware of this plugin runs each request inside an
 * AsyncLocalStorage scope.
 *
 * Only app code can ask for it. Where a scope costs every promise of the request (Node before
 * 24: async hooks, 5–10 % of a small request's CPU), requests are answered without one while the
 * app has loaded no code (an app of schemas and config alone), and with one from the first
 * module of app code on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ASYNC_CONTEXT_TRACKS_EVERY_PROMISE, appCodeLoaded, type Middleware, type RequestContext } from '@platform/core';

export interface RequestContextStore {
  get(): RequestContext | undefined;
  middleware: Middleware;
}

/** Whether a request needs a scope: always where scopes are free, else once app code is loaded. */
const defaultNeedsScope = (): boolean => !ASYNC_CONTEXT_TRACKS_EVERY_PROMISE || appCodeLoaded();

export function createRequestContext(needsScope: () => boolean = defaultNeedsScope): RequestContextStore {
  const storage = new AsyncLocalStorage<RequestContext>();
  return {
    get: () => storage.getStore(),
    middleware: (ctx, next) => (needsScope() ? storage.run(ctx, next) : next()),
  };
}
