/**
 * `strapi::logger`: every request gets an id (the client's `X-Request-Id` when it is a sane
 * token, else a new UUID), echoed in the response and carried by the error log; with the
 * `http` log level, one line per request: method, path, status, duration, id.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../base/logger';

/** What a proxy or client may hand us as an id: short, no spaces or control characters. */
const SANE_ID = /^[\w.:@/+=-]{1,128}$/;

export function requestLog(logger: Logger): Koa.Middleware {
  const logging = logger.enabled?.('http') !== false;
  return async (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    const id = SANE_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    // Without the `http` level the line costs nothing (no timer, no line built).
    if (!logging) return next();
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      logger.http(`${ctx.method} ${ctx.originalUrl} ${ctx.status} ${ms.toFixed(1)}ms ${id}`, {
        reqId: id,
        method: ctx.method,
        path: ctx.originalUrl,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
      });
    }
  };
}
