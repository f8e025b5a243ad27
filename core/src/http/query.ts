/** `strapi::query`: `ctx.query` parsed with qs as Strapi v4 frontends expect (./parse-query.ts). */
import type Koa from 'koa';
import { parseQueryString } from './parse-query';

export function queryParser(): Koa.Middleware {
  // Plain (not async): nothing to do after `next`, so one promise less per request.
  return (ctx, next) => {
    const parsed = parseQueryString(ctx.querystring);
    Object.defineProperty(ctx.request, 'query', { value: parsed, writable: true, configurable: true });
    return next();
  };
}
