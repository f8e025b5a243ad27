/**
 * The kernel's extension points, declared once as a frozen object of typed tapable hooks.
 * A plugin that offers its own extension points publishes its own hooks object (as the
 * entity service does for entity lifecycles) instead of growing this one.
 */
import { AsyncSeriesHook, SyncHook } from 'tapable';
import { guardHooks } from './guard-hooks';
import type { SchemaSet } from '../schema/types';
import type { ModelRegistry } from '../model/types';
import type { RouteDefinition } from '../http/types';
import type { RequestContext } from '../http/types';

export function createKernelHooks() {
  return guardHooks('', {
    /** after every plugin's own `register` ran */
    register: new AsyncSeriesHook<[]>(),
    /** plugins add attributes to schemas (a locale, a publication date) */
    extendSchemas: new SyncHook<[SchemaSet]>(['schemas']),
    /** the model registry is built; plugins may read it (not change it) */
    modelsBuilt: new SyncHook<[ModelRegistry]>(['models']),
    /** after the database schema is in sync and every plugin's `bootstrap` ran */
    bootstrap: new AsyncSeriesHook<[]>(),
    /**
     * The full route table, before it is mounted. Taps may push routes (mounted under the REST
     * prefix, or their own `config.prefix`) or remove some; the array they leave is mounted.
     */
    routesBuilt: new SyncHook<[RouteDefinition[]]>(['routes']),
    /**
     * The auth step of every route with `config.auth !== false`: taps authenticate the request
     * and throw UnauthorizedError/ForbiddenError to deny. Without taps, every route is open.
     */
    authenticate: new AsyncSeriesHook<[RequestContext, RouteDefinition]>(['ctx', 'route']),
    /** the server listens, at this address (a plugin that calls out refuses its own server) */
    ready: new AsyncSeriesHook<[ServerAddress]>(['address']),
    /** shutting down, before the database closes; plugins' destroy run in reverse order first */
    destroy: new AsyncSeriesHook<[]>(),
  });
}

/** Where the server listens: its port, and a url to reach it on this machine. */
export interface ServerAddress {
  port: number;
  url: string;
}

export type KernelHooks = ReturnType<typeof createKernelHooks>;
