/**
 * What the kernel lends every plugin context (./plugin-context.ts): one shared ground whose
 * getters read the platform when used (models and the database exist only from bootstrap on),
 * and the lookups the context filters by what each plugin declared.
 */
import type { AppView, PluginContextHost, PluginGround } from './plugin-context';
import type { Platform } from './platform';
import { findByReference } from '../http/route-resolver';
import { instantiateMiddleware } from '../app/register-app';

export function createPluginHost(platform: Platform, app: AppView): PluginContextHost {
  const ground: PluginGround = {
    hooks: platform.hooks,
    appDir: platform.appDir,
    get env() {
      return platform.env;
    },
    get schemas() {
      return platform.schemas;
    },
    get models() {
      return platform.models;
    },
    get db() {
      return platform.db;
    },
    mode: platform.mode,
    app,
    addRoutes: (routes, prefix) => platform.addRoutes(routes, prefix),
    routes: () => platform.routes(),
    broadcast: platform.broadcast,
    counters: platform.counters,
    contentType: (uid) => platform.contentType(uid),
    component: (uid) => platform.component(uid),
    policy: (name, scope) => findByReference(platform.policies, name, scope),
    middleware: (name, scope, config) => {
      const factory = config === undefined ? undefined : findByReference(platform.middlewareFactories, name, scope);
      return factory ? instantiateMiddleware(factory, config, platform.appArgs, name) : findByReference(platform.middlewares, name, scope);
    },
  };
  return {
    ground: Object.freeze(ground),
    log: platform.log,
    config: (dotted, defaultValue) => platform.config(dotted, defaultValue),
    serviceOf: (uid) => platform.services.get(uid),
    isPluginEnabled: (name) => platform.isPluginEnabled(name),
    secret: (name, configured, requester) => platform.secret(name, configured, requester),
  };
}
