/**
 * What one platform holds while it boots and serves: the registries, the configuration, the
 * plugins with their contexts, the models, the database, the route table and the HTTP app.
 * The boot phases (./boot/) fill it in order; the Platform facade (./platform.ts) reads it.
 * Nothing here lives at module level, so a test process runs several platforms side by side.
 */
import type { MissingSecretError } from './secrets';
import type http from 'node:http';
import type Koa from 'koa';
import { BootError } from '../errors';
import { Registry } from '../base/registry';
import type { Logger } from '../base/logger';
import { createBroadcast, type Broadcast } from '../cluster/broadcast';
import { createSharedCounters, type SharedCounters } from '../cluster/shared-counters';
import { getPath, type ConfigTree } from '../config/load-config';
import type { EnvFn } from '../config/env';
import type { Database } from '../database/database';
import type { MountedRoute } from '../http/server';
import type { AppCodeArgs, Middleware, MiddlewareFactory, Policy, RouteDefinition } from '../http/types';
import type { ModelRegistry } from '../model/types';
import type { SchemaSet } from '../schema/types';
import type { AppLifecycleFile } from '../app/app-files';
import type { AppLifecycle } from '../app/app-lifecycle';
import { createKernelHooks, type KernelHooks } from './hooks';
import type { PluginDefinition } from './plugin';
import type { PluginContext } from './plugin-context';
import type { PlatformOptions } from './platform-options';

export interface StartedPlugin {
  definition: PluginDefinition;
  context: PluginContext;
}

export type Phase = 'new' | 'starting' | 'registered' | 'started' | 'listening' | 'destroyed';

export class KernelState {
  readonly hooks: KernelHooks = createKernelHooks();
  /** the other processes of `platform start --workers N` (../cluster/broadcast.ts) */
  readonly processes = createBroadcast();
  /** what plugins see of `processes`: publishing and subscribing, not joining or closing */
  readonly broadcast: Broadcast = {
    publish: (c, m) => this.processes.publish(c, m),
    publishAndWait: (c, m) => this.processes.publishAndWait(c, m),
    subscribe: (c, h) => this.processes.subscribe(c, h),
    onResync: (h) => this.processes.onResync(h),
    trusted: () => this.processes.trusted(),
    useTransport: (t) => this.processes.useTransport(t),
  };
  readonly counters: SharedCounters = createSharedCounters();
  readonly services = new Registry<unknown>('service');
  readonly controllers = new Registry<unknown>('controller');
  readonly policies = new Registry<Policy>('policy');
  readonly middlewares = new Registry<Middleware>('middleware');
  readonly middlewareFactories = new Registry<MiddlewareFactory>('middleware factory');
  schemas: SchemaSet = { contentTypes: new Map(), components: new Map() };
  configTree: ConfigTree = {};
  configFiles: Record<string, string> = {};
  middlewareList: unknown[] | null = null;
  /** read by the health check: true from the end of start() until destroy() begins */
  readonly readiness = { ready: false };
  envFn: EnvFn | null = null;
  plugins: StartedPlugin[] = [];
  disabledPlugins = new Set<string>();
  lifecycleFiles: AppLifecycleFile[] = [];
  lifecyclesClaimed = false;
  /** what app code receives: `{ platform }` (set by the Platform), then what plugins add at register */
  appArgs: AppCodeArgs = { platform: undefined };
  /** the app's `index` file (`src/index.js`: register, bootstrap, destroy), if it has one */
  appLifecycle: AppLifecycle = {};
  modelRegistry: ModelRegistry | null = null;
  database: Database | null = null;
  routeTable: Array<{ route: RouteDefinition; prefix: string }> = [];
  koa: Koa | null = null;
  server: http.Server | null = null;
  phase: Phase = 'new';
  configured = false;
  /** every secret a plugin asked for and did not get, whether or not the plugin can start without it */
  readonly missingSecrets: MissingSecretError[] = [];

  constructor(
    readonly options: PlatformOptions,
    readonly log: Logger,
    /** the environment the config files read: the process's over the app's `.env` */
    readonly envSource: Record<string, string | undefined>,
  ) {}

  get appDir(): string {
    return this.options.appDir;
  }

  config<T = unknown>(dotted: string, defaultValue?: T): T {
    const value = getPath(this.configTree, dotted);
    return (value === undefined ? defaultValue : value) as T;
  }

  get db(): Database {
    if (!this.database) throw new BootError('DB_NOT_READY', 'The database is not connected yet (use it from bootstrap on)');
    return this.database;
  }

  get models(): ModelRegistry {
    if (!this.modelRegistry) throw new BootError('MODELS_NOT_READY', 'Models are built after register; use them from bootstrap on');
    return this.modelRegistry;
  }

  restPrefix(): string {
    return this.config<string>('api.rest.prefix', '/api');
  }

  addRoutes(routes: RouteDefinition[], prefix?: string): void {
    if (this.koa) throw new BootError('ROUTES_FROZEN', 'Routes cannot be added once the server is built');
    const base = prefix ?? this.restPrefix();
    for (const route of routes) this.routeTable.push({ route, prefix: base });
  }

  routes(): MountedRoute[] {
    return this.routeTable.map(({ route, prefix }) => ({ route, path: joinPath(route.config?.prefix ?? prefix, route.path) }));
  }
}

export function joinPath(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}
