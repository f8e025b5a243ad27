/**
 * `strapi.requestContext.get()`: the request being answered, wherever app code runs in it (a
 * service, a lifecycle). A global middleware of this plugin runs each request inside an
 * AsyncLocalStorage scope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware, RequestContext } from '@platform/core';

export interface RequestContextStore {
  get(): RequestContext | undefined;
  middleware: Middleware;
}

export function createRequestContext(): RequestContextStore {
  const storage = new AsyncLocalStorage<RequestContext>();
  return {
    get: () => storage.getStore(),
    middleware: (ctx, next) => storage.run(ctx, next),
  };
}
