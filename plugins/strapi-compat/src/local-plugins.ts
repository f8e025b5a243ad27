/**
 * Strapi v4's local plugins: `config/plugins.js` `'<name>': { resolve: './src/plugins/<name>' }`
 * names a folder whose `strapi-server.js` exports `{ register, bootstrap, destroy, config,
 * contentTypes, services, controllers, routes, policies, middlewares }`. The kernel offers the
 * folder to this plugin (PluginDefinition.pluginFolders), which reads it as a plugin definition:
 * its content-types are `plugin::<name>.<type>` (known before the schemas load), its
 * `config.default` and `config.validator` are the definition's; the lifecycles beside a schema
 * subscribe to its type. Its services, controllers,
 * policies, middlewares and routes take `{ strapi }`, which exists once every plugin has
 * registered: they are registered, and its `register` run, when strapi-compat builds the facade,
 * before the project's own `register`, as Strapi orders them. `bootstrap` and `destroy` run in
 * the plugin's own steps.
 */
import path from 'node:path';
import {
  createEnv,
  findModuleFile,
  isPlainObject,
  loadUserModule,
  type ContentTypeSchema,
  type EnvFn,
  type Middleware,
  type MiddlewareFactory,
  type Platform,
  type PluginContext,
  type PluginDefinition,
  type PluginFolder,
  type Policy,
  type RouteDefinition,
} from '@platform/core';
import { errors } from './errors';
import { toRoute } from './extension-routes';
import type { Strapi } from './facade/strapi';

type Parts = Record<string, unknown>;

/** What a local plugin's `strapi-server.js` exports, as read. */
interface StrapiServer {
  register?: (args: { strapi: Strapi }) => unknown;
  bootstrap?: (args: { strapi: Strapi }) => unknown;
  destroy?: (args: { strapi: Strapi }) => unknown;
  config?: { default?: unknown; validator?: (config: unknown) => void };
  contentTypes?: Parts;
  services?: Parts;
  controllers?: Parts;
  policies?: Parts;
  middlewares?: Parts;
  routes?: unknown;
}

/** A local plugin waiting for the facade (strapi-compat's state holds them). */
export interface LocalPlugin {
  name: string;
  where: string;
  server: StrapiServer;
}

/** What strapi-compat publishes to the plugins it read (`plugin::strapi-compat.local-plugins`). */
export interface LocalPlugins {
  add(plugin: LocalPlugin): void;
  /** the facade, once built (bootstrap and destroy run after) */
  strapi(): Strapi;
}

function asParts(value: unknown, where: string, what: string): Parts {
  if (value === undefined) return {};
  if (typeof value === 'function') return asParts((value as () => unknown)(), where, what);
  if (!isPlainObject(value)) throw errors.boot('EXTENSION_INVALID', `${where}: "${what}" must be an object`);
  return value;
}

function contentTypesOf(server: StrapiServer, where: string): Record<string, { schema: ContentTypeSchema }> {
  const out: Record<string, { schema: ContentTypeSchema }> = {};
  for (const [key, raw] of Object.entries(asParts(server.contentTypes, where, 'contentTypes'))) {
    // `{ schema, lifecycles }` as Strapi's generator writes it, or the schema itself.
    const schema = isPlainObject(raw) && isPlainObject(raw.schema) ? raw.schema : raw;
    if (!isPlainObject(schema) || !isPlainObject(schema.attributes)) throw errors.boot('EXTENSION_INVALID', `${where}: content-type "${key}" needs a schema with attributes`);
    out[key] = { schema: schema as unknown as ContentTypeSchema };
  }
  return out;
}

/** `config.default`: an object, or `({ env }) => object` as Strapi calls it. */
function defaultConfig(server: StrapiServer, env: EnvFn, where: string): Record<string, unknown> {
  const raw = server.config?.default;
  const value = typeof raw === 'function' ? (raw as (args: { env: unknown }) => unknown)({ env }) : (raw ?? {});
  if (!isPlainObject(value)) throw errors.boot('EXTENSION_INVALID', `${where}: "config.default" must be an object`);
  return value;
}

/** A Strapi service or controller: `({ strapi }) => object` or the object itself. */
function build(value: unknown, strapi: Strapi): unknown {
  return typeof value === 'function' ? (value as (args: { strapi: Strapi }) => unknown)({ strapi }) : value;
}

/** Strapi's route files: an array (admin routes), or `{ 'content-api': { type, routes }, admin: {...} }`. */
function routeGroups(raw: unknown, where: string): { type: 'content-api' | 'admin'; routes: unknown[] }[] {
  if (raw === undefined) return [];
  if (typeof raw === 'function') return routeGroups((raw as () => unknown)(), where);
  if (Array.isArray(raw)) return [{ type: 'admin', routes: raw }];
  if (!isPlainObject(raw)) throw errors.boot('EXTENSION_INVALID', `${where}: "routes" must be an array or an object of route groups`);
  return Object.entries(raw).map(([key, group]) => {
    const routes = isPlainObject(group) ? group.routes : group;
    if (!Array.isArray(routes)) throw errors.boot('EXTENSION_INVALID', `${where}: routes "${key}" must be { type, routes: [...] }`);
    const type = isPlainObject(group) && group.type === 'content-api' ? 'content-api' : key === 'content-api' ? 'content-api' : 'admin';
    return { type, routes };
  });
}

/** Registers a local plugin's parts under `plugin::<name>.<key>`, mounts its routes and runs its `register`. */
export async function registerLocalPlugin(ctx: PluginContext, platform: Platform, strapi: Strapi, { name, where, server }: LocalPlugin): Promise<void> {
  const prefix = `plugin::${name}.`;
  for (const [key, value] of Object.entries(asParts(server.services, where, 'services'))) platform.services.add(`${prefix}${key}`, build(value, strapi));
  for (const [key, value] of Object.entries(asParts(server.controllers, where, 'controllers'))) platform.controllers.add(`${prefix}${key}`, build(value, strapi));
  for (const [key, value] of Object.entries(asParts(server.policies, where, 'policies'))) {
    // `{ handler }` (Strapi's older form) or the function
    const policy = isPlainObject(value) && typeof value.handler === 'function' ? value.handler : value;
    if (typeof policy !== 'function') throw errors.boot('EXTENSION_INVALID', `${where}: policy "${key}" must be a function`);
    platform.policies.add(`${prefix}${key}`, policy as Policy);
  }
  for (const [key, value] of Object.entries(asParts(server.middlewares, where, 'middlewares'))) {
    if (typeof value !== 'function') throw errors.boot('EXTENSION_INVALID', `${where}: middleware "${key}" must be (config, { strapi }) => middleware`);
    platform.middlewareFactories.add(`${prefix}${key}`, value as MiddlewareFactory);
    platform.middlewares.add(`${prefix}${key}`, (value as MiddlewareFactory)({}, { ...platform.appArgs, strapi }) as Middleware);
  }
  const restPrefix = ctx.appConfig<string>('api.rest.prefix', '/api').replace(/\/+$/, '');
  for (const group of routeGroups(server.routes, where)) {
    for (const raw of group.routes) {
      const { route, prefix: own } = toRoute(raw, name, where);
      const mounted: RouteDefinition = { ...route, info: { type: group.type, pluginName: name } };
      // Content-API routes live under the REST prefix, admin ones under the plugin's name alone.
      const base = group.type === 'content-api' ? `${restPrefix}/${name}` : `/${name}`;
      ctx.addRoutes([mounted], own === undefined ? base : group.type === 'content-api' ? `${restPrefix}${own}` : own);
    }
  }
  // `{ schema, lifecycles }`: the lifecycles subscribe to the plugin's type as a project's would.
  for (const [key, raw] of Object.entries(asParts(server.contentTypes, where, 'contentTypes'))) {
    if (isPlainObject(raw) && isPlainObject(raw.schema) && isPlainObject(raw.lifecycles)) strapi.db.lifecycles.subscribe({ ...raw.lifecycles, models: [`${prefix}${key}`] });
  }
  await server.register?.({ strapi });
}

/** Reads a `resolve` folder holding `strapi-server.js` as a plugin definition; others are not claimed. */
export function readLocalPlugin({ name, folder, appDir, env }: PluginFolder, lendModules: (appDir: string) => void): PluginDefinition | undefined {
  const file = findModuleFile(folder, 'strapi-server');
  if (!file) return undefined;
  const where = path.relative(appDir, file) || file;
  // Its files may require `@strapi/utils` at load time, before the kernel lends the names.
  lendModules(appDir);
  let exported = loadUserModule(file);
  if (typeof exported === 'function') exported = (exported as () => unknown)();
  if (!isPlainObject(exported)) throw errors.boot('EXTENSION_INVALID', `${where}: must export the plugin's server object ({ register, bootstrap, services, ... })`);
  const server = exported as StrapiServer;
  const validator = server.config?.validator;
  const local = (ctx: PluginContext) => ctx.service<LocalPlugins>('plugin::strapi-compat.local-plugins');
  return {
    name,
    requires: ['strapi-compat'],
    config: {
      // the kernel gives the app's environment; without it (a folder read outside start-up), the process's
      default: defaultConfig(server, env ?? createEnv(process.env), where),
      validate: typeof validator === 'function' ? (config) => validator(config) : undefined,
    },
    contentTypes: contentTypesOf(server, where),
    register(ctx) {
      local(ctx).add({ name, where, server });
    },
    async bootstrap(ctx) {
      await server.bootstrap?.({ strapi: local(ctx).strapi() });
    },
    async destroy(ctx) {
      await server.destroy?.({ strapi: local(ctx).strapi() });
    },
  };
}
