/**
 * `strapi::cors`: @koa/cors with Strapi v4's defaults and its `origin` forms (a string, a
 * comma-separated string, a list, or a function of the request returning one of those). A
 * preflight is answered 204 here, before routing, on every path: with the CORS headers for an
 * allowed origin, without them for a refused one (the browser then blocks the call).
 */
import type Koa from 'koa';
import koaCors from '@koa/cors';

type OriginList = string | string[];

export interface CorsConfig {
  origin?: OriginList | ((ctx: Koa.Context) => OriginList | Promise<OriginList>);
  expose?: string | string[];
  maxAge?: number;
  credentials?: boolean;
  methods?: string | string[];
  headers?: string | string[];
  keepHeaderOnError?: boolean;
}

/** Strapi v4's `strapi::cors` defaults. */
export const CORS_DEFAULTS = {
  origin: '*',
  maxAge: 31536000,
  credentials: true,
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
  headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
  keepHeaderOnError: true,
} as const;

/** The value of Access-Control-Allow-Origin for this request, or '' when the origin is refused. */
function allowedOrigin(list: OriginList, requestOrigin: string): string {
  const origins = Array.isArray(list) ? list : list.split(',').map((o) => o.trim());
  if (origins.includes('*')) return '*';
  return origins.includes(requestOrigin) ? requestOrigin : '';
}

export function cors(config: CorsConfig = {}): Koa.Middleware {
  const options = { ...CORS_DEFAULTS, ...config };
  const { origin } = options;
  const middleware = koaCors({
    origin: async (ctx) => allowedOrigin(typeof origin === 'function' ? await origin(ctx) : origin, ctx.get('Origin')),
    exposeHeaders: options.expose,
    maxAge: options.maxAge,
    credentials: options.credentials,
    allowMethods: options.methods as string | string[],
    allowHeaders: options.headers as string | string[],
    keepHeadersOnError: options.keepHeaderOnError,
  });
  const answerPreflight = async () => {};
  return (ctx, next) => {
    // A request without Origin is no CORS request (a server, curl): nothing to add.
    if (!ctx.get('Origin')) {
      // What ctx.vary('Origin') does when no Vary is set yet (the usual case), without parsing.
      const res = ctx.res;
      if (res.headersSent || res.hasHeader('Vary')) ctx.vary('Origin');
      else res.setHeader('Vary', 'Origin');
      return next();
    }
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      // @koa/cors sets 204 for an allowed origin; a refused one reaches here too and gets the
      // same status without the headers.
      return middleware(ctx, answerPreflight).then(() => {
        ctx.status = 204;
      });
    }
    return middleware(ctx, next);
  };
}
