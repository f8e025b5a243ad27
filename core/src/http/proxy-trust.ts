/**
 * Which `X-Forwarded-*` headers are believed (config/server.ts `proxy`). `false` (the default):
 * none, `ctx.ip` is the peer's address, so no client can pose as another one. `true`: every
 * peer is a trusted proxy (Strapi v4's `proxy: true`; only behind a proxy that overwrites the
 * headers). `{ trusted: [addresses] }`: the headers are believed from those peers only, and
 * `ctx.ip` is the nearest address in `X-Forwarded-For` that is not itself a trusted hop.
 */
import type Koa from 'koa';

export type ProxyConfig = boolean | { trusted: string[] };

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is `10.0.0.1`. */
function plain(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/** Sets `app.proxy`; returns the middleware that enforces a trusted list, or null. */
export function trustProxy(app: Koa, config: ProxyConfig | undefined): Koa.Middleware | null {
  if (typeof config !== 'object' || config === null) {
    app.proxy = config === true;
    return null;
  }
  app.proxy = true;
  const trusted = new Set(config.trusted.map(plain));
  return (ctx, next) => {
    const headers = ctx.req.headers;
    if (!trusted.has(plain(ctx.req.socket.remoteAddress))) {
      // An untrusted peer's forwarded headers are dropped: koa falls back to the socket.
      for (const name of FORWARDED) delete headers[name];
      return next();
    }
    const hops = ctx.request.ips.map(plain);
    let client = plain(ctx.req.socket.remoteAddress);
    for (const hop of hops.toReversed()) {
      client = hop;
      if (!trusted.has(client)) break;
    }
    ctx.request.ip = client;
    return next();
  };
}
