/**
 * The kernel's facade. A Platform runs the boot phases in order (./boot/: configure, register,
 * database, HTTP) over one KernelState (./kernel-state.ts), and answers what plugins, the app,
 * the CLI and tests ask of the running platform. It wires; every step lives in its phase. It
 * holds no module-level state, so a test process can run several platforms side by side.
 */
import type http from 'node:http';
import { BootError, InternalError } from '../errors';
import { createJsonLogger, createLogger, isLogFormat, isLogLevel, type Logger } from '../base/logger';
import type { Registry } from '../base/registry';
import type { Broadcast } from '../cluster/broadcast';
import type { SharedCounters } from '../cluster/shared-counters';
import { loadEnvironment } from '../config/load-config';
import type { EnvFn } from '../config/env';
import type { Database } from '../database/database';
import type { MountedRoute } from '../http/server';
import type { AppCodeArgs, Middleware, MiddlewareFactory, Policy, RouteDefinition } from '../http/types';
import type { Model, ModelRegistry } from '../model/types';
import type { SchemaSet } from '../schema/types';
import type { KernelHooks } from './hooks';
import { KernelState } from './kernel-state';
import type { PluginDefinition } from './plugin';
import type { CommandOutput } from './plugin-command';
import type { PlatformOptions } from './platform-options';
import { MissingSecretError, resolveSecret, type RunMode } from './secrets';
import type { ServiceMap } from './service-map';
import { configure, pluginCommands, type PlatformCommand } from './boot/configure';
import { registerPhase } from './boot/register';
import { databasePhase } from './boot/database-phase';
import { httpPhase, listenPhase, shutdownPhase } from './boot/http-phase';

export type { PlatformOptions } from './platform-options';
export type { PlatformCommand } from './boot/configure';

/** What start-up logs when no plugin authenticates requests. */
export const UNAUTHENTICATED_WARNING = 'No enabled plugin authenticates requests: every route is public, writes included (enable an auth plugin in config/plugins.ts)';

/** A plugin as the app (and tests) see it from outside: its definition, services and configuration. */
export interface PluginHandle {
  name: string;
  definition: PluginDefinition;
  service<T = unknown>(name: string): T;
  controller<T = unknown>(name: string): T;
  config<T = unknown>(key?: string, defaultValue?: T): T;
}

function createKernelLogger(options: PlatformOptions, env: Record<string, string | undefined>): Logger {
  const level = options.logLevel ?? (env.LOG_LEVEL || 'http');
  if (!isLogLevel(level)) throw new BootError('CONFIG_ENV', `Environment variable LOG_LEVEL must be one of silent, error, warn, info, http, debug, got "${level}"`);
  const format = env.LOG_FORMAT || (env.NODE_ENV === 'production' ? 'json' : 'text');
  if (!isLogFormat(format)) throw new BootError('CONFIG_ENV', `Environment variable LOG_FORMAT must be text or json, got "${format}"`);
  return options.logger ?? (format === 'json' ? createJsonLogger(level) : createLogger(level));
}

export class Platform {
  private readonly state: KernelState;

  constructor(options: PlatformOptions) {
    const envSource = loadEnvironment(options.appDir, options.env ?? process.env);
    this.state = new KernelState(options, createKernelLogger(options, envSource), envSource);
    this.state.appArgs.platform = this;
  }

  // ---- what the platform is made of --------------------------------------------------------

  get appDir(): string {
    return this.state.appDir;
  }
  /** How the platform runs (PlatformOptions.mode): `develop`, `start` or `embedded`. */
  get mode(): RunMode {
    return this.state.options.mode ?? 'embedded';
  }
  /** what the app's own code receives as its last argument: `{ platform }` and what plugins add */
  get appArgs(): AppCodeArgs {
    return this.state.appArgs;
  }
  get hooks(): KernelHooks {
    return this.state.hooks;
  }
  /** messages to the other processes of `platform start --workers N` */
  get broadcast(): Broadcast {
    return this.state.broadcast;
  }
  /** counters in time windows, shared by every process once a plugin gives them a store */
  get counters(): SharedCounters {
    return this.state.counters;
  }
  get log(): Logger {
    return this.state.log;
  }
  get services(): Registry<unknown> {
    return this.state.services;
  }
  get controllers(): Registry<unknown> {
    return this.state.controllers;
  }
  get policies(): Registry<Policy> {
    return this.state.policies;
  }
  get middlewares(): Registry<Middleware> {
    return this.state.middlewares;
  }
  get middlewareFactories(): Registry<MiddlewareFactory> {
    return this.state.middlewareFactories;
  }
  get schemas(): SchemaSet {
    return this.state.schemas;
  }
  get env(): EnvFn {
    return this.state.envFn as EnvFn;
  }
  get db(): Database {
    return this.state.db;
  }
  get models(): ModelRegistry {
    return this.state.models;
  }

  // ---- lookups ---------------------------------------------------------------------------------

  /** Reads configuration by dotted path: `server.port`, `api.rest.defaultLimit`, `plugin.<name>.<key>`. */
  config<T = unknown>(dotted: string, defaultValue?: T): T {
    return this.state.config(dotted, defaultValue);
  }

  service<K extends keyof ServiceMap>(uid: K): ServiceMap[K];
  service<T = unknown>(uid: string): T;
  service(uid: string): unknown {
    return this.state.services.get(uid);
  }

  controller<T = unknown>(uid: string): T {
    return this.state.controllers.get(uid) as T;
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
    const definition = this.state.plugins.find((p) => p.definition.name === name)?.definition;
    if (!definition) throw new BootError('PLUGIN_UNKNOWN', `Plugin "${name}" is not enabled`);
    return {
      name,
      definition,
      service: <T>(s: string) => this.state.services.get(`plugin::${name}.${s}`) as T,
      controller: <T>(c: string) => this.state.controllers.get(`plugin::${name}.${c}`) as T,
      config: <T>(key?: string, defaultValue?: T) => this.config<T>(key ? `plugin.${name}.${key}` : `plugin.${name}`, defaultValue),
    };
  }

  /** A secret named by its environment variable, for a plugin (PluginContext.secret). */
  secret(name: string, configured: unknown, requester: string): string {
    try {
      return resolveSecret({ mode: this.mode, appDir: this.appDir, env: this.state.envSource, log: this.log }, name, configured, requester);
    } catch (error) {
      // kept, so that a start-up stopped by other missing secrets names this one too, even if its plugin starts without it
      if (error instanceof MissingSecretError) this.state.missingSecrets.push(error);
      throw error;
    }
  }

  /**
   * Whether an enabled plugin authenticates requests (taps the `authenticate` hook). Without
   * one every route is public, writes included: listening warns so, and `platform start` warns
   * again when it listens beyond the loopback interface.
   */
  authenticates(): boolean {
    return this.state.hooks.authenticate.taps.length > 0;
  }

  isPluginEnabled(name: string): boolean {
    return this.state.plugins.some((p) => p.definition.name === name);
  }

  enabledPlugins(): string[] {
    return this.state.plugins.map((p) => p.definition.name);
  }

  /** Adds routes to the table; `prefix` defaults to the REST prefix (`/api`). Before start() ends. */
  addRoutes(routes: RouteDefinition[], prefix?: string): void {
    this.state.addRoutes(routes, prefix);
  }

  routes(): MountedRoute[] {
    return this.state.routes();
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  /**
   * Loads and checks the configuration files (the first step of start(), which runs it if it
   * has not run): `env`, `config()` and the server's port are known from here on.
   */
  configure(): this {
    configure(this.state);
    return this;
  }

  /**
   * The commands the app's enabled plugins add to the `platform` command line; reads the
   * configuration and finds the plugins, starts nothing. Two plugins adding one name stop here.
   */
  commands(): PlatformCommand[] {
    return pluginCommands(this.state);
  }

  /** Runs a plugin's command with the plugin's context, once start() is done (the app does not listen). */
  async runCommand(command: PlatformCommand, args: unknown, output: CommandOutput): Promise<void> {
    if (this.state.phase !== 'started') throw new BootError('PLATFORM_STATE', 'runCommand() needs start() first');
    const started = this.state.plugins.find((p) => p.definition.name === command.plugin);
    if (!started) throw new BootError('PLUGIN_UNKNOWN', `Plugin "${command.plugin}" is not enabled`);
    await command.definition.run(args, started.context, output);
  }

  /** Loads everything and syncs the database; does not listen. */
  async start(): Promise<this> {
    const { state } = this;
    if (state.phase !== 'new') throw new BootError('PLATFORM_STATE', `start() called twice`);
    state.phase = 'starting';
    // A worker is counted among those the other workers' invalidations wait for before it
    // keeps or serves anything (../cluster/broadcast.ts).
    await state.processes.join();
    const attributeTypes = await registerPhase(state, this);
    await databasePhase(state, this, attributeTypes);
    httpPhase(state);
    state.phase = 'started';
    state.readiness.ready = true;
    return this;
  }

  /** The koa request handler, for tests that run their own `http.createServer(...).listen(0)`. */
  callback(): http.RequestListener {
    if (!this.state.koa) throw new BootError('PLATFORM_STATE', 'callback() needs start() first');
    return this.state.koa.callback();
  }

  /**
   * Starts listening; port/host default to config `server.port`/`server.host`. Called before
   * start(), it opens the port first and starts after: until start() ends, every request
   * (`/_health` included) is answered 503, so a load balancer sees a node that is starting.
   */
  async listen(port?: number, host?: string): Promise<http.Server> {
    this.configure();
    const server = await listenPhase(this.state, () => this.start(), port, host);
    this.state.phase = 'listening';
    if (!this.authenticates()) this.log.warn(UNAUTHENTICATED_WARNING);
    await this.state.hooks.ready.promise(this.address());
    return server;
  }

  address(): { port: number; url: string } {
    const addr = this.state.server?.address();
    if (!addr || typeof addr === 'string') throw new BootError('PLATFORM_STATE', 'not listening');
    const host = addr.address === '::' || addr.address === '0.0.0.0' ? 'localhost' : addr.address;
    return { port: addr.port, url: `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}` };
  }

  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  async destroy(): Promise<void> {
    if (this.state.phase === 'destroyed') return;
    this.state.phase = 'destroyed';
    await shutdownPhase(this.state);
  }
}
