/**
 * The middleware that does nothing but go on: what a built-in becomes when it has nothing to do
 * in this app (no `public/` folder, no favicon, sessions). The list of global middlewares leaves
 * it out, so a request does not pay a step of the chain for it.
 */
import type Koa from 'koa';

export const PASS_THROUGH: Koa.Middleware = (_ctx, next) => next();
