/**
 * The plugin definition API. A plugin is one object that declares what it provides (services,
 * controllers, routes, content-types, error codes) and what it needs (`requires`, `optional`);
 * the kernel starts plugins in dependency order, hands each a context scoped to what it
 * declared (./plugin-context.ts) and destroys them in reverse.
 */
import type { RouteDefinition, Middleware, Policy } from '../http/types';
import type { Platform } from './platform';
import type { ContentTypeSchema } from '../schema/types';
import type { PluginErrorTable } from '../plugin-errors';
import type { AppDeclaration, AppDeclarationSite } from '../app/declarations';
import type { LoadedContentType } from '../schema/types';
import type { AttributeTypeDefinition, StorageTable } from '../schema/attribute-types';
import type { ModelRegistry } from '../model/types';
import type { PluginContext } from './plugin-context';
import type { PluginCommandDefinition } from './plugin-command';
import type { EnvFn } from '../config/env';

/**
 * Builds a service or controller from the plugin's context. (Declared through a method so a
 * plugin typed with its own configuration still fits where any plugin is expected.)
 */
export type ServiceFactory<T = unknown, TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown> = {
  build(ctx: PluginContext<TConfig, TState>): T;
}['build'];

/**
 * What a plugin gives meaning to in the app's `api/<api>/` folders: the parts its own
 * factories declare (`createCoreRouter(...)` in a routes file, say), and the parts every api
 * content-type gets when the app has no file for it (the REST plugin's core controller).
 */
export interface AppPartsProvider {
  /** builds what a declaration made with this plugin's factory stands for */
  build?(declaration: AppDeclaration, site: AppDeclarationSite, ctx: PluginContext): unknown;
  /** the default service, controller and routes of an api content-type without its own file */
  defaults?(contentType: LoadedContentType, ctx: PluginContext): { service?: object; controller?: object; routes?: RouteDefinition[] };
}

/**
 * A middleware a plugin runs on every request, unknown paths and error answers included (CORS
 * for a frontend, a rate limit). It is `plugin::<plugin>.<key>` in the app's
 * config/middlewares.ts: where the app lists that name, it runs there; otherwise it is placed
 * `before` or `after` an entry of the list (`'strapi::errors'`, `'strapi::cors'`), or after the
 * last entry, just before routing, when neither is given or the anchor is not in the list.
 */
export interface GlobalMiddlewareDefinition<TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown> {
  /** builds the middleware once, when the server is built (after bootstrap) */
  middleware: ServiceFactory<Middleware, TConfig, TState>;
  before?: string;
  after?: string;
}

/**
 * What a plugin lends the app's own code: module names app files may import without
 * installing them, and names handed to app code beside `platform` (./app-modules.ts).
 */
export interface AppCodeProvider<TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown> {
  /** `{ '<module name>': '<absolute path of the file that implements it>' }` */
  modules?: Record<string, string>;
  /**
   * names app code receives beside `platform` (in factories, policies, middlewares, migrations
   * and the app's `index` file), built after every plugin's `register`; `platform` is the one
   * app code gets
   */
  scope?(ctx: PluginContext<TConfig, TState>, platform: Platform): Record<string, unknown> | Promise<Record<string, unknown>>;
}

/** A folder named by `resolve` in the app's `config/plugins.ts`, offered to PluginFolderAdapter. */
export interface PluginFolder {
  /** the key in `config/plugins.ts` */
  name: string;
  /** the folder, absolute */
  folder: string;
  appDir: string;
  /** the plugins file as messages name it */
  file: string;
  /** the app's environment (its `.env` over the process's), as config files read it */
  env?: EnvFn;
}

/**
 * Reads a `resolve` folder written for another system (a Strapi plugin's `strapi-server.js`)
 * as a plugin definition. The kernel offers each local `resolve` folder to the adapters of the
 * installed plugins (and of those given in code) before loading it as a platform plugin: the
 * first that returns a definition has claimed it; one that does not recognise the folder
 * returns undefined. The definition must carry the entry's name.
 */
export type PluginFolderAdapter = (folder: PluginFolder) => PluginDefinition | undefined;

/** The example content-type of the app `platform new` writes. */
export interface NewAppExample {
  /** `api::article.article` */
  uid: string;
  /** its list route, `/api/articles` */
  path: string;
}

/**
 * What a plugin writes into a new app, so that the app works at once with the plugin in it
 * (an authentication plugin lets the public read the example type, say). The kernel names no
 * plugin: it asks each plugin of the distribution.
 */
export interface NewAppContribution {
  /** the plugin's `config` in the new app's `config/plugins.ts` */
  config?(example: NewAppExample): Record<string, unknown>;
  /** one sentence of the new app's README: what that config does */
  note?(example: NewAppExample): string;
}

export interface PluginDefinition<TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown> {
  /** kebab-case name, unique; also the key in `config/plugins.ts` */
  name: string;
  /** plugins that must be enabled; they start first, and boot fails without them */
  requires?: string[];
  /** plugins used when they are enabled; they start first when present, and may be absent */
  optional?: string[];
  /** default configuration, merged under `config/plugins.ts` `<name>.config` */
  config?: { default?: Partial<TConfig>; validate?: (config: TConfig) => void };
  /** the plugin's own error codes (./plugin-errors.ts), listed so the catalogue test sees them */
  errors?: PluginErrorTable;
  /** content-types this plugin contributes, keyed by singular name (uid `plugin::<name>.<key>`) */
  contentTypes?: Record<string, { schema: ContentTypeSchema }>;
  /** attribute types this plugin provides to every schema, keyed by type name (`"type": "<key>"`) */
  attributeTypes?: Record<string, AttributeTypeDefinition>;
  /**
   * The plugin's own state for one platform (a connection, a cache, a signer its services
   * share): built from the context the first time `ctx.state` is read, then kept for the life
   * of the platform. A test process runs several platforms side by side, so state never lives
   * at module level.
   */
  state?(ctx: PluginContext<TConfig, TState>): TState;
  /**
   * tables the plugin keeps its own rows in (no content-type: an outbox, settings), created and
   * completed by the schema sync like a type's storage tables, never altered or dropped
   */
  tables?(models: ModelRegistry): StorageTable[];
  /** services, registered under `plugin::<name>.<key>` */
  services?: Record<string, ServiceFactory<unknown, TConfig, TState>>;
  controllers?: Record<string, ServiceFactory<unknown, TConfig, TState>>;
  policies?: Record<string, Policy>;
  /** route middlewares, registered as `plugin::<name>.<key>` (config/middlewares.ts may list them too) */
  middlewares?: Record<string, Middleware>;
  /** middlewares run on every request, placed in the app's global list (see GlobalMiddlewareDefinition) */
  globalMiddlewares?: Record<string, GlobalMiddlewareDefinition<TConfig, TState>>;
  /** routes mounted under `<rest.prefix>/<name>` unless a route sets `config.prefix` */
  routes?: RouteDefinition[];
  /** app parts this plugin builds (see AppPartsProvider) */
  appParts?: AppPartsProvider;
  /** what the plugin writes into the app `platform new` makes (see NewAppContribution) */
  newApp?: NewAppContribution;
  /** what the plugin lends the app's own code (see AppCodeProvider) */
  appCode?: AppCodeProvider<TConfig, TState>;
  /** reads `resolve` folders that are no platform plugin (see PluginFolderAdapter) */
  pluginFolders?: PluginFolderAdapter;
  /** commands added to the `platform` command line, keyed by name (`platform <name> ...`; ./plugin-command.ts) */
  commands?: Record<string, PluginCommandDefinition<unknown, TConfig, TState>>;
  register?(ctx: PluginContext<TConfig, TState>): void | Promise<void>;
  bootstrap?(ctx: PluginContext<TConfig, TState>): void | Promise<void>;
  destroy?(ctx: PluginContext<TConfig, TState>): void | Promise<void>;
}

/** Identity helper that gives plugin authors type checking and inference. */
export function definePlugin<TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown>(definition: PluginDefinition<TConfig, TState>): PluginDefinition<TConfig, TState> {
  return definition;
}
