/**
 * The kernel. A Platform instance loads config and plugins, builds models from the schema
 * files, syncs the database, mounts routes and serves them. It holds no module-level state, so
 * a test process can run several platforms side by side.
 */
import type http from 'node:http';
import path from 'node:path';
import type Koa from 'koa';
import { BootError, InternalError } from '../errors';
import { createKernelHooks, type KernelHooks } from './hooks';
import { createBroadcast, type Broadcast } from './broadcast';
import { createSharedCounters, type SharedCounters } from './shared-counters';
import { Registry } from './registry';
import type { PluginDefinition } from './plugin';
import { createPluginContext, type PluginContext } from './plugin-context';
import { createPluginHost } from './plugin-host';
import type { CommandOutput, PluginCommandDefinition } from './plugin-command';
import { resolveSecret, type SecretsMode } from './secrets';
import { orderPlugins } from './plugin-order';
import { resolvePlugins } from './plugin-loader';
import { declaredGuards, existingGuardColumns, markKeptHiddenRows, reconcileHiddenRows, type KeepHiddenRows } from '../database/hidden-rows';
import { changesLayout } from '../database/sync/plan';
import { createJsonLogger, createLogger, isLogFormat, isLogLevel, type Logger, type LogLevel } from './logger';
import type { ServiceMap } from './service-map';
import { loadAppApiFiles, loadLifecycleFiles, type AppLifecycleFile } from '../app/app-files';
import { checkUnclaimed, registerApp } from '../app/register-app';
import { deepMerge, getPath, loadConfig, loadEnvironment, type ConfigTree } from '../config/load-config';
import { withDefaults } from '../config/defaults';
import type { EnvFn } from '../config/env';
import { validateKernelConfig } from '../config/validate-config';
import { loadAppSchemas } from '../schema/load-schemas';
import { validateAttributes, validateWrittenSchemas } from '../schema/validate-schemas';
import { collectAttributeTypes } from '../schema/attribute-types';
import { addTimestamps } from '../schema/add-timestamps';
import type { SchemaSet } from '../schema/types';
import { buildModels } from '../model/build-models';
import type { Model, ModelRegistry } from '../model/types';
import { Database } from '../database/database';
import { knexConfig, type DatabaseConfig } from '../database/connection';
import { syncSchema } from '../database/schema-sync';
import { runMigrations } from '../database/migrations';
import { withBootLock } from '../database/boot-lock';
import { closeServer, createKoaApp, listen, type MountedRoute } from '../http/server';
import { DEFAULT_TIMEOUTS } from '../http/client-errors';
import type { PlacedMiddleware } from '../http/global-middlewares';
import type { ProxyConfig } from '../http/proxy-trust';
import { knexLog } from '../database/knex-log';
import { createRouteResolver } from '../http/route-resolver';
import { answerStarting, SwitchableHandler } from '../http/starting';
import type { Middleware, MiddlewareFactory, Policy, RouteDefinition } from '../http/types';

/** What start-up logs when no plugin authenticates requests. */
export const UNAUTHENTICATED_WARNING = 'No enabled plugin authenticates requests: every route is public, writes included (enable an auth plugin in config/plugins.ts)';

export interface PlatformOptions {
  /** the app folder holding `config/`, `api/`, `components/` */
  appDir: string;
  /** environment variables; default `process.env` (plus the app's `.env`) */
  env?: NodeJS.ProcessEnv;
  /** configuration merged over the config files (tests point `database` at their own database) */
  config?: ConfigTree;
  /** plugins given in code, in addition to those of `config/plugins.ts` */
  plugins?: PluginDefinition[];
  /** the global middleware list, in place of `config/middlewares.ts` (tests) */
  middlewares?: unknown[];
  /**
   * where the default plugins come from when the app folder has no `package.json` of its own:
   * the nearest `package.json` at or above this folder (default: the working directory)
   */
  distributionDir?: string;
  logLevel?: LogLevel;
  logger?: Logger;
  /**
   * How the platform runs, for what a missing secret does (./secrets.ts): `develop` writes a
   * random one to the app's `.env`, `start` stops start-up naming it; by default (`embedded`)
   * a random one lasts for this process.
   */
  mode?: SecretsMode;
}

/** A command a plugin adds to the `platform` command line. */
export interface PlatformCommand {
  name: string;
  plugin: string;
  definition: PluginCommandDefinition;
}

/** A plugin as the app (and tests) see it from outside: its definition, services and configuration. */
export interface PluginHandle {
  name: string;
  definition: PluginDefinition;
  service<T = unknown>(name: string): T;
  controller<T = unknown>(name: string): T;
  config<T = unknown>(key?: string, defaultValue?: T): T;
}

interface StartedPlugin {
  definition: PluginDefinition;
  context: PluginContext;
}

type Phase = 'new' | 'starting' | 'registered' | 'started' | 'listening' | 'destroyed';

export class Platform {
  readonly appDir: string;

  /** How the platform runs (PlatformOptions.mode): `develop`, `start` or `embedded`. */
  get mode(): SecretsMode {
    return this.options.mode ?? 'embedded';
  }
  readonly hooks: KernelHooks = createKernelHooks();
  private readonly processes = createBroadcast();
  /** messages to the other processes of `platform start --workers N` */
  readonly broadcast: Broadcast = {
    publish: (c, m) => this.processes.publish(c, m),
    publishAndWait: (c, m) => this.processes.publishAndWait(c, m),
    subscribe: (c, h) => this.processes.subscribe(c, h),
    onResync: (h) => this.processes.onResync(h),
    trusted: () => this.processes.trusted(),
    useTransport: (t) => this.processes.useTransport(t),
  };
  /** counters in time windows, shared by every process once a plugin gives them a store */
  readonly counters: SharedCounters = createSharedCounters();
  readonly log: Logger;
  readonly services = new Registry<unknown>('service');
  readonly controllers = new Registry<unknown>('controller');
  readonly policies = new Registry<Policy>('policy');
  readonly middlewares = new Registry<Middleware>('middleware');
  readonly middlewareFactories = new Registry<MiddlewareFactory>('middleware factory');
  schemas: SchemaSet = { contentTypes: new Map(), components: new Map() };
  private configTree: ConfigTree = {};
  private configFiles: Record<string, string> = {};
  private middlewareList: unknown[] | null = null;
  /** read by the health check: true from the end of start() until destroy() begins */
  private readonly readiness = { ready: false };
  private envFn!: EnvFn;
  private plugins: StartedPlugin[] = [];
  private disabledPlugins = new Set<string>();
  private lifecycleFiles: AppLifecycleFile[] = [];
  private lifecyclesClaimed = false;
  private modelRegistry: ModelRegistry | null = null;
  private database: Database | null = null;
  private routeTable: Array<{ route: RouteDefinition; prefix: string }> = [];
  private koa: Koa | null = null;
  private server: http.Server | null = null;
  private phase: Phase = 'new';
  private configured = false;
  private readonly options: PlatformOptions;

  constructor(options: PlatformOptions) {
    this.options = options;
    this.appDir = options.appDir;
    const envSource = loadEnvironment(options.appDir, options.env ?? process.env);
    const level = options.logLevel ?? (envSource.LOG_LEVEL || 'http');
    if (!isLogLevel(level)) throw new BootError('CONFIG_ENV', `Environment variable LOG_LEVEL must be one of silent, error, warn, info, http, debug, got "${level}"`);
    const format = envSource.LOG_FORMAT || (envSource.NODE_ENV === 'production' ? 'json' : 'text');
    if (!isLogFormat(format)) throw new BootError('CONFIG_ENV', `Environment variable LOG_FORMAT must be text or json, got "${format}"`);
    this.log = options.logger ?? (format === 'json' ? createJsonLogger(level) : createLogger(level));
    this.envSource = envSource;
  }

  private readonly envSource: Record<string, string | undefined>;

  // ---- accessors -----------------------------------------------------------------------

  get env(): EnvFn {
    return this.envFn;
  }

  get db(): Database {
    if (!this.database) throw new BootError('DB_NOT_READY', 'The database is not connected yet (use it from bootstrap on)');
    return this.database;
  }

  get models(): ModelRegistry {
    if (!this.modelRegistry) throw new BootError('MODELS_NOT_READY', 'Models are built after register; use them from bootstrap on');
    return this.modelRegistry;
  }

  /** Reads configuration by dotted path: `server.port`, `api.rest.defaultLimit`, `plugin.<name>.<key>`. */
  config<T = unknown>(dotted: string, defaultValue?: T): T {
    const value = getPath(this.configTree, dotted);
    return (value === undefined ? defaultValue : value) as T;
  }

  service<K extends keyof ServiceMap>(uid: K): ServiceMap[K];
  service<T = unknown>(uid: string): T;
  service(uid: string): unknown {
    return this.services.get(uid);
  }

  controller<T = unknown>(uid: string): T {
    return this.controllers.get(uid) as T;
  }

  contentType(uid: string): Model {
    const model = this.models.get(uid);
    // Reached at request time (a controller asks for its model): an internal error, not a boot one.
    if (model.kind === 'component') throw new InternalError('MODEL_UNKNOWN', `"${uid}" is a component, not a content-type`);
    return model;
  }

  component(uid: string): Model {
    const model = this.models.get(uid);
    if (model.kind !== 'component') throw new InternalError('MODEL_UNKNOWN', `"${uid}" is not a component`);
    return model;
  }

  plugin(name: string): PluginHandle {
    const definition = this.plugins.find((p) => p.definition.name === name)?.definition;
    if (!definition) throw new BootError('PLUGIN_UNKNOWN', `Plugin "${name}" is not enabled`);
    return {
      name,
      definition,
      service: <T>(s: string) => this.services.get(`plugin::${name}.${s}`) as T,
      controller: <T>(c: string) => this.controllers.get(`plugin::${name}.${c}`) as T,
      config: <T>(key?: string, defaultValue?: T) => this.config<T>(key ? `plugin.${name}.${key}` : `plugin.${name}`, defaultValue),
    };
  }

  /** A secret named by its environment variable, for a plugin (PluginContext.secret). */
  secret(name: string, configured: unknown, requester: string): string {
    return resolveSecret({ mode: this.options.mode ?? 'embedded', appDir: this.appDir, env: this.envSource, log: this.log }, name, configured, requester);
  }

  /**
   * Whether an enabled plugin authenticates requests (taps the `authenticate` hook). Without
   * one every route is public, writes included: listening warns so, and `platform start` warns
   * again when it listens beyond the loopback interface.
   */
  authenticates(): boolean {
    return this.hooks.authenticate.taps.length > 0;
  }

  isPluginEnabled(name: string): boolean {
    return this.plugins.some((p) => p.definition.name === name);
  }

  enabledPlugins(): string[] {
    return this.plugins.map((p) => p.definition.name);
  }

  /** Adds routes to the table; `prefix` defaults to the REST prefix (`/api`). Before start() ends. */
  addRoutes(routes: RouteDefinition[], prefix?: string): void {
    if (this.koa) throw new BootError('ROUTES_FROZEN', 'Routes cannot be added once the server is built');
    const base = prefix ?? this.config<string>('api.rest.prefix', '/api');
    for (const route of routes) this.routeTable.push({ route, prefix: base });
  }

  routes(): MountedRoute[] {
    return this.routeTable.map(({ route, prefix }) => ({ route, path: joinPath(route.config?.prefix ?? prefix, route.path) }));
  }

  // ---- lifecycle ----------------------------------------------------------------------

  /**
   * Loads and checks the configuration files (the first step of start(), which runs it if it
   * has not run): `env`, `config()` and the server's port are known from here on.
   */
  configure(): this {
    if (this.configured) return this;
    const loaded = loadConfig(this.appDir, this.envSource);
    this.envFn = loaded.env;
    this.configTree = deepMerge(withDefaults(loaded.tree), this.options.config ?? {}) as ConfigTree;
    // A database section given in code replaces the file's whole (never a mix of two clients).
    if (this.options.config?.database) this.configTree.database = this.options.config.database;
    this.configFiles = loaded.files;
    this.middlewareList = this.options.middlewares ?? loaded.middlewares;
    validateKernelConfig(this.configTree, this.configFiles, this.appDir);
    this.configured = true;
    return this;
  }

  /**
   * The commands the app's enabled plugins add to the `platform` command line; reads the
   * configuration and finds the plugins, starts nothing. Two plugins adding one name stop here.
   */
  commands(): PlatformCommand[] {
    const commands: PlatformCommand[] = [];
    for (const plugin of this.resolvePluginSet(false).ordered) {
      for (const [name, definition] of Object.entries(plugin.commands ?? {})) {
        const taken = commands.find((c) => c.name === name);
        if (taken) throw new BootError('PLUGIN_COMMAND', `Plugins "${taken.plugin}" and "${plugin.name}" both add the command "${name}"`);
        commands.push({ name, plugin: plugin.name, definition: definition as PluginCommandDefinition });
      }
    }
    return commands;
  }

  /** Runs a plugin's command with the plugin's context, once start() is done (the app does not listen). */
  async runCommand(command: PlatformCommand, args: unknown, output: CommandOutput): Promise<void> {
    if (this.phase !== 'started') throw new BootError('PLATFORM_STATE', 'runCommand() needs start() first');
    const started = this.plugins.find((p) => p.definition.name === command.plugin);
    if (!started) throw new BootError('PLUGIN_UNKNOWN', `Plugin "${command.plugin}" is not enabled`);
    await command.definition.run(args, started.context, output);
  }

  /** Loads everything and syncs the database; does not listen. */
  async start(): Promise<this> {
    if (this.phase !== 'new') throw new BootError('PLATFORM_STATE', `start() called twice`);
    this.phase = 'starting';
    // A worker is counted among those the other workers' invalidations wait for before it
    // keeps or serves anything (./broadcast.ts).
    await this.processes.join();
    const { ordered, pluginsFile } = this.resolvePluginSet(true);
    for (const plugin of ordered) {
      try {
        plugin.config?.validate?.(this.config(`plugin.${plugin.name}`, {}));
      } catch (error) {
        throw new BootError('CONFIG_PLUGINS', `${pluginsFile}: "${plugin.name}.config" is invalid: ${(error as Error).message}`, { cause: error });
      }
    }
    const host = createPluginHost(this, {
      lifecycles: () => {
        this.lifecyclesClaimed = true;
        return this.lifecycleFiles;
      },
    });
    this.plugins = ordered.map((definition) => ({ definition, context: createPluginContext(host, definition) }));

    this.schemas = loadAppSchemas(this.appDir);
    for (const { definition: plugin } of this.plugins) {
      for (const [key, { schema }] of Object.entries(plugin.contentTypes ?? {})) {
        const uid = `plugin::${plugin.name}.${key}`;
        this.schemas.contentTypes.set(uid, { uid, namespace: 'plugin', apiName: plugin.name, schema, source: { file: `plugin ${plugin.name}` } });
      }
    }
    // Written names are checked before plugins extend the schemas (an added `locale` is
    // allowed, a written one is not); every attribute, added ones included, after.
    validateWrittenSchemas(this.schemas);
    const appApis = loadAppApiFiles(this.appDir);
    this.lifecycleFiles = loadLifecycleFiles(this.schemas);

    for (const plugin of this.plugins) this.registerPluginParts(plugin);
    for (const { definition, context } of this.plugins) await runStep(definition, 'register', () => definition.register?.(context));
    await this.hooks.register.promise();
    registerApp(
      {
        appDir: this.appDir,
        platform: this,
        contentTypes: this.schemas.contentTypes.values(),
        services: this.services,
        controllers: this.controllers,
        policies: this.policies,
        middlewares: this.middlewares,
        middlewareFactories: this.middlewareFactories,
        plugins: this.plugins,
        disabledPlugins: this.disabledPlugins,
        pluginsFile,
        addRoutes: (routes) => this.addRoutes(routes),
      },
      appApis,
    );

    addTimestamps(this.schemas);
    this.hooks.extendSchemas.call(this.schemas);
    const attributeTypes = collectAttributeTypes(this.plugins.map((p) => p.definition));
    validateAttributes(this.schemas, attributeTypes);
    this.modelRegistry = buildModels(this.schemas, attributeTypes);
    this.hooks.modelsBuilt.call(this.modelRegistry);

    await this.connectDatabase();
    // Nodes booting together on one database take turns from the schema sync to the end of
    // the plugins' bootstrap (which seeds rows), migrations first: see ../database/boot-lock.ts.
    const models = this.modelRegistry;
    await withBootLock(this.db, () => this.syncAndBootstrap(models, attributeTypes), this.log);
    this.buildHttp();
    this.phase = 'started';
    this.readiness.ready = true;
    return this;
  }

  private async syncAndBootstrap(models: ModelRegistry, attributeTypes: ReturnType<typeof collectAttributeTypes>): Promise<void> {
    // The app's migrations see the tables as the last start left them (../database/migrations.ts).
    await runMigrations(this.appDir, this.db, this, this.log);
    const guards = declaredGuards(models);
    const guardColumns = await existingGuardColumns(this.db.knex, guards);
    const synced = await syncSchema(this.db, models, this.log, attributeTypes.tables(models));
    // Before any plugin bootstraps or a request is served: rows that lost what hid them stop here.
    const kept = await reconcileHiddenRows(this.db, guards, guardColumns, changesLayout(synced), this.config<KeepHiddenRows>('database.keepHiddenRows', false));
    markKeptHiddenRows(models, kept);

    this.services.freeze();
    this.controllers.freeze();
    this.policies.freeze();
    this.middlewares.freeze();
    this.middlewareFactories.freeze();
    this.phase = 'registered';

    for (const { definition: plugin } of this.plugins) {
      if (plugin.routes?.length)
        this.addRoutes(
          plugin.routes.map((r) => withInfo(r, plugin.name)),
          joinPath(this.config<string>('api.rest.prefix', '/api'), `/${plugin.name}`),
        );
    }
    for (const { definition, context } of this.plugins) await runStep(definition, 'bootstrap', () => definition.bootstrap?.(context));
    await this.hooks.bootstrap.promise();
    checkUnclaimed(this, this.lifecycleFiles, this.lifecyclesClaimed);
  }

  /** The koa request handler, for tests that run their own `http.createServer(...).listen(0)`. */
  callback(): http.RequestListener {
    if (!this.koa) throw new BootError('PLATFORM_STATE', 'callback() needs start() first');
    return this.koa.callback();
  }

  /** Starts listening; port/host default to config `server.port`/`server.host`. */
  /**
   * Starts listening; port/host default to config `server.port`/`server.host`. Called before
   * start(), it opens the port first and starts after: until start() ends, every request
   * (`/_health` included) is answered 503, so a load balancer sees a node that is starting.
   */
  /** The HTTP app that start() made. */
  private startedKoa(): Koa {
    if (!this.koa) throw new BootError('PLATFORM_STATE', 'start() finished without an HTTP app');
    return this.koa;
  }

  async listen(port?: number, host?: string): Promise<http.Server> {
    this.configure();
    const p = port ?? this.config<number>('server.port', 1337);
    const h = host ?? this.config<string>('server.host', '0.0.0.0');
    const handler = new SwitchableHandler(this.koa ? this.koa.callback() : answerStarting);
    this.server = await listen(handler.listener, p, h, {
      headersTimeout: this.config<number>('server.headersTimeout', DEFAULT_TIMEOUTS.headersTimeout),
      requestTimeout: this.config<number>('server.requestTimeout', DEFAULT_TIMEOUTS.requestTimeout),
    });
    if (!this.koa) {
      try {
        await this.start();
      } catch (error) {
        await closeServer(this.server, 0);
        this.server = null;
        throw error;
      }
      handler.use(this.startedKoa().callback());
    }
    this.phase = 'listening';
    if (!this.authenticates()) this.log.warn(UNAUTHENTICATED_WARNING);
    await this.hooks.ready.promise();
    return this.server;
  }

  address(): { port: number; url: string } {
    const addr = this.server?.address();
    if (!addr || typeof addr === 'string') throw new BootError('PLATFORM_STATE', 'not listening');
    const host = addr.address === '::' || addr.address === '0.0.0.0' ? 'localhost' : addr.address;
    return { port: addr.port, url: `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}` };
  }

  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  async destroy(): Promise<void> {
    if (this.phase === 'destroyed') return;
    this.phase = 'destroyed';
    // The health check answers 503 from now on, while in-flight requests finish.
    this.readiness.ready = false;
    if (this.server) await closeServer(this.server, this.config<number>('server.shutdownTimeout', 10000));
    for (const { definition, context } of [...this.plugins].reverse()) {
      try {
        await definition.destroy?.(context);
      } catch (error) {
        this.log.error(`plugin ${definition.name} destroy failed`, error);
      }
    }
    await this.hooks.destroy.promise();
    this.processes.close();
    if (this.database) await this.database.destroy();
  }

  // ---- internals ----------------------------------------------------------------------

  /** The enabled plugins in start order, their configuration placed in the tree. */
  private resolvePluginSet(warn: boolean): { ordered: PluginDefinition[]; pluginsFile: string } {
    this.configure();
    const resolved = resolvePlugins(this.appDir, this.configTree, this.configFiles, this.options.plugins ?? [], this.options.distributionDir);
    const pluginsFile = this.configFiles.plugins ? path.relative(this.appDir, this.configFiles.plugins) : 'config/plugins';
    if (warn) for (const warning of resolved.warnings) this.log.warn(warning);
    this.disabledPlugins = resolved.disabled;
    const ordered = orderPlugins(resolved.plugins, { names: resolved.disabled, file: pluginsFile });
    this.configTree.plugin = resolved.pluginConfig;
    return { ordered, pluginsFile };
  }

  private registerPluginParts({ definition: plugin, context }: StartedPlugin): void {
    for (const [key, factory] of Object.entries(plugin.services ?? {})) {
      this.services.add(`plugin::${plugin.name}.${key}`, factory(context));
    }
    for (const [key, factory] of Object.entries(plugin.controllers ?? {})) {
      this.controllers.add(`plugin::${plugin.name}.${key}`, factory(context));
    }
    for (const [key, policy] of Object.entries(plugin.policies ?? {})) this.policies.add(`plugin::${plugin.name}.${key}`, policy);
    for (const [key, mw] of Object.entries(plugin.middlewares ?? {})) this.middlewares.add(`plugin::${plugin.name}.${key}`, mw);
  }

  /** The plugins' global middlewares, built with each plugin's context. */
  private placedMiddlewares(): PlacedMiddleware[] {
    return this.plugins.flatMap(({ definition, context }) =>
      Object.entries(definition.globalMiddlewares ?? {}).map(([key, def]) => ({
        name: `plugin::${definition.name}.${key}`,
        middleware: def.middleware(context),
        before: def.before,
        after: def.after,
      })),
    );
  }

  private async connectDatabase(): Promise<void> {
    const dbConfig = this.config<DatabaseConfig | undefined>('database');
    const file = this.configFiles.database ?? 'config/database';
    if (!dbConfig?.connection) throw new BootError('CONFIG_DATABASE', `${file}: "connection" is required`);
    const { client, knex } = knexConfig(dbConfig, this.appDir, file);
    this.database = new Database(client, { ...knex, log: knexLog(this.log) });
    try {
      await this.database.knex.raw('select 1');
    } catch (error) {
      throw new BootError('DB_CONNECT', `Cannot connect to the ${client} database (${file}): ${(error as Error).message}`, { cause: error });
    }
  }

  private buildHttp(): void {
    // Taps get the route table itself: a route they push is mounted under the REST prefix
    // (or its own `config.prefix`), one they remove is not mounted.
    const prefixes = new Map(this.routeTable.map((entry) => [entry.route, entry.prefix]));
    const table = this.routeTable.map((entry) => entry.route);
    this.hooks.routesBuilt.call(table);
    const restPrefix = this.config<string>('api.rest.prefix', '/api');
    this.routeTable = table.map((route) => ({ route, prefix: prefixes.get(route) ?? restPrefix }));
    const resolver = createRouteResolver({ controllers: this.controllers, policies: this.policies, middlewares: this.middlewares, platform: this });
    const middlewaresFile = this.configFiles.middlewares ? path.relative(this.appDir, this.configFiles.middlewares) : 'config/middlewares';
    this.koa = createKoaApp(this.routes(), {
      middlewares: {
        list: this.middlewareList,
        file: middlewaresFile,
        appDir: this.appDir,
        logger: this.log,
        bodyLimit: this.config<string>('server.bodyLimit', '1mb'),
        platform: this,
        pluginMiddleware: (uid) => this.middlewares.find(uid),
        placed: this.placedMiddlewares(),
      },
      proxy: this.config<ProxyConfig | undefined>('server.proxy'),
      readiness: this.readiness,
      ...resolver,
      authenticate: async (ctx, route) => {
        if (this.hooks.authenticate.taps.length > 0) await this.hooks.authenticate.promise(ctx, route);
      },
    });
  }
}

async function runStep(plugin: PluginDefinition, step: string, fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof BootError) throw error;
    throw new BootError('PLUGIN_STEP', `Plugin "${plugin.name}" failed in ${step}: ${(error as Error).message}`, { cause: error });
  }
}

function withInfo(route: RouteDefinition, pluginName: string): RouteDefinition {
  return { ...route, info: { type: 'content-api', ...route.info, pluginName } };
}

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}
