/**
 * Registers what the app's `api/<api>/` folders and content-types need: one controller and
 * one service per api content-type (the app's own if it has a file, else the core ones), the
 * app's other controllers and services, its policies and route middlewares
 * (`api::<api>.<name>`), and the routes (custom ones first, so `/articles/featured` is matched
 * before `/articles/:id`, then the core routers).
 */
import { BootError, CORE_FACTORY, isCoreFactory, type AppApiFiles, type CoreFactoryDeclaration, type CoreRouterOptions, type LoadedContentType, type Middleware, type MiddlewareRef, type Platform, type RouteDefinition } from '@platform/core';
import { createCollectionTypeController, createSingleTypeController } from './core-controller';
import { createCollectionTypeService, createSingleTypeService } from './core-service';
import { coreRoutes } from './core-routes';
import { customRoutes, resolveRouteMiddlewares, withDefaultScope } from './app-routes';
import { evaluateExport, extendCore } from './factories';

/** A Strapi v4 route middleware file: `(config, { platform }) => async (ctx, next) => {...}`. */
type MiddlewareFactory = (config: unknown, extra: { platform: Platform }) => Middleware;

function apiContentTypes(platform: Platform): LoadedContentType[] {
  return [...platform.schemas.contentTypes.values()].filter((ct) => ct.namespace === 'api');
}

function declaredType(platform: Platform, decl: CoreFactoryDeclaration, file: string): LoadedContentType {
  const ct = platform.schemas.contentTypes.get(decl.uid);
  if (!ct || ct.namespace !== 'api') throw new BootError('APP_FILE', `${file}: core ${decl[CORE_FACTORY]} for "${decl.uid}", which is not an api content-type`);
  return ct;
}

/** A core factory in the wrong folder (a router in `controllers/`, say) stops start-up. */
function expectKind(decl: CoreFactoryDeclaration, kind: CoreFactoryDeclaration[typeof CORE_FACTORY], file: string): CoreFactoryDeclaration {
  const name = `createCore${kind[0].toUpperCase()}${kind.slice(1)}`;
  if (decl[CORE_FACTORY] !== kind) throw new BootError('APP_FILE', `${file}: expected ${name}(...), found a core ${decl[CORE_FACTORY]}`);
  return decl;
}

function coreService(platform: Platform, ct: LoadedContentType): object {
  return ct.schema.kind === 'singleType' ? createSingleTypeService(platform, ct.uid) : createCollectionTypeService(platform, ct.uid);
}

function coreController(platform: Platform, ct: LoadedContentType): object {
  return ct.schema.kind === 'singleType' ? createSingleTypeController(platform, ct.uid) : createCollectionTypeController(platform, ct.uid);
}

function registerParts(platform: Platform, api: AppApiFiles, factories: Map<string, MiddlewareFactory>): void {
  for (const { uid, file, exported } of api.policies) {
    if (typeof exported !== 'function') throw new BootError('APP_FILE', `${file}: a policy exports a function (policyContext, config, { platform }) => boolean`);
    platform.policies.add(uid, exported as never);
  }
  for (const { uid, file, exported } of api.middlewares) {
    if (typeof exported !== 'function') throw new BootError('APP_FILE', `${file}: a middleware exports a function (config, { platform }) => (ctx, next) => ...`);
    const factory = exported as MiddlewareFactory;
    factories.set(uid, factory);
    platform.middlewares.add(uid, instantiate(factory, {}, platform, file));
  }
  for (const { uid, file, exported } of api.services) {
    const service = isCoreFactory(exported)
      ? extendCore(coreService(platform, declaredType(platform, expectKind(exported, 'service', file), file)), exported.options, platform, file)
      : evaluateExport(exported, platform, file);
    platform.services.add(uid, service);
  }
  for (const { uid, file, exported } of api.controllers) {
    const controller = isCoreFactory(exported)
      ? extendCore(coreController(platform, declaredType(platform, expectKind(exported, 'controller', file), file)), exported.options, platform, file)
      : evaluateExport(exported, platform, file);
    platform.controllers.add(uid, controller);
  }
}

function instantiate(factory: MiddlewareFactory, config: unknown, platform: Platform, source: string): Middleware {
  const mw = factory(config, { platform });
  if (typeof mw !== 'function') throw new BootError('APP_FILE', `${source}: a middleware factory must return (ctx, next) => ...`);
  return mw;
}

export function registerContentApis(platform: Platform): void {
  const factories = new Map<string, MiddlewareFactory>();
  for (const api of platform.appApis) registerParts(platform, api, factories);
  for (const ct of apiContentTypes(platform)) {
    if (!platform.services.has(ct.uid)) platform.services.add(ct.uid, coreService(platform, ct));
    if (!platform.controllers.has(ct.uid)) platform.controllers.add(ct.uid, coreController(platform, ct));
  }

  // A `{ name, config }` reference to an app middleware gets its own instance with that config.
  const resolveMiddleware = (ref: MiddlewareRef, apiName: string): MiddlewareRef => {
    if (typeof ref !== 'object' || ref === null) return ref;
    const uid = ref.name.includes('::') ? ref.name : `api::${apiName}.${ref.name}`;
    const factory = factories.get(uid);
    return factory ? instantiate(factory, ref.config ?? {}, platform, uid) : ref;
  };

  const custom: RouteDefinition[] = [];
  const core: RouteDefinition[] = [];
  const routed = new Set<string>();
  for (const api of platform.appApis) {
    for (const { name, file, exported } of api.routes) {
      if (isCoreFactory(exported)) {
        const ct = declaredType(platform, expectKind(exported, 'router', file), file);
        const options = (exported.options ?? {}) as CoreRouterOptions;
        const routes = coreRoutes(ct.uid, ct.schema, api.apiName, options, file);
        core.push(...routes.map((route) => resolveRouteMiddlewares(route, api.apiName, resolveMiddleware)));
        routed.add(ct.uid);
      } else {
        custom.push(...customRoutes(exported, api.apiName, file).map((route) => resolveRouteMiddlewares(route, api.apiName, resolveMiddleware)));
        // A routes file named after a content-type replaces its core routes.
        routed.add(`api::${api.apiName}.${name}`);
      }
    }
  }
  for (const ct of apiContentTypes(platform)) {
    if (!routed.has(ct.uid)) core.push(...coreRoutes(ct.uid, ct.schema, ct.apiName));
  }
  platform.addRoutes([...custom, ...core].map(withDefaultScope));
}
