/**
 * Runs the route a request matches, from @koa/router's layers. Its own dispatch tests every
 * layer of every method on each request, calls a (disabled) debug logger per layer, and builds
 * and composes a new middleware chain per request. Here the layers are grouped by method once
 * and each one's middlewares composed once; the first layer (in registration order) whose path
 * matches runs, with the same `ctx.params` @koa/router gives it. A route's pipeline never calls
 * on to a later layer (its handler ends it), so only the first match ever ran before either.
 */
import type { Layer } from '@koa/router';
import type Koa from 'koa';
import compose from 'koa-compose';

/** what @koa/router leaves on the context of a matched request, which middlewares may read */
interface RoutedContext {
  params: Record<string, string>;
  captures: string[];
  routerPath: string;
  _matchedRoute: string;
  _matchedRouteName?: string;
  routerName?: string;
}

interface CompiledLayer {
  layer: Layer;
  path: string;
  run: compose.ComposedMiddleware<Koa.Context>;
}

export function dispatchRoutes(layers: readonly Layer[]): Koa.Middleware {
  const byMethod = new Map<string, CompiledLayer[]>();
  for (const layer of layers) {
    if (typeof layer.path !== 'string') throw new Error(`route ${String(layer.path)}: only string paths are dispatched`);
    const compiled: CompiledLayer = { layer, path: layer.path, run: compose(layer.stack as Array<compose.Middleware<Koa.Context>>) };
    // GET layers list HEAD too (@koa/router adds it)
    for (const method of layer.methods) {
      const list = byMethod.get(method);
      if (list) list.push(compiled);
      else byMethod.set(method, [compiled]);
    }
  }
  return (ctx, next) => {
    const candidates = byMethod.get(ctx.method);
    if (!candidates) return next();
    const path = ctx.path;
    for (const { layer, path: routePath, run } of candidates) {
      if (!layer.match(path)) continue;
      const routed = ctx as unknown as RoutedContext;
      const captures = layer.captures(path);
      const params = layer.params(path, captures, routed.params);
      routed.captures = captures;
      (ctx.request as unknown as RoutedContext).params = params;
      routed.params = params;
      routed.routerPath = routePath;
      routed.routerName = layer.name;
      routed._matchedRoute = routePath;
      if (layer.name) routed._matchedRouteName = layer.name;
      return run(ctx, next);
    }
    return next();
  };
}
