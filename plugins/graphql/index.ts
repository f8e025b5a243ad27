/**
 * The graphql plugin: a GraphQL endpoint (Strapi v4's schema and shapes, built with
 * graphql-compose, served by graphql-http) over the same entity service, content-API contract
 * and permissions as REST. Other plugins contribute their types, arguments and operations
 * through its `extension` service in their own register (i18n, draft & publish...), as Strapi
 * v4's do; it takes nothing from the REST plugin.
 */
import { definePlugin, type PluginContext, type RequestContext } from '@platform/core';
import type { GraphQLSchema } from 'graphql';
import { printSchema } from 'graphql';
import { DEFAULT_CONFIG, validateConfig } from './src/config';
import { errors } from './src/errors';
import { createExtensionService, type ExtensionService } from './src/extension/extension-service';
import { buildSchema } from './src/schema/build-schema';
import { createEndpoint } from './src/http/endpoint';
import { consoleAssetRoutes, serveConsolePage, wantsConsole } from './src/http/console';
import { createCachedAnswers } from './src/http/cached-answers';
import { traceResolvers } from './src/execution/tracing';
import type { GraphqlConfig } from './src/types';
import { printSchemaCommand, SCHEMA_FILE, shouldWriteSchemaFile, writeSchemaFile } from './src/schema-file';

export type * from './src/types';
export type { ExtensionService } from './src/extension/extension-service';
export type { FileUpload } from './src/http/file-upload';
export type { ContentTypeSwitches, FieldSwitches, GraphqlAction } from './src/extension/shadow-crud';
export * as naming from './src/naming';

/** The built schema, for the app and for tools (`printSchema`). */
export interface SchemaService {
  /** the schema, once the platform started */
  get(): GraphQLSchema;
  /** its SDL */
  print(): string;
}

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::graphql.extension': ExtensionService;
    'plugin::graphql.schema': SchemaService;
  }
}

const PLUGIN_NAME = 'graphql';

function createSchemaService(): SchemaService & { set(schema: GraphQLSchema): void } {
  let built: GraphQLSchema | null = null;
  const get = () => {
    if (!built) throw errors.internal('EXTENSION_CLOSED', 'The GraphQL schema is built once the platform started');
    return built;
  };
  return { get, print: () => printSchema(get()), set: (schema) => (built = schema) };
}

function start(ctx: PluginContext<GraphqlConfig>): void {
  const schemas = ctx.service('plugin::graphql.schema') as ReturnType<typeof createSchemaService>;
  const production = ctx.env('NODE_ENV') === 'production';
  // Strapi v4's rule for its playground: everywhere but production, unless `playgroundAlways`.
  const withConsole = ctx.config.playgroundAlways || !production;
  let handle: ((http: RequestContext) => Promise<void>) | null = null;
  const handler = async (http: RequestContext) => {
    if (withConsole && wantsConsole(http)) return serveConsolePage(http, ctx.config.endpoint);
    if (!handle) throw errors.internal('EXTENSION_CLOSED', 'The GraphQL endpoint answers once the platform started');
    await handle(http);
  };
  const route = { path: ctx.config.endpoint, handler, config: { auth: { scope: [] }, prefix: '' } };
  ctx.addRoutes([{ method: 'GET', ...route }, { method: 'POST', ...route }, ...(withConsole ? consoleAssetRoutes(ctx.config.endpoint) : [])]);
  // Every plugin registered its extensions in register or bootstrap: build once all are done.
  ctx.hooks.bootstrap.tapPromise(PLUGIN_NAME, async () => {
    const { schema, entryFields, readRoots, cacheableFields } = buildSchema(ctx, ctx.config, ctx.service('plugin::graphql.extension'));
    const tracing = ctx.config.apolloServer.tracing === true;
    if (tracing) traceResolvers(schema);
    schemas.set(schema);
    if (shouldWriteSchemaFile(ctx) && writeSchemaFile(ctx.appDir, printSchema(schema))) ctx.log.info(`wrote ${SCHEMA_FILE}`);
    // Answers with per-field timings are never the same twice: tracing leaves the cache out.
    const cachedAnswers = tracing
      ? undefined
      : createCachedAnswers({
          cache: () => (ctx.isEnabled('cache') ? ctx.service('plugin::cache.cache') : null),
          schema,
          readRoots,
          cacheableFields,
          maxTokens: ctx.config.maxTokens,
        });
    const multipartReader = ctx.service('plugin::graphql.extension').multipartReader();
    handle = createEndpoint({ platform: ctx, schema, entryFields, introspection: ctx.config.apolloServer.introspection ?? !production, cachedAnswers, multipartReader });
  });
}

export default definePlugin<GraphqlConfig>({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  // GraphQL queries are answered through the response cache when it is enabled
  optional: ['cache'],
  errors: errors.table,
  config: { default: DEFAULT_CONFIG, validate: validateConfig },
  commands: { 'graphql:schema': printSchemaCommand },
  services: {
    extension: () => createExtensionService(),
    schema: () => createSchemaService(),
  },
  bootstrap(ctx) {
    start(ctx);
  },
});
