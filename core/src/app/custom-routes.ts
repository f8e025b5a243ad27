/**
 * Custom routes declared in an app's `api/<api>/routes/` files (`{ prefix?, routes: [...] }` or an array). Handlers may use Strapi's short form
 * `<controller>.<action>`, meaning `api::<api>.<controller>.<action>`; each route gets the
 * default auth scope of its handler, as in Strapi v4.
 */
import { BootError } from '../errors';
import { isPlainObject } from '../util/values';
import type { MiddlewareRef, RouteConfig, RouteDefinition } from '../http/types';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ALL']);

/** Expands `article.find` to `api::<api>.article.find`; full uids are kept. */
export function expandHandler(handler: string, apiName: string): string {
  return handler.includes('::') ? handler : `api::${apiName}.${handler}`;
}

/** Strapi v4 gives every route with a controller handler the scope `<uid>.<action>` by default. */
export function withDefaultScope(route: RouteDefinition): RouteDefinition {
  if (typeof route.handler !== 'string' || route.config?.auth === false) return route;
  const auth = route.config?.auth;
  if (auth && Array.isArray(auth.scope)) return route;
  return { ...route, config: { ...route.config, auth: { ...(auth ?? {}), scope: [route.handler] } } };
}

export type MiddlewareFactoryResolver = (ref: MiddlewareRef, apiName: string) => MiddlewareRef;

/** The route with each of its `config.middlewares` references resolved for the api that declares it. */
export function resolveRouteMiddlewares(route: RouteDefinition, apiName: string, resolveMiddleware: MiddlewareFactoryResolver): RouteDefinition {
  const middlewares = route.config?.middlewares;
  if (!middlewares) return route;
  return { ...route, config: { ...route.config, middlewares: middlewares.map((ref) => resolveMiddleware(ref, apiName)) } };
}

/** Reads the custom routes of one routes file (middleware references left as written). */
export function customRoutes(exported: unknown, apiName: string, file: string): RouteDefinition[] {
  const container = Array.isArray(exported) ? { routes: exported } : exported;
  if (!isPlainObject(container) || !Array.isArray(container.routes)) {
    throw new BootError('ROUTES_FILE', `${file}: a routes file exports { routes: [...] } (or a plugin's router declaration such as createCoreRouter(...))`);
  }
  const prefix = typeof container.prefix === 'string' && container.prefix ? `/${container.prefix.replace(/^\/+|\/+$/g, '')}` : '';
  return container.routes.map((raw, index) => {
    const where = `${file}: routes[${index}]`;
    if (!isPlainObject(raw)) throw new BootError('ROUTES_FILE', `${where} must be an object`);
    const method = typeof raw.method === 'string' ? raw.method.toUpperCase() : '';
    if (!METHODS.has(method)) throw new BootError('ROUTES_FILE', `${where}: unknown method ${JSON.stringify(raw.method)}`);
    if (typeof raw.path !== 'string' || !raw.path.startsWith('/')) throw new BootError('ROUTES_FILE', `${where}: "path" must be a string starting with "/"`);
    if (typeof raw.handler !== 'string' && typeof raw.handler !== 'function') throw new BootError('ROUTES_FILE', `${where}: "handler" must be "<controller>.<action>" or a function`);
    const config = (isPlainObject(raw.config) ? raw.config : {}) as RouteConfig;
    const route: RouteDefinition = {
      method: method as RouteDefinition['method'],
      path: `${prefix}${raw.path}`,
      handler: typeof raw.handler === 'string' ? expandHandler(raw.handler, apiName) : (raw.handler as RouteDefinition['handler']),
      config: { ...config },
      info: { type: 'content-api', apiName },
    };
    return route;
  });
}
