/**
 * The `strapi` object of a Strapi v4 project: a thin facade over the platform app code already
 * gets (`platform`) and the query engine's published services, never a second engine. It is
 * handed to app code as `{ strapi }` and set as the global `strapi`, as Strapi does.
 */
import type { Logger, Model, PluginContext, Platform, RequestContext } from '@platform/core';
import type { CustomFields } from '../custom-fields';
import type { StrapiCron } from '../cron';
import type { EventHub } from '../event-hub';
import { getPath } from './config-path';
import { createCoreStore, type CoreStore, type StoreKey } from './core-store';
import { createStrapiQuery, type StrapiQuery } from './db-query';
import { createStrapiEntityService, type StrapiEntityService } from './entity-service';
import { subscribe, type Subscriber } from './lifecycles';

/** A schema as Strapi's `strapi.contentType(uid)` answers it: the schema file's content plus its names. */
export interface StrapiModel {
  uid: string;
  modelType: 'contentType' | 'component';
  modelName: string;
  kind?: string;
  collectionName: string;
  info: Record<string, unknown>;
  options: Record<string, unknown>;
  pluginOptions: Record<string, unknown>;
  attributes: Record<string, unknown>;
  [key: string]: unknown;
}

export interface StrapiPlugin {
  service<T = unknown>(name: string): T;
  controller<T = unknown>(name: string): T;
  contentType(name: string): StrapiModel | undefined;
  config<T = unknown>(key?: string, defaultValue?: T): T;
  readonly services: Record<string, unknown>;
  readonly controllers: Record<string, unknown>;
}

export interface Strapi {
  readonly platform: Platform;
  readonly log: Logger;
  readonly entityService: StrapiEntityService;
  readonly db: {
    query(uid: string): StrapiQuery;
    transaction<T>(fn: (args: { trx: unknown; onCommit(cb: () => unknown): void }) => Promise<T>): Promise<T>;
    lifecycles: { subscribe(subscriber: Subscriber): void };
    readonly connection: unknown;
  };
  query(uid: string): StrapiQuery;
  service<T = unknown>(uid: string): T;
  controller<T = unknown>(uid: string): T;
  policy(name: string): unknown;
  middleware(name: string): unknown;
  plugin(name: string): StrapiPlugin;
  readonly plugins: Record<string, StrapiPlugin>;
  contentType(uid: string): StrapiModel | undefined;
  readonly contentTypes: Record<string, StrapiModel>;
  component(uid: string): StrapiModel | undefined;
  readonly components: Record<string, StrapiModel>;
  readonly config: { get<T = unknown>(path: string, defaultValue?: T): T; set(path: string, value: unknown): void; has(path: string): boolean };
  store(key?: StoreKey): CoreStore;
  readonly requestContext: { get(): RequestContext | undefined };
  readonly server: { routes(): unknown[] };
  readonly customFields: CustomFields;
  readonly cron: StrapiCron;
  readonly eventHub: EventHub;
}

export interface StrapiSources {
  ctx: PluginContext;
  platform: Platform;
  requestContext(): RequestContext | undefined;
  customFields: CustomFields;
  cron: StrapiCron;
  eventHub: EventHub;
}

function asStrapiModel(model: Model, schema: Record<string, unknown> | undefined): StrapiModel {
  const info = (schema?.info ?? {}) as Record<string, unknown>;
  return {
    ...(schema ?? {}),
    uid: model.uid,
    modelType: model.kind === 'component' ? 'component' : 'contentType',
    modelName: model.singularName,
    ...(model.kind === 'component' ? {} : { kind: model.kind }),
    collectionName: model.tableName,
    info,
    options: model.options,
    pluginOptions: model.pluginOptions,
    attributes: model.attributes,
  };
}

/** A record whose keys are listed by `keys()` and whose values are built by `get(key)` when read. */
function lazyRecord<T>(keys: () => string[], get: (key: string) => T | undefined): Record<string, T> {
  return new Proxy({} as Record<string, T>, {
    get: (_target, key) => (typeof key === 'string' ? get(key) : undefined),
    has: (_target, key) => typeof key === 'string' && keys().includes(key),
    ownKeys: () => keys(),
    getOwnPropertyDescriptor: (_target, key) => (typeof key === 'string' && keys().includes(key) ? { enumerable: true, configurable: true, value: get(key) } : undefined),
  });
}

export function createStrapi({ ctx, platform, requestContext, customFields, cron, eventHub }: StrapiSources): Strapi {
  const engine = () => platform.service('plugin::query-engine.engine');
  const entityService = () => platform.service('plugin::query-engine.entity-service');
  const schemaOf = (uid: string): Record<string, unknown> | undefined => (ctx.schemas.contentTypes.get(uid)?.schema ?? ctx.schemas.components.get(uid)?.schema) as Record<string, unknown> | undefined;
  const modelOf = (uid: string): StrapiModel | undefined => {
    const model = ctx.models.find(uid);
    return model ? asStrapiModel(model, schemaOf(uid)) : undefined;
  };
  const contentTypeUids = () => [...ctx.schemas.contentTypes.keys()];
  const componentUids = () => [...ctx.schemas.components.keys()];
  const overrides = new Map<string, unknown>();

  const pluginHandle = (name: string): StrapiPlugin => {
    const handle = platform.plugin(name);
    const keys = (prefix: string, registry: { keys(): Iterable<string> }) => [...registry.keys()].filter((uid) => uid.startsWith(prefix)).map((uid) => uid.slice(prefix.length));
    const prefix = `plugin::${name}.`;
    return {
      service: (s) => handle.service(s),
      controller: (c) => handle.controller(c),
      contentType: (t) => modelOf(`${prefix}${t}`),
      config: (key, defaultValue) => handle.config(key, defaultValue),
      services: lazyRecord(
        () => keys(prefix, platform.services),
        (s) => platform.services.find(`${prefix}${s}`),
      ),
      controllers: lazyRecord(
        () => keys(prefix, platform.controllers),
        (c) => platform.controllers.find(`${prefix}${c}`),
      ),
    };
  };

  const query = (uid: string): StrapiQuery => {
    const model = ctx.models.get(uid);
    return createStrapiQuery(uid, entityService(), ctx.db, model);
  };

  const strapi: Strapi = {
    platform,
    log: platform.log,
    entityService: createStrapiEntityService(entityService, (uid) => ctx.models.get(uid)),
    db: {
      query,
      transaction: (fn) => ctx.db.transaction((trx) => fn({ trx, onCommit: (cb) => void ctx.db.afterCommit(cb) })),
      lifecycles: { subscribe: (subscriber) => subscribe(engine(), contentTypeUids, subscriber) },
      get connection() {
        return ctx.db.connection;
      },
    },
    query,
    service: (uid) => platform.service(uid),
    controller: (uid) => platform.controller(uid),
    policy: (name) => ctx.policy(name),
    middleware: (name) => ctx.middleware(name),
    plugin: pluginHandle,
    plugins: lazyRecord(
      () => platform.enabledPlugins(),
      (name) => (platform.isPluginEnabled(name) ? pluginHandle(name) : undefined),
    ),
    contentType: modelOf,
    contentTypes: lazyRecord(contentTypeUids, modelOf),
    component: modelOf,
    components: lazyRecord(componentUids, modelOf),
    config: {
      get: <T>(path: string, defaultValue?: T): T => (overrides.has(path) ? (overrides.get(path) as T) : ((getPath(platform, path) as T | undefined) ?? (defaultValue as T))),
      set: (path, value) => {
        overrides.set(path, value);
      },
      has: (path) => overrides.has(path) || getPath(platform, path) !== undefined,
    },
    store: (key = {}) => createCoreStore(() => ctx.db, key),
    requestContext: { get: requestContext },
    server: { routes: () => platform.routes() },
    customFields,
    cron,
    eventHub,
  };
  return strapi;
}
