/**
 * The one owner of the app's `api/<api>/` folders and its global `policies/` (`global::<name>`,
 * as Strapi v4's `src/policies/`). It registers the app's policies, route
 * middlewares, services and controllers (`api::<api>.<name>`) and its routes (custom ones first,
 * so `/articles/featured` is matched before `/articles/:id`, then routers and the default routes
 * of content-types). What the kernel cannot interpret itself it hands to the plugin that gives it
 * meaning:
 * - a declaration made with a plugin's factory (`createCoreRouter(...)`, ./declarations.ts) goes
 *   to that plugin's `appParts.build`; if that plugin is not enabled, start-up stops and says so;
 * - a content-type without its own service, controller or routes file gets the defaults of the
 *   plugins with `appParts.defaults` (the REST plugin's core ones); with none enabled, it has none
 *   and the app's custom routes still work;
 * - `lifecycles` files beside schemas are claimed by the plugin that runs them; one left
 *   unclaimed stops start-up (checkUnclaimed).
 */
import path from 'node:path';
import { BootError } from '../errors';
import type { Registry } from '../base/registry';
import type { PluginDefinition } from '../kernel/plugin';
import type { PluginContext } from '../kernel/plugin-context';
import type { LoadedContentType } from '../schema/types';
import type { AppCodeArgs, Middleware, MiddlewareFactory, MiddlewareRef, Policy, RouteDefinition } from '../http/types';
import { loadGlobalPolicyFiles, type AppApiFiles, type AppFile, type AppLifecycleFile } from './app-files';
import { APP_DECLARATION, isAppDeclaration, type AppDeclaration, type AppPartFolder } from './declarations';
import { customRoutes, resolveRouteMiddlewares, withDefaultScope } from './custom-routes';

/** A Strapi v4 route middleware file: `(config, { platform }) => async (ctx, next) => {...}`. */
export interface AppHost {
  appDir: string;
  /** what app code receives (`{ platform }` and what plugins add) */
  appArgs: AppCodeArgs;
  contentTypes: Iterable<LoadedContentType>;
  services: Registry<unknown>;
  controllers: Registry<unknown>;
  policies: Registry<Policy>;
  middlewares: Registry<Middleware>;
  /** the factories of the app's middlewares, for a `{ name, config }` reference */
  middlewareFactories: Registry<MiddlewareFactory>;
  /** the enabled plugins in start order, with their contexts */
  plugins: ReadonlyArray<{ definition: PluginDefinition; context: PluginContext }>;
  /** plugins switched off in config/plugins.ts */
  disabledPlugins: ReadonlySet<string>;
  pluginsFile: string;
  addRoutes(routes: RouteDefinition[]): void;
}

/** An app file's export: an object as it is, a function called with `{ platform }` (and what plugins add). */
export function evaluateAppExport(exported: unknown, appArgs: AppCodeArgs, file: string): Record<string, unknown> {
  const value = typeof exported === 'function' ? (exported as (ctx: AppCodeArgs) => unknown)(appArgs) : exported;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BootError('APP_FILE', `${file}: must export an object, a function returning one, or a plugin's declaration (such as createCoreService(...))`);
  }
  return value as Record<string, unknown>;
}

export function instantiateMiddleware(factory: MiddlewareFactory, config: unknown, appArgs: AppCodeArgs, source: string): Middleware {
  const mw = factory(config, appArgs);
  if (typeof mw !== 'function') throw new BootError('APP_FILE', `${source}: a middleware factory must return (ctx, next) => ...`);
  return mw;
}

function relative(host: AppHost, file: string): string {
  return path.relative(host.appDir, file) || file;
}

/** Builds what a plugin's declaration stands for, or stops start-up naming the plugin. */
function buildDeclaration(host: AppHost, declaration: AppDeclaration, folder: AppPartFolder, apiName: string, part: AppFile): unknown {
  const { plugin, factory } = declaration[APP_DECLARATION];
  const provider = host.plugins.find((p) => p.definition.name === plugin);
  if (!provider) {
    const why = host.disabledPlugins.has(plugin) ? `which is disabled in ${host.pluginsFile}` : 'which is not enabled';
    throw new BootError('APP_FILE', `${relative(host, part.file)}: ${factory}(...) needs plugin "${plugin}", ${why}`);
  }
  if (!provider.definition.appParts?.build) throw new BootError('APP_FILE', `${relative(host, part.file)}: plugin "${plugin}" does not build app parts (${factory})`);
  return provider.definition.appParts.build(
    declaration,
    {
      folder,
      uid: part.uid,
      apiName,
      file: part.file,
      evaluate: (exported) => evaluateAppExport(exported, host.appArgs, part.file),
    },
    provider.context,
  );
}

function registerPolicies(host: AppHost, policies: AppFile[]): void {
  for (const { uid, file, exported } of policies) {
    if (typeof exported !== 'function') throw new BootError('APP_FILE', `${file}: a policy exports a function (policyContext, config, { platform }) => boolean`);
    host.policies.add(uid, exported as Policy);
  }
}

function registerParts(host: AppHost, api: AppApiFiles): void {
  registerPolicies(host, api.policies);
  for (const { uid, file, exported } of api.middlewares) {
    if (typeof exported !== 'function') throw new BootError('APP_FILE', `${file}: a middleware exports a function (config, { platform }) => (ctx, next) => ...`);
    const factory = exported as MiddlewareFactory;
    host.middlewareFactories.add(uid, factory);
    host.middlewares.add(uid, instantiateMiddleware(factory, {}, host.appArgs, file));
  }
  for (const folder of ['services', 'controllers'] as const) {
    const registry = folder === 'services' ? host.services : host.controllers;
    for (const part of api[folder]) {
      const value = isAppDeclaration(part.exported) ? buildDeclaration(host, part.exported, folder, api.apiName, part) : evaluateAppExport(part.exported, host.appArgs, part.file);
      registry.add(part.uid, value);
    }
  }
}

function registerDefaults(host: AppHost, routed: Set<string>, core: RouteDefinition[]): void {
  const providers = host.plugins.flatMap(({ definition, context }) => {
    const defaults = definition.appParts?.defaults;
    return defaults ? [{ defaults, context }] : [];
  });
  for (const ct of host.contentTypes) {
    if (ct.namespace !== 'api') continue;
    for (const { defaults, context } of providers) {
      const parts = defaults(ct, context);
      if (parts.service && !host.services.has(ct.uid)) host.services.add(ct.uid, parts.service);
      if (parts.controller && !host.controllers.has(ct.uid)) host.controllers.add(ct.uid, parts.controller);
      if (parts.routes && !routed.has(ct.uid)) core.push(...parts.routes);
    }
  }
}

export function registerApp(host: AppHost, apis: AppApiFiles[]): void {
  registerPolicies(host, loadGlobalPolicyFiles(host.appDir));
  for (const api of apis) registerParts(host, api);

  // A `{ name, config }` reference to an app middleware gets its own instance with that config.
  const resolveMiddleware = (ref: MiddlewareRef, apiName: string): MiddlewareRef => {
    if (typeof ref !== 'object' || ref === null) return ref;
    const uid = ref.name.includes('::') ? ref.name : `api::${apiName}.${ref.name}`;
    const factory = host.middlewareFactories.find(uid);
    return factory ? instantiateMiddleware(factory, ref.config ?? {}, host.appArgs, uid) : ref;
  };

  const custom: RouteDefinition[] = [];
  const core: RouteDefinition[] = [];
  const routed = new Set<string>();
  for (const api of apis) {
    for (const part of api.routes) {
      const withMiddlewares = (route: RouteDefinition) => resolveRouteMiddlewares(route, api.apiName, resolveMiddleware);
      if (isAppDeclaration(part.exported)) {
        const routes = buildDeclaration(host, part.exported, 'routes', api.apiName, part) as RouteDefinition[];
        core.push(...routes.map(withMiddlewares));
        routed.add(part.exported.uid);
      } else {
        custom.push(...customRoutes(part.exported, api.apiName, part.file).map(withMiddlewares));
        // A routes file named after a content-type replaces its default routes.
        routed.add(part.uid);
      }
    }
  }
  registerDefaults(host, routed, core);
  host.addRoutes([...custom, ...core].map(withDefaultScope));
}

/** Lifecycles files no enabled plugin claimed would silently never run: start-up stops instead. */
export function checkUnclaimed(host: Pick<AppHost, 'appDir'>, lifecycles: AppLifecycleFile[], claimed: boolean): void {
  const [unclaimed] = lifecycles;
  if (claimed || unclaimed === undefined) return;
  const file = path.relative(host.appDir, unclaimed.file);
  throw new BootError('APP_FILE', `${file}: no enabled plugin runs entity lifecycles (the plugin that provides the entity service is disabled)`);
}
