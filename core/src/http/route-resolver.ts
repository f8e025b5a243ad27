/**
 * Turns a route's string references into functions: `handler` ("<controller uid>.<action>")
 * into a bound controller action, and each policy and middleware name into the registered one.
 * A short name is looked up in the route's own plugin or api first, then among the globals.
 * Anything unresolved stops start-up, naming the route.
 */
import { BootError } from '../errors';
import type { Registry } from '../base/registry';
import type { AppCodeArgs, Handler, Middleware, MiddlewareRef, Policy, PolicyContext, PolicyRef, RequestContext, RouteDefinition } from './types';

export interface RouteResolverSources {
  controllers: Registry<unknown>;
  policies: Registry<Policy>;
  middlewares: Registry<Middleware>;
  /** passed to every policy as its third argument (`{ platform }` and what plugins add) */
  appArgs: AppCodeArgs;
}

export interface RouteResolver {
  resolveHandler(route: RouteDefinition): Handler;
  resolvePolicies(route: RouteDefinition): Array<(ctx: RequestContext) => Promise<boolean>>;
  resolveMiddlewares(route: RouteDefinition): Middleware[];
}

/** Where a short name is looked up first: the plugin or the api that refers to it. */
export interface ReferenceScope {
  pluginName?: string;
  apiName?: string;
}

/**
 * A policy or middleware by name: a full uid (`global::x`, `plugin::p.x`, `api::a.x`) as it
 * is; a short one in the referring plugin or api first, then among the globals.
 */
export function findByReference<T>(registry: Registry<T>, name: string, scope: ReferenceScope = {}): T | undefined {
  if (name.includes('::')) return registry.find(name);
  const scoped = scope.pluginName ? `plugin::${scope.pluginName}.${name}` : scope.apiName ? `api::${scope.apiName}.${name}` : null;
  return (scoped ? registry.find(scoped) : undefined) ?? registry.find(`global::${name}`);
}

/** `{ ctx, route }` over the request's context, so Strapi's `policyContext.state.user` reads the request's state. */
function policyContext(ctx: RequestContext, route: RouteDefinition): PolicyContext {
  return Object.assign(Object.create(ctx) as object, { ctx, route });
}

export function createRouteResolver(sources: RouteResolverSources): RouteResolver {
  const { controllers, policies, middlewares, appArgs } = sources;
  const lookup = <T>(registry: Registry<T>, name: string, route: RouteDefinition): T | undefined => findByReference(registry, name, route.info);

  function resolveHandler(route: RouteDefinition): Handler {
    if (typeof route.handler === 'function') return route.handler;
    const at = route.handler.lastIndexOf('.');
    const controllerUid = route.handler.slice(0, at);
    const action = route.handler.slice(at + 1);
    const controller = controllers.find(controllerUid) as Record<string, unknown> | undefined;
    const fn = controller?.[action];
    if (typeof fn !== 'function') {
      throw new BootError('ROUTE_HANDLER', `Route ${route.method} ${route.path}: handler "${route.handler}" is not a controller action`);
    }
    return (ctx: RequestContext) => (fn as Handler).call(controller, ctx);
  }

  function resolvePolicy(ref: PolicyRef, route: RouteDefinition): (ctx: RequestContext) => Promise<boolean> {
    const { fn, config } =
      typeof ref === 'function'
        ? { fn: ref, config: {} }
        : typeof ref === 'string'
          ? { fn: lookup(policies, ref, route), config: {} }
          : { fn: lookup(policies, ref.name, route), config: ref.config ?? {} };
    if (!fn) throw new BootError('ROUTE_POLICY', `Route ${route.method} ${route.path}: unknown policy ${JSON.stringify(typeof ref === 'object' ? ref.name : ref)}`);
    return async (ctx) => {
      const result = await fn(policyContext(ctx, route), config, appArgs);
      return result === undefined || result === true;
    };
  }

  function resolveMiddleware(ref: MiddlewareRef, route: RouteDefinition): Middleware {
    if (typeof ref === 'function') return ref;
    const name = typeof ref === 'string' ? ref : ref.name;
    const mw = lookup(middlewares, name, route);
    if (!mw) throw new BootError('ROUTE_MIDDLEWARE', `Route ${route.method} ${route.path}: unknown middleware "${name}"`);
    return mw;
  }

  return {
    resolveHandler,
    resolvePolicies: (route) => (route.config?.policies ?? []).map((ref) => resolvePolicy(ref, route)),
    resolveMiddlewares: (route) => (route.config?.middlewares ?? []).map((ref) => resolveMiddleware(ref, route)),
  };
}
