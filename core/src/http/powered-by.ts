/** `strapi::poweredBy`: the `X-Powered-By` header (helmet removes any other first). */
import type Koa from 'koa';

export function poweredBy(config: { poweredBy?: string } = {}): Koa.Middleware {
  const value = config.poweredBy ?? 'platform';
  return (ctx, next) => {
    ctx.set('X-Powered-By', value);
    return next();
  };
}
