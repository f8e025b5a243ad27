/**
 * What a plugin sees of the platform: its own configuration, a logger prefixed with its name,
 * its own services, and the services and plugins it declared in `requires` and `optional`;
 * plus the shared ground every plugin builds on (the kernel's hooks, schemas, models, the
 * database, the app's settings, the route table). Not the kernel itself: a plugin that reaches
 * for a plugin it did not declare gets a PLUGIN_UNDECLARED error naming both.
 */
import { BootError } from '../errors';
import type { Database } from '../database/database';
import type { EnvFn } from '../config/env';
import type { ModelRegistry, Model } from '../model/types';
import type { SchemaSet } from '../schema/types';
import type { Middleware, Policy, RouteDefinition } from '../http/types';
import type { ReferenceScope } from '../http/route-resolver';
import type { MountedRoute } from '../http/server';
import type { RunMode } from './secrets';
import type { Broadcast } from '../cluster/broadcast';
import type { SharedCounters } from '../cluster/shared-counters';
import type { AppLifecycleFile } from '../app/app-files';
import type { KernelHooks } from './hooks';
import type { Logger } from '../base/logger';
import type { ServiceMap } from './service-map';
import type { PluginDefinition } from './plugin';

/** Another plugin, as a plugin that declared it sees it. */
export interface PluginView {
  readonly name: string;
  /** its service `plugin::<name>.<key>` */
  service<T = unknown>(key: string): T;
}

/** The app files a plugin gives meaning to; what no enabled plugin claims stops start-up. */
export interface AppView {
  /** `lifecycles.ts` files beside the app's content-type schemas */
  lifecycles(): AppLifecycleFile[];
}

/** The ground every plugin shares: the same for all contexts, lent by the kernel. */
export interface PluginGround {
  readonly hooks: KernelHooks;
  readonly appDir: string;
  readonly env: EnvFn;
  /**
   * How the platform runs: `develop` (`platform develop`, restarted on every change of the app),
   * `start` (production), or `embedded` in a program or a test. Commands run as `develop`,
   * or as `start` under NODE_ENV=production.
   */
  readonly mode: RunMode;
  readonly schemas: SchemaSet;
  /** from bootstrap on (built after register) */
  readonly models: ModelRegistry;
  /** from bootstrap on (connected after register) */
  readonly db: Database;
  readonly app: AppView;
  /** adds routes (mounted under `prefix`, default the REST prefix); before the server is built */
  addRoutes(routes: RouteDefinition[], prefix?: string): void;
  /**
   * The route table with each route's full path (prefix included): every plugin's and the
   * app's routes. Final once the server is built (from the `ready` hook on, and in every
   * request); before, it holds what was added so far.
   */
  routes(): MountedRoute[];
  /** messages to the other processes of `platform start --workers N` (../cluster/broadcast.ts) */
  readonly broadcast: Broadcast;
  /** counters in time windows (rate limits), shared by every node once a plugin gives them a store (../cluster/shared-counters.ts) */
  readonly counters: SharedCounters;
  contentType(uid: string): Model;
  component(uid: string): Model;
  /**
   * A registered policy by name, found as a route's policies are (`global::x`, `plugin::p.x`,
   * `api::a.x`; a short name in `scope`, then among the globals); undefined when there is
   * none. From bootstrap on, when every policy is registered.
   */
  policy(name: string, scope?: ReferenceScope): Policy | undefined;
  /**
   * A registered route middleware by name, found as a route's are (see `policy`). With
   * `config`, an app middleware is made anew by its file's factory with that config, as a
   * route's `{ name, config }` is.
   */
  middleware(name: string, scope?: ReferenceScope, config?: unknown): Middleware | undefined;
}

export interface PluginContext<TConfig extends Record<string, unknown> = Record<string, unknown>, TState = unknown> extends PluginGround {
  readonly name: string;
  /**
   * The plugin's own state for this platform, built by the definition's `state(ctx)` the first
   * time it is read and kept for the life of the platform (undefined without `state`).
   */
  readonly state: TState;
  /** this plugin's configuration: its defaults under `config/plugins.ts` `<name>.config` */
  readonly config: Readonly<TConfig>;
  /** the platform's logger, each line prefixed with `[<name>]` */
  readonly log: Logger;
  /** the app's settings by dotted path (`api.rest.prefix`, `server.port`); not other plugins' configuration */
  appConfig<T = unknown>(dotted: string, defaultValue?: T): T;
  /** a service of this plugin, of a declared plugin (`plugin::<name>.<key>`) or of the app (`api::...`) */
  service<K extends keyof ServiceMap>(uid: K): ServiceMap[K];
  service<T = unknown>(uid: string): T;
  /** a declared plugin that is enabled; throws for an undeclared or absent one */
  plugin(name: string): PluginView;
  /** whether a declared plugin (an `optional` one, typically) is enabled */
  isEnabled(name: string): boolean;
  /**
   * A secret named by its environment variable (`SIGNING_KEY`): `configured` when it is a
   * non-empty string (the plugin's own config key), else the environment's (`.env` included).
   * When both lack it, `platform develop` generates one and appends it to the app's `.env`,
   * `platform start` stops start-up naming the variable (see ./secrets.ts).
   */
  secret(name: string, configured?: unknown): string;
}

/** What the kernel lends a context; the context decides what the plugin may reach. */
export interface PluginContextHost {
  /** shared by every context (its getters are read when used, so they see the current state) */
  readonly ground: PluginGround;
  readonly log: Logger;
  config<T>(dotted: string, defaultValue?: T): T;
  serviceOf(uid: string): unknown;
  isPluginEnabled(name: string): boolean;
  secret(name: string, configured: unknown, requester: string): string;
}

function prefixedLogger(log: Logger, name: string): Logger {
  const tag = `[${name}] `;
  return {
    error: (message, error) => log.error(tag + message, error),
    warn: (message) => log.warn(tag + message),
    info: (message) => log.info(tag + message),
    http: (message, fields) => log.http(tag + message, fields),
    debug: (message) => log.debug(tag + message),
    enabled: log.enabled ? (level) => log.enabled?.(level) ?? true : undefined,
  };
}

const PLUGIN_UID = /^plugin::([^.]+)\./;

/** The getter of `ctx.state`: the definition's `state(ctx)`, built once, on first read. */
function stateSlot<TConfig extends Record<string, unknown>, TState>(definition: PluginDefinition<TConfig, TState>, context: PluginContext<TConfig, TState>): () => TState {
  let built = false;
  let building = false;
  let value: TState;
  return () => {
    if (built) return value;
    if (building) throw new BootError('PLUGIN_STATE', `Plugin "${definition.name}" reads its state while building it`);
    building = true;
    try {
      value = definition.state ? definition.state(context) : (undefined as TState);
      built = true;
    } finally {
      building = false;
    }
    return value;
  };
}

export function createPluginContext<TConfig extends Record<string, unknown>, TState = unknown>(host: PluginContextHost, definition: PluginDefinition<TConfig, TState>): PluginContext<TConfig, TState> {
  const { name } = definition;
  const declared = new Set([name, ...(definition.requires ?? []), ...(definition.optional ?? [])]);
  const check = (other: string, what: string) => {
    if (!declared.has(other)) {
      throw new BootError('PLUGIN_UNDECLARED', `Plugin "${name}" uses ${what} of plugin "${other}" without declaring "${other}" in "requires" or "optional"`);
    }
  };
  const config = Object.freeze({ ...host.config<TConfig>(`plugin.${name}`, {} as TConfig) }) as Readonly<TConfig>;
  // Controllers look services up on every request: each uid is checked once.
  const allowed = new Set<string>();
  const service = (uid: string): unknown => {
    if (!allowed.has(uid)) {
      const owner = PLUGIN_UID.exec(uid)?.[1];
      if (owner !== undefined) check(owner, `the service "${uid}"`);
      allowed.add(uid);
    }
    return host.serviceOf(uid);
  };
  const own: Omit<PluginContext<TConfig, TState>, keyof PluginGround | 'state'> = {
    name,
    config,
    log: prefixedLogger(host.log, name),
    appConfig: <T>(dotted: string, defaultValue?: T): T => {
      if (dotted === 'plugin' || dotted.startsWith('plugin.')) {
        throw new BootError('PLUGIN_UNDECLARED', `Plugin "${name}" reads "${dotted}": a plugin reads its own configuration from its context, not another plugin's`);
      }
      return host.config<T>(dotted, defaultValue);
    },
    service: service as PluginContext['service'],
    plugin(other) {
      check(other, 'the plugin');
      if (!host.isPluginEnabled(other)) throw new BootError('PLUGIN_UNKNOWN', `Plugin "${other}" is not enabled`);
      return { name: other, service: <T>(key: string) => host.serviceOf(`plugin::${other}.${key}`) as T };
    },
    isEnabled(other) {
      check(other, 'the plugin');
      return host.isPluginEnabled(other);
    },
    secret: (secretName, configured) => host.secret(secretName, configured, name),
  };
  // The shared ground is the prototype: its lazy getters (models, db) stay live.
  const context = Object.assign(Object.create(host.ground) as PluginGround, own) as PluginContext<TConfig, TState>;
  Object.defineProperty(context, 'state', { enumerable: true, get: stateSlot(definition, context) });
  return Object.freeze(context);
}
