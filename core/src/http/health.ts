/**
 * `GET /_health` and `HEAD /_health`, as in Strapi v4: 204 once the platform is ready
 * (database connected, schema in sync, routes built), 503 while it shuts down, so a load
 * balancer stops sending traffic before in-flight requests are drained. While it starts, the
 * port answers 503 before this app exists (./starting.ts).
 */
import type Koa from 'koa';
import { MethodNotAllowedError, ServiceUnavailableError } from '../errors';

export const HEALTH_PATH = '/_health';

/** Owned by the platform: the phase it is in, read on every health check. */
export interface Readiness {
  readonly ready: boolean;
}

export function health(readiness: Readiness): Koa.Middleware {
  return (ctx, next) => {
    if (ctx.path !== HEALTH_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new MethodNotAllowedError();
    if (!readiness.ready) throw new ServiceUnavailableError();
    ctx.status = 204;
    return undefined;
  };
}
